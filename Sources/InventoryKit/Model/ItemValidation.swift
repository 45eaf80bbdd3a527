/// The rules every stored item follows; the manager applies them before anything is written.
enum ItemValidation {
    static let maximumNameLength = 200
    static let maximumShortTextLength = 200
    static let maximumLongTextLength = 10_000
    static let quantityRange = 1...1_000_000

    /// The trimmed name, or an error when it is blank, too long or holds control characters.
    static func name(_ name: String) throws -> String {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw InventoryError.missingName }
        guard trimmed.count <= maximumNameLength else {
            throw InventoryError.invalidValue(
                field: "name", value: String(trimmed.prefix(40)) + "…",
                reason: "\(trimmed.count) characters; the most is \(maximumNameLength)")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw InventoryError.invalidValue(
                field: "name", value: trimmed,
                reason: "it holds a control character (a tab or a line break)")
        }
        return trimmed
    }

    /// The trimmed text, nil when it is absent or blank; an error when it is too long.
    static func text(_ text: String?, field: String, long: Bool = false) throws -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        let limit = long ? maximumLongTextLength : maximumShortTextLength
        guard trimmed.count <= limit else {
            throw InventoryError.invalidValue(
                field: field, value: String(trimmed.prefix(40)) + "…",
                reason: "\(trimmed.count) characters; the most is \(limit)")
        }
        return trimmed
    }

    static func quantity(_ quantity: Int) throws -> Int {
        guard quantityRange.contains(quantity) else {
            throw InventoryError.invalidValue(
                field: "quantity", value: String(quantity),
                reason: "it must be a whole number from 1 to 1,000,000")
        }
        return quantity
    }

    static func price(_ price: Money?, currency: Currency) throws -> Money? {
        guard let price else { return nil }
        guard price.currency == currency else {
            throw InventoryError.currencyMismatch(expected: currency, given: price.currency)
        }
        return price
    }
}

extension ItemDraft {
    /// The item this draft describes, validated and normalized, with id 0 and no photo yet.
    func validatedItem(currency: Currency, now: Timestamp) throws -> HouseholdItem {
        HouseholdItem(
            id: 0, name: try ItemValidation.name(name),
            description: try ItemValidation.text(description, field: "description", long: true),
            price: try ItemValidation.price(price, currency: currency), purchaseDate: purchaseDate,
            photo: nil, isLuxury: isLuxury, isInsured: isInsured,
            quantity: try ItemValidation.quantity(quantity),
            location: try ItemValidation.text(location, field: "location"),
            brand: try ItemValidation.text(brand, field: "brand"),
            model: try ItemValidation.text(model, field: "model"),
            serialNumber: try ItemValidation.text(serialNumber, field: "serial"),
            notes: try ItemValidation.text(notes, field: "notes", long: true),
            createdAt: now, updatedAt: now, version: 1)
    }
}

extension ItemPatch {
    /// The patch with every value validated and normalized (blank text becomes a clear).
    func validated(currency: Currency) throws -> ItemPatch {
        var patch = self
        patch.name = try name.map(ItemValidation.name)
        patch.description = try description.map {
            try ItemValidation.text($0, field: "description", long: true)
        }
        patch.price = try price.map { try ItemValidation.price($0, currency: currency) }
        patch.quantity = try quantity.map(ItemValidation.quantity)
        patch.location = try location.map { try ItemValidation.text($0, field: "location") }
        patch.brand = try brand.map { try ItemValidation.text($0, field: "brand") }
        patch.model = try model.map { try ItemValidation.text($0, field: "model") }
        patch.serialNumber = try serialNumber.map { try ItemValidation.text($0, field: "serial") }
        patch.notes = try notes.map { try ItemValidation.text($0, field: "notes", long: true) }
        return patch
    }

    /// `item` with this (validated) patch applied; the photo is set by the caller.
    func applied(to item: HouseholdItem) -> HouseholdItem {
        var item = item
        if let name { item.name = name }
        if let description { item.description = description }
        if let price { item.price = price }
        if let purchaseDate { item.purchaseDate = purchaseDate }
        if let isLuxury { item.isLuxury = isLuxury }
        if let isInsured { item.isInsured = isInsured }
        if let quantity { item.quantity = quantity }
        if let location { item.location = location }
        if let brand { item.brand = brand }
        if let model { item.model = model }
        if let serialNumber { item.serialNumber = serialNumber }
        if let notes { item.notes = notes }
        return item
    }
}
