public import InventoryModel
import InventoryStore

// The household's own fields (`CustomField`): defined once per inventory, their values held by
// the items and checked by every add, edit and import (`CustomField.validate`).
extension InventoryManager {
    /// The household's own fields, in the order they were defined.
    public func customFields() throws -> [CustomField] {
        try withStore { try $0.database.customFields.all() }
    }

    /// Defines a field of the household's own.
    ///
    /// - Parameters:
    ///   - name: 1 to 60 characters, no quote or backslash, unlike every field's name (its own
    ///     and the built-in ones', in any case).
    ///   - kind: what it holds; a choice lists 1 to 100 options, each once.
    ///   - requiredForTag: items with this tag must have a value.
    ///   - minimum: the least a number or an amount may be.
    ///   - maximum: the most.
    /// - Throws: `InventoryError.invalidValue` naming what is wrong; nothing is written then.
    @discardableResult
    public func defineCustomField(
        name: String, kind: CustomField.Kind, requiredForTag: String? = nil,
        minimum: Double? = nil, maximum: Double? = nil
    ) throws -> CustomField {
        let field = try Self.checked(
            CustomField(
                id: 0, name: name, kind: kind, requiredForTag: requiredForTag, minimum: minimum,
                maximum: maximum))
        return try withStore { store in
            try store.database.write {
                if try store.database.customFields.all().contains(where: { $0.key == field.key }) {
                    throw InventoryError.invalidValue(
                        field: .other("name"), value: name, reason: "a field has this name already")
                }
                return try store.database.customFields.insert(field, at: Timestamp(clock()))
            }
        }
    }

    /// `field` checked as a new field: its name (`customFieldName`), its options (1 to 100,
    /// each once), its tag, and a range only for a number or an amount, the least not above
    /// the most.
    static func checked(_ field: CustomField) throws -> CustomField {
        let name = try customFieldName(field.name)
        var kind = field.kind
        if case .choice(let options) = kind {
            var seen: Set<String> = []
            let checked = try options.compactMap {
                try ItemValidation.text($0, field: .other("option"), limit: 60)
            }
            guard !checked.isEmpty, checked.count <= 100,
                checked.allSatisfy({ seen.insert(TextFolding.fold($0)).inserted })
            else {
                throw InventoryError.invalidValue(
                    field: .other("options"), value: options.joined(separator: ","),
                    reason: "a choice lists 1 to 100 options, each once")
            }
            kind = .choice(checked)
        }
        let tag = try field.requiredForTag.map { try ItemValidation.tag($0) }
        if field.minimum != nil || field.maximum != nil {
            switch kind {
            case .number, .money: break
            default:
                throw InventoryError.invalidValue(
                    field: .other("range"), value: name,
                    reason: "only a number or an amount has a least and a most")
            }
            if let minimum = field.minimum, let maximum = field.maximum, minimum > maximum {
                throw InventoryError.invalidValue(
                    field: .other("range"), value: "\(minimum)…\(maximum)",
                    reason: "the least is above the most")
            }
        }
        return CustomField(
            id: 0, name: name, kind: kind, requiredForTag: tag, minimum: field.minimum,
            maximum: field.maximum)
    }

    /// Removes the field named `name` (in any case), and its value from every item that has
    /// one, in one journaled write.
    ///
    /// - Returns: the field, and how many items lost a value.
    /// - Throws: `InventoryError.invalidValue` when there is no such field.
    @discardableResult
    public func removeCustomField(named name: String) throws -> (field: CustomField, items: Int) {
        let key = CustomField.key(name)
        let now = Timestamp(clock())
        let (field, edits) = try write(at: now, keepingUnjournaled: true) {
            store -> (CustomField, [ItemEdit]) in
            guard let field = try store.database.customFields.all().first(where: { $0.key == key })
            else {
                throw InventoryError.invalidValue(
                    field: .other("field"), value: name,
                    reason: "no such field of this inventory ('inventory fields' lists them)")
            }
            var edits: [ItemEdit] = []
            for id in try store.database.customFields.itemIDs(holding: key) {
                guard let before = try store.database.items.item(id: id) else { continue }
                var after = before
                after.customFields[key] = nil
                after.version = before.version + 1
                after.updatedAt = max(now, before.updatedAt)
                try store.database.items.update(&after, from: before)
                edits.append(ItemEdit(before: before, after: after))
            }
            try store.database.customFields.delete(id: field.id)
            return (field, edits)
        } changes: { result, first in
            ItemEdit.changes(result.1, from: first)
        }
        return (field, edits.count)
    }

    /// Renames the field of the household's own named `name` (in any case) to `newName`: the
    /// items and the templates that hold a value keep it under the new name, each item changed
    /// in one journaled write (its history says so). A views file that filters on the old name
    /// goes on naming it: edit it too.
    ///
    /// - Returns: the field as renamed, and how many items held a value.
    /// - Throws: `InventoryError.invalidValue` when there is no such field, or the new name is
    ///   another field's, a built-in field's, or no name; nothing is written then.
    @discardableResult
    public func renameCustomField(named name: String, to newName: String) throws
        -> (field: CustomField, items: Int)
    {
        let key = CustomField.key(name)
        let newName = try Self.customFieldName(newName)
        let newKey = CustomField.key(newName)
        let now = Timestamp(clock())
        let (field, edits) = try write(at: now, keepingUnjournaled: true) {
            store -> (CustomField, [ItemEdit]) in
            let fields = try store.database.customFields.all()
            guard let field = fields.first(where: { $0.key == key }) else {
                throw InventoryError.invalidValue(
                    field: .other("field"), value: name,
                    reason: "no such field of this inventory ('inventory fields' lists them)")
            }
            if newKey != key, fields.contains(where: { $0.key == newKey }) {
                throw InventoryError.invalidValue(
                    field: .other("name"), value: newName,
                    reason: "another field of this inventory has this name")
            }
            try store.database.customFields.rename(id: field.id, to: newName, key: newKey)
            let renamed = CustomField(
                id: field.id, name: newName, kind: field.kind,
                requiredForTag: field.requiredForTag, minimum: field.minimum,
                maximum: field.maximum)
            guard newKey != key else { return (renamed, []) }
            var edits: [ItemEdit] = []
            for id in try store.database.customFields.itemIDs(holding: key) {
                guard let before = try store.database.items.item(id: id) else { continue }
                var after = before
                after.customFields[newKey] = after.customFields.removeValue(forKey: key)
                after.version = before.version + 1
                after.updatedAt = max(now, before.updatedAt)
                try store.database.items.update(&after, from: before)
                edits.append(ItemEdit(before: before, after: after))
            }
            for var template in try store.database.templates.all() {
                guard let value = template.defaults.item.customFields.removeValue(forKey: key)
                else { continue }
                template.defaults.item.customFields[newKey] = value
                try store.database.templates.save(template, at: now)
            }
            return (renamed, edits)
        } changes: { result, first in
            ItemEdit.changes(result.1, from: first)
        }
        return (field, edits.count)
    }

    /// A new field's name, checked: trimmed, 1 to 60 characters, no control character, quote
    /// or backslash, and not the name of a built-in field or of what an item's JSON holds.
    static func customFieldName(_ typed: String) throws -> String {
        guard let name = try ItemValidation.text(typed, field: .other("name"), limit: 60) else {
            throw InventoryError.invalidValue(
                field: .other("name"), value: typed, reason: "a field needs a name")
        }
        guard !name.contains("\"") && !name.contains("\\") else {
            throw InventoryError.invalidValue(
                field: .other("name"), value: name, reason: "a name holds no quote or backslash")
        }
        let key = CustomField.key(name)
        let taken =
            ItemField.all.flatMap { [$0.key, $0.column, $0.label, $0.spreadsheetHeader] }
            + [
                "id", "photo", "files", "currency", "worth", "createdAt", "updatedAt", "version",
                "container", "ref", "import ref", "field", "fields",
            ]
        guard !taken.contains(where: { TextFolding.fold($0) == key }) else {
            throw InventoryError.invalidValue(
                field: .other("name"), value: name, reason: "a built-in field has this name")
        }
        return name
    }
}
