public import InventoryKit

/// One row of a report: an item of the inventory, or a line of a claim as the claim recorded it.
public struct ReportLine: Sendable, Hashable {
    /// A receipt the report carries for a line: a stored file and what it is.
    public struct Receipt: Sendable, Hashable {
        /// The stored file's name (`<sha256>.<ext>`).
        public var file: String
        /// What it shows, in a few words.
        public var caption: String?

        /// A receipt of the stored file `file`.
        public init(file: String, caption: String? = nil) {
            self.file = file
            self.caption = caption
        }
    }

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
    /// The receipts the report shows, in the order they were attached.
    public var receipts: [Receipt]
    /// Whether it is insured.
    public var isInsured: Bool
    /// Whether the policy lists it by name on a rider ("scheduled").
    public var isScheduled: Bool
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
        receipts = Self.receipts(of: item)
        isInsured = item.isInsured
        isScheduled = item.isScheduled
        isLuxury = item.isLuxury
        tags = item.tags
        location = item.location
        photo = item.photo
    }

    /// The line of a claimed item, as the claim recorded it (an edit of the item since does
    /// not change it), with the receipts it recorded; the receipt of the replacement bought,
    /// if the claim has one, comes last.
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
        receipts = Self.receipts(in: claimed.attachments)
        if let replacement = claimed.terms.replacementReceipt {
            receipts.append(Receipt(file: replacement, caption: "the replacement's receipt"))
        }
        isInsured = claimed.isInsured
        isScheduled = claimed.isScheduled
        isLuxury = claimed.isLuxury
        tags = claimed.tags
        location = claimed.location
        photo = claimed.photo
    }

    private static func receipts(of item: HouseholdItem) -> [Receipt] {
        receipts(in: item.attachments)
    }

    private static func receipts(in attachments: [Attachment]) -> [Receipt] {
        attachments.filter { $0.kind == .receipt }.map {
            Receipt(file: $0.file, caption: $0.caption)
        }
    }

    /// What one of it is worth: its replacement value when known, else its price.
    public var worth: Money? { replacementValue ?? price }

    /// Worth × quantity in minor units, or nil without a worth.
    public var totalWorth: Int128? {
        worth.map { Int128($0.minorUnits) * Int128(quantity) }
    }
}
