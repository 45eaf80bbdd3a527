import InventoryKit

/// One row of a report: an item of the inventory, or a line of a claim as the claim recorded it.
public struct ReportLine: Sendable, Hashable {
    /// The item's id, or nil for a claimed item that has since been deleted.
    public var id: Int64?
    /// What it is.
    public var name: String
    /// A longer description.
    public var description: String?
    /// The brand or manufacturer.
    public var brand: String?
    /// The model name or number.
    public var model: String?
    /// The serial number.
    public var serialNumber: String?
    /// How many of it there are.
    public var quantity: Int
    /// The day it was bought.
    public var purchaseDate: CalendarDate?
    /// The shop or person it was bought from.
    public var purchasedFrom: String?
    /// What one of it cost.
    public var price: Money?
    /// What one would cost to replace.
    public var replacementValue: Money?
    /// The last day of its warranty.
    public var warrantyUntil: CalendarDate?
    /// Whether its warranty lasts for its life.
    public var hasLifetimeWarranty: Bool
    /// Whether a receipt is attached.
    public var hasReceipt: Bool
    /// Whether it is insured.
    public var isInsured: Bool
    /// Whether it counts as a luxury item.
    public var isLuxury: Bool
    /// Its tags.
    public var tags: [String]
    /// The room or place where it is kept.
    public var location: String?
    /// The stored name of its main photo.
    public var photo: String?

    /// The line of an item as it is now.
    public init(_ item: HouseholdItem) {
        id = item.id
        name = item.name
        description = item.description
        brand = item.brand
        model = item.model
        serialNumber = item.serialNumber
        quantity = item.quantity
        purchaseDate = item.purchaseDate
        purchasedFrom = item.purchasedFrom
        price = item.price
        replacementValue = item.replacementValue
        warrantyUntil = item.warrantyUntil
        hasLifetimeWarranty = item.hasLifetimeWarranty
        hasReceipt = item.hasReceipt
        isInsured = item.isInsured
        isLuxury = item.isLuxury
        tags = item.tags
        location = item.location
        photo = item.photo
    }

    /// The line of a claimed item, as the claim recorded it (an edit of the item since does
    /// not change it).
    public init(_ claimed: ClaimedItem) {
        id = claimed.itemID
        name = claimed.name
        description = claimed.description
        brand = claimed.brand
        model = claimed.model
        serialNumber = claimed.serialNumber
        quantity = claimed.quantity
        purchaseDate = claimed.purchaseDate
        purchasedFrom = claimed.purchasedFrom
        price = claimed.price
        replacementValue = claimed.replacementValue
        warrantyUntil = claimed.warrantyUntil
        hasLifetimeWarranty = claimed.hasLifetimeWarranty
        hasReceipt = claimed.hadReceipt
        isInsured = claimed.isInsured
        isLuxury = claimed.isLuxury
        tags = claimed.tags
        location = claimed.location
        photo = claimed.photo
    }

    /// What one of it is worth: its replacement value when known, else its price.
    public var worth: Money? { replacementValue ?? price }

    /// Worth × quantity in minor units, or nil without a worth.
    public var totalWorth: Int128? {
        worth.map { Int128($0.minorUnits) * Int128(quantity) }
    }
}
