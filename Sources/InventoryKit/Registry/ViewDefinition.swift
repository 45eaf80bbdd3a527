import InventoryModel
import InventoryStore

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
