public import InventoryModel
import InventoryStore

// What a program showing the inventory a page at a time reads: the items of a page by id, the
// changes since a point of the journal, an item as it was when a form was opened.
extension InventoryManager {
    /// The items with `ids`, in that order, read in one transaction; an id with no item is
    /// left out.
    ///
    /// - Throws: `DatabaseError`.
    public func items(ids: [Int64]) throws -> [HouseholdItem] {
        try withStore { store in
            try store.database.read { try ids.compactMap { try store.database.items.item(id: $0) } }
        }
    }

    /// At most `limit` changes committed after journal sequence `sequence`, oldest first,
    /// with the sequence of the last commit: what a reconnecting page catches up with.
    ///
    /// - Throws: `DatabaseError`.
    public func changes(after sequence: Int64, limit: Int) throws
        -> (entries: [JournalEntry], last: Int64)
    {
        try withStore { store in
            try store.database.read {
                (
                    try store.database.journal.entries(after: sequence, limit: limit),
                    try store.database.journal.lastSequence()
                )
            }
        }
    }

    /// The last journal sequence number: the point a page's changes start from.
    ///
    /// - Throws: `DatabaseError`.
    public func lastSequence() throws -> Int64 {
        try withStore { try $0.database.journal.lastSequence() }
    }

    /// The item with `id` as it was at `version`, from the journal; nil when the journal does
    /// not have it. A form opened on that version compares what was typed with it.
    ///
    /// - Throws: `DatabaseError`.
    public func item(id: Int64, atVersion version: Int) throws -> HouseholdItem? {
        try withStore { try $0.database.journal.item(id: id, atVersion: version) }
    }

    /// Whether an item uses the stored file `name` (as its photo or one of its files).
    ///
    /// - Throws: `DatabaseError`.
    public func isFileInUse(_ name: String) throws -> Bool {
        try withStore { try $0.database.items.fileUseCount(name) > 0 }
    }
}
