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
        /// What one is worth: the replacement value, else the price.
        case worth
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
    /// By worth (replacement value, else price), least first.
    public static let worth = ItemSort(.worth)
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

    /// The field's name, followed by `-desc` when descending: `price-desc`.
    public var rawValue: String { field.rawValue + (isDescending ? "-desc" : "") }
}

// MARK: - CaseIterable

extension ItemSort: CaseIterable {
    /// Each field in the order of `Field.allCases`, ascending and then descending.
    public static let allCases: [ItemSort] = Field.allCases.flatMap {
        [ItemSort($0), ItemSort($0, descending: true)]
    }
}

/// Where an item falls in an `ItemSort` order: compare two keys to order two items.
public struct SortKey: Sendable, Hashable, Comparable {
    // Only one of `text` and `number` is used, depending on the sort.
    @usableFromInline package let text: String
    @usableFromInline package let number: Int64
    @usableFromInline package let id: Int64
    @usableFromInline package let isTextDescending: Bool

    @usableFromInline
    package init(text: String = "", number: Int64 = 0, id: Int64, isTextDescending: Bool = false) {
        self.text = text
        self.number = number
        self.id = id
        self.isTextDescending = isTextDescending
    }

    /// The key of `item` in `sort` order.
    public init(_ item: HouseholdItem, sort: ItemSort) {
        self.init(
            id: item.id, nameKey: item.nameSortKey, price: item.price?.minorUnits,
            worth: item.worth?.minorUnits, purchaseDate: item.purchaseDate, sort: sort)
    }

    /// The key of an item with these fields in `sort` order; `nameKey` is only read for a
    /// sort by name.
    package init(
        id: Int64, nameKey: @autoclosure () -> String, price: Int64?, worth: Int64?,
        purchaseDate: CalendarDate?, sort: ItemSort
    ) {
        let sign: Int64 = sort.isDescending ? -1 : 1
        switch sort.field {
        case .name:
            self.init(text: nameKey(), id: id, isTextDescending: sort.isDescending)
        case .price:
            self.init(number: price.map { $0 * sign } ?? .max, id: id)
        case .purchased:
            self.init(number: purchaseDate.map { $0.ordinal * sign } ?? .max, id: id)
        case .worth:
            self.init(number: worth.map { $0 * sign } ?? .max, id: id)
        case .id:
            self.init(number: id * sign, id: id)
        }
    }

    /// Equal when the bytes are equal: two spellings of "é" (composed or not) are different
    /// keys, as they are to SQLite.
    @inlinable
    public static func == (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.id == rhs.id && lhs.number == rhs.number && compareBytes(lhs.text, rhs.text) == 0
    }

    /// Hashes the id, the number and the text's bytes, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(number)
        for byte in text.utf8 { hasher.combine(byte) }
    }

    /// Orders by the text's UTF-8 bytes (as SQLite's BINARY collation does), then the number,
    /// then the id.
    @inlinable
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        isOrdered(
            textOrder: compareBytes(lhs.text, rhs.text), textDescending: lhs.isTextDescending,
            (lhs.number, lhs.id), (rhs.number, rhs.id))
    }

    /// The order of two keys whose texts compare as `textOrder` (`compare`'s sign): by the
    /// text, then the number, then the id. The one rule `<` and a live view's sort of its
    /// packed keys (`SortedKeys.Collector`) both follow.
    @inlinable
    package static func isOrdered(
        textOrder: Int, textDescending: Bool, _ lhs: (number: Int64, id: Int64),
        _ rhs: (number: Int64, id: Int64)
    ) -> Bool {
        if textOrder != 0 { return textDescending ? textOrder > 0 : textOrder < 0 }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        return lhs.id < rhs.id
    }

    /// -1, 0 or 1 as `lhs`'s UTF-8 bytes sort before, equal or after `rhs`'s, comparing the
    /// contiguous bytes directly: the generic `lexicographicallyPrecedes` on two `UTF8View`s
    /// made sorting and searching keys several times slower (seen in a profile of a search).
    @inlinable
    static func compareBytes(_ lhs: String, _ rhs: String) -> Int {
        // Borrowed, not copied: `var` copies to call `withUTF8` retained and released both
        // strings on every comparison, two thirds of a view's sort of a big batch.
        if let order = lhs.utf8.withContiguousStorageIfAvailable({ left in
            rhs.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        }), let order {
            return order
        }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in compare(left, right) } }
    }

    @inlinable
    package static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
    )
        -> Int
    {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let (a, b) = (left[index], right[index])
            if a != b { return a < b ? -1 : 1 }
            index += 1
        }
        return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
    }
}
