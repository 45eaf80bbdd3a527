import InventoryModel
import InventoryStore

/// Validates an item form against the inventory and saves it: adds a new item, or edits the
/// one the form was opened on, only the fields that were changed, refusing if someone else
/// changed the item meanwhile.
public final class ItemSaver: ItemFormDelegate {
    private let manager: InventoryManager

    /// A saver that validates against and saves to the inventory of `manager`.
    public init(manager: InventoryManager) {
        self.manager = manager
    }

    /// Adds the item the form describes, or saves the fields changed in the item it edits;
    /// refuses with the problems of each field, or if the item was changed meanwhile.
    public func itemForm(
        _ form: ItemFormController, didSubmit texts: [ItemFormField: String], luxury: Bool,
        insured: Bool
    ) -> ItemFormResult {
        var problems: [ItemFormProblem] = []
        func text(_ field: ItemFormField) -> String { texts[field] ?? "" }
        func parse<Value>(_ field: ItemFormField, _ body: (String) throws -> Value?) -> Value? {
            do { return try body(text(field)) } catch {
                problems.append(ItemFormProblem(field: field, message: Self.reason(error)))
                return nil
            }
        }
        let price = parse(.price) { try ValueParser.price($0, currency: manager.currency) }
        let date = parse(.purchased) { try ValueParser.date($0) }
        let quantity = parse(.quantity) { try ValueParser.quantity($0) }
        let value = parse(.value) {
            try ValueParser.price($0, currency: manager.currency, field: .value)
        }
        let warranty = parse(.warrantyUntil) { try ValueParser.date($0, field: .warrantyUntil) }
        let tags = ItemFormController.tags(fromText: text(.tags))
        // Every field's rule at once, so a form shows every problem in one submission (a
        // value that did not parse is already refused above).
        var whole = ItemDraft(
            name: text(.name), description: text(.description), price: price,
            purchaseDate: date, quantity: quantity ?? 1, location: text(.location),
            brand: text(.brand), model: text(.model), serialNumber: text(.serial),
            notes: text(.notes), replacementValue: value, purchasedFrom: text(.purchasedFrom),
            warrantyUntil: warranty, tags: tags)
        whole.reviewedAt = nil
        for error in whole.problems(currency: manager.currency, today: manager.today()) {
            let field = Self.field(of: error)
            guard !problems.contains(where: { $0.field == field && field != nil }) else {
                continue
            }
            problems.append(ItemFormProblem(field: field, message: Self.reason(error)))
        }
        guard problems.isEmpty else { return .refused(problems) }
        do {
            if let original = form.original {
                let before = ItemFormController.texts(of: original)
                var patch = ItemPatch()
                func changed(_ field: ItemFormField) -> Bool { text(field) != before[field] }
                if changed(.name) { patch.name = text(.name) }
                if changed(.price) { patch.price = .some(price) }
                if changed(.purchased) { patch.purchaseDate = .some(date) }
                if changed(.quantity) { patch.quantity = quantity ?? 1 }
                if changed(.location) { patch.location = .some(text(.location)) }
                if changed(.brand) { patch.brand = .some(text(.brand)) }
                if changed(.model) { patch.model = .some(text(.model)) }
                if changed(.serial) { patch.serialNumber = .some(text(.serial)) }
                if changed(.description) { patch.description = .some(text(.description)) }
                if changed(.notes) { patch.notes = .some(text(.notes)) }
                if luxury != original.isLuxury { patch.isLuxury = luxury }
                if insured != original.isInsured { patch.isInsured = insured }
                if changed(.value) { patch.replacementValue = .some(value) }
                if changed(.purchasedFrom) { patch.purchasedFrom = .some(text(.purchasedFrom)) }
                if changed(.warrantyUntil) { patch.warrantyUntil = .some(warranty) }
                if changed(.tags) {
                    patch.removesAllTags = true
                    patch.addedTags = tags
                }
                if form.hasLifetimeWarranty != original.hasLifetimeWarranty {
                    patch.hasLifetimeWarranty = form.hasLifetimeWarranty
                }
                if form.isScheduled != original.isScheduled { patch.isScheduled = form.isScheduled }
                return .accepted(
                    try manager.edit(id: original.id, patch, expectedVersion: original.version))
            }
            var draft = ItemDraft(
                name: text(.name), description: text(.description), price: price,
                purchaseDate: date,
                isLuxury: luxury, isInsured: insured, quantity: quantity ?? 1,
                location: text(.location),
                brand: text(.brand), model: text(.model), serialNumber: text(.serial),
                notes: text(.notes), replacementValue: value,
                purchasedFrom: text(.purchasedFrom), warrantyUntil: warranty,
                hasLifetimeWarranty: form.hasLifetimeWarranty, tags: tags)
            draft.isScheduled = form.isScheduled
            return .accepted(try manager.add(draft))
        } catch let error as InventoryError {
            return .refused([
                ItemFormProblem(
                    field: Self.field(of: error), message: Self.reason(error), cause: error)
            ])
        } catch {
            return .refused([ItemFormProblem(field: nil, message: ErrorMessage.text(error))])
        }
    }

    /// The field an error is about, if any.
    static func field(of error: InventoryError) -> ItemFormField? {
        switch error {
        case .missingName: .name
        case .invalidValue(let field, _, _): ItemFormField(field)
        default: nil
        }
    }

    /// The part of an error worth showing next to its field.
    static func reason(_ error: any Error) -> String {
        if case InventoryError.invalidValue(_, _, let reason) = error { return reason }
        if case InventoryError.missingName = error { return "required" }
        return ErrorMessage.text(error)
    }
}
