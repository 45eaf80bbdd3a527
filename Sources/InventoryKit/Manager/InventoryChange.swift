import Foundation

/// One item added, edited or deleted by a committed write.
public struct InventoryChange: Sendable, Hashable {
    /// What happened to the item.
    public enum Kind: String, Sendable, Hashable {
        case added, edited, deleted
    }

    /// What happened.
    public let kind: Kind
    /// The item after the change; for a deletion, the item as it was.
    public let item: HouseholdItem
    /// For an edit, the item before it; nil otherwise.
    public let before: HouseholdItem?

    /// Creates a change; `before` is required for an edit and ignored otherwise.
    public init(kind: Kind, item: HouseholdItem, before: HouseholdItem? = nil) {
        precondition(kind != .edited || before != nil, "an edit carries the item before it")
        self.kind = kind
        self.item = item
        self.before = kind == .edited ? before : nil
    }

    /// The id of the item changed.
    public var itemID: Int64 { item.id }
}

/// Every change of one committed write, in the order they were made.
public struct InventoryChangeSet: Sendable, Hashable {
    /// The manager's count of commits: 1 for its first write, growing by one with each.
    public let sequence: UInt64
    /// The changes, one per item touched.
    public let changes: [InventoryChange]

    /// Creates a change set.
    public init(sequence: UInt64, changes: [InventoryChange]) {
        self.sequence = sequence
        self.changes = changes
    }
}

extension Notification {
    static let changeSetKey = "InventoryChangeSet"

    /// The changes an `InventoryManager.didChangeNotification` carries; nil for any other.
    public var inventoryChangeSet: InventoryChangeSet? {
        userInfo?[Self.changeSetKey] as? InventoryChangeSet
    }
}
