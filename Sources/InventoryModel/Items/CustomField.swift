/// A field of the household's own (`Wattage`, `Colour`, `Fuel`), defined per inventory with a
/// type and an optional rule. An item holds its value as text in a canonical spelling
/// (`HouseholdItem.customFields`, by the field's `key`): `1200`, `12.50`, `2026-03-01`, `yes`,
/// an option as listed.
public struct CustomField: Sendable, Hashable, Identifiable {
    /// Its number in the inventory.
    public let id: Int64
    /// Its name as first typed: what forms, `show`, lists, exports and `--field` say.
    public let name: String
    /// What it holds.
    public let kind: Kind
    /// A tag whose items must have a value (compared case-insensitively), if any.
    public let requiredForTag: String?
    /// The least a number or an amount may be, if any.
    public let minimum: Double?
    /// The most a number or an amount may be, if any.
    public let maximum: Double?

    /// What a field of the household's own holds.
    public enum Kind: Sendable, Hashable {
        /// Text, one line.
        case text
        /// A number, whole or not.
        case number
        /// An amount in the inventory's currency.
        case money
        /// A calendar day.
        case date
        /// Yes or no.
        case flag
        /// One of a list.
        case choice([String])

        /// Its name, as `fields add --type` takes it and the file keeps it.
        public var name: String {
            switch self {
            case .text: "text"
            case .number: "number"
            case .money: "money"
            case .date: "date"
            case .flag: "yes/no"
            case .choice: "choice"
            }
        }

        /// The kind named `name` (`Kind.name`; `flag` and `yes-no` too), a choice of
        /// `options`; nil for no kind's name.
        public init?(name: String, options: [String] = []) {
            switch name.lowercased() {
            case "text": self = .text
            case "number": self = .number
            case "money", "amount": self = .money
            case "date", "day": self = .date
            case "yes/no", "yes-no", "flag", "bool": self = .flag
            case "choice", "one-of": self = .choice(options)
            default: return nil
            }
        }

        /// The kinds' names, for help and refusals.
        public static let names = ["text", "number", "money", "date", "yes/no", "choice"]
    }

    /// A field as defined.
    public init(
        id: Int64, name: String, kind: Kind, requiredForTag: String? = nil,
        minimum: Double? = nil, maximum: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.requiredForTag = requiredForTag
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The key an item holds its value by, and filters name it by: the name folded.
    public var key: String { Self.key(name) }

    /// The key of a field named `name`.
    public static func key(_ name: String) -> String {
        TextFolding.fold(name.trimmingWhitespace())
    }

    /// The rule, for people: `required for tag tools; 0 to 5000`; nil without one.
    public var ruleText: String? {
        var parts: [String] = []
        if let requiredForTag { parts.append("required for tag \(requiredForTag)") }
        switch (minimum, maximum) {
        case (let low?, let high?): parts.append("\(Self.number(low)) to \(Self.number(high))")
        case (let low?, nil): parts.append("at least \(Self.number(low))")
        case (nil, let high?): parts.append("at most \(Self.number(high))")
        case (nil, nil): break
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The value typed as `text` in its canonical spelling, nil when blank.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the field when it is not a value of its
    ///   kind, or outside its range.
    public func value(from text: String, currency: Currency) throws -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let field = ValueField.other(name)
        let value: String
        switch kind {
        case .text:
            guard
                let checked = try ItemValidation.text(
                    trimmed, field: field, limit: ItemValidation.maximumShortTextLength)
            else { return nil }
            value = checked
        case .number:
            guard let number = Self.parseNumber(trimmed) else {
                throw InventoryError.invalidValue(
                    field: field, value: text, reason: "not a number (write it like 1200 or 2.5)")
            }
            value = Self.number(number)
        case .money:
            value = try Money(parsing: trimmed, currency: currency, field: field).decimalString
        case .date:
            value = try CalendarDate(parsing: trimmed, field: field).description
        case .flag:
            switch trimmed.lowercased() {
            case "yes", "true", "1", "y": value = "yes"
            case "no", "false", "0", "n": value = "no"
            default:
                throw InventoryError.invalidValue(
                    field: field, value: text, reason: "write yes or no")
            }
        case .choice(let options):
            guard let option = try ItemValidation.choice(trimmed, of: options, field: field) else {
                return nil
            }
            value = option
        }
        if let number = numericValue(of: value) {
            if let minimum, number < minimum {
                throw InventoryError.invalidValue(
                    field: field, value: text, reason: "the least is \(Self.number(minimum))")
            }
            if let maximum, number > maximum {
                throw InventoryError.invalidValue(
                    field: field, value: text, reason: "the most is \(Self.number(maximum))")
            }
        }
        return value
    }

    /// A value of a number or an amount field as a number (what ranges and filters compare);
    /// nil for other kinds.
    public func numericValue(of value: String) -> Double? {
        switch kind {
        case .number, .money: Double(value)
        default: nil
        }
    }

    /// A number as people and the file write it: `1200`, `2.5`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A typed number: digits with an optional sign, decimal point and grouping commas.
    static func parseNumber(_ text: String) -> Double? {
        let plain = text.replacing(",", with: "")
        guard !plain.isEmpty,
            plain.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
            let number = Double(plain), number.isFinite
        else { return nil }
        return number
    }
}

extension CustomField {
    /// Checks and normalizes the household's own fields of `item` by their definitions in
    /// `fields`: each value spelled canonically (`value(from:currency:)`), a value of no
    /// defined field refused, and a field required for a tag the item carries present.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the field.
    package static func validate(
        _ item: inout HouseholdItem, fields: [CustomField], currency: Currency
    ) throws {
        guard !item.customFields.isEmpty || fields.contains(where: { $0.requiredForTag != nil })
        else { return }
        let byKey = Dictionary(fields.map { ($0.key, $0) }) { first, _ in first }
        var normalized: [String: String] = [:]
        for (key, text) in item.customFields {
            guard let field = byKey[key] else {
                throw InventoryError.invalidValue(
                    field: .other("field"), value: key,
                    reason: "no such field of this inventory ('inventory fields' lists them)")
            }
            if let value = try field.value(from: text, currency: currency) {
                normalized[field.key] = value
            }
        }
        let tags = Set(item.tags.map(TextFolding.fold))
        for field in fields {
            if let tag = field.requiredForTag, tags.contains(TextFolding.fold(tag)),
                normalized[field.key] == nil
            {
                throw InventoryError.invalidValue(
                    field: .other(field.name), value: "(none)",
                    reason: "items tagged \(tag) need a value")
            }
        }
        item.customFields = normalized
    }
}
