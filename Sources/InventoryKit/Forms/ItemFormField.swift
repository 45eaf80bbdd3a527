public import InventoryModel
import InventoryStore

/// A field of the item form: one of an item's fields (`ItemField.all`) that a person types or
/// ticks — every one but the day it was last reviewed, which `review` sets. A field added to
/// `ItemField.all` is a field of the form with nothing more to write.
public struct ItemFormField: RawRepresentable, CaseIterable, Sendable, Hashable {
    /// The field's name in a web form: its key (`ItemField.key`), but `purchased` for the day
    /// it was bought.
    public let rawValue: String

    /// The form's field named `rawValue`, if the form has one.
    public init?(rawValue: String) {
        guard Self.itemFields[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(named name: String) { rawValue = name }

    /// The item's name.
    public static let name = ItemFormField(named: "name")
    /// The price of one.
    public static let price = ItemFormField(named: "price")
    /// The replacement value: what it would cost to replace today.
    public static let value = ItemFormField(named: "value")
    /// The day it was bought.
    public static let purchased = ItemFormField(named: "purchased")
    /// The shop or person it was bought from.
    public static let purchasedFrom = ItemFormField(named: "purchasedFrom")
    /// How many of the item there are.
    public static let quantity = ItemFormField(named: "quantity")
    /// The room or place where it is kept.
    public static let location = ItemFormField(named: "location")
    /// The brand or manufacturer.
    public static let brand = ItemFormField(named: "brand")
    /// The model name or number.
    public static let model = ItemFormField(named: "model")
    /// The serial number.
    public static let serial = ItemFormField(named: "serial")
    /// The tags, separated by commas.
    public static let tags = ItemFormField(named: "tags")
    /// The last day of the warranty.
    public static let warrantyUntil = ItemFormField(named: "warrantyUntil")
    /// A longer description.
    public static let description = ItemFormField(named: "description")
    /// Free notes.
    public static let notes = ItemFormField(named: "notes")
    /// The yes/no box for a luxury item.
    public static let luxury = ItemFormField(named: "luxury")
    /// The yes/no box for an insured item.
    public static let insured = ItemFormField(named: "insured")
    /// The yes/no box for a lifetime warranty.
    public static let lifetimeWarranty = ItemFormField(named: "lifetimeWarranty")
    /// The yes/no box for an item the policy lists on a rider.
    public static let scheduled = ItemFormField(named: "scheduled")

    /// The fields in the order the form was first drawn with.
    private static let drawn: [ItemFormField] = [
        .name, .price, .value, .purchased, .purchasedFrom, .quantity, .location, .brand, .model,
        .serial, .tags, .warrantyUntil, .description, .notes, .luxury, .insured,
        .lifetimeWarranty, .scheduled,
    ]

    /// Every field, top to bottom: those the form was first drawn with, and each field of an
    /// item added since, its text fields before the yes/no boxes and its boxes last.
    public static let allCases: [ItemFormField] = {
        let drawnKeys = Set(drawn.map { $0.itemField.key })
        let added = ItemField.all.filter { $0.isTypedInForms && !drawnKeys.contains($0.key) }
            .map { ItemFormField(named: $0.key) }
        let boxes = drawn.firstIndex(where: \.isFlag) ?? drawn.endIndex
        return Array(drawn[..<boxes]) + added.filter { !$0.isFlag } + drawn[boxes...]
            + added.filter(\.isFlag)
    }()

    /// The item's field the form field edits.
    public var itemField: ItemField {
        guard let field = Self.itemFields[rawValue] else {
            preconditionFailure("no item field for the form's \(rawValue)")
        }
        return field
    }

    /// Each form field's item field by the form field's name: the one with its key
    /// (`purchased` edits `purchaseDate`).
    private static let itemFields: [String: ItemField] = {
        var fields: [String: ItemField] = [:]
        for field in ItemField.all where field.isTypedInForms {
            fields[field.key == "purchaseDate" ? "purchased" : field.key] = field
        }
        return fields
    }()

    /// The label shown before the field.
    public var label: String { itemField.label }

    /// Whether the field is a yes/no box rather than text.
    public var isFlag: Bool {
        if case .flag = itemField.kind { true } else { false }
    }

    /// The form field of a value refused for `field`; nil for one the form does not have.
    public init?(_ field: ValueField) {
        guard let found = Self.allCases.first(where: { $0.itemField.valueField == field })
        else { return nil }
        self = found
    }
}

/// Something that stops the form from being saved: about one field, or the whole form.
public struct ItemFormProblem: Sendable, Hashable {
    /// The field the problem is about; nil when it is about the whole form.
    public let field: ItemFormField?
    /// What is wrong, in words.
    public let message: String
    /// The inventory's error behind the problem, when there is one: the value to branch on
    /// (an edit made from an old copy, a file that cannot be written), never the message.
    public let cause: InventoryError?

    /// A problem with `field` (nil: the whole form), described by `message`, caused by
    /// `cause`.
    public init(field: ItemFormField?, message: String, cause: InventoryError? = nil) {
        self.field = field
        self.message = message
        self.cause = cause
    }
}
