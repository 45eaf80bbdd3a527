/// The fields of an item to add. `InventoryManager.add` validates and normalizes them.
public struct ItemDraft: Sendable, Hashable {
    /// What it is (required; trimmed; 1–200 characters).
    public var name: String
    /// A longer description.
    public var description: String?
    /// What one of it cost; must be in the inventory's currency.
    public var price: Money?
    /// The day it was bought.
    public var purchaseDate: CalendarDate?
    /// A picture file to copy into the inventory (JPEG, PNG, GIF, WebP or HEIC).
    public var photoFile: String?
    /// Whether it counts as a luxury item.
    public var isLuxury: Bool
    /// Whether it is insured.
    public var isInsured: Bool
    /// How many of it there are (1 to 1,000,000).
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

    /// Creates a draft; only the name is required.
    public init(
        name: String, description: String? = nil, price: Money? = nil,
        purchaseDate: CalendarDate? = nil, photoFile: String? = nil, isLuxury: Bool = false,
        isInsured: Bool = false, quantity: Int = 1, location: String? = nil,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil,
        notes: String? = nil
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.purchaseDate = purchaseDate
        self.photoFile = photoFile
        self.isLuxury = isLuxury
        self.isInsured = isInsured
        self.quantity = quantity
        self.location = location
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.notes = notes
    }
}

/// The changes to make to an item: a nil property leaves that field as it is.
///
/// For the optional fields the inner optional says what to store: `.some(nil)` clears the
/// field, `.some(value)` sets it. An empty or blank text also clears it.
public struct ItemPatch: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new description, or `.some(nil)` to clear it.
    public var description: String??
    /// A new price, or `.some(nil)` to clear it.
    public var price: Money??
    /// A new purchase date, or `.some(nil)` to clear it.
    public var purchaseDate: CalendarDate??
    /// A picture file to copy in and use, or `.some(nil)` to remove the photo.
    public var photoFile: String??
    /// Set or clear the luxury flag.
    public var isLuxury: Bool?
    /// Set or clear the insured flag.
    public var isInsured: Bool?
    /// A new quantity.
    public var quantity: Int?
    /// A new location, or `.some(nil)` to clear it.
    public var location: String??
    /// A new brand, or `.some(nil)` to clear it.
    public var brand: String??
    /// A new model, or `.some(nil)` to clear it.
    public var model: String??
    /// A new serial number, or `.some(nil)` to clear it.
    public var serialNumber: String??
    /// New notes, or `.some(nil)` to clear them.
    public var notes: String??

    /// Creates a patch that changes nothing; set the properties to change.
    public init() {}

    /// Whether the patch changes no field.
    public var isEmpty: Bool { self == ItemPatch() }
}
