public import InventoryKit

/// One tab of `browse`, as configured: what it shows and under which title.
public struct BrowseScreen: Sendable, Hashable {
    /// What a tab shows.
    public enum Kind: Sendable, Hashable {
        /// The live list of the view of that name.
        case list(view: String)
        /// The form that adds an item.
        case addItem
        /// What an adjuster would ask of each item and could not get (`inventory check`).
        case check
        /// The tab layout: these tabs first, in this order; the others after them, in their
        /// own order, except the hidden ones.
        case tabs(order: [String], hidden: [String])
    }

    /// The entry it was built from.
    public let name: String
    /// The tab's title; nil for the view's own title (or "Add item").
    public let title: String?
    /// What it shows.
    public let kind: Kind

    /// Creates a screen.
    public init(name: String, title: String? = nil, kind: Kind) {
        self.name = name
        self.title = title
        self.kind = kind
    }
}

/// `browse`'s screens, built by name through the generic registry (EMControllerManager's
/// first use): a list screen for every view, the add form, and the layout of the tabs, which
/// a views file can change.
///
/// Types: `ViewList` (`view`: the name of a view; `title`: `"@text"`), `AddItem` (`title`),
/// `Check` (`title`: what `inventory check` finds, as a tab) and
/// `Tabs` (`order` and `hide`: lists of screen names). Every view is a screen of the same name,
/// `add` is the add form and `check` the check. An entry named `tabs` of type `Tabs` sets the layout:
///
/// ```json
/// {
///   "pricey": {"Type": "ViewList", "Dependencies": {"view": "high-value", "title": "@Pricey"}},
///   "tabs": {"Type": "Tabs", "Dependencies": {"order": ["pricey", "all"], "hide": ["non-insured"]}}
/// }
/// ```
///
/// Without one, the tabs are every view (built-in ones first), then each `ViewList` of the
/// file, then Add item, then Check (the built-in `check` screen).
public final class BrowseScreens: Sendable {
    /// The names of the screen types, which a `ViewRegistry` reading the same file sets
    /// aside.
    public static let typeNames: Set<String> = ["ViewList", "AddItem", "Check", "Tabs"]

    /// The name of the entry that sets the tab layout.
    public static let layoutEntry = "tabs"

    /// The registry underneath.
    public let registry: Registry<BrowseScreen>

    /// The screens of every view of `views`, and the add form.
    public init(views: ViewRegistry) {
        let viewNames = views.names
        registry = Registry(
            noun: "screen", otherTypes: Set(views.registry.typeNames),
            consistencyRule: Self.layoutProblems)
        let viewDependency = Dependency.value(acceptsOtherNames: true) {
            value throws(DependencyProblem) -> any Sendable in
            guard case .reference(let name) = value, viewNames.contains(name) else {
                throw DependencyProblem(
                    "must name a view (views: \(viewNames.joined(separator: ", "))), not "
                        + value.kindDescription(noun: "screen"))
            }
            return name
        }
        registry.register(
            RegistryType(name: "ViewList", dependencies: ["view": viewDependency, "title": .text]) {
                entry, dependencies in
                BrowseScreen(
                    name: entry.name, title: dependencies.text("title"),
                    kind: .list(view: dependencies.value("view") ?? entry.name))
            })
        registry.register(
            RegistryType(name: "AddItem", dependencies: ["title": .text]) { entry, dependencies in
                BrowseScreen(name: entry.name, title: dependencies.text("title"), kind: .addItem)
            })
        registry.register(
            RegistryType(name: "Check", dependencies: ["title": .text]) { entry, dependencies in
                BrowseScreen(name: entry.name, title: dependencies.text("title"), kind: .check)
            })
        registry.register(
            RegistryType(name: "Tabs", dependencies: ["order": .entries, "hide": .entries]) {
                entry, dependencies in
                BrowseScreen(
                    name: entry.name,
                    kind: .tabs(
                        order: dependencies.objects("order")?.map(\.name) ?? [],
                        hidden: dependencies.objects("hide")?.map(\.name) ?? []))
            })
        let builtIns =
            viewNames.map {
                RegistryEntry(name: $0, type: "ViewList", dependencies: ["view": .reference($0)])
            } + [
                RegistryEntry(name: "add", type: "AddItem"),
                RegistryEntry(name: "check", type: "Check"),
            ]
        do {
            try registry.register(builtIns, builtIn: true)
        } catch {
            preconditionFailure("the built-in screens are refused: \(error)")
        }
    }

    /// Adds the screens of a views file (its views are set aside: the `ViewRegistry` reads
    /// them).
    ///
    /// - Throws: `RegistryError` with every problem; nothing is added then.
    public func load(contentsOf path: String) throws(RegistryError) {
        try registry.load(contentsOf: path)
    }

    /// Adds the screens of a JSON text, as ``load(contentsOf:)`` does.
    public func load(json: String, source: String) throws(RegistryError) {
        try registry.load(json: json, source: source)
    }

    /// Every problem the file's screens would cause if loaded now; loads nothing.
    public func check(contentsOf path: String) -> [RegistryProblem] {
        registry.check(contentsOf: path)
    }

    /// A layout is one entry named `tabs`, and leaves at least one tab.
    private static func layoutProblems(_ entries: [RegistryEntry]) -> [RegistryProblem] {
        var problems: [RegistryProblem] = []
        for entry in entries where entry.type == "Tabs" && entry.name != layoutEntry {
            problems.append(
                RegistryProblem(
                    source: entry.source, entry: entry.name,
                    message:
                        "a Tabs entry must be named \"\(layoutEntry)\" (browse reads no other)",
                    noun: "screen"))
        }
        if let layout = entries.last(where: { $0.name == layoutEntry && $0.type == "Tabs" }),
            case .value(.array(let hidden)) = layout.dependencies["hide"]
        {
            var ordered: Set<String> = []
            if case .value(.array(let order)) = layout.dependencies["order"] {
                ordered = Set(
                    order.compactMap { if case .string(let name) = $0 { name } else { nil } })
            }
            let hiddenNames = Set(
                hidden.compactMap { if case .string(let name) = $0 { name } else { nil } }
            ).union(tabsOnRequest.subtracting(ordered))
            if entries.allSatisfy({ $0.type == "Tabs" || hiddenNames.contains($0.name) }) {
                problems.append(
                    RegistryProblem(
                        source: layout.source, entry: layout.name,
                        message: "dependency \"hide\" hides every tab; browse needs at least one",
                        noun: "screen"))
            }
        }
        return problems
    }

    /// The built-in views that are tabs only when a layout's `order` names them: the loans and
    /// the archive, looked at now and then, would crowd the blog's three off a terminal's top
    /// line.
    public static let tabsOnRequest: Set<String> = [
        ViewDefinition.onLoan.name, ViewDefinition.archive.name,
    ]

    /// The tabs, in order: the layout entry's `order` first, then every other screen (views in
    /// the registry's order, then the file's screens, Add item last), without the hidden ones
    /// and those shown on request (`tabsOnRequest`) that the order does not name.
    ///
    /// - Throws: `RegistryError` if a screen cannot be built.
    public func tabs() throws(RegistryError) -> [BrowseScreen] {
        var screens: [BrowseScreen] = []
        var add: [BrowseScreen] = []
        var checks: [BrowseScreen] = []
        let layout: (order: [String], hidden: [String])? =
            if registry.entry(named: Self.layoutEntry)?.type == "Tabs",
                case .tabs(let order, let hidden) = try registry.make(named: Self.layoutEntry).kind
            {
                (order, hidden)
            } else {
                nil
            }
        let requested = Set(layout?.order ?? [])
        for entry in registry.entries
        where entry.type != "Tabs"
            && (!Self.tabsOnRequest.contains(entry.name) || requested.contains(entry.name))
        {
            let screen = try registry.make(named: entry.name)
            switch screen.kind {
            case .addItem: add.append(screen)
            case .check: checks.append(screen)
            default: screens.append(screen)
            }
        }
        screens += add + checks
        guard let (order, hidden) = layout else { return screens }
        let byName = Dictionary(screens.map { ($0.name, $0) }) { first, _ in first }
        var seen = Set(hidden)
        var result: [BrowseScreen] = []
        for name in order + screens.map(\.name) where seen.insert(name).inserted {
            if let screen = byName[name] { result.append(screen) }
        }
        return result
    }
}
