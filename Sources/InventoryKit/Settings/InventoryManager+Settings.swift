import Foundation

extension InventorySettings {
    /// The settings checked: a title of 1 to 200 characters without control characters
    /// (blank removes it), a review interval of 1 to 36,500 days, amounts in `currency`.
    func checked(currency: Currency) throws -> InventorySettings {
        var checked = self
        checked.title = try title.flatMap(InventorySettings.checkedTitle)
        guard (1...36_500).contains(reviewDays) else {
            throw InventoryError.invalidValue(
                field: .other("review days"), value: String(reviewDays),
                reason: "a review interval is 1 to 36500 days")
        }
        guard (0...3_650).contains(warrantyNoticeDays) else {
            throw InventoryError.invalidValue(
                field: .other("warranty notice"), value: String(warrantyNoticeDays),
                reason: "a warranty notice is 0 to 3650 days")
        }
        let amounts =
            [("receipt threshold", receiptThreshold)]
            + [coverageLimit].compactMap { $0 }.map { ("coverage limit", $0) }
            + specialLimits.values.map { ("special limit", $0) }
        for (field, amount) in amounts where amount.currency != currency {
            throw InventoryError.invalidValue(
                field: .other(field), value: amount.decimalString,
                reason: "the inventory's amounts are in \(currency.code)")
        }
        return checked
    }
}

extension InventoryManager {
    /// The household's settings: the report's title and the thresholds of `check`.
    public func settings() throws -> InventorySettings {
        try withStore { try $0.database.settings.current() }
    }

    /// Changes the household's settings, checked first: a title of 1 to 200 characters without
    /// control characters (blank removes it), and a review interval of 1 to 36,500 days.
    ///
    /// - Throws: `InventoryError.invalidValue`, and nothing is stored then; `DatabaseError`.
    public func setSettings(_ settings: InventorySettings) throws {
        let checked = try settings.checked(currency: currency)
        try withStore { store in
            try store.database.write { try store.database.settings.save(checked) }
        }
    }

    /// Removes those of the stored files `names` that no item or claim uses: what a write
    /// that failed had stored for itself (an import's files).
    public func removeFilesNotInUse(_ names: [String]) {
        _ = removeUnusedFiles(names)
    }

    /// The stored hash of the household password `inventory serve` asks for, if one was set.
    /// The hash is kept apart from the settings: no listing, export or history shows it.
    public func serverPasswordHash() throws -> String? {
        try withStore { try $0.database.settings.serverPasswordHash() }
    }

    /// Stores the hash of the household password (nil removes the password), and ends the
    /// household owner's sessions: the old password may have opened them. Members' sessions
    /// stay.
    public func setServerPasswordHash(_ hash: String?) throws {
        try withStore { store in
            try store.database.write {
                try store.database.settings.setServerPasswordHash(hash)
                try store.database.members.deleteSessions(of: nil)
            }
        }
    }

    // MARK: - The off-site copy

    /// Where the off-site copy goes, and when it last went.
    public func offsiteSettings() throws -> OffsiteSettings {
        try withStore { try $0.database.settings.offsite() }
    }

    /// Stores where the off-site copy goes (and when it last went), checked first
    /// (`checkOffsiteSettings`).
    ///
    /// - Throws: `InventoryError.invalidValue`, and nothing is stored then; `DatabaseError`.
    public func setOffsiteSettings(_ settings: OffsiteSettings) throws {
        try checkOffsiteSettings(settings)
        try withStore { store in
            try store.database.write { try store.database.settings.saveOffsite(settings) }
        }
    }

    /// Refuses off-site settings that cannot be stored: a repository address, password file or
    /// password command must be 1 to 1,000 characters without control characters, and the
    /// period 1 to 36,500 days.
    ///
    /// - Throws: `InventoryError.invalidValue`.
    public func checkOffsiteSettings(_ settings: OffsiteSettings) throws {
        for (value, name) in [
            (settings.repository, "repository"), (settings.passwordFile, "password file"),
            (settings.passwordCommand, "password command"),
        ] {
            guard let value else { continue }
            guard !value.trimmingWhitespace().isEmpty, value.count <= 1_000,
                !value.unicodeScalars.contains(where: {
                    $0.properties.generalCategory == .control
                })
            else {
                throw InventoryError.invalidValue(
                    field: .other(name), value: value,
                    reason: "1 to 1,000 characters, without control characters")
            }
        }
        guard (1...36_500).contains(settings.periodDays) else {
            throw InventoryError.invalidValue(
                field: .other("period"), value: String(settings.periodDays),
                reason: "1 to 36,500 days")
        }
    }

    // MARK: - Currency

    /// Chooses the inventory's currency: while it holds no amount, or while every amount it
    /// holds came from imported files whose numbers carry no currency of their own (those
    /// amounts are kept as they are, now in `currency`, which needs the same number of
    /// decimals). Managers opened afterwards use it.
    ///
    /// - Throws: `InventoryError.currencyInUse` when an amount was entered, edited or claimed
    ///   here; `InventoryError.invalidValue` when the imported amounts would need other
    ///   decimals.
    public func setCurrency(_ currency: Currency) throws {
        try withStore { store in
            try store.database.write {
                guard try store.database.amounts.holdsAny() else {
                    try store.database.settings.setCurrency(currency)
                    return
                }
                guard try store.database.amounts.holdsOnlyImported() else {
                    throw InventoryError.currencyInUse(self.currency)
                }
                let old = store.database.currency
                guard currency.minorDigits == old.minorDigits else {
                    func decimals(_ currency: Currency) -> String {
                        switch currency.minorDigits {
                        case 0: "none"
                        case 1: "one"
                        case 2: "two"
                        default: "\(currency.minorDigits)"
                        }
                    }
                    throw InventoryError.invalidValue(
                        field: .other("currency"), value: currency.code,
                        reason: "\(old.code) has \(decimals(old)) decimals and "
                            + "\(currency.code) \(decimals(currency)): the amounts imported here "
                            + "would change; choose \(currency.code) in a new inventory before "
                            + "importing the file")
                }
                try store.database.settings.setCurrency(currency)
            }
        }
    }

    /// Whether `setCurrency(_:)` may choose another currency: the inventory holds no amount,
    /// or only amounts imported from files that carried no currency of their own.
    public func canChooseCurrency() throws -> Bool {
        try withStore { store in
            try !store.database.amounts.holdsAny() || store.database.amounts.holdsOnlyImported()
        }
    }
}
