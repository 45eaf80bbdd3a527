import InventoryModel
import InventoryStore

/// A view ready to be shown: its name, title, filter and order.
public struct ViewDefinition: Sendable, Hashable {
    public let name: String
    public let title: String
    public let description: String?
    public let filter: ItemFilter
    public let sort: ItemSort
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
