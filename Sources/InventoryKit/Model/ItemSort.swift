/// The order of a view or a listing: a field, ascending or descending. Ties are broken by id
/// (ascending), and items without a price or a date come last either way, so every order is
/// total and the same in a live view and in SQL.
public struct ItemSort: Sendable, Hashable {
    /// What items are ordered by.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The name, case-insensitively (`nameSortKey`).
        case name
        /// The price of one.
        case price
        /// The purchase date.
        case purchased
        /// The id: the order items were added in.
        case id
    }

    /// The field.
    public var field: Field
    /// Whether the order is reversed.
    public var isDescending: Bool

    /// Creates an order.
    public init(_ field: Field, descending: Bool = false) {
        self.field = field
        self.isDescending = descending
    }

    /// By name, then id: the default.
    public static let name = ItemSort(.name)
    /// By price, cheapest first.
    public static let price = ItemSort(.price)
    /// By purchase date, oldest first.
    public static let purchased = ItemSort(.purchased)
    /// By id.
    public static let id = ItemSort(.id)
}

// MARK: - RawRepresentable

extension ItemSort: RawRepresentable {
    /// `name`, `price-desc`, …
    public init?(rawValue: String) {
        let descending = rawValue.hasSuffix("-desc")
        guard let field = Field(rawValue: descending ? String(rawValue.dropLast(5)) : rawValue)
        else { return nil }
        self.init(field, descending: descending)
    }

    public var rawValue: String { field.rawValue + (isDescending ? "-desc" : "") }
}

// MARK: - CaseIterable

extension ItemSort: CaseIterable {
    public static let allCases: [ItemSort] = Field.allCases.flatMap {
        [ItemSort($0), ItemSort($0, descending: true)]
    }
}

/// Where an item falls in an `ItemSort` order: compare two keys to order two items.
public struct SortKey: Sendable, Hashable, Comparable {
    // Only one of `text` and `number` is used, depending on the sort.
    @usableFromInline let text: String
    @usableFromInline let number: Int64
    @usableFromInline let id: Int64
    @usableFromInline let isTextDescending: Bool

    @usableFromInline
    init(text: String = "", number: Int64 = 0, id: Int64, isTextDescending: Bool = false) {
        self.text = text
        self.number = number
        self.id = id
        self.isTextDescending = isTextDescending
    }

    /// The key of `item` in `sort` order.
    public init(_ item: HouseholdItem, sort: ItemSort) {
        self.init(
            id: item.id, nameKey: item.nameSortKey, price: item.price?.minorUnits,
            purchaseDate: item.purchaseDate, sort: sort)
    }

    /// The key of an item with these fields in `sort` order; `nameKey` is only read for a
    /// sort by name.
    init(
        id: Int64, nameKey: @autoclosure () -> String, price: Int64?, purchaseDate: CalendarDate?,
        sort: ItemSort
    ) {
        let sign: Int64 = sort.isDescending ? -1 : 1
        switch sort.field {
        case .name:
            self.init(text: nameKey(), id: id, isTextDescending: sort.isDescending)
        case .price:
            self.init(number: price.map { $0 * sign } ?? .max, id: id)
        case .purchased:
            self.init(number: purchaseDate.map { $0.ordinal * sign } ?? .max, id: id)
        case .id:
            self.init(number: id * sign, id: id)
        }
    }

    /// Equal when the bytes are equal: two spellings of "é" (composed or not) are different
    /// keys, as they are to SQLite.
    @inlinable
    public static func == (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.id == rhs.id && lhs.number == rhs.number && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(number)
        for byte in text.utf8 { hasher.combine(byte) }
    }

    /// Orders by the text's UTF-8 bytes (as SQLite's BINARY collation does), then the number,
    /// then the id.
    @inlinable
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if !lhs.text.utf8.elementsEqual(rhs.text.utf8) {
            return lhs.isTextDescending
                ? rhs.text.utf8.lexicographicallyPrecedes(lhs.text.utf8)
                : lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
        }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        return lhs.id < rhs.id
    }
}
