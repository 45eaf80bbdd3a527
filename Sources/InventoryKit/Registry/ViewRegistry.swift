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
        "luxury", "insured", "hasPhoto", "minPrice", "maxPrice", "purchasedAfter",
        "purchasedBefore", "location", "brand", "text",
    ]

    /// A registry with the `FilteredList` type and the built-in views.
    public init(currency: Currency = .usd) {
        self.currency = currency
        register(Self.filteredList)
        let builtIns: [(String, String, [(String, JSONDocument)])] = [
            ("all", "Entire inventory", []),
            ("luxury", "Luxury items", [("luxury", .bool(true))]),
            ("non-insured", "Non-insured items", [("insured", .bool(false))]),
        ]
        state.withLock { state in
            for (name, title, filter) in builtIns {
                state.entries[name] = ViewEntry(
                    name: name, type: "FilteredList",
                    dependencies: [
                        "title": .literal(title),
                        "filter": .value(.object(filter.map { ($0, $1) })),
                    ],
                    source: Self.builtInSource)
                state.order.append(name)
            }
        }
    }

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
        let (entries, problems) = Self.readFile(path)
        try apply(entries, problems: problems)
    }

    /// Adds the views of a JSON text, as `load(contentsOf:)` does.
    public func load(json: String, source: String) throws(ViewRegistryError) {
        let (entries, problems) = Self.parse(json: json, source: source)
        try apply(entries, problems: problems)
    }

    /// Every problem the file would cause if loaded now; loads nothing.
    public func check(contentsOf path: String) -> [ViewProblem] {
        let (entries, problems) = Self.readFile(path)
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

    // MARK: - Parsing

    static func readFile(_ path: String) -> ([ViewEntry], [ViewProblem]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            return ([], [ViewProblem(source: path, entry: nil, message: reason)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return ([], [ViewProblem(source: path, entry: nil, message: "not UTF-8 text")])
        }
        return parse(json: text, source: path)
    }

    static func parse(json text: String, source: String) -> ([ViewEntry], [ViewProblem]) {
        func problem(_ entry: String?, _ message: String) -> ViewProblem {
            ViewProblem(source: source, entry: entry, message: message)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text)
        } catch {
            return ([], [problem(nil, "not valid JSON: \(error)")])
        }
        guard case .object(let members) = document else {
            return (
                [],
                [
                    problem(
                        nil,
                        "the file must hold one JSON object of views, not \(document.kindDescription)"
                    )
                ]
            )
        }
        var entries: [ViewEntry] = []
        var problems: [ViewProblem] = []
        var seen: Set<String> = []
        for (name, value) in members {
            guard seen.insert(name).inserted else {
                problems.append(problem(name, "defined twice in this file"))
                continue
            }
            if name.isEmpty {
                problems.append(problem(name, "a view needs a name"))
                continue
            }
            switch value {
            case .string(let type):
                entries.append(ViewEntry(name: name, type: type, source: source))
            case .object(let fields):
                var entry = ViewEntry(name: name, type: "", source: source)
                var hasType = false
                var isValid = true
                var fieldNames: Set<String> = []
                for (key, field) in fields {
                    guard fieldNames.insert(key).inserted else {
                        problems.append(problem(name, "\(quoted(key)) is given twice"))
                        continue
                    }
                    switch (key, field) {
                    case ("Type", .string(let type)):
                        entry.type = type
                        hasType = true
                    case ("Description", .string(let text)): entry.description = text
                    case ("Tag", .string(let text)): entry.tag = text
                    case ("Dependencies", .object(let dependencies)):
                        var names: Set<String> = []
                        for (dependency, value) in dependencies {
                            if !names.insert(dependency).inserted {
                                problems.append(
                                    problem(name, "dependency \(quoted(dependency)) is given twice")
                                )
                            }
                            entry.dependencies[dependency] = DependencyValue(json: value)
                        }
                    case ("Type", _), ("Description", _), ("Tag", _):
                        problems.append(
                            problem(
                                name,
                                "\(quoted(key)) must be a string, not \(field.kindDescription)"))
                        if key == "Type" {
                            hasType = true
                            isValid = false
                        }
                    case ("Dependencies", _):
                        problems.append(
                            problem(
                                name,
                                "\"Dependencies\" must be an object, not \(field.kindDescription)"))
                    default:
                        problems.append(
                            problem(
                                name,
                                "unknown key \(quoted(key)) (an entry has Type, Description, Tag and Dependencies)"
                            ))
                    }
                }
                if !hasType {
                    problems.append(problem(name, "an entry needs a \"Type\""))
                } else if isValid {
                    entries.append(entry)
                }
            default:
                problems.append(
                    problem(
                        name, "an entry is a type name or an object, not \(value.kindDescription)"))
            }
        }
        return (entries, problems)
    }

    // MARK: - Checking

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

    /// The problems of the entries named in `only` (and every cycle through them), checked
    /// against all of `entries`.
    static func validate(
        _ entries: [String: ViewEntry], types: [String: ViewType], currency: Currency,
        only: Set<String>
    ) -> [ViewProblem] {
        var problems: [ViewProblem] = []
        for name in only.sorted() {
            guard let entry = entries[name] else { continue }
            func problem(_ message: String) {
                problems.append(ViewProblem(source: entry.source, entry: name, message: message))
            }
            guard let type = types[entry.type] else {
                problem(
                    "unknown type \(quoted(entry.type)) (known types: \(types.keys.sorted().joined(separator: ", ")))"
                )
                continue
            }
            for dependency in entry.dependencies.keys.sorted() {
                let value = entry.dependencies[dependency]!
                if case .reference(let target) = value, entries[target] == nil {
                    problem(
                        "dependency \(quoted(dependency)) names \(quoted(target)), which is not a view; "
                            + "write \(quoted("@" + target)) for a literal")
                    continue
                }
                guard let kind = type.dependencies[dependency] else {
                    problem(
                        "unknown dependency \(quoted(dependency)) for \(type.name) (known: "
                            + "\(type.dependencies.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                for message in check(value, as: kind, currency: currency) {
                    problem("dependency \(quoted(dependency)): \(message)")
                }
            }
        }
        for cycle in cycles(in: entries) where !only.isDisjoint(with: cycle) {
            let path = (cycle + [cycle[0]]).joined(separator: " -> ")
            let entry = entries[cycle[0]]!
            problems.append(
                ViewProblem(
                    source: entry.source, entry: cycle[0], message: "dependency cycle: \(path)"))
        }
        return problems
    }

    /// The problems of `value` used as a dependency of `kind`.
    static func check(_ value: DependencyValue, as kind: DependencyKind, currency: Currency)
        -> [String]
    {
        switch (kind, value) {
        case (.text, .literal), (.view, .reference):
            return []
        case (.text, _):
            return ["must be a literal text such as \"@My title\", not \(describe(value))"]
        case (.view, _):
            return ["must name another view, not \(describe(value))"]
        case (.sort, .literal(let text)):
            return ItemSort(rawValue: text) == nil
                ? [
                    "unknown order \(quoted(text)) (orders: \(ItemSort.allCases.map(\.rawValue).joined(separator: ", ")))"
                ]
                : []
        case (.sort, _):
            return ["must be a literal order such as \"@price-desc\", not \(describe(value))"]
        case (.filter, .value(.object(let members))):
            var problems: [String] = []
            for (key, json) in members {
                do {
                    _ = try filter(from: [(key, json)], currency: currency)
                } catch {
                    problems.append(error.message)
                }
            }
            guard problems.isEmpty, let filter = try? filter(from: members, currency: currency)
            else { return problems }
            if let low = filter.minPrice, let high = filter.maxPrice,
                low.minorUnits > high.minorUnits
            {
                problems.append(
                    "minPrice \(low.decimalString) is above maxPrice \(high.decimalString): the "
                        + "view can hold nothing")
            }
            if let after = filter.purchasedAfter, let before = filter.purchasedBefore,
                after >= before
            {
                problems.append(
                    "purchasedAfter \(after) is not before purchasedBefore \(before): the view "
                        + "can hold nothing")
            }
            return problems
        case (.filter, _):
            return ["must be a filter object such as {\"luxury\": true}, not \(describe(value))"]
        }
    }

    private static func describe(_ value: DependencyValue) -> String {
        switch value {
        case .literal(let text): "the literal \(quoted("@" + text))"
        case .reference(let name): "the view \(quoted(name))"
        case .value(let json): json.kindDescription
        }
    }

    struct FilterProblem: Error {
        let message: String
    }

    /// The filter a JSON filter object describes.
    static func filter(from members: [(key: String, value: JSONDocument)], currency: Currency)
        throws(FilterProblem)
        -> ItemFilter
    {
        var filter = ItemFilter()
        for (key, json) in members {
            func bool() throws(FilterProblem) -> Bool {
                guard case .bool(let flag) = json else {
                    throw FilterProblem(
                        message:
                            "filter key \(quoted(key)) must be true or false, not \(json.kindDescription)"
                    )
                }
                return flag
            }
            func string(_ example: String) throws(FilterProblem) -> String {
                guard case .string(let text) = json else {
                    throw FilterProblem(
                        message:
                            "filter key \(quoted(key)) must be a string such as \(quoted(example)), not \(json.kindDescription)"
                    )
                }
                return text
            }
            func money() throws(FilterProblem) -> Money {
                let text = try string("1500.00")
                do { return try Money(parsing: text, currency: currency) } catch {
                    throw FilterProblem(message: "filter key \(quoted(key)): \(error)")
                }
            }
            func date() throws(FilterProblem) -> CalendarDate {
                let text = try string("2024-01-31")
                do { return try CalendarDate(parsing: text, field: key) } catch {
                    throw FilterProblem(message: "filter key \(quoted(key)): \(error)")
                }
            }
            switch key {
            case "luxury": filter.isLuxury = try bool()
            case "insured": filter.isInsured = try bool()
            case "hasPhoto": filter.hasPhoto = try bool()
            case "minPrice": filter.minPrice = try money()
            case "maxPrice": filter.maxPrice = try money()
            case "purchasedAfter": filter.purchasedAfter = try date()
            case "purchasedBefore": filter.purchasedBefore = try date()
            case "location": filter.location = try string("Garage")
            case "brand": filter.brand = try string("Sony")
            case "text": filter.text = try string("camera")
            default:
                throw FilterProblem(
                    message:
                        "unknown filter key \(quoted(key)) (known: \(filterKeys.joined(separator: ", ")))"
                )
            }
        }
        return filter
    }

    /// Every cycle of references, each once, starting at its smallest name.
    static func cycles(in entries: [String: ViewEntry]) -> [[String]] {
        var found: Set<[String]> = []
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ name: String) {
            state[name] = 1
            path.append(name)
            let targets =
                entries[name]?.dependencies.values.compactMap { value -> String? in
                    if case .reference(let target) = value, entries[target] != nil { return target }
                    return nil
                } ?? []
            for target in Set(targets).sorted() {
                if state[target] == 1, let start = path.firstIndex(of: target) {
                    let cycle = Array(path[start...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    found.insert(Array(cycle[smallest...] + cycle[..<smallest]))
                } else if state[target] == nil {
                    visit(target)
                }
            }
            path.removeLast()
            state[name] = 2
        }
        for name in entries.keys.sorted() where state[name] == nil { visit(name) }
        return found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
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
            default: break
            }
        }
        let definition = type.make(entry, resolved)
        built[name] = definition
        return definition
    }
}
