/// One item listed in a claim: the item itself while it exists, or the copy the claim kept
/// when it was deleted.
public struct ClaimedItem: Sendable, Hashable {
    /// The item's id, or nil when the item has been deleted (the fields are then a copy).
    public let itemID: Int64?
    /// What it is.
    public let name: String
    /// A longer description.
    public let description: String?
    /// The brand or manufacturer.
    public let brand: String?
    /// The model name or number.
    public let model: String?
    /// The serial number.
    public let serialNumber: String?
    /// What one of it cost.
    public let price: Money?
    /// The day it was bought.
    public let purchaseDate: CalendarDate?
    /// The room or place where it was kept.
    public let location: String?
    /// How many of it there are.
    public let quantity: Int
    /// Whether it counts as a luxury item.
    public let isLuxury: Bool
    /// Whether it is insured.
    public let isInsured: Bool
    /// The photo's file name while the item exists.
    public let photo: String?
    /// Its replacement value when the line was made (the claim records it then).
    public let replacementValue: Money?
    /// Whether a receipt was attached when the line was made.
    public let hadReceipt: Bool
    /// The item's tags while it exists (a copy of a deleted item keeps none).
    public var tags: [String] = []
    /// What the household recorded on the line for the ledger.
    public var terms = ClaimLineTerms()
    /// Whether the item is on a rider while it exists (a copy of a deleted item is not).
    public var isScheduled = false

    /// A line for a living item, recording its value and receipt as they are now.
    public init(item: HouseholdItem) {
        self.init(
            itemID: item.id, name: item.name, description: item.description, brand: item.brand,
            model: item.model, serialNumber: item.serialNumber, price: item.price,
            purchaseDate: item.purchaseDate, location: item.location, quantity: item.quantity,
            isLuxury: item.isLuxury, isInsured: item.isInsured, photo: item.photo,
            replacementValue: item.replacementValue, hadReceipt: item.hasReceipt)
        tags = item.tags
        isScheduled = item.isScheduled
    }

    /// A line from its parts.
    public init(
        itemID: Int64?, name: String, description: String?, brand: String?, model: String?,
        serialNumber: String?, price: Money?, purchaseDate: CalendarDate?, location: String?,
        quantity: Int, isLuxury: Bool, isInsured: Bool, photo: String?,
        replacementValue: Money? = nil, hadReceipt: Bool = false
    ) {
        self.itemID = itemID
        self.name = name
        self.description = description
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.price = price
        self.purchaseDate = purchaseDate
        self.location = location
        self.quantity = quantity
        self.isLuxury = isLuxury
        self.isInsured = isInsured
        self.photo = photo
        self.replacementValue = replacementValue
        self.hadReceipt = hadReceipt
    }

    /// What one was worth: the replacement value recorded, else the price.
    public var worth: Money? { replacementValue ?? price }

    /// Worth × quantity in minor units (0 with neither).
    public var totalWorth: Int128 {
        worth.map { Int128($0.minorUnits) * Int128(quantity) } ?? 0
    }
}

/// The sums a claim shows: how many items, what they were worth (replacement value, else
/// price), and how much of it was insured, not insured, and luxury (all in minor units).
public struct ClaimTotals: Sendable, Hashable {
    /// How many lines the claim has, whatever their quantities.
    public var itemCount = 0
    /// What all the lines were worth.
    public var total: Int128 = 0
    /// What the insured lines were worth.
    public var insured: Int128 = 0
    /// What the lines not insured were worth.
    public var notInsured: Int128 = 0
    /// What the luxury lines were worth.
    public var luxury: Int128 = 0

    /// The totals of `items`.
    public init(_ items: some Sequence<ClaimedItem>) {
        for item in items {
            itemCount += 1
            total += item.totalWorth
            if item.isInsured { insured += item.totalWorth } else { notInsured += item.totalWorth }
            if item.isLuxury { luxury += item.totalWorth }
        }
    }
}
