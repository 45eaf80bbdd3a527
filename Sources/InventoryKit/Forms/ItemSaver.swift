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
        var ticked = form.ticked
        if luxury { ticked.insert(.luxury) } else { ticked.remove(.luxury) }
        if insured { ticked.insert(.insured) } else { ticked.remove(.insured) }
        // Each field's value as typed, parsed by its kind (nil: it did not parse).
        var values: [ItemFormField: ItemFieldValue] = [:]
        for field in ItemFormField.allCases {
            if field.isFlag {
                values[field] = .flag(ticked.contains(field))
                continue
            }
            do {
                values[field] = try ValueParser.value(
                    of: field.itemField, from: texts[field] ?? "", currency: manager.currency)
            } catch {
                problems.append(ItemFormProblem(field: field, message: Self.reason(error)))
            }
        }
        // Every field's rule at once, so a form shows every problem in one submission (a
        // value that did not parse is already refused above).
        var whole = ItemDraft(name: "")
        for (field, value) in values { field.itemField.set(value, on: &whole.item) }
        whole.setCustomFields(form.ownTexts)
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
                for (field, value) in values {
                    if field.isFlag {
                        if value != field.itemField.value(of: original) {
                            patch.set(field.itemField, to: value)
                        }
                    } else if texts[field] ?? "" != before[field] {
                        if case .tags(let tags) = value {
                            patch.removesAllTags = true
                            patch.addedTags = tags
                        } else {
                            patch.set(field.itemField, to: value)
                        }
                    }
                }
                for (key, text) in form.ownTexts
                where text.trimmingWhitespace() != (original.customFields[key] ?? "") {
                    patch.customFields[key] = text
                }
                return .accepted(
                    try manager.edit(id: original.id, patch, expectedVersion: original.version))
            }
            return .accepted(try manager.add(whole))
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
