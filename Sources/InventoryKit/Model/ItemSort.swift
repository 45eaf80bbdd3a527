/// The order of a view or a listing. Ties are broken by id, so every order is total.
public enum ItemSort: String, Sendable, Hashable, CaseIterable {
    /// By name, case-insensitively (`nameSortKey`), then id. The default.
    case name
    /// By price, items without a price last, then id.
    case price
    /// By purchase date, items without one last, then id.
    case purchased
    /// By id: the order items were added in.
    case id
}

/// Where an item falls in an `ItemSort` order: compare two keys to order two items.
public struct SortKey: Sendable, Hashable, Comparable {
    // Only one of `text` and `number` is used, depending on the sort.
    @usableFromInline let text: String
    @usableFromInline let number: Int64
    @usableFromInline let id: Int64

    @usableFromInline
    init(text: String = "", number: Int64 = 0, id: Int64) {
        self.text = text
        self.number = number
        self.id = id
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

    /// The key of `item` in `sort` order.
    public init(_ item: HouseholdItem, sort: ItemSort) {
        switch sort {
        case .name:
            self.init(text: item.nameSortKey, id: item.id)
        case .price:
            self.init(number: item.price?.minorUnits ?? .max, id: item.id)
        case .purchased:
            self.init(number: item.purchaseDate?.ordinal ?? .max, id: item.id)
        case .id:
            self.init(id: item.id)
        }
    }

    /// Orders by the text's UTF-8 bytes (as SQLite's BINARY collation does), then the number,
    /// then the id.
    @inlinable
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if !lhs.text.utf8.elementsEqual(rhs.text.utf8) {
            return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
        }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        return lhs.id < rhs.id
    }
}
