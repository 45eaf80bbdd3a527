import InventoryModel
import InventoryStore

/// A field of the item form.
public enum ItemFormField: String, CaseIterable, Sendable, Hashable {
    case name, price, value, purchased, purchasedFrom, quantity, location, brand, model, serial
    case tags, warrantyUntil, description, notes
    case luxury, insured, lifetimeWarranty

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
        }
    }

    /// Whether the field is a yes/no box rather than text.
    public var isFlag: Bool { self == .luxury || self == .insured || self == .lifetimeWarranty }

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
    public let field: ItemFormField?
    public let message: String

    public init(field: ItemFormField?, message: String) {
        self.field = field
        self.message = message
    }
}
