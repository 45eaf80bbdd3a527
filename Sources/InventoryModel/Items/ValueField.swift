/// The field a value was refused for, named by a typed value so that a form can put the
/// problem beside the right field: an item's field, a claim's, or — for values that are
/// neither, such as a command-line option or a filter key — one known only by its name.
public enum ValueField: Sendable, Hashable {
    case name, description, price, purchaseDate, quantity, location, brand, model, serial, notes
    case value, purchasedFrom, warrantyUntil, reviewedAt, tag
    case title, incidentDate
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
