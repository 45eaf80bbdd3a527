public import InventoryModel
import InventoryStore
import ObjectRegistry

/// A view ready to be shown: its name, title, filter and order.
public struct ViewDefinition: Sendable, Hashable {
    /// The view's name, by which it is registered and chosen.
    public let name: String
    /// The title shown for the view.
    public let title: String
    /// What the view shows, in words, if its entry says.
    public let description: String?
    /// The items the view shows.
    public let filter: ItemFilter
    /// The order the view shows them in.
    public let sort: ItemSort
    /// Where the view was defined: `built-in`, `code`, or a views file's path.
    public let source: String

    /// Creates a definition.
    public init(
        name: String, title: String, description: String? = nil, filter: ItemFilter,
        sort: ItemSort, source: String
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.filter = filter
        self.sort = sort
        self.source = source
    }
}

// MARK: - The blog's three views

extension ViewDefinition {
    /// Every item, by name: the blog's entire inventory, registered as `all`.
    public static let all = builtIn(name: "all", title: "Entire inventory", filter: .all)
    /// The items marked luxury, by name: the blog's luxury view.
    public static let luxury = builtIn(name: "luxury", title: "Luxury items", filter: .luxury)
    /// The items not insured, by name: the blog's non-insured view.
    public static let nonInsured = builtIn(
        name: "non-insured", title: "Non-insured items", filter: .nonInsured)

    /// The items someone has on loan, by name.
    public static let onLoan = builtIn(name: "on-loan", title: "On loan", filter: .onLoan)
    /// The items that left the household (sold, given away, thrown out, lost, stolen), by
    /// name: the archive.
    public static let archive = builtIn(
        name: "archive", title: "Left the household", filter: .archive)

    /// The built-in views, each defined once: the blog's three, then the loans and the
    /// archive. The registry's built-in views (`ViewRegistry.builtIns`),
    /// `InventoryView.luxury(_:)` and its kin, and `InventoryManager.luxuryItems()` and its
    /// kin are made from them.
    public static let builtIns = [all, luxury, nonInsured, onLoan, archive]

    private static func builtIn(name: String, title: String, filter: ItemFilter)
        -> ViewDefinition
    {
        ViewDefinition(
            name: name, title: title, filter: filter, sort: .name,
            source: Registry<ViewDefinition>.builtInSource)
    }
}
