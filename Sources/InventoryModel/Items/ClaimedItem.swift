/// One item listed in a claim, as the claim recorded it: every field the claim shows, as the
/// item was when it was claimed (or when the line last took the item's values on purpose,
/// `InventoryManager.refreshClaimLine`). Edits of the item afterwards do not change it.
public struct ClaimedItem: Sendable, Hashable {
    /// The item's id while it exists, or nil once it has been deleted.
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
    /// The stored name of its main photo.
    public let photo: String?
    /// Its replacement value.
    public let replacementValue: Money?
    /// Whether a receipt was attached.
    public let hadReceipt: Bool
    /// Its tags.
    public var tags: [String] = []
    /// What the household recorded on the line for the ledger.
    public var terms = ClaimLineTerms()
    /// Whether the item was on a rider.
    public var isScheduled = false
    /// The shop or person it was bought from.
    public var purchasedFrom: String?
    /// The last day of its warranty.
    public var warrantyUntil: CalendarDate?
    /// Whether its warranty lasts for its life.
    public var hasLifetimeWarranty = false
    /// Its files: photos, receipts, manuals (kept stored while the line lists them).
    public var attachments: [Attachment] = []
    /// How the item differs now from what the line recorded, field by field (`old` is the
    /// line's, `new` the item's); empty when it has not changed or no longer exists.
    public var changesSince: [FieldChange] = []

    /// A line recording `item` as it is now.
    public init(item: HouseholdItem) {
        self.init(
            itemID: item.id, name: item.name, description: item.description, brand: item.brand,
            model: item.model, serialNumber: item.serialNumber, price: item.price,
            purchaseDate: item.purchaseDate, location: item.location, quantity: item.quantity,
            isLuxury: item.isLuxury, isInsured: item.isInsured, photo: item.photo,
            replacementValue: item.replacementValue, hadReceipt: item.hasReceipt)
        tags = item.tags
        isScheduled = item.isScheduled
        purchasedFrom = item.purchasedFrom
        warrantyUntil = item.warrantyUntil
        hasLifetimeWarranty = item.hasLifetimeWarranty
        attachments = item.attachments
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

    /// The same line naming item `id` (nil: the item is gone), with what it recorded.
    public func naming(_ id: Int64?) -> ClaimedItem {
        var line = ClaimedItem(
            itemID: id, name: name, description: description, brand: brand, model: model,
            serialNumber: serialNumber, price: price, purchaseDate: purchaseDate,
            location: location, quantity: quantity, isLuxury: isLuxury, isInsured: isInsured,
            photo: photo, replacementValue: replacementValue, hadReceipt: hadReceipt)
        line.tags = tags
        line.terms = terms
        line.isScheduled = isScheduled
        line.purchasedFrom = purchasedFrom
        line.warrantyUntil = warrantyUntil
        line.hasLifetimeWarranty = hasLifetimeWarranty
        line.attachments = attachments
        line.changesSince = changesSince
        return line
    }

    /// The fields the line records that `item` now has otherwise, in the order `claim show`
    /// prints them, with the line's value as `old` and the item's as `new`.
    public func changes(to item: HouseholdItem) -> [FieldChange] {
        changes(to: ClaimedItem(item: item))
    }

    /// The recorded fields that differ in `now`, with this line's value as `old` and the other's
    /// as `new` (the item id, the ledger and `changesSince` are not compared).
    public func changes(to now: ClaimedItem) -> [FieldChange] {
        var changes: [FieldChange] = []
        func compare<Value: Equatable>(
            _ field: String, _ value: (ClaimedItem) -> Value, _ text: (Value) -> String?
        ) {
            let old = value(self)
            let new = value(now)
            if old != new {
                changes.append(FieldChange(field: field, old: text(old), new: text(new)))
            }
        }
        let yesNo: (Bool) -> String? = { $0 ? "yes" : "no" }
        compare("name", \.name) { $0 }
        compare("description", \.description) { $0 }
        compare("price", \.price) { $0?.formatted }
        compare("value", \.replacementValue) { $0?.formatted }
        compare("quantity", \.quantity) { String($0) }
        compare("purchaseDate", \.purchaseDate) { $0?.description }
        compare("insured", \.isInsured, yesNo)
        compare("luxury", \.isLuxury, yesNo)
        compare("scheduled", \.isScheduled, yesNo)
        compare("location", \.location) { $0 }
        compare("brand", \.brand) { $0 }
        compare("model", \.model) { $0 }
        compare("serial", \.serialNumber) { $0 }
        compare("purchasedFrom", \.purchasedFrom) { $0 }
        compare("warrantyUntil", \.warrantyUntil) { $0?.description }
        compare("lifetimeWarranty", \.hasLifetimeWarranty, yesNo)
        compare("receipt", \.hadReceipt, yesNo)
        compare("tags", \.tags) { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        compare("photo", \.photo) { $0 }
        compare("files", \.attachments) { attachments in
            attachments.isEmpty
                ? nil
                : attachments.map { "\($0.id) \($0.kind.rawValue)" }.joined(separator: ", ")
        }
        return changes
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
