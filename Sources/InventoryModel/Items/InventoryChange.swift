import Foundation

/// One item added, edited or deleted by a committed write.
public struct InventoryChange: Sendable, Hashable {
    /// What happened to the item.
    public enum Kind: String, Sendable, Hashable {
        /// The item was added.
        case added
        /// The item was edited.
        case edited
        /// The item was deleted.
        case deleted
    }

    /// What happened.
    public let kind: Kind
    /// The item after the change; for a deletion, the item as it was.
    public let item: HouseholdItem
    /// For an edit, the item before it; nil otherwise.
    public var before: HouseholdItem? { beforeBox?.item }
    /// Its sequence number in the change journal: strictly increasing in commit order, across
    /// every process that writes the inventory.
    public let sequence: Int64

    /// `before` out of line: only edits have one, and a batch of a million additions would
    /// otherwise carry a million empty item-sized slots.
    private let beforeBox: ItemBox?

    /// Creates a change; `before` is required for an edit and ignored otherwise.
    public init(kind: Kind, item: HouseholdItem, before: HouseholdItem? = nil, sequence: Int64) {
        precondition(kind != .edited || before != nil, "an edit carries the item before it")
        self.kind = kind
        self.item = item
        self.beforeBox = kind == .edited ? before.map(ItemBox.init) : nil
        self.sequence = sequence
    }

    /// Two changes are equal when their kind, item, item before and sequence number are.
    public static func == (lhs: InventoryChange, rhs: InventoryChange) -> Bool {
        lhs.kind == rhs.kind && lhs.item == rhs.item && lhs.before == rhs.before
            && lhs.sequence == rhs.sequence
    }

    /// Hashes the kind, item, item before and sequence number.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(item)
        hasher.combine(before)
        hasher.combine(sequence)
    }

    /// The id of the item changed.
    public var itemID: Int64 { item.id }
}

/// An item on the heap, shared by the copies of a change.
private final class ItemBox: Sendable {
    let item: HouseholdItem

    init(_ item: HouseholdItem) {
        self.item = item
    }
}

/// Every change of one committed write, in the order they were made — by this process or,
/// when the manager follows the journal, by another.
public struct InventoryChangeSet: Sendable, Hashable {
    /// The write's id in the journal.
    public let writeID: Int64
    /// The changes, one per item touched, in sequence order.
    public let changes: [InventoryChange]

    /// Creates a change set; it must hold at least one change.
    public init(writeID: Int64, changes: [InventoryChange]) {
        precondition(!changes.isEmpty, "a change set holds at least one change")
        self.writeID = writeID
        self.changes = changes
    }

    /// The sequence number of its last change: a view that has seen this number has seen it.
    public var sequence: Int64 { changes[changes.count - 1].sequence }
}
