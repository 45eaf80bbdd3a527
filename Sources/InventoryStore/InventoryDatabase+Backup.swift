import CSQLite
public import InventoryModel

/// What a backup and a restore need of the store: a copy of the whole database, a
/// replacement of it, its integrity, the stored files the items use, and how many rows of
/// each kind there are.
extension InventoryDatabase {
    /// Copies the database as of one moment into a new private file (`Database.copy`).
    public func copyDatabase(toNewFileAt path: String) throws {
        try database.copy(toNewFileAt: path)
    }

    /// Replaces the whole database with the one at `path`, in one transaction
    /// (`Database.replaceContents`). The store's currency is the one read when it opened:
    /// close it afterwards and open the inventory again to use what was put in.
    /// Like a write, it does not start once commits are refused (`CommitCounter`).
    public func replaceDatabase(withContentsOf path: String) throws {
        guard commits.beginCommit() else {
            throw StoreError.ending
        }
        do {
            try database.replaceContents(withDatabaseAt: path)
        } catch {
            commits.endCommit(committed: false)
            throw error
        }
        commits.endCommit(committed: true)
    }

    /// The first problem `PRAGMA integrity_check` (or, `quick`, `PRAGMA quick_check`, which
    /// leaves out checking that indexes match their tables) or the foreign key check finds,
    /// or nil.
    public func integrityProblem(quick: Bool = false) throws -> String? {
        try database.integrityProblem(quick: quick)
    }

    /// The highest item id ever given (0 for none).
    public func highestItemID() throws -> Int64 {
        try highestID(of: "items")
    }

    /// Makes the next item id larger than `id` (after a restore brought an earlier sequence).
    public func keepItemIDsAbove(_ id: Int64) throws {
        try keepIDs(of: "items", above: id)
    }

    /// The highest claim number ever given (0 for none).
    public func highestClaimID() throws -> Int64 {
        try highestID(of: "claims")
    }

    /// Makes the next claim number larger than `id`: a share link names its claim by number,
    /// and after a restore that number must not come to name another claim.
    public func keepClaimIDsAbove(_ id: Int64) throws {
        try keepIDs(of: "claims", above: id)
    }

    /// The highest id the AUTOINCREMENT table `table` ever gave.
    private func highestID(of table: String) throws -> Int64 {
        let statement = try database.makeStatement(
            "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0)")
        try statement.bind([.text(table)])
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    private func keepIDs(of table: String, above id: Int64) throws {
        guard id > (try highestID(of: table)) else { return }
        try write {
            try database.execute(
                "UPDATE sqlite_sequence SET seq = ? WHERE name = ?", [.integer(id), .text(table)])
            if database.changedRowCount == 0 {
                try database.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                    [.text(table), .integer(id)])
            }
        }
    }

    /// The rows of each kind, read in one transaction.
    public func counts() throws -> InventoryCounts {
        try read {
            let statement = try database.makeStatement(
                """
                SELECT (SELECT count(*) FROM items), (SELECT count(*) FROM claims),
                    (SELECT count(*) FROM journal)
                """)
            guard try statement.step() else {
                return InventoryCounts(items: 0, claims: 0, journalEntries: 0)
            }
            return InventoryCounts(
                items: Int(statement.int64(at: 0)), claims: Int(statement.int64(at: 1)),
                journalEntries: Int(statement.int64(at: 2)))
        }
    }

    /// Every stored file some item uses, with the ids of the items that use it (ascending), by
    /// file name; a claim's replacement receipt, and a file a claim line recorded, count as
    /// used by its line's item (0 for a line whose item was deleted), and a maintenance entry's
    /// receipt by its item.
    public func fileUses() throws -> [String: [Int64]] {
        let statement = try database.makeStatement(
            """
            SELECT file, item_id FROM item_files UNION
            SELECT replaced_receipt, coalesce(item_id, 0) FROM claim_items
                WHERE replaced_receipt IS NOT NULL UNION
            SELECT json_extract(file.value, '$.file'), coalesce(claim_items.item_id, 0)
                FROM claim_items, json_each(claim_items.attachments) AS file UNION
            SELECT file, item_id FROM maintenance_entries WHERE file IS NOT NULL
            ORDER BY 1, 2
            """)
        var uses: [String: [Int64]] = [:]
        while try statement.step() {
            if let name = statement.optionalText(at: 0) {
                uses[name, default: []].append(statement.int64(at: 1))
            }
        }
        return uses
    }

    /// The names of the stored files some item, claim line or maintenance entry uses (as a
    /// photo or another attachment, a replacement's receipt, a service's receipt), sorted.
    public func storedFileNames() throws -> [String] {
        let statement = try database.makeStatement(
            """
            SELECT file FROM item_files UNION
            SELECT replaced_receipt FROM claim_items WHERE replaced_receipt IS NOT NULL UNION
            SELECT json_extract(file.value, '$.file')
                FROM claim_items, json_each(claim_items.attachments) AS file UNION
            SELECT file FROM maintenance_entries WHERE file IS NOT NULL
            ORDER BY 1
            """)
        var names: [String] = []
        while try statement.step() {
            if let name = statement.optionalText(at: 0) { names.append(name) }
        }
        return names
    }
}
