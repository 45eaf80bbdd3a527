/// One item listed in a claim, as the claim recorded it: every field the claim shows, as the
/// item was when it was claimed (or when the line last took the item's values on purpose,
/// `InventoryManager.refreshClaimLine`). Edits of the item afterwards do not change it.
///
/// What a line records is an item (`record`): its fields that claims record
/// (`ItemField.isRecordedByClaims`), its photo and its files, read through the line by their
/// names (`line.price`, `line.isInsured`).
@dynamicMemberLookup
public struct ClaimedItem: Sendable, Hashable {
    /// The item's id while it exists, or nil once it has been deleted.
    public let itemID: Int64?
    /// The item as the line recorded it: the fields claims record, its photo and its files
    /// (files a line lists stay stored while it does).
    public var record: HouseholdItem
    /// Whether a receipt was attached.
    public let hadReceipt: Bool
    /// What the household recorded on the line for the ledger.
    public var terms = ClaimLineTerms()
    /// How the item differs now from what the line recorded, field by field (`old` is the
    /// line's, `new` the item's); empty when it has not changed or no longer exists.
    public var changesSince: [FieldChange] = []

    /// A line recording `item` as it is now.
    public init(item: HouseholdItem) {
        itemID = item.id
        record = Self.recorded(item)
        hadReceipt = item.hasReceipt
    }

    /// A line naming item `itemID` (nil: the item is gone) that recorded `record` and whether
    /// it had a receipt.
    public init(itemID: Int64?, record: HouseholdItem, hadReceipt: Bool) {
        self.itemID = itemID
        self.record = Self.recorded(record)
        self.hadReceipt = hadReceipt
    }

    /// A line from its parts.
    public init(
        itemID: Int64?, name: String, description: String?, brand: String?, model: String?,
        serialNumber: String?, price: Money?, purchaseDate: CalendarDate?, location: String?,
        quantity: Int, isLuxury: Bool, isInsured: Bool, photo: String?,
        replacementValue: Money? = nil, hadReceipt: Bool = false
    ) {
        self.itemID = itemID
        record = HouseholdItem(
            id: 0, name: name, description: description, price: price,
            purchaseDate: purchaseDate, photo: photo, isLuxury: isLuxury, isInsured: isInsured,
            quantity: quantity, location: location, brand: brand, model: model,
            serialNumber: serialNumber, replacementValue: replacementValue,
            createdAt: ItemDraft.unstored, updatedAt: ItemDraft.unstored)
        self.hadReceipt = hadReceipt
    }

    /// What a line keeps of `item`: the fields claims record, its photo and its files.
    private static func recorded(_ item: HouseholdItem) -> HouseholdItem {
        var record = HouseholdItem(
            id: 0, name: item.name, photo: item.photo, attachments: item.attachments,
            createdAt: ItemDraft.unstored, updatedAt: ItemDraft.unstored)
        for field in ItemField.all where field.isRecordedByClaims {
            field.copy(from: item, to: &record)
        }
        return record
    }

    /// A recorded field of the item (`line.price`), or its photo and files.
    public subscript<Value>(dynamicMember path: WritableKeyPath<HouseholdItem, Value>) -> Value {
        get { record[keyPath: path] }
        set { record[keyPath: path] = newValue }
    }

    /// What one was worth: the replacement value recorded, else the price.
    public var worth: Money? { record.worth }

    /// Worth × quantity in minor units (0 with neither).
    public var totalWorth: Int128 { record.totalWorth ?? 0 }

    /// The same line naming item `id` (nil: the item is gone), with what it recorded.
    public func naming(_ id: Int64?) -> ClaimedItem {
        var line = ClaimedItem(itemID: id, record: record, hadReceipt: hadReceipt)
        line.terms = terms
        line.changesSince = changesSince
        return line
    }

    /// The fields the line records that `item` now has otherwise, in the order `claim show`
    /// prints them, with the line's value as `old` and the item's as `new`.
    public func changes(to item: HouseholdItem) -> [FieldChange] {
        changes(to: ClaimedItem(item: item))
    }

    /// The recorded fields that differ in `now`, in the order of `ItemField.all` then the
    /// receipt, photo and files, with this line's value as `old` and the other's as `new`
    /// (the item id, the ledger and `changesSince` are not compared).
    public func changes(to now: ClaimedItem) -> [FieldChange] {
        var changes: [FieldChange] = []
        for field in ItemField.all
        where field.isRecordedByClaims && !field.isEqual(on: record, and: now.record) {
            changes.append(
                FieldChange(
                    field: field.key, old: field.text(of: record), new: field.text(of: now.record)))
        }
        if hadReceipt != now.hadReceipt {
            changes.append(
                FieldChange(
                    field: "receipt", old: hadReceipt ? "yes" : "no",
                    new: now.hadReceipt ? "yes" : "no"))
        }
        if record.photo != now.record.photo {
            changes.append(FieldChange(field: "photo", old: record.photo, new: now.record.photo))
        }
        if record.attachments != now.record.attachments {
            func text(_ attachments: [Attachment]) -> String? {
                attachments.isEmpty
                    ? nil
                    : attachments.map { "\($0.id) \($0.kind.rawValue)" }.joined(separator: ", ")
            }
            changes.append(
                FieldChange(
                    field: "files", old: text(record.attachments),
                    new: text(now.record.attachments)))
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
