import InventoryModel
import InventoryStore

/// A field of the item form.
public enum ItemFormField: String, CaseIterable, Sendable, Hashable {
    /// The item's name.
    case name
    /// The price of one.
    case price
    /// The replacement value: what it would cost to replace today.
    case value
    /// The day it was bought.
    case purchased
    /// The shop or person it was bought from.
    case purchasedFrom
    /// How many of the item there are.
    case quantity
    /// The room or place where it is kept.
    case location
    /// The brand or manufacturer.
    case brand
    /// The model name or number.
    case model
    /// The serial number.
    case serial
    /// The tags, separated by commas.
    case tags
    /// The last day of the warranty.
    case warrantyUntil
    /// A longer description.
    case description
    /// Free notes.
    case notes
    /// The yes/no box for a luxury item.
    case luxury
    /// The yes/no box for an insured item.
    case insured
    /// The yes/no box for a lifetime warranty.
    case lifetimeWarranty
    /// The yes/no box for an item the policy lists on a rider.
    case scheduled

    /// The item's field the form field edits.
    public var itemField: ItemField { Self.itemFields[self]! }

    /// Each form field's item field: the one with its key (`purchased` edits `purchaseDate`).
    private static let itemFields: [ItemFormField: ItemField] = Dictionary(
        uniqueKeysWithValues: allCases.map { field in
            let key = field == .purchased ? "purchaseDate" : field.rawValue
            guard let itemField = ItemField.field(named: key) else {
                preconditionFailure("no item field \(key)")
            }
            return (field, itemField)
        })

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
