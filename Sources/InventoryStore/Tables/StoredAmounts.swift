import InventoryModel

/// Amounts that came from files: a spreadsheet's or Homebox's numbers carry no currency of
/// their own and are read in the inventory's. While every amount stored is such a number, the
/// inventory's currency can still be chosen (relabelling them), as it can while it holds none:
/// a European file imported into a new inventory is not held to the default USD.
///
/// The settings row `amounts_imported_through` holds the last journal sequence number of the
/// import that recorded it. The amounts are all such numbers while nothing after that entry
/// wrote an amount (an item added with one, or a price or value changed; a deletion writes
/// none) and no claim line holds one — a claim is a record made in the inventory's currency.
public struct StoredAmounts {
    /// The connection of the inventory's database.
    let database: Database
    /// The journal, whose entries after the mark say whether an amount was written since.
    let journal: JournalTable

    /// Whether the inventory holds any amount: a price or value on an item, a claim line, or in
    /// the history (which would be read in another currency's scale otherwise).
    public func holdsAny() throws -> Bool {
        let statement = try database.cachedStatement(
            """
            SELECT EXISTS (SELECT 1 FROM items WHERE price IS NOT NULL OR value IS NOT NULL)
                OR EXISTS (SELECT 1 FROM claim_items WHERE price IS NOT NULL OR value IS NOT NULL
                    OR replacement IS NOT NULL OR replaced_paid IS NOT NULL)
                OR EXISTS (SELECT 1 FROM journal WHERE
                    json_extract(before, '$.price') IS NOT NULL
                    OR json_extract(after, '$.price') IS NOT NULL
                    OR json_extract(before, '$.value') IS NOT NULL
                    OR json_extract(after, '$.value') IS NOT NULL)
            """)
        defer { statement.reset() }
        return try statement.step() && statement.bool(at: 0)
    }

    private static let importedAmountsKey = "amounts_imported_through"

    /// Whether the inventory holds amounts and every one came from a file that carried no
    /// currency of its own (see `markImported()`).
    public func holdsOnlyImported() throws -> Bool {
        let statement = try database.cachedStatement(
            "SELECT value FROM settings WHERE key = ?")
        defer { statement.reset() }
        try statement.bind([.text(Self.importedAmountsKey)])
        guard try statement.step(), let through = Int64(statement.text(at: 0)) else {
            return false
        }
        statement.reset()
        let check = try database.cachedStatement(
            """
            SELECT NOT EXISTS (SELECT 1 FROM journal_entries WHERE seq > ? AND kind <> 'deleted'
                    AND (json_extract(before, '$.price') IS NOT json_extract(after, '$.price')
                    OR json_extract(before, '$.value') IS NOT json_extract(after, '$.value')))
                AND NOT EXISTS (SELECT 1 FROM claim_items WHERE price IS NOT NULL
                    OR value IS NOT NULL OR replacement IS NOT NULL OR replaced_paid IS NOT NULL)
            """)
        defer { check.reset() }
        try check.bind([.integer(through)])
        return try check.step() && check.bool(at: 0)
    }

    /// Records that every amount stored so far came from files without a currency of their
    /// own. The caller (an import, in its transaction) checks that this was so before it
    /// wrote (`holdsAny()` was false, or `holdsOnlyImported()` true) and that its
    /// own amounts carry no currency.
    public func markImported() throws {
        let through = try journal.lastSequence()
        try database.execute(
            """
            INSERT INTO settings (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, [.text(Self.importedAmountsKey), .text(String(through))])
    }
}
