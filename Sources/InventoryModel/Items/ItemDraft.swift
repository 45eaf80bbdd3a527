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
    /// What it would cost to replace today; must be in the inventory's currency.
    public var replacementValue: Money?
    /// The shop or person it was bought from.
    public var purchasedFrom: String?
    /// The last day of its warranty.
    public var warrantyUntil: CalendarDate?
    /// Whether its warranty lasts for its life.
    public var hasLifetimeWarranty: Bool
    /// Whether the policy lists it on a rider.
    public var isScheduled: Bool = false
    /// The day its owner last checked it.
    public var reviewedAt: CalendarDate?
    /// Its tags (trimmed, 1–50 characters each; the same tag in another case is one tag).
    public var tags: [String]

    /// Creates a draft; only the name is required.
    public init(
        name: String, description: String? = nil, price: Money? = nil,
        purchaseDate: CalendarDate? = nil, photoFile: String? = nil, isLuxury: Bool = false,
        isInsured: Bool = false, quantity: Int = 1, location: String? = nil,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil,
        notes: String? = nil, replacementValue: Money? = nil, purchasedFrom: String? = nil,
        warrantyUntil: CalendarDate? = nil, hasLifetimeWarranty: Bool = false,
        reviewedAt: CalendarDate? = nil, tags: [String] = []
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
        self.replacementValue = replacementValue
        self.purchasedFrom = purchasedFrom
        self.warrantyUntil = warrantyUntil
        self.hasLifetimeWarranty = hasLifetimeWarranty
        self.reviewedAt = reviewedAt
        self.tags = tags
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
    /// A new replacement value, or `.some(nil)` to clear it.
    public var replacementValue: Money??
    /// Where it was bought, or `.some(nil)` to clear it.
    public var purchasedFrom: String??
    /// A new last day of warranty, or `.some(nil)` to clear it.
    public var warrantyUntil: CalendarDate??
    /// Set or clear the lifetime warranty.
    public var hasLifetimeWarranty: Bool?
    /// Whether the policy lists it on a rider.
    public var isScheduled: Bool?
    /// A new review day, or `.some(nil)` to clear it.
    public var reviewedAt: CalendarDate??
    /// Tags to add (one already there, in any case, stays as it is).
    public var addedTags: [String] = []
    /// Tags to take away (in any case).
    public var removedTags: [String] = []
    /// Whether to take every tag away first (before `addedTags`).
    public var removesAllTags = false

    /// Creates a patch that changes nothing; set the properties to change.
    public init() {}

    /// Whether the patch changes no field.
    public var isEmpty: Bool { self == ItemPatch() }
}
