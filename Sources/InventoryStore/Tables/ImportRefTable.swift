import InventoryModel

/// Import references (`Migrations/0006_import_refs.sql`): the reference a file gave an item it
/// imported (Homebox's `HB.import_ref`), so that the next import of that file updates the
/// item; and the inventory's identity, which names this inventory's items in an export.
public struct ImportRefTable {
    /// The connection of the inventory's database.
    let database: Database

    /// The item imported under `ref`, if it is still there.
    public func itemID(ref: String) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT item_id FROM import_refs WHERE ref = ?")
        defer { statement.reset() }
        try statement.bind([.text(ref)])
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Records that item `id` was imported under `ref` (replacing the item's earlier one).
    public func set(_ ref: String, forItem id: Int64) throws {
        let statement = try database.cachedStatement(
            "INSERT OR REPLACE INTO import_refs (ref, item_id) VALUES (?, ?)")
        defer { statement.reset() }
        try statement.bind([.text(ref), .integer(id)])
        _ = try statement.step()
    }

    /// Records many references at once, as `set(_:forItem:)` does one: up to
    /// `rowsPerInsert` per statement (one statement each was a visible part of a large
    /// import's time).
    public func set(_ refs: [(ref: String, itemID: Int64)]) throws {
        var start = 0
        while start < refs.count {
            let count = min(ItemTable.rowsPerInsert, refs.count - start)
            let statement = try database.cachedStatement(
                "INSERT OR REPLACE INTO import_refs (ref, item_id) VALUES "
                    + Array(repeating: "(?, ?)", count: count).joined(separator: ", "))
            defer { statement.reset() }
            var values: [DatabaseValue] = []
            values.reserveCapacity(count * 2)
            for (ref, id) in refs[start..<start + count] {
                values.append(.text(ref))
                values.append(.integer(id))
            }
            try statement.bind(values)
            _ = try statement.step()
            start += count
        }
    }

    /// The inventory's identity (`Migrations/0007_inventory_identity.sql`): 12 hexadecimal
    /// digits made at random once.
    public func inventoryIdentity() throws -> String {
        let statement = try database.cachedStatement("SELECT id FROM inventory_identity")
        defer { statement.reset() }
        guard try statement.step() else {
            throw StoreError.damaged("the inventory_identity row is missing")
        }
        return statement.text(at: 0)
    }

    /// Whether any item has an import reference.
    public func hasAny() throws -> Bool {
        let statement = try database.cachedStatement("SELECT EXISTS (SELECT 1 FROM import_refs)")
        defer { statement.reset() }
        return try statement.step() && statement.int64(at: 0) == 1
    }

    /// Every item's import reference: item id to reference.
    public func all() throws -> [Int64: String] {
        let statement = try database.cachedStatement("SELECT item_id, ref FROM import_refs")
        defer { statement.reset() }
        var refs: [Int64: String] = [:]
        while try statement.step() { refs[statement.int64(at: 0)] = statement.text(at: 1) }
        return refs
    }
}
