/// One thing a household owns, as stored.
public struct HouseholdItem: Sendable, Hashable, Identifiable {
    /// The item's number; never reused after the item is deleted.
    public let id: Int64
    /// What it is: 1 to 200 characters, trimmed, any script.
    public var name: String
    /// A longer description.
    public var description: String?
    /// What one of it cost, in the inventory's currency.
    public var price: Money?
    /// The day it was bought.
    public var purchaseDate: CalendarDate?
    /// The file name of its photo in the inventory's `photos/` folder (`<sha256>.<ext>`).
    public var photo: String?
    /// Whether it counts as a luxury item.
    public var isLuxury: Bool
    /// Whether it is insured.
    public var isInsured: Bool
    /// How many of it there are (at least 1).
    public var quantity: Int
    /// The room or place where it is kept.
    public var location: String?
    /// The brand or manufacturer.
    public var brand: String?
    /// The model name or number.
    public var model: String?
    /// The serial number.
    public var serialNumber: String?
    /// Free notes.
    public var notes: String?
    /// When it was added.
    public let createdAt: Timestamp
    /// When it was last changed.
    public var updatedAt: Timestamp
    /// 1 when added; grows by one with every edit.
    public var version: Int

    /// Creates an item as read from storage; use `InventoryManager.add` to make a new one.
    public init(
        id: Int64, name: String, description: String? = nil, price: Money? = nil,
        purchaseDate: CalendarDate? = nil, photo: String? = nil, isLuxury: Bool = false,
        isInsured: Bool = false, quantity: Int = 1, location: String? = nil,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil,
        notes: String? = nil, createdAt: Timestamp, updatedAt: Timestamp, version: Int = 1
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.price = price
        self.purchaseDate = purchaseDate
        self.photo = photo
        self.isLuxury = isLuxury
        self.isInsured = isInsured
        self.quantity = quantity
        self.location = location
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// Price × quantity in minor units, or nil without a price.
    public var value: Int128? {
        price.map { Int128($0.minorUnits) * Int128(quantity) }
    }

    /// The key lists are ordered by when sorted by name: the name folded to lower case,
    /// compared byte by byte (as SQLite's BINARY collation does), so a live view and a query
    /// agree on the order of every name in every script.
    public var nameSortKey: String { Self.nameSortKey(name) }

    /// The sort key of `name`; see `nameSortKey`.
    public static func nameSortKey(_ name: String) -> String { name.lowercased() }
}
