/// What a household sets once and the reports and checks read: the title on its report and
/// the thresholds of `inventory check`. The currency is kept apart (`Currency`), as it
/// decides how every amount is stored.
public struct InventorySettings: Sendable, Hashable {
    /// The title a report carries on every page (`inventory settings --title`), or nil for
    /// `defaultTitle`.
    public var title: String?
    /// An item worth more than this (its worth times its quantity) needs a receipt.
    public var receiptThreshold: Money
    /// An item not reviewed for this many days needs a review.
    public var reviewDays: Int
    /// How many days before a warranty ends `check`, `due` and `remind` say so.
    public var warrantyNoticeDays = defaultWarrantyNoticeDays
    /// The household's own depreciation terms, by category (lower case), over the built-in
    /// table's.
    public var depreciation: [String: DepreciationTerms] = [:]
    /// The most depreciation may take, in basis points; nil for the built-in 80 %.
    public var maximumDepreciationBasisPoints: Int?
    /// The policy's limit for personal property, or nil when not set.
    public var coverageLimit: Money?
    /// The policy's sub-limits by category (lower case): jewelry 1,500 and the like.
    public var specialLimits: [String: Money] = [:]

    /// The title of a report when the household set none.
    public static let defaultTitle = "Home inventory"
    /// The receipt threshold when none is set: 500 of the currency's main unit.
    public static func defaultReceiptThreshold(in currency: Currency) -> Money {
        var units: Int64 = 500
        for _ in 0..<currency.minorDigits { units *= 10 }
        // 500 × 10^3 at most: within Money's range.
        return try! Money(minorUnits: units, currency: currency)
    }
    /// The review interval when none is set: a year.
    public static let defaultReviewDays = 365
    /// The warranty notice when none is set: 30 days.
    public static let defaultWarrantyNoticeDays = 30
    /// The longest title, in characters.
    public static let maximumTitleLength = 200

    /// Settings with the given values, or the defaults.
    public init(title: String? = nil, receiptThreshold: Money, reviewDays: Int = defaultReviewDays)
    {
        self.title = title
        self.receiptThreshold = receiptThreshold
        self.reviewDays = reviewDays
    }

    /// The defaults for an inventory in `currency`.
    public static func defaults(in currency: Currency) -> InventorySettings {
        InventorySettings(receiptThreshold: defaultReceiptThreshold(in: currency))
    }

    /// `title` trimmed, or nil when blank; checked by the rule every one-line text follows
    /// (no control characters), at most `maximumTitleLength` characters.
    ///
    /// - Throws: `InventoryError.invalidValue`.
    public static func checkedTitle(_ title: String) throws -> String? {
        try ItemValidation.text(title, field: .other("title"), limit: maximumTitleLength)
    }

    /// The category a line or an item counts under for the policy's sub-limits: its first tag
    /// that has one, else `otherwise` (its depreciation category).
    public func limitCategory(forTags tags: [String], otherwise: @autoclosure () -> String)
        -> String
    {
        tags.lazy.map { $0.lowercased() }.first { specialLimits[$0] != nil } ?? otherwise()
    }

    /// The title a report shows.
    public var reportTitle: String { title ?? Self.defaultTitle }

    /// The depreciation table claims use: the built-in one with the household's terms over it.
    public var depreciationTable: DepreciationTable {
        var table = DepreciationTable.builtIn
        table.terms.merge(depreciation) { $1 }
        if let maximumDepreciationBasisPoints {
            table.maximumBasisPoints = maximumDepreciationBasisPoints
        }
        return table
    }
}
