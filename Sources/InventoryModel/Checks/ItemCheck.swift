/// What an adjuster would ask about an item and could not get: the rules of `inventory check`,
/// applied to one item at a time against the household's settings and today's date.
public struct ItemCheck: Sendable {
    /// One thing an adjuster would ask for.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// No photo.
        case photo
        /// No receipt, and worth more than the receipt threshold.
        case receipt
        /// No serial number on electronics (tagged `electronics`): a sofa or a ring with a
        /// brand has no serial to ask for.
        case serial
        /// Neither a price nor a replacement value.
        case worth
        /// No purchase date.
        case purchaseDate = "purchase-date"
        /// Not reviewed (nor added) within the review interval.
        case review
        /// Luxury and not insured.
        case insurance
        /// Luxury, worth more than its category's sub-limit in the policy, and not on a rider.
        case rider
        /// Its warranty ends within the warranty notice (30 days unless set).
        case warranty
        /// A field of the household's own required for a tag it carries has no value (a
        /// field defined with its rule after the item was saved).
        case ownField = "own-field"

        /// What the rule asks for, for help texts.
        public var summary: String {
            switch self {
            case .photo: "a photo"
            case .receipt: "a receipt, for an item worth more than the receipt threshold"
            case .serial: "a serial number, for items tagged electronics"
            case .worth: "a price or a replacement value"
            case .purchaseDate: "a purchase date"
            case .review: "a review within the review interval, a year unless set"
            case .insurance: "insurance, for a luxury item"
            case .rider:
                "a rider, for a luxury item worth more than its category's sub-limit"
            case .warranty: "attention, when its warranty ends within the warranty notice"
            case .ownField: "a value for each field of your own required for a tag it carries"
            }
        }
    }

    /// One rule an item fails, with the sentence that says how.
    public struct Finding: Sendable, Hashable {
        /// The rule.
        public let rule: Rule
        /// What is missing, for people: "no receipt (worth 1,299.00, more than 500.00)".
        public let message: String

        /// A finding of `rule`, said by `message`.
        public init(rule: Rule, message: String) {
            self.rule = rule
            self.message = message
        }
    }

    /// How many days before its end a warranty is reported unless the household sets another
    /// notice (`InventorySettings.warrantyNoticeDays`).
    public static let warrantyNoticeDays = Int64(InventorySettings.defaultWarrantyNoticeDays)
    /// The tag that marks electronics (compared ignoring case).
    public static let electronicsTag = "electronics"

    /// The thresholds.
    public let settings: InventorySettings
    /// The day the check is made.
    public let today: CalendarDate

    /// The household's own fields: those required for a tag are asked of items with it.
    public let ownFields: [CustomField]

    /// A check against `settings` on `today`, and of the fields of `ownFields` required for
    /// a tag.
    public init(
        settings: InventorySettings, today: CalendarDate, ownFields: [CustomField] = []
    ) {
        self.settings = settings
        self.today = today
        self.ownFields = ownFields.filter { $0.requiredForTag != nil }
    }

    /// Every rule `item` fails, in the order of `Rule.allCases`.
    public func findings(for item: HouseholdItem) -> [Finding] {
        var findings: [Finding] = []
        func add(_ rule: Rule, _ message: String) {
            findings.append(Finding(rule: rule, message: message))
        }
        if item.photo == nil { add(.photo, "no photo") }
        if !item.hasReceipt, let total = item.totalWorth,
            total > Int128(settings.receiptThreshold.minorUnits)
        {
            let currency = settings.receiptThreshold.currency
            add(
                .receipt,
                "no receipt (worth \(Money.format(total, currency: currency)), more than "
                    + "\(settings.receiptThreshold.formatted))")
        }
        if isBlank(item.serialNumber),
            item.tags.contains(where: { TextFolding.fold($0) == Self.electronicsTag })
        {
            add(.serial, "no serial number (tagged electronics)")
        }
        if item.worth == nil { add(.worth, "no price or replacement value") }
        if item.purchaseDate == nil { add(.purchaseDate, "no purchase date") }
        let lastSeen = item.reviewedAt ?? CalendarDate(utcDayOf: item.createdAt)
        if today.daysSince1970 - lastSeen.daysSince1970 > Int64(settings.reviewDays) {
            add(
                .review,
                item.reviewedAt == nil
                    ? "never reviewed (added \(lastSeen))" : "not reviewed since \(lastSeen)")
        }
        if item.isLuxury && !item.isInsured { add(.insurance, "luxury and not insured") }
        if item.isLuxury, !item.isScheduled, let total = item.totalWorth {
            let category = settings.limitCategory(
                forTags: item.tags,
                otherwise: settings.depreciationTable.category(forTags: item.tags))
            if let limit = settings.specialLimits[category], total > Int128(limit.minorUnits) {
                add(
                    .rider,
                    "not on a rider (worth \(Money.format(total, currency: limit.currency)), over "
                        + "the \(category) sub-limit of \(limit.formatted))")
            }
        }
        if !item.hasLifetimeWarranty, let until = item.warrantyUntil {
            let days = until.daysSince1970 - today.daysSince1970
            if (0...Int64(settings.warrantyNoticeDays)).contains(days) {
                add(
                    .warranty,
                    days == 0
                        ? "warranty ends today"
                        : "warranty ends \(until) (in \(days) day\(days == 1 ? "" : "s"))")
            }
        }
        if !ownFields.isEmpty {
            let tags = Set(item.tags.map(TextFolding.fold))
            for field in ownFields {
                guard let tag = field.requiredForTag, tags.contains(TextFolding.fold(tag)),
                    isBlank(item.customFields[field.key])
                else { continue }
                add(.ownField, "no \(field.name) (required for items tagged \(tag))")
            }
        }
        return findings
    }

    private func isBlank(_ text: String?) -> Bool {
        text?.allSatisfy(\.isWhitespace) ?? true
    }
}
