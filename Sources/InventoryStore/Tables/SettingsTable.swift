public import InventoryModel

/// The household's settings (the `settings` table): the currency, `InventorySettings`, and
/// the hash of the household password of `inventory serve`.
///
/// The same table also keeps two rows that are not settings, each with the code that reads it:
/// the record of damage (`InventoryDatabase.recordedDamage()`) and the mark of imported amounts
/// (`StoredAmounts.holdsOnlyImported()`).
public struct SettingsTable {
    /// The connection of the inventory's database.
    let database: Database
    /// The currency the inventory records its amounts in, read when the database opened.
    let currency: Currency

    /// The stored keys of `InventorySettings`, in the `settings` table beside the currency.
    private enum SettingKey: String {
        case title
        case receiptThreshold = "receipt_threshold"
        case reviewDays = "review_days"
        case warrantyNoticeDays = "warranty_notice_days"
        case maximumDepreciation = "max_depreciation_bp"
        case coverageLimit = "coverage_limit"
    }

    /// The prefixes of the settings kept one per category.
    private static let depreciationPrefix = "depreciation."
    private static let specialLimitPrefix = "special_limit."

    /// The currency stored in `database` (USD when none is).
    ///
    /// - Throws: `StoreError.damaged` when the stored code is no currency's; `DatabaseError`.
    static func storedCurrency(in database: Database) throws -> Currency {
        let statement = try database.cachedStatement(
            "SELECT value FROM settings WHERE key = 'currency'")
        let code = try statement.step() ? statement.text(at: 0) : Currency.usd.code
        statement.reset()
        guard let currency = Currency(storedCode: code) else {
            throw StoreError.damaged("the stored currency \(quoted(code)) is not a currency code")
        }
        return currency
    }

    /// Records `currency` as the inventory's; the caller checks that no amount is stored.
    public func setCurrency(_ currency: Currency) throws {
        try database.execute(
            "UPDATE settings SET value = ? WHERE key = 'currency'", [.text(currency.code)])
        // amounts in the old currency's minor units mean something else in the new one
        try database.execute(
            """
            DELETE FROM settings WHERE key IN ('receipt_threshold', 'coverage_limit')
                OR substr(key, 1, 14) = 'special_limit.'
            """)
    }

    /// The household's settings; a value that is not set, or that an unknown version stored in
    /// a form this one cannot read, is the default.
    public func current() throws -> InventorySettings {
        var settings = InventorySettings.defaults(in: currency)
        let statement = try database.cachedStatement("SELECT key, value FROM settings")
        defer { statement.reset() }
        while try statement.step() {
            let value = statement.text(at: 1)
            let key = statement.text(at: 0)
            if key.hasPrefix(Self.depreciationPrefix) {
                if let terms = DepreciationTerms(text: value) {
                    settings.depreciation[String(key.dropFirst(Self.depreciationPrefix.count))] =
                        terms
                }
                continue
            }
            if key.hasPrefix(Self.specialLimitPrefix) {
                if let units = Int64(value),
                    let money = try? Money(minorUnits: units, currency: currency)
                {
                    settings.specialLimits[String(key.dropFirst(Self.specialLimitPrefix.count))] =
                        money
                }
                continue
            }
            switch SettingKey(rawValue: key) {
            case .title: settings.title = value
            case .receiptThreshold:
                if let units = Int64(value),
                    let money = try? Money(minorUnits: units, currency: currency)
                {
                    settings.receiptThreshold = money
                }
            case .reviewDays:
                if let days = Int(value), days > 0 { settings.reviewDays = days }
            case .warrantyNoticeDays:
                if let days = Int(value), days >= 0 { settings.warrantyNoticeDays = days }
            case .maximumDepreciation:
                if let points = Int(value), (0...10_000).contains(points) {
                    settings.maximumDepreciationBasisPoints = points
                }
            case .coverageLimit:
                if let units = Int64(value) {
                    settings.coverageLimit = try? Money(minorUnits: units, currency: currency)
                }
            case nil: break
            }
        }
        return settings
    }

    /// The settings key of the household password's hash, which `current()` never reads.
    private static let serverPasswordKey = "server_password"

    /// The stored hash of the household password of `inventory serve`, if one was set.
    public func serverPasswordHash() throws -> String? {
        let statement = try database.cachedStatement("SELECT value FROM settings WHERE key = ?")
        try statement.bind(.text(Self.serverPasswordKey), at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Stores the hash of the household password (nil removes it).
    public func setServerPasswordHash(_ hash: String?) throws {
        if let hash {
            try database.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.text(Self.serverPasswordKey), .text(hash)])
        } else {
            try database.execute(
                "DELETE FROM settings WHERE key = ?", [.text(Self.serverPasswordKey)])
        }
    }

    /// The value stored under `key` (one of the keys `current()` does not read, such as
    /// `calendar.token_sha256`), or nil.
    public func value(forKey key: String) throws -> String? {
        let statement = try database.cachedStatement("SELECT value FROM settings WHERE key = ?")
        try statement.bind([.text(key)])
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Stores `value` under `key`; nil removes it.
    public func setValue(_ value: String?, forKey key: String) throws {
        if let value {
            try database.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.text(key), .text(value)])
        } else {
            try database.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
        }
    }

    /// The settings keys of the off-site copy, which `current()` never reads.
    private enum OffsiteKey: String, CaseIterable {
        case repository = "offsite.repository"
        case passwordFile = "offsite.password_file"
        case passwordCommand = "offsite.password_command"
        case lastPush = "offsite.last_push"
        case periodDays = "offsite.period_days"
    }

    /// Where the off-site copy goes and when it last went.
    public func offsite() throws -> OffsiteSettings {
        let statement = try database.cachedStatement(
            "SELECT key, value FROM settings WHERE substr(key, 1, 8) = 'offsite.'")
        defer { statement.reset() }
        var settings = OffsiteSettings()
        while try statement.step() {
            let value = statement.text(at: 1)
            switch OffsiteKey(rawValue: statement.text(at: 0)) {
            case .repository: settings.repository = value
            case .passwordFile: settings.passwordFile = value
            case .passwordCommand: settings.passwordCommand = value
            case .lastPush:
                settings.lastPush = Int64(value).map(Timestamp.init(millisecondsSince1970:))
            case .periodDays:
                if let days = Int(value), days > 0 { settings.periodDays = days }
            case nil: break
            }
        }
        return settings
    }

    /// Stores where the off-site copy goes and when it last went (nil values removed).
    public func saveOffsite(_ settings: OffsiteSettings) throws {
        let values: [OffsiteKey: String?] = [
            .repository: settings.repository, .passwordFile: settings.passwordFile,
            .passwordCommand: settings.passwordCommand,
            .lastPush: settings.lastPush.map { String($0.millisecondsSince1970) },
            .periodDays: settings.periodDays == OffsiteSettings.defaultPeriodDays
                ? nil : String(settings.periodDays),
        ]
        for key in OffsiteKey.allCases {
            if let value = values[key] ?? nil {
                try database.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [.text(key.rawValue), .text(value)])
            } else {
                try database.execute("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
            }
        }
    }

    /// Writes this inventory's off-site settings into the inventory file at `path` (one about
    /// to replace it: a restore), in place of its own, if one is set up: where the copy goes is
    /// the household's arrangement now, not the content's (a restore of an old backup keeps the
    /// nightly copy going).
    public func carryOffsite(into path: String) throws {
        let settings = try offsite()
        // An inventory without a copy set up (a new one) takes the restored one's.
        guard settings.repository != nil else { return }
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            try SettingsTable(database: copy, currency: currency).saveOffsite(settings)
        }
    }

    /// Writes this inventory's reminder channels and calendar token (the settings under
    /// `remind.` and `calendar.`) into the inventory file at `path` (one about to replace it: a
    /// restore), in place of its own: where reminders go and the feed the household's
    /// calendars subscribe to are its arrangements now, not the content's (none set now
    /// removes the copy's).
    public func carryReminding(into path: String) throws {
        let statement = try database.cachedStatement(
            """
            SELECT key, value FROM settings
            WHERE substr(key, 1, 7) = 'remind.' OR substr(key, 1, 9) = 'calendar.'
            """)
        var pairs: [(String, String)] = []
        do {
            defer { statement.reset() }
            while try statement.step() {
                pairs.append((statement.text(at: 0), statement.text(at: 1)))
            }
        }
        // none set now (a feed revoked, channels removed) is the arrangement too: the copy's
        // go, so that a revoked feed's address does not come back with an old backup
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            try copy.execute(
                """
                DELETE FROM settings
                WHERE substr(key, 1, 7) = 'remind.' OR substr(key, 1, 9) = 'calendar.'
                """)
            for (key, value) in pairs {
                try copy.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            }
        }
    }

    /// Stores `settings` (a title of nil removes the stored one); the caller validates them.
    public func save(_ settings: InventorySettings) throws {
        let upsert =
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        if let title = settings.title {
            try database.execute(upsert, [.text(SettingKey.title.rawValue), .text(title)])
        } else {
            try database.execute(
                "DELETE FROM settings WHERE key = ?", [.text(SettingKey.title.rawValue)])
        }
        try database.execute(
            upsert,
            [
                .text(SettingKey.receiptThreshold.rawValue),
                .text(String(settings.receiptThreshold.minorUnits)),
            ])
        try database.execute(
            upsert, [.text(SettingKey.reviewDays.rawValue), .text(String(settings.reviewDays))])
        func set(_ key: SettingKey, _ value: String?) throws {
            if let value {
                try database.execute(upsert, [.text(key.rawValue), .text(value)])
            } else {
                try database.execute("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
            }
        }
        try set(.maximumDepreciation, settings.maximumDepreciationBasisPoints.map(String.init))
        try set(
            .warrantyNoticeDays,
            settings.warrantyNoticeDays == InventorySettings.defaultWarrantyNoticeDays
                ? nil : String(settings.warrantyNoticeDays))
        try set(.coverageLimit, settings.coverageLimit.map { String($0.minorUnits) })
        try database.execute(
            "DELETE FROM settings WHERE substr(key, 1, ?) = ? OR substr(key, 1, ?) = ?",
            [
                .integer(Int64(Self.depreciationPrefix.count)), .text(Self.depreciationPrefix),
                .integer(Int64(Self.specialLimitPrefix.count)), .text(Self.specialLimitPrefix),
            ])
        for (category, terms) in settings.depreciation {
            try database.execute(
                upsert, [.text(Self.depreciationPrefix + category), .text(terms.text)])
        }
        for (category, limit) in settings.specialLimits {
            try database.execute(
                upsert,
                [.text(Self.specialLimitPrefix + category), .text(String(limit.minorUnits))])
        }
    }
}
