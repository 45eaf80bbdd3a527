import Foundation
public import InventoryModel
import InventoryStore
public import ObjectRegistry

/// One configured view: a type name and what to build it with.
public typealias ViewEntry = RegistryEntry
/// One thing wrong with a view configuration, naming the file, the view and the key.
public typealias ViewProblem = RegistryProblem
/// A view configuration that was refused, with every problem found in it.
public typealias ViewRegistryError = RegistryError

extension DependencyValue {
    /// A filter given in code: the built-in views are made from `ItemFilter`'s own
    /// definitions (`.luxury`, `.nonInsured`), not from a second spelling of them.
    public static func filter(_ filter: ItemFilter) -> DependencyValue {
        .given(GivenValue(filter))
    }
}

/// Creates views by name from configuration, so the code that shows a view never names its
/// type: the generic `Registry` of `ObjectRegistry`, used for views.
///
/// The `FilteredList` type is built in; entries say which type builds a view and with what.
/// The built-in views — `all`, `luxury`, `non-insured`, `on-loan`, `archive` — are entries
/// like any other. A user adds entries from JSON files; every load is checked as a whole and
/// either applies entirely or leaves the registry as it was.
public final class ViewRegistry: Sendable {
    /// A type of view: the dependencies it takes and how it builds a definition from them.
    public typealias ViewType = RegistryType<ViewDefinition>

    /// The currency filter amounts are read in.
    public let currency: Currency
    /// The registry underneath, for what this class does not wrap.
    public let registry: Registry<ViewDefinition>

    /// The filter keys a `FilteredList` understands.
    public static let filterKeys = [
        "luxury", "insured", "hasPhoto", "minPrice", "maxPrice", "minWorth", "maxWorth", "tag",
        "tags", "purchasedAfter", "purchasedBefore", "location", "brand", "text", "onLoan",
        "presence", "fields",
    ]

    /// A registry with the `FilteredList` type and the built-in views.
    ///
    /// - Parameters:
    ///   - currency: the currency filter amounts are read in.
    ///   - otherTypes: types whose entries in a views file another registry builds (browse's
    ///     screens); they are set aside, not refused.
    public init(currency: Currency = .usd, otherTypes: Set<String> = []) {
        self.currency = currency
        registry = Registry(noun: "view", otherTypes: otherTypes, textRule: Self.textProblems)
        registry.register(Self.filteredList(currency: currency))
        do {
            try registry.register(
                Self.builtIns.map { name, title, filter in
                    ViewEntry(
                        name: name, type: "FilteredList",
                        dependencies: ["title": .literal(title), "filter": .filter(filter)])
                }, builtIn: true)
        } catch {
            preconditionFailure("the built-in views are refused: \(error)")
        }
    }

    /// The built-in views: every item, the luxury ones, the ones not insured, those on loan,
    /// those that left the household
    /// (`ViewDefinition.builtIns`' names, titles and filters).
    public static let builtIns: [(name: String, title: String, filter: ItemFilter)] =
        ViewDefinition.builtIns.map { ($0.name, $0.title, $0.filter) }

    /// The built-in type: the items that pass `filter` (narrowing `base`, if given), titled
    /// `title`, in `sort` order; filter amounts are read in `currency`.
    public static func filteredList(currency: Currency) -> ViewType {
        ViewType(
            name: "FilteredList",
            dependencies: [
                "title": .text, "base": .entry, "filter": filterDependency(currency: currency),
                "sort": sortDependency,
            ]
        ) { entry, resolved in
            let base = resolved.object("base")
            let filter = resolved.value("filter", as: ItemFilter.self) ?? .all
            return ViewDefinition(
                name: entry.name, title: resolved.text("title") ?? entry.name,
                description: entry.description,
                filter: base.map { $0.filter.narrowed(by: filter) } ?? filter,
                sort: resolved.value("sort", as: ItemSort.self) ?? base?.sort ?? .name,
                source: entry.source)
        }
    }

    /// A filter: a JSON object of filter keys (`{"minPrice": "1500.00"}`) or one given in code.
    public static func filterDependency(currency: Currency) -> Dependency {
        .value { value throws(DependencyProblem) -> any Sendable in
            switch value {
            case .value(.object(let members)):
                var problems: [String] = []
                for (key, json) in members {
                    do throws(FilterProblem) {
                        _ = try filter(from: [(key, json)], currency: currency)
                    } catch {
                        problems.append(error.message)
                    }
                }
                guard problems.isEmpty, let filter = try? filter(from: members, currency: currency)
                else { throw DependencyProblem(messages: problems) }
                return try checked(filter)
            case .given(let given):
                guard let filter = given.value.base as? ItemFilter else { break }
                return try checked(filter)
            default: break
            }
            throw DependencyProblem(
                "must be a filter object such as {\"luxury\": true}, not "
                    + value.kindDescription(noun: "view"))
        }
    }

    private static func checked(_ filter: ItemFilter) throws(DependencyProblem) -> ItemFilter {
        let problems = emptinessProblems(of: filter)
        guard problems.isEmpty else { throw DependencyProblem(messages: problems) }
        return filter
    }

    /// An order: a literal such as `"@price-desc"`.
    public static let sortDependency = Dependency.value { value throws(DependencyProblem) in
        guard case .literal(let text) = value else {
            throw DependencyProblem(
                "must be a literal order such as \"@price-desc\", not "
                    + value.kindDescription(noun: "view"))
        }
        guard let sort = ItemSort(rawValue: text) else {
            throw DependencyProblem(
                "unknown order \(quoted(text)) (orders: \(ItemSort.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return sort
    }

    // MARK: - Registering

    /// Registers (or replaces) a type of view.
    public func register(_ type: ViewType) {
        registry.register(type)
    }

    /// Adds entries from code; an entry replaces one of the same name.
    ///
    /// - Throws: `ViewRegistryError` with every problem; nothing is added then.
    public func register(_ entries: [ViewEntry]) throws(ViewRegistryError) {
        try registry.register(entries)
    }

    /// Adds the views of a JSON file; an entry replaces an earlier one of the same name.
    ///
    /// - Throws: `ViewRegistryError` with every problem in the file (syntax, a name given
    ///   twice, unknown types, dangling references, wrong values, cycles); the registry is
    ///   unchanged then.
    public func load(contentsOf path: String) throws(ViewRegistryError) {
        try registry.load(contentsOf: path)
    }

    /// Adds the views of a JSON text, as `load(contentsOf:)` does.
    public func load(json: String, source: String) throws(ViewRegistryError) {
        try registry.load(json: json, source: source)
    }

    /// Every problem the file would cause if loaded now; loads nothing.
    public func check(contentsOf path: String) -> [ViewProblem] {
        registry.check(contentsOf: path)
    }

    /// The `source` of the built-in views.
    public static var builtInSource: String { Registry<ViewDefinition>.builtInSource }

    // MARK: - Reading

    /// Every entry: built-ins first, then in the order they were added.
    public var entries: [ViewEntry] { registry.entries }

    /// Every view name, in `entries` order.
    public var names: [String] { registry.names }

    /// The entry named `name`.
    public func entry(named name: String) -> ViewEntry? {
        registry.entry(named: name)
    }

    /// Builds the view named `name`, with `overrides` replacing configured dependencies.
    ///
    /// - Throws: `ViewRegistryError` for an unknown name or a bad override.
    public func definition(
        named name: String, overrides: [String: DependencyValue] = [:]
    ) throws(ViewRegistryError) -> ViewDefinition {
        try registry.make(named: name, overrides: overrides)
    }

    /// Creates the live view named `name` on `manager`.
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
}
