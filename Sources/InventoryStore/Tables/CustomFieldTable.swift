import Foundation
public import InventoryModel

/// The household's own fields (`Migrations/0022_custom_fields.sql`): their definitions. Items
/// hold their values (`items.custom`).
public struct CustomFieldTable {
    /// The connection of the inventory's database.
    let database: Database

    /// Every field, in the order they were defined.
    public func all() throws -> [CustomField] {
        let statement = try database.cachedStatement(
            """
            SELECT id, name, kind, options, required_tag, minimum, maximum
            FROM custom_fields ORDER BY id
            """)
        defer { statement.reset() }
        var fields: [CustomField] = []
        while try statement.step() {
            let kind: CustomField.Kind
            switch statement.text(at: 2) {
            case "text": kind = .text
            case "number": kind = .number
            case "money": kind = .money
            case "date": kind = .date
            case "flag": kind = .flag
            case "choice":
                guard let text = statement.optionalText(at: 3),
                    let options = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                        as? [String], !options.isEmpty
                else { throw StoreError.damaged("the options of a field are not valid") }
                kind = .choice(options)
            case let other: throw StoreError.damaged("a field of an unknown kind \(other)")
            }
            fields.append(
                CustomField(
                    id: statement.int64(at: 0), name: statement.text(at: 1), kind: kind,
                    requiredForTag: statement.optionalText(at: 4),
                    minimum: statement.isNull(at: 5) ? nil : statement.double(at: 5),
                    maximum: statement.isNull(at: 6) ? nil : statement.double(at: 6)))
        }
        return fields
    }

    /// Stores a new field (its id is given) and returns it.
    public func insert(_ field: CustomField, at time: Timestamp) throws -> CustomField {
        let kind: String
        var options: DatabaseValue = .null
        switch field.kind {
        case .text: kind = "text"
        case .number: kind = "number"
        case .money: kind = "money"
        case .date: kind = "date"
        case .flag: kind = "flag"
        case .choice(let list):
            kind = "choice"
            let data = try JSONSerialization.data(withJSONObject: list)
            options = .text(String(decoding: data, as: UTF8.self))
        }
        try database.cachedStatement(
            """
            INSERT INTO custom_fields (name, key, kind, options, required_tag, minimum, maximum,
                created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).runOnce([
            .text(field.name), .text(field.key), .text(kind), options,
            field.requiredForTag.map { .text($0) } ?? .null,
            field.minimum.map { .real($0) } ?? .null, field.maximum.map { .real($0) } ?? .null,
            .integer(time.millisecondsSince1970),
        ])
        return CustomField(
            id: database.lastInsertedRowID, name: field.name, kind: field.kind,
            requiredForTag: field.requiredForTag, minimum: field.minimum,
            maximum: field.maximum)
    }

    /// Gives the field `id` the name `name`, keyed `key` (its items' values move with it:
    /// the caller rewrites them).
    public func rename(id: Int64, to name: String, key: String) throws {
        try database.cachedStatement("UPDATE custom_fields SET name = ?, key = ? WHERE id = ?")
            .runOnce([.text(name), .text(key), .integer(id)])
    }

    /// Deletes the field `id`.
    public func delete(id: Int64) throws {
        try database.cachedStatement("DELETE FROM custom_fields WHERE id = ?").runOnce([
            .integer(id)
        ])
    }

    /// The ids of the items that hold a value of the field keyed `key`.
    public func itemIDs(holding key: String) throws -> [Int64] {
        let statement = try database.cachedStatement(
            "SELECT id FROM items WHERE custom != '{}' AND json_extract(custom, ?) IS NOT NULL")
        try statement.bind([.text(Self.path(key))])
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    /// The JSON path of the value keyed `key` in `items.custom`: `$."fuel type"` (a name
    /// holds no quote or backslash: `CustomField.checkName`).
    public static func path(_ key: String) -> String {
        "$.\"" + key + "\""
    }
}
