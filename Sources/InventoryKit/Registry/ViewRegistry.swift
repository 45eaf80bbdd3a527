import Foundation
import InventoryModel
import InventoryStore
import Synchronization

/// Creates views by name from configuration, so the code that shows a view never names its
/// type (after the EMControllerManager seed).
///
/// Types are registered in code by name (`FilteredList` is built in); entries say which type
/// builds a view and with what. The three built-in views — `all`, `luxury`, `non-insured` —
/// are entries like any other. A user adds entries from JSON files; every load is checked as
/// a whole and either applies entirely or leaves the registry as it was.
public final class ViewRegistry: Sendable {
    /// What a type expects of one dependency.
    public enum DependencyKind: Sendable, Hashable {
        /// A literal text (`"@High value"`).
        case text
        /// Another view, by name (`"luxury"`).
        case view
        /// A filter object (`{"minPrice": "1500.00"}`).
        case filter
        /// A literal order (`"@price-desc"`).
        case sort
    }

    /// The dependencies of one entry, checked and resolved.
    public struct Resolved: Sendable {
        public var texts: [String: String] = [:]
        public var views: [String: ViewDefinition] = [:]
        public var filters: [String: ItemFilter] = [:]
        public var sorts: [String: ItemSort] = [:]
    }

    /// A type of view: the dependencies it takes and how it builds a definition from them.
    public struct ViewType: Sendable {
        public let name: String
        public let dependencies: [String: DependencyKind]
        public let make: @Sendable (ViewEntry, Resolved) -> ViewDefinition

        public init(
            name: String, dependencies: [String: DependencyKind],
            make: @escaping @Sendable (ViewEntry, Resolved) -> ViewDefinition
        ) {
            self.name = name
            self.dependencies = dependencies
            self.make = make
        }
    }

    /// The currency filter amounts are read in.
    public let currency: Currency

    private struct State {
        var types: [String: ViewType] = [:]
        var entries: [String: ViewEntry] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())

    /// The filter keys a `FilteredList` understands.
    public static let filterKeys = [
        "luxury", "insured", "hasPhoto", "minPrice", "maxPrice", "minWorth", "maxWorth", "tag",
        "tags", "purchasedAfter", "purchasedBefore", "location", "brand", "text",
    ]

    /// A registry with the `FilteredList` type and the built-in views.
    public init(currency: Currency = .usd) {
        self.currency = currency
        register(Self.filteredList)
        state.withLock { state in
            for (name, title, filter) in Self.builtIns {
                state.entries[name] = ViewEntry(
                    name: name, type: "FilteredList",
                    dependencies: ["title": .literal(title), "filter": .filter(filter)],
                    source: Self.builtInSource)
                state.order.append(name)
            }
        }
    }

    /// The blog's three views: every item, the luxury ones, the ones not insured.
    public static let builtIns: [(name: String, title: String, filter: ItemFilter)] = [
        ("all", "Entire inventory", .all),
        ("luxury", "Luxury items", .luxury),
        ("non-insured", "Non-insured items", .nonInsured),
    ]

    /// The built-in type: the items that pass `filter` (narrowing `base`, if given), titled
    /// `title`, in `sort` order.
    public static let filteredList = ViewType(
        name: "FilteredList",
        dependencies: ["title": .text, "filter": .filter, "sort": .sort, "base": .view]
    ) { entry, resolved in
        let base = resolved.views["base"]
        let filter = resolved.filters["filter"] ?? .all
        return ViewDefinition(
            name: entry.name, title: resolved.texts["title"] ?? entry.name,
            description: entry.description,
            filter: base.map { $0.filter.narrowed(by: filter) } ?? filter,
            sort: resolved.sorts["sort"] ?? base?.sort ?? .name, source: entry.source)
    }

    // MARK: - Registering

    /// Registers (or replaces) a type of view.
    public func register(_ type: ViewType) {
        state.withLock { $0.types[type.name] = type }
    }

    /// Adds entries from code; an entry replaces one of the same name.
    ///
    /// - Throws: `ViewRegistryError` with every problem; nothing is added then.
    public func register(_ entries: [ViewEntry]) throws(ViewRegistryError) {
        try apply(entries, problems: [])
    }

    /// Adds the views of a JSON file; an entry replaces an earlier one of the same name.
    ///
    /// - Throws: `ViewRegistryError` with every problem in the file (syntax, a name given
    ///   twice, unknown types, dangling references, wrong values, cycles); the registry is
    ///   unchanged then.
    public func load(contentsOf path: String) throws(ViewRegistryError) {
        let (entries, problems) = ViewFile.read(path)
        try apply(entries, problems: problems)
    }

    /// Adds the views of a JSON text, as `load(contentsOf:)` does.
    public func load(json: String, source: String) throws(ViewRegistryError) {
        let (entries, problems) = ViewFile.parse(json: json, source: source)
        try apply(entries, problems: problems)
    }

    /// Every problem the file would cause if loaded now; loads nothing.
    public func check(contentsOf path: String) -> [ViewProblem] {
        let (entries, problems) = ViewFile.read(path)
        return problems + validate(merging: entries)
    }

    private func apply(_ entries: [ViewEntry], problems: [ViewProblem]) throws(ViewRegistryError) {
        let all = problems + validate(merging: entries)
        guard all.isEmpty else { throw ViewRegistryError(problems: all) }
        state.withLock { state in
            for entry in entries {
                if state.entries[entry.name] == nil { state.order.append(entry.name) }
                state.entries[entry.name] = entry
            }
        }
    }

    /// The problems `new` would cause merged into the registry as it is.
    private func validate(merging new: [ViewEntry]) -> [ViewProblem] {
        let (types, current) = state.withLock { ($0.types, $0.entries) }
        var problems: [ViewProblem] = []
        var merged = current
        for entry in new {
            if let existing = current[entry.name], existing.source == Self.builtInSource {
                problems.append(
                    ViewProblem(
                        source: entry.source, entry: entry.name,
                        message:
                            "\(quoted(entry.name)) is a built-in view and cannot be redefined; "
                            + "give your view another name"))
                continue
            }
            merged[entry.name] = entry
        }
        let names = Set(new.map(\.name)).filter { current[$0]?.source != Self.builtInSource }
        return problems
            + Self.validate(merged, types: types, currency: currency, only: names)
    }

    /// The `source` of the built-in views.
    public static let builtInSource = "built-in"

    // MARK: - Reading

    /// Every entry: built-ins first, then in the order they were added.
    public var entries: [ViewEntry] {
        state.withLock { state in state.order.compactMap { state.entries[$0] } }
    }

    /// Every view name, in `entries` order.
    public var names: [String] { entries.map(\.name) }

    /// The entry named `name`.
    public func entry(named name: String) -> ViewEntry? {
        state.withLock { $0.entries[name] }
    }

    /// Builds the view named `name`, with `overrides` replacing configured dependencies.
    ///
    /// - Throws: `ViewRegistryError` for an unknown name or a bad override.
    public func definition(
        named name: String, overrides: [String: DependencyValue] = [:]
    ) throws(ViewRegistryError) -> ViewDefinition {
        let (types, entries) = state.withLock { ($0.types, $0.entries) }
        guard var entry = entries[name] else {
            throw ViewRegistryError(problems: [
                ViewProblem(
                    source: "views", entry: name,
                    message: "no such view (views: \(names.joined(separator: ", ")))")
            ])
        }
        entry.dependencies.merge(overrides) { $1 }
        var merged = entries
        merged[name] = entry
        let problems = Self.validate(merged, types: types, currency: currency, only: [name])
        guard problems.isEmpty else { throw ViewRegistryError(problems: problems) }
        var built: [String: ViewDefinition] = [:]
        return Self.build(name, entries: merged, types: types, currency: currency, built: &built)
    }

    /// Creates the live view named `name` on `manager`, narrowed by `search` if given.
    ///
    /// - Throws: `ViewRegistryError` for an unknown name; `DatabaseError` from loading it.
    public func makeView(
        named name: String, manager: InventoryManager,
        overrides: [String: DependencyValue] = [:]
    ) throws -> InventoryView {
        let definition = try definition(named: name, overrides: overrides)
        return try InventoryView(
            name: definition.name, filter: definition.filter, sort: definition.sort,
            manager: manager)
    }

    // MARK: - Building

    private static func build(
        _ name: String, entries: [String: ViewEntry], types: [String: ViewType], currency: Currency,
        built: inout [String: ViewDefinition]
    ) -> ViewDefinition {
        if let definition = built[name] { return definition }
        let entry = entries[name]!
        let type = types[entry.type]!
        var resolved = Resolved()
        for (dependency, value) in entry.dependencies {
            switch (type.dependencies[dependency], value) {
            case (.text, .literal(let text)): resolved.texts[dependency] = text
            case (.sort, .literal(let text)): resolved.sorts[dependency] = ItemSort(rawValue: text)
            case (.view, .reference(let target)):
                resolved.views[dependency] = build(
                    target, entries: entries, types: types, currency: currency, built: &built)
            case (.filter, .value(.object(let members))):
                resolved.filters[dependency] = try? filter(from: members, currency: currency)
            case (.filter, .filter(let filter)): resolved.filters[dependency] = filter
            default: break
            }
        }
        let definition = type.make(entry, resolved)
        built[name] = definition
        return definition
    }
}
