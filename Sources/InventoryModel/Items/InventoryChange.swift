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

/// Items added by one batch, named by their ids instead of carried: a batch of a million
/// items would otherwise hold a million items in its change set, and every observer with it.
/// Their ids are consecutive, and so are their journal sequence numbers.
///
/// Read the items with `InventoryManager.items(addedBy:pageSize:_:)`, as they were when the
/// batch was committed, whatever was written since.
public struct AddedItems: Sendable, Hashable {
    /// The ids given.
    public let ids: ClosedRange<Int64>
    /// The sequence number of the first item's change; item `ids.lowerBound + k` has
    /// `firstSequence + k`.
    public let firstSequence: Int64

    /// Names the items `ids`, added with sequence numbers from `firstSequence` on.
    public init(ids: ClosedRange<Int64>, firstSequence: Int64) {
        self.ids = ids
        self.firstSequence = firstSequence
    }

    /// The number of items.
    public var count: Int { ids.count }

    /// The sequence numbers of their changes.
    public var sequences: ClosedRange<Int64> {
        firstSequence...(firstSequence + Int64(ids.count) - 1)
    }

    /// The sequence number of the change that added `id`.
    public func sequence(of id: Int64) -> Int64 {
        firstSequence + (id - ids.lowerBound)
    }
}

/// Every change of one committed write, in the order they were made — by this process or,
/// when the manager follows the journal, by another.
///
/// A batch of additions carries no items: its changes are `addedInBulk`, and `changes` is
/// empty. `InventoryManager.add(contentsOf:)` posts one; so do an import that only adds more
/// than `InventoryManager.namedAdditions` items, and a manager following the file for another
/// process's write of that many additions. `add(_:)` and every other write carry their items.
public struct InventoryChangeSet: Sendable, Hashable {
    /// The write's id in the journal.
    public let writeID: Int64
    /// The changes, one per item touched, in sequence order; empty for a batch of additions.
    public let changes: [InventoryChange]
    /// The items a batch of additions added; nil for every other write.
    public let addedInBulk: AddedItems?

    /// Creates a change set; it must hold at least one change.
    public init(writeID: Int64, changes: [InventoryChange]) {
        precondition(!changes.isEmpty, "a change set holds at least one change")
        self.writeID = writeID
        self.changes = changes
        self.addedInBulk = nil
    }

    /// Creates the change set of a batch of additions.
    public init(writeID: Int64, addedInBulk added: AddedItems) {
        self.writeID = writeID
        self.changes = []
        self.addedInBulk = added
    }

    /// The sequence number of its last change: a view that has seen this number has seen it.
    public var sequence: Int64 {
        addedInBulk?.sequences.upperBound ?? changes[changes.count - 1].sequence
    }

    /// The number of changes, those of `addedInBulk` included.
    public var count: Int { changes.count + (addedInBulk?.count ?? 0) }
}
