/// The condition an item was in before the loss, which scales its depreciation.
public enum ItemCondition: String, Sendable, Hashable, CaseIterable {
    /// As new: half the usual depreciation.
    case new
    /// Used with care: the usual depreciation.
    case good
    /// Worn: a quarter more.
    case average
    /// Worn out or damaged: half more.
    case poor

    /// The factor in percent: 50, 100, 125, 150.
    public var factorPercent: Int {
        switch self {
        case .new: 50
        case .good: 100
        case .average: 125
        case .poor: 150
        }
    }

    /// "×1.25" and the like, for the ledger's explanations.
    public var factorText: String {
        let whole = factorPercent / 100
        let rest = factorPercent % 100
        return rest == 0
            ? "×\(whole)" : rest % 10 == 0 ? "×\(whole).\(rest / 10)" : "×\(whole).\(rest)"
    }
}

/// How a category of things loses value: over a useful life at a yearly rate, or never
/// (jewelry, art).
public struct DepreciationTerms: Sendable, Hashable {
    /// The useful life in months, or nil when it never depreciates.
    public var lifeMonths: Int?
    /// The yearly rate in basis points (1250 is 12.5 % a year); 0 when it never depreciates.
    public var yearlyRateBasisPoints: Int

    /// Terms of `lifeMonths` of useful life at the straight-line rate (100 % over the life, at
    /// most 100 % a year: a life under a year loses all of it in its first) or at `rate` basis
    /// points a year (0 to 10,000).
    public init(lifeMonths: Int, yearlyRateBasisPoints rate: Int? = nil) {
        self.lifeMonths = max(1, lifeMonths)
        self.yearlyRateBasisPoints = min(
            10_000, max(0, rate ?? Self.straightLine(max(1, lifeMonths))))
    }

    /// The straight-line yearly rate of a life of `months`, in basis points, at most 10,000.
    static func straightLine(_ months: Int) -> Int {
        min(10_000, Int((120_000 + months / 2) / months))
    }

    /// Terms of something that never loses value.
    public static let never = DepreciationTerms()

    private init() {
        lifeMonths = nil
        yearlyRateBasisPoints = 0
    }

    /// Whether it never depreciates.
    public var neverDepreciates: Bool { lifeMonths == nil || yearlyRateBasisPoints == 0 }

    /// Reads the form `settings` takes and prints: `never`, `8y` (a life of 8 years, 12.5 % a
    /// year), `8y:15%` (8 years, 15 % a year), `18m` (months).
    public init?(text: String) {
        let text = text.trimmingWhitespace().lowercased()
        if text == "never" {
            self = .never
            return
        }
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let life = parts.first, let unit = life.last, unit == "y" || unit == "m",
            let amount = Self.decimalTenths(life.dropLast()), amount > 0
        else { return nil }
        let months = unit == "y" ? amount * 12 : amount
        guard months % 10 == 0, months / 10 > 0, months / 10 <= 1200 else { return nil }
        var rate: Int?
        if parts.count == 2 {
            guard parts[1].hasSuffix("%"), let tenths = Self.decimalTenths(parts[1].dropLast()),
                (1...1000).contains(tenths)
            else { return nil }
            rate = tenths * 10
        }
        self.init(lifeMonths: months / 10, yearlyRateBasisPoints: rate)
    }

    /// The text `init(text:)` reads.
    public var text: String {
        guard let lifeMonths, !neverDepreciates else { return "never" }
        let life = lifeMonths % 12 == 0 ? "\(lifeMonths / 12)y" : "\(lifeMonths)m"
        return yearlyRateBasisPoints == Self.straightLine(lifeMonths)
            ? life : "\(life):\(Self.percent(basisPoints: yearlyRateBasisPoints))%"
    }

    /// `basisPoints` as a percentage with up to two decimals: 1250 → "12.5".
    static func percent(basisPoints: Int) -> String {
        let whole = basisPoints / 100
        let rest = basisPoints % 100
        if rest == 0 { return String(whole) }
        return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }

    /// "8" or "7.5" tenths → 80, 75; nil for anything else.
    private static func decimalTenths(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 4,
            parts[0].allSatisfy(\.isASCII), let whole = Int(parts[0])
        else { return nil }
        guard parts.count == 2 else { return whole * 10 }
        guard parts[1].count == 1, let tenth = Int(parts[1]) else { return nil }
        return whole * 10 + tenth
    }
}

/// The depreciation categories and their terms: built in (shipped as data, below), each
/// overridable in the settings. An item's category is its first tag that names one, else
/// `other`.
public struct DepreciationTable: Sendable, Hashable {
    /// Terms by category name (lower case).
    public var terms: [String: DepreciationTerms]
    /// The most depreciation may take, in basis points (8000: 80 %).
    public var maximumBasisPoints: Int

    /// `text` as a category's name: trimmed and lower-cased, 1 to 40 letters, digits, spaces
    /// or hyphens; nil for anything else.
    public static func categoryName(_ text: some StringProtocol) -> String? {
        let name = String(text).trimmingWhitespace().lowercased()
        guard (1...40).contains(name.count),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" })
        else { return nil }
        return name
    }

    /// The category of things that name no other.
    public static let otherCategory = "other"
    /// The maximum when none is set: 80 %.
    public static let defaultMaximumBasisPoints = 8000

    /// The built-in table: common adjusters' useful lives for household contents.
    public static let builtIn = DepreciationTable(
        terms: [
            "appliances": DepreciationTerms(lifeMonths: 120),
            "art": .never,
            "clothing": DepreciationTerms(lifeMonths: 48),
            "electronics": DepreciationTerms(lifeMonths: 60),
            "furniture": DepreciationTerms(lifeMonths: 120),
            "jewelry": .never,
            "sports": DepreciationTerms(lifeMonths: 96),
            "tools": DepreciationTerms(lifeMonths: 120),
            otherCategory: DepreciationTerms(lifeMonths: 120),
        ], maximumBasisPoints: defaultMaximumBasisPoints)

    /// A table of these terms.
    public init(terms: [String: DepreciationTerms], maximumBasisPoints: Int) {
        self.terms = terms
        self.maximumBasisPoints = maximumBasisPoints
    }

    /// The category of something tagged `tags`: the first tag that names a category, else
    /// `other`.
    public func category(forTags tags: [String]) -> String {
        tags.lazy.map { $0.lowercased() }.first { $0 != Self.otherCategory && terms[$0] != nil }
            ?? Self.otherCategory
    }

    /// The terms of `category` (those of `other` for a category the table lacks).
    public func terms(of category: String) -> DepreciationTerms {
        terms[category.lowercased()] ?? terms[Self.otherCategory]
            ?? DepreciationTerms(lifeMonths: 120)
    }
}
