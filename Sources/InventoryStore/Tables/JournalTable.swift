public import InventoryModel

/// The change journal (`Migrations/0002_journal.sql`, the `journal` and `journal_write` tables
/// and the `journal_entries` view): triggers on `items` write it; this reads it.
public struct JournalTable {
    /// The connection of the inventory's database.
    let database: Database
    /// How the items before and after each entry are read.
    let rows: ItemRows

    /// Starts a write: gives it the next write id and its time, which the journal triggers
    /// stamp on every row the write makes. Call it inside the write's transaction.
    ///
    /// - Returns: the write id.
    public func beginWrite(at time: Timestamp) throws -> Int64 {
        let statement = try database.cachedStatement(
            "UPDATE journal_write SET id = id + 1, at = ? RETURNING id")
        try statement.bind([.integer(time.millisecondsSince1970)])
        defer { statement.reset() }
        guard try statement.step() else {
            throw StoreError.damaged("the journal_write row is missing")
        }
        return statement.int64(at: 0)
    }

    /// The sequence number of the last journal entry ever written (0 for none).
    public func lastSequence() throws -> Int64 {
        let statement = try database.cachedStatement(
            "SELECT seq FROM sqlite_sequence WHERE name = 'journal'")
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// What identifies the journal entry `sequence` beyond its number (its write and time), or
    /// nil when there is none: a follower that finds another mark at the number it reached
    /// is looking at another inventory's journal (a restore replaced the content).
    public func mark(at sequence: Int64) throws -> JournalMark? {
        guard sequence > 0 else { return nil }
        let statement = try database.cachedStatement(
            "SELECT write_id, at FROM journal WHERE seq = ?")
        try statement.bind(sequence, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return JournalMark(writeID: statement.int64(at: 0), time: statement.int64(at: 1))
    }

    /// The journal after `sequence` as change sets, one per write, oldest first. A write that
    /// only added items — more than `threshold` of them, with consecutive ids — is named by
    /// its ids (`InventoryChangeSet.addedInBulk`) and not read: a follower catching up on an
    /// import of a million items holds a range, not a million items. Other writes are read
    /// whole, consecutive ones in one query.
    package func changeSets(
        after sequence: Int64, through last: Int64 = .max, namingAdditionsOver threshold: Int
    ) throws -> [InventoryChangeSet] {
        // What each row is, without its items: enough to tell a batch of additions.
        let outline = try database.cachedStatement(
            """
            SELECT seq, write_id, kind = 'added', item_id FROM journal
            WHERE seq > ? AND seq <= ? ORDER BY seq
            """)
        try outline.bind([.integer(sequence), .integer(last)])
        defer { outline.reset() }
        var sets: [InventoryChangeSet] = []
        var write: (id: Int64, sequences: ClosedRange<Int64>, items: ClosedRange<Int64>)?
        var onlyConsecutiveAdditions = false
        // The writes to read whole, consecutive: read together, in one query.
        var unread: ClosedRange<Int64>?
        func readUnread() throws {
            guard let range = unread else { return }
            unread = nil
            let entries = try entries(in: range)
            var start = entries.startIndex
            while start < entries.endIndex {
                let writeID = entries[start].writeID
                let end = entries[start...].firstIndex { $0.writeID != writeID } ?? entries.endIndex
                sets.append(
                    InventoryChangeSet(
                        writeID: writeID, changes: entries[start..<end].map(\.change)))
                start = end
            }
        }
        func endWrite() throws {
            guard let write else { return }
            if onlyConsecutiveAdditions, write.sequences.count > threshold {
                try readUnread()
                sets.append(
                    InventoryChangeSet(
                        writeID: write.id,
                        addedInBulk: AddedItems(
                            ids: write.items, firstSequence: write.sequences.lowerBound)))
            } else {
                let first = unread?.lowerBound ?? write.sequences.lowerBound
                unread = first...write.sequences.upperBound
            }
        }
        while try outline.step() {
            let (seq, writeID) = (outline.int64(at: 0), outline.int64(at: 1))
            let (isAddition, itemID) = (outline.int64(at: 2) != 0, outline.int64(at: 3))
            if let current = write, current.id == writeID {
                onlyConsecutiveAdditions =
                    onlyConsecutiveAdditions && isAddition && itemID == current.items.upperBound + 1
                write = (
                    writeID, current.sequences.lowerBound...seq,
                    current.items.lowerBound...max(current.items.upperBound, itemID)
                )
            } else {
                try endWrite()
                write = (writeID, seq...seq, itemID...itemID)
                onlyConsecutiveAdditions = isAddition
            }
        }
        try endWrite()
        try readUnread()
        return sets
    }

    /// At most `limit` journal entries after `sequence`, oldest first.
    public func entries(after sequence: Int64, limit: Int) throws -> [JournalEntry] {
        let statement = try database.cachedStatement(
            Self.query(where: "seq > ?1", orderedBy: "seq", limit: "?2"))
        try statement.bind(sequence, at: 1)
        try statement.bind(Int64(limit), at: 2)
        return try decodedEntries(statement)
    }

    /// The journal entries numbered `range`, oldest first.
    private func entries(in range: ClosedRange<Int64>) throws -> [JournalEntry] {
        let statement = try database.cachedStatement(
            Self.query(where: "seq BETWEEN ?1 AND ?2", orderedBy: "seq"))
        try statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
        return try decodedEntries(statement)
    }

    /// The items of `ids` that a journal entry after `sequence` touched, each as it was at
    /// `sequence`: the item before the first such entry (an edit's item before it, a
    /// deletion's item). The items table has every other item of `ids` as it was then.
    package func itemsAsOf(_ sequence: Int64, touchedAfterIn ids: ClosedRange<Int64>) throws
        -> [Int64: HouseholdItem]
    {
        let statement = try database.cachedStatement(
            Self.query(where: "seq > ?1 AND item_id BETWEEN ?2 AND ?3", orderedBy: "seq"))
        try statement.bind([.integer(sequence), .integer(ids.lowerBound), .integer(ids.upperBound)])
        defer { statement.reset() }
        var items: [Int64: HouseholdItem] = [:]
        while try statement.step() {
            let change = try decodeJournalEntry(statement).change
            guard items[change.itemID] == nil else { continue }
            switch change.kind {
            case .edited: items[change.itemID] = change.before
            case .deleted: items[change.itemID] = change.item
            // Not an item of `ids` as they were at `sequence`: it was added after.
            case .added: continue
            }
        }
        return items
    }

    /// The journal entries of one item (or of every item), newest first.
    public func history(itemID: Int64?, limit: Int?) throws -> [JournalEntry] {
        let statement = try database.cachedStatement(
            Self.query(
                where: itemID == nil ? nil : "item_id = ?2", orderedBy: "seq DESC", limit: "?1"))
        try statement.bind(Int64(limit ?? -1), at: 1)
        if let itemID { try statement.bind(itemID, at: 2) }
        return try decodedEntries(statement)
    }

    /// The item as it was at `version`, from the journal, or nil when the journal has no entry
    /// that left it at that version.
    public func item(id: Int64, atVersion version: Int) throws -> HouseholdItem? {
        let statement = try database.cachedStatement(
            Self.query(
                where: "item_id = ?1 AND json_extract(after, '$.version') = ?2",
                orderedBy: "seq DESC", limit: "1"))
        try statement.bind([.integer(id), .integer(Int64(version))])
        defer { statement.reset() }
        return try statement.step() ? try decodeJournalEntry(statement).change.item : nil
    }

    /// The query of the `journalColumns` of the `journal_entries` rows `condition` selects, in
    /// `order`. The rows come from a subquery with a LIMIT, which SQLite does not flatten into
    /// the outer query: flattened, an addition's item (made by the view's subqueries) was made
    /// again for each of the columns extracted from it, which made reading a batch's
    /// additions many times slower.
    private static func query(
        where condition: String?, orderedBy order: String, limit: String = "-1"
    )
        -> String
    {
        """
        SELECT \(journalColumns) FROM (
            SELECT * FROM journal_entries\(condition.map { " WHERE " + $0 } ?? "")
            ORDER BY \(order) LIMIT \(limit)
        ) ORDER BY \(order)
        """
    }

    /// The columns of a journal entry, read from `journal_entries` (migration 0012): an
    /// addition's item comes from its row, or the item's next row, or the item itself.
    private static let journalColumns =
        "seq, write_id, at, kind, item_id, "
        + ItemRows.columnNames.map { "json_extract(before, '$.\($0)')" }.joined(separator: ", ")
        + ", "
        + ItemRows.columnNames.map { "json_extract(after, '$.\($0)')" }.joined(separator: ", ")

    /// Every row of `statement` (run with its arguments bound) as a journal entry; resets it.
    private func decodedEntries(_ statement: Statement) throws -> [JournalEntry] {
        defer { statement.reset() }
        var entries: [JournalEntry] = []
        while try statement.step() { entries.append(try decodeJournalEntry(statement)) }
        return entries
    }

    private func decodeJournalEntry(_ row: Statement) throws -> JournalEntry {
        let sequence = row.int64(at: 0)
        let before = row.isNull(at: 5) ? nil : try rows.decodeItem(row, offset: 5)
        let afterOffset = Int32(5 + ItemRows.columnNames.count)
        let after =
            row.isNull(at: afterOffset) ? nil : try rows.decodeItem(row, offset: afterOffset)
        let change: InventoryChange
        switch (row.text(at: 3), before, after) {
        case ("added", nil, let after?):
            change = InventoryChange(kind: .added, item: after, sequence: sequence)
        case ("edited", let before?, let after?):
            change = InventoryChange(kind: .edited, item: after, before: before, sequence: sequence)
        case ("deleted", let before?, nil):
            change = InventoryChange(kind: .deleted, item: before, sequence: sequence)
        case (let kind, _, _):
            throw StoreError.damaged("journal entry \(sequence) is malformed (\(kind))")
        }
        return JournalEntry(
            writeID: row.int64(at: 1), time: Timestamp(millisecondsSince1970: row.int64(at: 2)),
            change: change)
    }
}

/// A journal entry's write and time: with its sequence number, what tells one inventory's
/// journal from another's.
public struct JournalMark: Sendable, Hashable {
    /// The write the entry belongs to.
    public let writeID: Int64
    /// The write's time, in milliseconds since 1970.
    public let time: Int64

    /// Creates a mark.
    public init(writeID: Int64, time: Int64) {
        self.writeID = writeID
        self.time = time
    }
}
