public import InventoryModel

/// The places (`Migrations/0017_places.sql`): a tree of names. Items name where they are by
/// their `location` (the path); this table knows which paths are places, and their ids.
public struct PlaceTable {
    /// The connection of the inventory's database.
    let database: Database

    /// Every place, each with its path, parents before their children, by path (in any case).
    public func all() throws -> [Place] {
        let statement = try database.cachedStatement(
            "SELECT id, parent_id, name, created_at, updated_at FROM places")
        defer { statement.reset() }
        var rows: [Int64: (parent: Int64?, name: String, created: Int64, updated: Int64)] = [:]
        while try statement.step() {
            rows[statement.int64(at: 0)] = (
                statement.optionalInt64(at: 1), statement.text(at: 2), statement.int64(at: 3),
                statement.int64(at: 4)
            )
        }
        var paths: [Int64: String] = [:]
        func path(of id: Int64, depth: Int = 0) throws -> String {
            if let known = paths[id] { return known }
            guard let row = rows[id], depth <= rows.count else {
                throw StoreError.damaged("the places do not form a tree (place \(id))")
            }
            let path =
                try row.parent.map { try path(of: $0, depth: depth + 1) + PlacePath.separator }
                ?? ""
            paths[id] = path + row.name
            return path + row.name
        }
        return try rows.map { id, row in
            Place(
                id: id, parentID: row.parent, name: row.name, path: try path(of: id),
                createdAt: Timestamp(millisecondsSince1970: row.created),
                updatedAt: Timestamp(millisecondsSince1970: row.updated))
        }.sorted { one, other in
            one.sortKey == other.sortKey
                ? one.path < other.path : one.sortKey.lexicographicallyPrecedes(other.sortKey)
        }
    }

    /// The places directly in `parent` (at the top for nil): id and name.
    public func children(of parent: Int64?) throws -> [(id: Int64, name: String)] {
        let statement = try database.cachedStatement(
            "SELECT id, name FROM places WHERE ifnull(parent_id, 0) = ? ORDER BY name")
        try statement.bind([.integer(parent ?? 0)])
        defer { statement.reset() }
        var children: [(id: Int64, name: String)] = []
        while try statement.step() {
            children.append((statement.int64(at: 0), statement.text(at: 1)))
        }
        return children
    }

    /// Adds a place named `name` (already checked) in `parent`.
    ///
    /// - Returns: its id.
    public func insert(name: String, parent: Int64?, at time: Timestamp) throws -> Int64 {
        let statement = try database.cachedStatement(
            """
            INSERT INTO places (parent_id, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
            RETURNING id
            """)
        try statement.bind([
            parent.map { .integer($0) } ?? .null, .text(name),
            .integer(time.millisecondsSince1970),
        ])
        defer { statement.reset() }
        guard try statement.step() else { throw StoreError.damaged("a place was not added") }
        return statement.int64(at: 0)
    }

    /// Renames the place `id` and puts it in `parent`.
    public func update(id: Int64, name: String, parent: Int64?, at time: Timestamp) throws {
        try database.cachedStatement(
            "UPDATE places SET name = ?2, parent_id = ?3, updated_at = ?4 WHERE id = ?1"
        ).runOnce([
            .integer(id), .text(name), parent.map { .integer($0) } ?? .null,
            .integer(time.millisecondsSince1970),
        ])
    }

    /// Deletes the place `id` (it holds no place).
    public func delete(id: Int64) throws {
        try database.cachedStatement("DELETE FROM places WHERE id = ?").runOnce([.integer(id)])
    }

    /// What every item is worth together (worth × quantity, minor units).
    public func totalWorth() throws -> Int128 {
        let statement = try database.cachedStatement(
            "SELECT coalesce(value, price), quantity FROM items WHERE coalesce(value, price) > 0"
                + " AND left_on IS NULL")
        defer { statement.reset() }
        var total: Int128 = 0
        while try statement.step() {
            total += Int128(statement.optionalInt64(at: 0) ?? 0) * Int128(statement.int64(at: 1))
        }
        return total
    }

    /// Every location items are at, with how many items are there and their total worth
    /// (worth × quantity, minor units).
    public func locationTotals() throws -> [String: (count: Int, worth: Int128)] {
        let statement = try database.cachedStatement(
            "SELECT location, coalesce(value, price), quantity FROM items WHERE location IS NOT NULL"
                + " AND left_on IS NULL")
        defer { statement.reset() }
        var totals: [String: (count: Int, worth: Int128)] = [:]
        while try statement.step() {
            let worth = Int128(statement.optionalInt64(at: 1) ?? 0) * Int128(statement.int64(at: 2))
            totals[statement.text(at: 0), default: (0, 0)].count += 1
            totals[statement.text(at: 0), default: (0, 0)].worth += worth
        }
        return totals
    }
}

extension Place {
    /// The order of places: by path, case-insensitively, each name before the names under it.
    fileprivate var sortKey: [String] { PlacePath.names(of: path).map(TextFolding.fold) }
}
