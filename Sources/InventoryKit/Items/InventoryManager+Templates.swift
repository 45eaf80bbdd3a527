public import InventoryModel
import InventoryStore

// Templates: named defaults for new items, which `add --template` and the add forms start
// from.
extension InventoryManager {
    /// Every template, by name.
    public func templates() throws -> [ItemTemplate] {
        try withStore { try $0.database.templates.all() }
    }

    /// The template named `name` (in any case), if any.
    public func template(named name: String) throws -> ItemTemplate? {
        let key = ItemTemplate.key(name)
        return try templates().first { $0.key == key }
    }

    /// Saves `template`, replacing the one of the same name (in any case). Its defaults are
    /// checked as an item's values are (an amount in the inventory's currency, a known field of
    /// the household's own, …).
    ///
    /// - Throws: `InventoryError.invalidValue` for a blank or long name, or a default that an
    ///   item could not take; nothing is written then.
    public func saveTemplate(_ template: ItemTemplate) throws {
        guard
            let name = try ItemValidation.text(template.name, field: .other("template"), limit: 60)
        else {
            throw InventoryError.invalidValue(
                field: .other("template"), value: template.name, reason: "a template needs a name")
        }
        let now = Timestamp(clock())
        try withStore { store in
            try store.database.write {
                var defaults = template.defaults
                // checked as the item it would make (its required fields are the item's to give)
                var probe = defaults
                probe.item.name = name
                let fields = try store.database.customFields.all().map { field in
                    CustomField(
                        id: field.id, name: field.name, kind: field.kind, minimum: field.minimum,
                        maximum: field.maximum)
                }
                let checked = try probe.validatedItem(
                    currency: currency, now: now, today: today(), fields: fields)
                defaults = ItemDraft(fieldsOf: checked)
                defaults.item.name = ""
                try store.database.templates.save(
                    ItemTemplate(name: name, defaults: defaults), at: now)
            }
        }
    }

    /// Removes the template named `name` (in any case).
    ///
    /// - Throws: `InventoryError.invalidValue` when there is none.
    public func removeTemplate(named name: String) throws {
        let removed = try withStore { store in
            try store.database.write {
                try store.database.templates.delete(key: ItemTemplate.key(name))
            }
        }
        guard removed else {
            throw InventoryError.invalidValue(
                field: .other("template"), value: name,
                reason: "no such template ('inventory templates' lists them)")
        }
    }
}
