import InventoryKit

/// One row's values, read from the columns the file has: a field whose column is absent is
/// nil (an update leaves it as it is); a present column with an empty cell clears it.
struct ImportedRow {
    var importRef: String?
    var name: String?
    var description: String??
    var notes: String??
    var location: String??
    var tags: [String]?
    var quantity: Int??
    var isInsured: Bool?
    var isLuxury: Bool?
    var price: Money??
    var value: Money??
    var purchasedFrom: String??
    var purchaseDate: CalendarDate??
    var brand: String??
    var model: String??
    var serial: String??
    var hasLifetimeWarranty: Bool?
    var warrantyUntil: CalendarDate??
    var reviewedAt: CalendarDate??

    /// The row as a new item.
    var draft: ItemDraft {
        ItemDraft(
            name: name ?? "", description: description ?? nil, price: price ?? nil,
            purchaseDate: purchaseDate ?? nil, isLuxury: isLuxury ?? false,
            isInsured: isInsured ?? false, quantity: (quantity ?? nil) ?? 1,
            location: location ?? nil, brand: brand ?? nil, model: model ?? nil,
            serialNumber: serial ?? nil, notes: notes ?? nil, replacementValue: value ?? nil,
            purchasedFrom: purchasedFrom ?? nil, warrantyUntil: warrantyUntil ?? nil,
            hasLifetimeWarranty: hasLifetimeWarranty ?? false, reviewedAt: reviewedAt ?? nil,
            tags: tags ?? [])
    }

    /// The row as changes to the item an earlier import made: only the columns present.
    var patch: ItemPatch {
        var patch = ItemPatch()
        patch.name = name
        patch.description = description
        patch.notes = notes
        patch.location = location
        if let tags {
            patch.removesAllTags = true
            patch.addedTags = tags
        }
        if let quantity { patch.quantity = quantity ?? 1 }
        patch.isInsured = isInsured
        patch.isLuxury = isLuxury
        patch.price = price
        patch.replacementValue = value
        patch.purchasedFrom = purchasedFrom
        patch.purchaseDate = purchaseDate
        patch.brand = brand
        patch.model = model
        patch.serialNumber = serial
        patch.hasLifetimeWarranty = hasLifetimeWarranty
        patch.warrantyUntil = warrantyUntil
        patch.reviewedAt = reviewedAt
        return patch
    }

    /// What makes two items look like the same thing bought once: name, place, serial,
    /// price and date.
    static func likeness(
        name: String, location: String?, serial: String?, price: Money?, date: CalendarDate?
    ) -> String {
        [
            name.trimmedCell.lowercased(),
            (location ?? "").lowercased(), serial ?? "",
            price.map { String($0.minorUnits) } ?? "", date.map(\.description) ?? "",
        ].joined(separator: "\u{1F}")
    }
}
