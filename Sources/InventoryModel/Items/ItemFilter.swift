import Foundation

/// Which items a view or a listing shows. Every condition that is set must hold, and so must
/// every filter in `all` (a view built on another view narrows it this way).
///
/// A filter is both a query (`ItemTable` turns it into SQL with bound values) and an
/// in-memory test (`matches(_:)`, used by live views); the two always agree.
public struct ItemFilter: Sendable, Hashable {
    /// Only items whose luxury flag equals this.
    public var isLuxury: Bool?
    /// Only items whose insured flag equals this.
    public var isInsured: Bool?
    /// Only items with (true) or without (false) a photo.
    public var hasPhoto: Bool?
    /// Only items with a price of at least this.
    public var minPrice: Money?
    /// Only items with a price of at most this.
    public var maxPrice: Money?
    /// Only items worth at least this (their replacement value, else their price).
    public var minWorth: Money?
    /// Only items worth at most this.
    public var maxWorth: Money?
    /// Only items that carry every one of these tags (compared case-insensitively).
    public var tags: [String]
    /// Only items bought after this day.
    public var purchasedAfter: CalendarDate?
    /// Only items bought before this day.
    public var purchasedBefore: CalendarDate?
    /// Only items at this place or under it: in a place under it, or inside a container there
    /// (a path, `Home / Garage`, spelled in any case and spacing).
    public var location: String?
    /// Only items of this brand (exact, case-insensitive).
    public var brand: String?
    /// Only items whose words (name, description, brand, model, serial, notes, location)
    /// start with every word of this text, in any order and any case.
    public var text: String?
    /// Only items on loan (true) or not (false).
    public var isOnLoan: Bool?
    /// Whether items that left the household pass: nil leaves it to the filters of `all`,
    /// and to `Presence.here` when none says (every view and total leaves them out unless it
    /// asks for them).
    public var presence: Presence?
    /// Conditions on the household's own fields (`CustomField`), each of which must hold.
    public var fields: [FieldCondition]
    /// Filters that must hold as well.
    public var all: [ItemFilter]

    /// A condition on one of the household's own fields.
    public struct FieldCondition: Sendable, Hashable {
        /// The field's key (`CustomField.key`: its name folded).
        public var key: String
        /// Only items whose value is this (compared case-insensitively).
        public var equals: String?
        /// Only items whose value is a number of at least this.
        public var minimum: Double?
        /// Only items whose value is a number of at most this.
        public var maximum: Double?
        /// Only items with (true) or without (false) a value.
        public var hasValue: Bool?

        /// A condition on the field named `name` (in any case).
        public init(
            field name: String, equals: String? = nil, minimum: Double? = nil,
            maximum: Double? = nil, hasValue: Bool? = nil
        ) {
            key = CustomField.key(name)
            self.equals = equals
            self.minimum = minimum
            self.maximum = maximum
            self.hasValue = hasValue
        }

        /// Whether `item` passes it.
        public func matches(_ item: HouseholdItem) -> Bool {
            let value = item.customFields[key]
            if let hasValue, (value != nil) != hasValue { return false }
            if let equals {
                guard let value, TextFolding.fold(value) == TextFolding.fold(equals) else {
                    return false
                }
            }
            if minimum != nil || maximum != nil {
                guard let number = value.flatMap(Double.init) else { return false }
                if let minimum, number < minimum { return false }
                if let maximum, number > maximum { return false }
            }
            return true
        }

        /// The condition as one text, for `canonicalText`.
        var canonicalText: String {
            var parts = [key.debugDescription]
            if let equals { parts.append("=" + TextFolding.fold(equals).debugDescription) }
            if let minimum { parts.append(">=\(minimum)") }
            if let maximum { parts.append("<=\(maximum)") }
            if let hasValue { parts.append(hasValue ? "set" : "unset") }
            return parts.joined(separator: " ")
        }
    }

    /// Which items a filter takes by whether they are still in the household.
    public enum Presence: String, Sendable, Hashable, CaseIterable {
        /// Those still in the household: what every filter takes unless it says otherwise.
        case here
        /// Those that left it (sold, given away, thrown out, lost, stolen): the archive.
        case left
        /// Both.
        case any
    }

    /// Creates a filter; with no conditions it matches every item.
    public init(
        isLuxury: Bool? = nil, isInsured: Bool? = nil, hasPhoto: Bool? = nil,
        minPrice: Money? = nil, maxPrice: Money? = nil, minWorth: Money? = nil,
        maxWorth: Money? = nil, tags: [String] = [], purchasedAfter: CalendarDate? = nil,
        purchasedBefore: CalendarDate? = nil, location: String? = nil, brand: String? = nil,
        text: String? = nil, isOnLoan: Bool? = nil, presence: Presence? = nil,
        fields: [FieldCondition] = [], all: [ItemFilter] = []
    ) {
        self.fields = fields
        self.isOnLoan = isOnLoan
        self.presence = presence
        self.isLuxury = isLuxury
        self.isInsured = isInsured
        self.hasPhoto = hasPhoto
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.minWorth = minWorth
        self.maxWorth = maxWorth
        self.tags = tags
        self.purchasedAfter = purchasedAfter
        self.purchasedBefore = purchasedBefore
        self.location = location
        self.brand = brand
        self.text = text
        self.all = all
    }

    /// Every item still in the household.
    public static let all = ItemFilter()
    /// Every item, those that left the household too.
    public static let everything = ItemFilter(presence: .any)
    /// Items someone has on loan.
    public static let onLoan = ItemFilter(isOnLoan: true)
    /// Items that left the household: the archive.
    public static let archive = ItemFilter(presence: .left)

    /// Which items pass by whether they left: this filter's `presence`, else the first that
    /// a filter of `all` sets (depth first), else `.here`.
    public var resolvedPresence: Presence { explicitPresence ?? .here }

    private var explicitPresence: Presence? {
        presence ?? all.lazy.compactMap(\.explicitPresence).first
    }
    /// Items with the luxury flag set.
    public static let luxury = ItemFilter(isLuxury: true)
    /// Items with the insured flag clear (the blog's "non-insured items").
    public static let nonInsured = ItemFilter(isInsured: false)

    /// This filter narrowed by `other`: both must hold.
    public func narrowed(by other: ItemFilter) -> ItemFilter {
        if self == .all { return other }
        if other == .all { return self }
        var combined = other
        combined.all.append(self)
        return combined
    }

    /// Whether `item` passes the filter.
    public func matches(_ item: HouseholdItem) -> Bool {
        switch resolvedPresence {
        case .here: if item.hasLeft { return false }
        case .left: if !item.hasLeft { return false }
        case .any: break
        }
        return matchesConditions(item)
    }

    /// Whether `item` passes every condition but presence, here and in `all`.
    private func matchesConditions(_ item: HouseholdItem) -> Bool {
        if let isOnLoan, item.isOnLoan != isOnLoan { return false }
        if let isLuxury, item.isLuxury != isLuxury { return false }
        if let isInsured, item.isInsured != isInsured { return false }
        if let hasPhoto, (item.photo != nil) != hasPhoto { return false }
        if let minPrice {
            guard let price = item.price, price.minorUnits >= minPrice.minorUnits else {
                return false
            }
        }
        if let maxPrice {
            guard let price = item.price, price.minorUnits <= maxPrice.minorUnits else {
                return false
            }
        }
        if let minWorth {
            guard let worth = item.worth, worth.minorUnits >= minWorth.minorUnits else {
                return false
            }
        }
        if let maxWorth {
            guard let worth = item.worth, worth.minorUnits <= maxWorth.minorUnits else {
                return false
            }
        }
        if !tags.isEmpty {
            let carried = Set(item.tags.map(TextFolding.fold))
            guard tags.allSatisfy({ carried.contains(TextFolding.fold($0)) }) else { return false }
        }
        if let purchasedAfter {
            guard let date = item.purchaseDate, date > purchasedAfter else { return false }
        }
        if let purchasedBefore {
            guard let date = item.purchaseDate, date < purchasedBefore else { return false }
        }
        if let location {
            guard let value = item.location,
                PlacePath.location(value, isWithinFolded: Self.foldedPath(location))
            else { return false }
        }
        if let brand {
            guard let value = item.brand, TextFolding.fold(value) == TextFolding.fold(brand)
            else { return false }
        }
        if let text, !SearchText(text).matches(item) { return false }
        if !fields.allSatisfy({ $0.matches(item) }) { return false }
        return all.allSatisfy { $0.matchesConditions(item) }
    }
}

extension ItemFilter {
    /// A location filter's path as it is compared: spelled as a path, folded.
    package static func foldedPath(_ location: String) -> String {
        TextFolding.fold(PlacePath.normalized(location) ?? location)
    }
}

/// The one case-folding rule of the library: lists sorted by name, case-insensitive filters,
/// and the SQL that serves them (through the `inventory_fold` function) all use it.
public enum TextFolding {
    /// `text` folded to lower case (Unicode).
    public static func fold(_ text: String) -> String { text.lowercased() }
}

/// Full-text search words, split and folded as SQLite's FTS5 `unicode61` tokenizer does with
/// `remove_diacritics 2` (migration 0013): letters, digits and private-use characters make
/// words, the combining accents it removes are dropped inside them, and everything else
/// separates them; case is folded and Latin letters lose their accents, so `kuche` finds
/// "Küche" and `cafe` "Café".
public struct SearchText: Sendable, Hashable {
    /// The folded words of the search, each matched as a prefix.
    public let words: [String]

    /// The words of `text`.
    public init(_ text: String) {
        words = Self.words(of: text)
    }

    /// Whether every search word starts some word of the item's searchable fields. A search
    /// with no words matches nothing.
    public func matches(_ item: HouseholdItem) -> Bool {
        guard !words.isEmpty else { return false }
        // The values of the household's own fields are indexed as their JSON object: the
        // words of the keys and of the values.
        let itemWords =
            [
                item.name, item.description, item.brand, item.model, item.serialNumber,
                item.notes, item.location,
            ].compactMap { $0 }.flatMap(Self.words(of:))
            + item.customFields.flatMap { Self.words(of: $0.key) + Self.words(of: $0.value) }
        return words.allSatisfy { word in itemWords.contains { $0.hasPrefix(word) } }
    }

    /// The FTS5 query for these words: each quoted, as a prefix, all required.
    public var ftsQuery: String {
        words.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"*" }.joined(separator: " AND ")
    }

    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if removedAccents.contains(scalar.value) {
                continue
            } else if !current.isEmpty {
                words.append(fold(String(current)))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(fold(String(current))) }
        return words
    }

    /// A word folded as the tokenizer folds it: lower case, and a Latin letter with accents as
    /// its plain letter.
    static func fold(_ word: String) -> String {
        let lower = TextFolding.fold(word)
        guard !lower.utf8.allSatisfy({ $0 < 0x80 }) else { return lower }
        var folded = String.UnicodeScalarView()
        for scalar in lower.unicodeScalars {
            if removedAccents.contains(scalar.value) { continue }
            folded.append(plainLatinLetter(of: scalar) ?? scalar)
        }
        return String(folded)
    }

    /// The letter a Latin letter with accents is searched as (é → e, ǖ → u), or nil: one whose
    /// canonical decomposition is an ASCII letter followed by accents the tokenizer removes.
    /// SQLite's table leaves out ǡ, and folds the long s (ſ, ẛ) to s.
    private static func plainLatinLetter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        guard (0xC0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value),
            value != 0x1E0, value != 0x1E1
        else { return nil }
        if value == 0x17F || value == 0x1E9B { return "s" }
        let parts = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        guard let base = parts.first, base.isASCII, base.properties.isAlphabetic,
            parts.dropFirst().allSatisfy({ removedAccents.contains($0.value) })
        else { return nil }
        return base
    }

    /// The combining accents the tokenizer drops from inside a word (SQLite's
    /// `sqlite3Fts5UnicodeIsdiacritic`): grave, acute, circumflex, tilde, macron, breve, dot,
    /// diaeresis, hook, ring, double acute, caron, inverted breve, horn, dot below and the
    /// cedilla and ogonek among them.
    private static let removedAccents: Set<UInt32> = [
        0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30A, 0x30B, 0x30C,
        0x30F, 0x311, 0x31B, 0x323, 0x324, 0x325, 0x326, 0x327, 0x328, 0x32D, 0x32E, 0x330,
        0x331,
    ]

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }
}

// MARK: - Canonical text

extension ItemFilter {
    /// The filter as one text that two filters share exactly when they select the same
    /// conditions: each condition that is set, in a fixed order, then the filters of `all`.
    /// A share link keeps it to refuse showing a view whose definition changed since.
    public var canonicalText: String {
        var parts: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { parts.append("\(name)=\(value)") }
        }
        func money(_ value: Money?) -> String? {
            value.map { "\($0.currency.code) \($0.minorUnits)" }
        }
        add("luxury", isLuxury.map { $0 ? "1" : "0" })
        add("insured", isInsured.map { $0 ? "1" : "0" })
        add("photo", hasPhoto.map { $0 ? "1" : "0" })
        add("minPrice", money(minPrice))
        add("maxPrice", money(maxPrice))
        add("minWorth", money(minWorth))
        add("maxWorth", money(maxWorth))
        add("tags", tags.isEmpty ? nil : tags.map { $0.lowercased() }.sorted().description)
        add("after", purchasedAfter?.description)
        add("before", purchasedBefore?.description)
        add("location", location.map { $0.lowercased().debugDescription })
        add("brand", brand.map { $0.lowercased().debugDescription })
        add("text", text.map { $0.lowercased().debugDescription })
        add("onLoan", isOnLoan.map { $0 ? "1" : "0" })
        add("presence", presence?.rawValue)
        add(
            "fields",
            fields.isEmpty ? nil : "[" + fields.map(\.canonicalText).joined(separator: ", ") + "]")
        add("all", all.isEmpty ? nil : "[" + all.map(\.canonicalText).joined(separator: ", ") + "]")
        return "{" + parts.joined(separator: "; ") + "}"
    }
}
