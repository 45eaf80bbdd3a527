public import InventoryModel

/// Imported places (`Migrations/0014_imported_places.sql`): the places an export lists as rows
/// of their own, remembered by their id in the program that wrote it.
public struct ImportedPlaceTable {
    /// The connection of the inventory's database.
    let database: Database

    /// The place `sourceID` of `source`, if an import recorded it.
    public func place(source: String, sourceID: String) throws -> ImportedPlace? {
        let statement = try database.cachedStatement(
            """
            SELECT name, parent_path, path, description, import_ref FROM imported_places
            WHERE source = ? AND source_id = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(source), .text(sourceID)])
        guard try statement.step() else { return nil }
        return ImportedPlace(
            source: source, sourceID: sourceID, name: statement.text(at: 0),
            parentPath: statement.optionalText(at: 1), path: statement.text(at: 2),
            description: statement.optionalText(at: 3), importRef: statement.optionalText(at: 4))
    }

    /// Every imported place, by source and path.
    public func all() throws -> [ImportedPlace] {
        let statement = try database.cachedStatement(
            """
            SELECT source, source_id, name, parent_path, path, description, import_ref
            FROM imported_places ORDER BY source, path, source_id
            """)
        defer { statement.reset() }
        var places: [ImportedPlace] = []
        while try statement.step() {
            places.append(
                ImportedPlace(
                    source: statement.text(at: 0), sourceID: statement.text(at: 1),
                    name: statement.text(at: 2), parentPath: statement.optionalText(at: 3),
                    path: statement.text(at: 4), description: statement.optionalText(at: 5),
                    importRef: statement.optionalText(at: 6)))
        }
        return places
    }

    /// Records `place` as an import found it at `now` (milliseconds): added when it was not
    /// known, changed when what is known of it differs.
    ///
    /// - Returns: what changed.
    @discardableResult
    public func record(_ place: ImportedPlace, now: Int64) throws
        -> ImportedPlaceChange
    {
        let known = try self.place(source: place.source, sourceID: place.sourceID)
        if known == place { return .unchanged }
        let statement = try database.cachedStatement(
            """
            INSERT INTO imported_places (source, source_id, name, parent_path, path, description,
                import_ref, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source, source_id) DO UPDATE SET name = excluded.name,
                parent_path = excluded.parent_path, path = excluded.path,
                description = excluded.description, import_ref = excluded.import_ref,
                updated_at = excluded.updated_at
            """)
        defer { statement.reset() }
        try statement.bind([
            .text(place.source), .text(place.sourceID), .text(place.name),
            place.parentPath.map(DatabaseValue.text) ?? .null, .text(place.path),
            place.description.map(DatabaseValue.text) ?? .null,
            place.importRef.map(DatabaseValue.text) ?? .null, .integer(now), .integer(now),
        ])
        _ = try statement.step()
        return known == nil ? .added : .changed
    }
}
