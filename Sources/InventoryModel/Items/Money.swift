/// An amount of money: an integer count of minor units (cents) and a currency.
///
/// Never floating point. Text such as `"1234.50"` is parsed digit by digit.
public struct Money: Sendable, Hashable {
    /// The amount in minor units: 123450 is 1234.50 USD.
    public let minorUnits: Int64
    /// The currency the amount is in.
    public let currency: Currency

    /// The largest price that can be stored: 10^14 − 1 minor units (999,999,999,999.99 USD),
    /// small enough that price × quantity and any sum of them fit in `Int128` with room to spare.
    public static let maximumMinorUnits: Int64 = 99_999_999_999_999

    /// Creates an amount; `minorUnits` must be between 0 and `maximumMinorUnits`.
    ///
    /// - Throws: `InventoryError.invalidValue` when it is negative or too large.
    public init(minorUnits: Int64, currency: Currency) throws {
        guard minorUnits >= 0 else {
            throw InventoryError.invalidValue(
                field: .price, value: String(minorUnits), reason: "a price cannot be negative")
        }
        guard minorUnits <= Self.maximumMinorUnits else {
            throw InventoryError.invalidValue(
                field: .price, value: String(minorUnits),
                reason: "too large (the most is "
                    + "\(Self.format(Int128(Self.maximumMinorUnits), currency: currency)))")
        }
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses a decimal amount such as `"1234.5"`, `"25000.00"` or `"25,000.00"` (the form the
    /// tool prints) in `currency`. Spaces around it are ignored.
    ///
    /// Accepts digits, grouped by commas in threes or not at all, with at most one `.` and at
    /// most `currency.minorDigits` decimals.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the problem and the accepted forms: not a
    ///   number, negative, too many decimals, or too large.
    public init(parsing text: String, currency: Currency, field: ValueField = .price) throws {
        func invalid(_ reason: String) -> InventoryError {
            .invalidValue(field: field, value: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("-") {
            let rest = trimmed.dropFirst()
            if !rest.isEmpty,
                rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
            {
                throw invalid("a \(field) cannot be negative")
            }
        }
        let parts = trimmed.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { part in
            part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        let example = currency.minorDigits == 0 ? "1234 or 1,234" : "1234.56 or 1,234.56"
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            let whole = Self.ungrouped(parts[0]), parts.dropFirst().allSatisfy(isDigits),
            parts.count == 1 || !parts[1].isEmpty
        else {
            throw invalid("not a number (write it like \(example))")
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= currency.minorDigits else {
            throw invalid(
                currency.minorDigits == 0
                    ? "\(currency.code) has no decimal places"
                    : "\(currency.code) has at most \(currency.minorDigits) decimal places")
        }
        let significant = whole.drop { $0 == "0" }
        // 19 digits could overflow Int64 before the range check; anything that long is too large.
        guard significant.count + currency.minorDigits <= 18 else {
            throw invalid(
                "too large (the most is \(Self.format(Int128(Self.maximumMinorUnits), currency: currency)))"
            )
        }
        let padded = fraction + String(repeating: "0", count: currency.minorDigits - fraction.count)
        let units = Int64(significant + padded) ?? 0
        guard units <= Self.maximumMinorUnits else {
            throw invalid(
                "too large (the most is \(Self.format(Int128(Self.maximumMinorUnits), currency: currency)))"
            )
        }
        self.minorUnits = units
        self.currency = currency
    }

    /// The digits of a whole number written plainly (`1234`) or grouped by commas in threes
    /// (`1,234`); nil for anything else.
    static func ungrouped(_ text: Substring) -> String? {
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        guard text.utf8.contains(UInt8(ascii: ",")) else {
            return text.allSatisfy(isDigit) ? String(text) : nil
        }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count),
            groups.allSatisfy({ $0.allSatisfy(isDigit) }),
            groups.dropFirst().allSatisfy({ $0.count == 3 })
        else { return nil }
        return groups.joined()
    }

    /// The plain decimal text JSON and CSV carry: `"25000.00"`.
    public var decimalString: String {
        Self.format(Int128(minorUnits), currency: currency, grouping: false)
    }

    /// Appends `decimalString`'s UTF-8 bytes to `bytes`.
    public func appendDecimal(to bytes: inout OutputBytes) {
        Self.append(Int128(minorUnits), currency: currency, grouping: false, to: &bytes)
    }

    /// The amount for people, with thousands separators: `"25,000.00"`.
    public var formatted: String {
        Self.format(Int128(minorUnits), currency: currency)
    }

    /// Formats an amount of minor units (a total may exceed `Int64`) in `currency`'s precision.
    ///
    /// - Parameters:
    ///   - minorUnits: the amount, such as 2500000 for 25,000.00 USD.
    ///   - currency: the currency whose decimals the amount has.
    ///   - grouping: whether to separate thousands with commas.
    public static func format(_ minorUnits: Int128, currency: Currency, grouping: Bool = true)
        -> String
    {
        var bytes = OutputBytes(capacity: 48)
        append(minorUnits, currency: currency, grouping: grouping, to: &bytes)
        return bytes.string
    }

    /// Appends `format`'s UTF-8 bytes to `bytes`.
    static func append(
        _ minorUnits: Int128, currency: Currency, grouping: Bool, to bytes: inout OutputBytes
    ) {
        if minorUnits < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt128 = 1
        for _ in 0..<currency.minorDigits { divisor *= 10 }
        let magnitude = minorUnits.magnitude
        ASCIIDigits.appendMagnitude(magnitude / divisor, grouped: grouping, to: &bytes)
        if currency.minorDigits > 0 {
            bytes.append(UInt8(ascii: "."))
            ASCIIDigits.appendMagnitude(
                magnitude % divisor, width: currency.minorDigits, to: &bytes)
        }
    }
}

// MARK: - CustomStringConvertible

extension Money: CustomStringConvertible {
    /// The formatted amount followed by the currency's code: `25,000.00 EUR`.
    public var description: String { "\(formatted) \(currency.code)" }
}

// MARK: - Text helpers

extension StringProtocol {
    /// The text without leading and trailing white space and newlines.
    package func trimmingWhitespace() -> String {
        // Most text has printable ASCII at both ends: nothing to trim, no Unicode tables
        // (Foundation's trimming, for every cell, was a large part of an import).
        let bytes = Substring(self).utf8
        if bytes.isEmpty { return "" }
        if let first = bytes.first, let last = bytes.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return String(self)
        }
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
