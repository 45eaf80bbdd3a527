/// The field a value was refused for, named by a typed value so that a form can put the
/// problem beside the right field: an item's field, a claim's, or — for values that are
/// neither, such as a command-line option or a filter key — one known only by its name.
public enum ValueField: Sendable, Hashable {
    /// An item's name.
    case name
    /// An item's description.
    case description
    /// An item's price.
    case price
    /// An item's purchase date.
    case purchaseDate
    /// An item's quantity.
    case quantity
    /// An item's location.
    case location
    /// An item's brand.
    case brand
    /// An item's model.
    case model
    /// An item's serial number.
    case serial
    /// An item's or a claim's notes.
    case notes
    /// An item's replacement value.
    case value
    /// Where an item was bought.
    case purchasedFrom
    /// The last day of an item's warranty.
    case warrantyUntil
    /// The day an item was last reviewed.
    case reviewedAt
    /// One of an item's tags.
    case tag
    /// A claim's title.
    case title
    /// A claim's incident date.
    case incidentDate
    /// A value that belongs to no item or claim field (`add-items`, `minPrice`).
    case other(String)
}

// MARK: - CustomStringConvertible

extension ValueField: CustomStringConvertible {
    /// The field as messages name it: `price`, `purchase date`.
    public var description: String {
        switch self {
        case .name: "name"
        case .description: "description"
        case .price: "price"
        case .purchaseDate: "purchase date"
        case .quantity: "quantity"
        case .location: "location"
        case .brand: "brand"
        case .model: "model"
        case .serial: "serial"
        case .notes: "notes"
        case .value: "value"
        case .purchasedFrom: "purchased from"
        case .warrantyUntil: "warranty date"
        case .reviewedAt: "review date"
        case .tag: "tag"
        case .title: "title"
        case .incidentDate: "incident date"
        case .other(let name): name
        }
    }
}
