import Foundation

extension InventoryManager {
    /// The household's settings: the report's title and the thresholds of `check`.
    public func settings() throws -> InventorySettings {
        try withStore { try $0.items.settings() }
    }

    /// Changes the household's settings, checked first: a title of 1 to 200 characters without
    /// control characters (blank removes it), and a review interval of 1 to 36,500 days.
    ///
    /// - Throws: `InventoryError.invalidValue`, and nothing is stored then; `DatabaseError`.
    public func setSettings(_ settings: InventorySettings) throws {
        var checked = settings
        checked.title = try settings.title.flatMap(InventorySettings.checkedTitle)
        guard (1...36_500).contains(settings.reviewDays) else {
            throw InventoryError.invalidValue(
                field: .other("review days"), value: String(settings.reviewDays),
                reason: "a review interval is 1 to 36500 days")
        }
        guard settings.receiptThreshold.currency == currency else {
            throw InventoryError.invalidValue(
                field: .other("receipt threshold"), value: settings.receiptThreshold.decimalString,
                reason: "the inventory's amounts are in \(currency.code)")
        }
        try withStore { store in try store.items.write { try store.items.setSettings(checked) } }
    }

    /// The stored hash of the household password `inventory serve` asks for, if one was set.
    /// The hash is kept apart from the settings: no listing, export or history shows it.
    public func serverPasswordHash() throws -> String? {
        try withStore { try $0.items.serverPasswordHash() }
    }

    /// Stores the hash of the household password (nil removes the password).
    public func setServerPasswordHash(_ hash: String?) throws {
        try withStore { store in
            try store.items.write { try store.items.setServerPasswordHash(hash) }
        }
    }
}
