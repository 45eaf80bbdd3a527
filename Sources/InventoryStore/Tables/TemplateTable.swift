public import InventoryModel

/// Templates for new items (`Migrations/0023_templates.sql`).
public struct TemplateTable {
    /// The connection of the inventory's database.
    let database: Database
    /// The currency their amounts are in.
    let currency: Currency

    /// Every template, by name.
    ///
    /// - Throws: `StoreError.damaged` for defaults that are not a template's.
    public func all() throws -> [ItemTemplate] {
        let statement = try database.cachedStatement(
            "SELECT name, defaults FROM item_templates ORDER BY key")
        defer { statement.reset() }
        var templates: [ItemTemplate] = []
        while try statement.step() {
            let name = statement.text(at: 0)
            guard
                let template = ItemTemplate(
                    name: name, storedJSON: statement.text(at: 1), currency: currency)
            else { throw StoreError.damaged("the template \(name) is not valid") }
            templates.append(template)
        }
        return templates
    }

    /// Stores `template`, replacing the one of the same name (in any case).
    public func save(_ template: ItemTemplate, at time: Timestamp) throws {
        try database.cachedStatement(
            """
            INSERT INTO item_templates (name, key, defaults, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?4)
            ON CONFLICT (key) DO UPDATE SET name = ?1, defaults = ?3, updated_at = ?4
            """
        ).runOnce([
            .text(template.name), .text(template.key), .text(template.storedJSON),
            .integer(time.millisecondsSince1970),
        ])
    }

    /// Deletes the template keyed `key`; whether there was one.
    public func delete(key: String) throws -> Bool {
        try database.cachedStatement("DELETE FROM item_templates WHERE key = ?").runOnce([
            .text(key)
        ])
        return database.changedRowCount == 1
    }
}
