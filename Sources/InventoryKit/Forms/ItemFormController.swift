import InventoryModel
import InventoryStore

/// A field of the item form.
public enum ItemFormField: String, CaseIterable, Sendable, Hashable {
    case name, price, purchased, quantity, location, brand, model, serial, description, notes
    case luxury, insured

    /// The label shown before the field.
    public var label: String {
        switch self {
        case .name: "Name"
        case .price: "Price"
        case .purchased: "Purchased"
        case .quantity: "Quantity"
        case .location: "Location"
        case .brand: "Brand"
        case .model: "Model"
        case .serial: "Serial"
        case .description: "Description"
        case .notes: "Notes"
        case .luxury: "Luxury"
        case .insured: "Insured"
        }
    }

    /// Whether the field is a yes/no box rather than text.
    public var isFlag: Bool { self == .luxury || self == .insured }
}

/// Something that stops the form from being saved: about one field, or the whole form.
public struct ItemFormProblem: Sendable, Hashable {
    public let field: ItemFormField?
    public let message: String

    public init(field: ItemFormField?, message: String) {
        self.field = field
        self.message = message
    }
}

/// What the form's delegate made of a submission.
public enum ItemFormResult: Sendable, Equatable {
    case accepted(HouseholdItem)
    case refused([ItemFormProblem])
}

/// Validates and saves what an item form submits; the form never saves itself.
public protocol ItemFormDelegate: AnyObject {
    func itemForm(
        _ form: ItemFormController, didSubmit texts: [ItemFormField: String], luxury: Bool,
        insured: Bool
    )
        -> ItemFormResult
}

/// The add / edit form: every field as typed, the problems of the last submission, and the
/// saved item. A refused submission keeps every character typed.
public final class ItemFormController {
    /// The item being edited, as it was read; nil when adding.
    public let original: HouseholdItem?
    /// Validates and saves.
    public weak var delegate: (any ItemFormDelegate)?
    /// Each text field as typed. Changing a field clears its problems: they were about what
    /// it held before.
    public var texts: [ItemFormField: String] {
        didSet {
            let changed = Set(ItemFormField.allCases.filter { texts[$0] != oldValue[$0] })
            problems.removeAll { $0.field.map(changed.contains) ?? false }
        }
    }
    public var isLuxury: Bool
    public var isInsured: Bool
    /// The field the cursor is on.
    public var currentField: ItemFormField = .name
    public private(set) var problems: [ItemFormProblem] = []
    public private(set) var savedItem: HouseholdItem?

    /// A form to add an item, or to edit `item`.
    public init(editing item: HouseholdItem? = nil) {
        original = item
        isLuxury = item?.isLuxury ?? false
        isInsured = item?.isInsured ?? false
        texts = [:]
        if let item { texts = Self.texts(of: item) }
    }

    /// The texts a form shows for `item`.
    public static func texts(of item: HouseholdItem) -> [ItemFormField: String] {
        [
            .name: item.name, .price: item.price?.decimalString ?? "",
            .purchased: item.purchaseDate?.description ?? "", .quantity: String(item.quantity),
            .location: item.location ?? "", .brand: item.brand ?? "", .model: item.model ?? "",
            .serial: item.serialNumber ?? "", .description: item.description ?? "",
            .notes: item.notes ?? "",
        ]
    }

    /// The problems of one field (nil: of the whole form).
    public func problems(for field: ItemFormField?) -> [ItemFormProblem] {
        problems.filter { $0.field == field }
    }

    /// Hands the fields to the delegate; on refusal everything stays as typed.
    @discardableResult
    public func submit() -> Bool {
        guard let delegate else { return false }
        switch delegate.itemForm(self, didSubmit: texts, luxury: isLuxury, insured: isInsured) {
        case .accepted(let item):
            savedItem = item
            problems = []
            return true
        case .refused(let refusals):
            problems = refusals
            return false
        }
    }
}

/// Validates an item form against the inventory and saves it: adds a new item, or edits the
/// one the form was opened on, only the fields that were changed, refusing if someone else
/// changed the item meanwhile.
public final class ItemSaver: ItemFormDelegate {
    private let manager: InventoryManager

    public init(manager: InventoryManager) {
        self.manager = manager
    }

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
                return .accepted(
                    try manager.edit(id: original.id, patch, expectedVersion: original.version))
            }
            let draft = ItemDraft(
                name: text(.name), description: text(.description), price: price,
                purchaseDate: date,
                isLuxury: luxury, isInsured: insured, quantity: quantity ?? 1,
                location: text(.location),
                brand: text(.brand), model: text(.model), serialNumber: text(.serial),
                notes: text(.notes))
            return .accepted(try manager.add(draft))
        } catch let error as InventoryError {
            return .refused([
                ItemFormProblem(field: Self.field(of: error), message: Self.reason(error))
            ])
        } catch {
            return .refused([ItemFormProblem(field: nil, message: String(describing: error))])
        }
    }

    /// The field an error is about, if any.
    static func field(of error: InventoryError) -> ItemFormField? {
        switch error {
        case .missingName: .name
        case .invalidValue(let field, _, _):
            switch field {
            case "name": .name
            case "price": .price
            case "purchase date": .purchased
            case "quantity": .quantity
            case "location": .location
            case "brand": .brand
            case "model": .model
            case "serial": .serial
            case "description": .description
            case "notes": .notes
            default: nil
            }
        default: nil
        }
    }

    /// The part of an error worth showing next to its field.
    static func reason(_ error: any Error) -> String {
        if case InventoryError.invalidValue(_, _, let reason) = error { return reason }
        if case InventoryError.missingName = error { return "required" }
        return String(describing: error)
    }
}
