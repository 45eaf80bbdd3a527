import InventoryModel

/// Import references: the reference a file gave an item it imported (Homebox's
/// `HB.import_ref`), so that the next import of that file updates the item.
extension ItemStore {
    /// The item imported under `ref`, if it is still there.
    public func itemID(importRef ref: String) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT item_id FROM import_refs WHERE ref = ?")
        defer { statement.reset() }
        try statement.bind([.text(ref)])
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Records that item `id` was imported under `ref` (replacing the item's earlier one).
    public func setImportRef(_ ref: String, forItem id: Int64) throws {
        let statement = try database.cachedStatement(
            "INSERT OR REPLACE INTO import_refs (ref, item_id) VALUES (?, ?)")
        defer { statement.reset() }
        try statement.bind([.text(ref), .integer(id)])
        _ = try statement.step()
    }

    /// Every item's import reference: item id to reference.
    public func importRefs() throws -> [Int64: String] {
        let statement = try database.cachedStatement("SELECT item_id, ref FROM import_refs")
        defer { statement.reset() }
        var refs: [Int64: String] = [:]
        while try statement.step() { refs[statement.int64(at: 0)] = statement.text(at: 1) }
        return refs
    }
}
