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

    /// The label shown before the field.
    public var label: String {
        switch self {
        case .name: "Name"
        case .price: "Price"
        case .value: "Value"
        case .purchased: "Purchased"
        case .purchasedFrom: "Bought from"
        case .quantity: "Quantity"
        case .location: "Location"
        case .brand: "Brand"
        case .model: "Model"
        case .serial: "Serial"
        case .tags: "Tags"
        case .warrantyUntil: "Warranty to"
        case .description: "Description"
        case .notes: "Notes"
        case .luxury: "Luxury"
        case .insured: "Insured"
        case .lifetimeWarranty: "Lifetime"
        case .scheduled: "Rider"
        }
    }

    /// Whether the field is a yes/no box rather than text.
    public var isFlag: Bool {
        self == .luxury || self == .insured || self == .lifetimeWarranty || self == .scheduled
    }

    /// The form field of a value refused for `field`; nil for one the form does not have.
    public init?(_ field: ValueField) {
        switch field {
        case .name: self = .name
        case .price: self = .price
        case .purchaseDate: self = .purchased
        case .quantity: self = .quantity
        case .location: self = .location
        case .brand: self = .brand
        case .model: self = .model
        case .serial: self = .serial
        case .description: self = .description
        case .notes: self = .notes
        case .value: self = .value
        case .purchasedFrom: self = .purchasedFrom
        case .warrantyUntil: self = .warrantyUntil
        case .tag: self = .tags
        case .reviewedAt, .title, .incidentDate, .other: return nil
        }
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
