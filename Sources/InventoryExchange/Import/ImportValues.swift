import Foundation
import InventoryKit

/// How the numbers of a money column mark their decimals.
public enum DecimalMark: Sendable, Hashable {
    /// `1,234.50`
    case point
    /// `1.234,50`
    case comma
}

/// How dates written with slashes are read: which part is the month.
public enum SlashDateOrder: String, Sendable, Hashable, CaseIterable {
    /// `MM/DD/YYYY`, as in the United States (and Homebox).
    case monthFirst = "MM/DD/YYYY"
    /// `DD/MM/YYYY`, as in most of the world.
    case dayFirst = "DD/MM/YYYY"
}

/// Reads the values of an imported file's cells. Every form it does not know is an error that
/// says what it expected, never a silent default.
enum ImportValues {
    // MARK: - Money

    /// What a money cell says about its column's decimal mark: `19,99` and `1.234,50` can
    /// only be decimal commas, `19.99` and `1,234.50` only decimal points; `1,234` and `1.234`
    /// could be either.
    static func decimalEvidence(_ text: String) -> DecimalMark? {
        let number = moneyDigits(text)
        let lastComma = number.lastIndex(of: ",")
        let lastPoint = number.lastIndex(of: ".")
        switch (lastComma, lastPoint) {
        case (let comma?, let point?): return comma > point ? .comma : .point
        case (let comma?, nil):
            return number[number.index(after: comma)...].count == 3 ? nil : .comma
        case (nil, let point?):
            let after = number[number.index(after: point)...].count
            // `1.234.567` groups; one point before three digits could be either.
            return after == 3 ? nil : .point
        case (nil, nil): return nil
        }
    }

    /// The cell without currency symbols, codes and spaces: `$1,234.50` → `1,234.50`,
    /// `1.234,50 €` → `1.234,50`, `EUR 12` → `12`.
    static func moneyDigits(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var letters = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9", ",", ".", "-": result.append(scalar)
            case "'" where !result.isEmpty:  // Swiss grouping: 1'234.50
                continue
            default:
                if scalar.properties.isAlphabetic { letters.unicodeScalars.append(scalar) }
            }
        }
        // Letters are allowed only as a currency code (`USD 12`); anything else stays in the
        // text so that the number is refused.
        if !letters.isEmpty && !(letters.count == 3 && letters.uppercased() == letters) {
            return text
        }
        return String(result)
    }

    /// The currency a money cell names, by its ISO code (`EUR 12`, `12 CHF`) or a symbol that
    /// names one currency (`€`, `£`, `₹`…); nil when it names none, or only `$` or `¥`, which
    /// several currencies write.
    static func currencyEvidence(_ text: String) -> String? {
        var letters = ""
        for scalar in text.unicodeScalars {
            if let code = currencySymbols[scalar] { return code }
            if scalar.properties.isAlphabetic { letters.unicodeScalars.append(scalar) }
        }
        if letters.count == 3, letters.uppercased() == letters, Currency(code: letters) != nil {
            return letters
        }
        return nil
    }

    private static let currencySymbols: [Unicode.Scalar: String] = [
        "€": "EUR", "£": "GBP", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "₪": "ILS",
        "₫": "VND", "₴": "UAH", "₱": "PHP", "₦": "NGN", "฿": "THB", "₸": "KZT", "₾": "GEL",
    ]

    /// A money cell in the inventory's currency, read with the column's decimal mark.
    static func money(
        _ text: String, mark: DecimalMark, currency: Currency, field: ValueField
    ) throws -> Money? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        var digits = moneyDigits(trimmed)
        if let evidence = decimalEvidence(trimmed), evidence != mark {
            guard mark == .point else {
                throw InventoryError.invalidValue(
                    field: field, value: text,
                    reason: "reads as a decimal point, but the column uses decimal commas")
            }
            throw HintedRefusal(
                error: .invalidValue(
                    field: field, value: text,
                    reason: "reads as a decimal comma, but the column uses decimal points"),
                hint: .decimalComma)
        }
        if mark == .comma {
            digits = digits.replacingOccurrences(of: ".", with: "")
                .replacingOccurrences(of: ",", with: ".")
        }
        do {
            return try Money(parsing: digits, currency: currency, field: field)
        } catch InventoryError.invalidValue(_, _, let reason) {
            throw InventoryError.invalidValue(field: field, value: text, reason: reason)
        }
    }

    // MARK: - Dates

    /// What a date cell says about its column's order: `13/10/2021` is day first,
    /// `10/13/2021` month first, `05/04/2021` either.
    static func dateEvidence(_ text: String) -> SlashDateOrder? {
        let parts = text.trimmingWhitespace().split(separator: "/")
        guard parts.count == 3, parts[0].count <= 2, let first = Int(parts[0]),
            let second = Int(parts[1])
        else { return nil }
        if first > 12 && second <= 12 { return .dayFirst }
        if second > 12 && first <= 12 { return .monthFirst }
        return nil
    }

    /// Whether a date cell is written with slashes, day and month first (`5/4/2021`).
    static func isSlashDate(_ text: String) -> Bool {
        let parts = text.trimmingWhitespace().split(separator: "/")
        return parts.count == 3 && parts[0].count <= 2
    }

    /// A date: `YYYY-MM-DD`, `YYYY/MM/DD`, RFC 3339 (`2021-10-13T21:10:30+01:00`: the date
    /// as written), or with slashes in `order` (`10/13/2021`, one-digit days and months too;
    /// two-digit years only with `twoDigitYears`).
    static func date(
        _ text: String, order: SlashDateOrder?, field: ValueField, today: CalendarDate
    ) throws -> CalendarDate? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        func invalid(_ reason: String) -> InventoryError {
            .invalidValue(field: field, value: text, reason: reason)
        }
        let expected =
            "not a date (write it like 2024-03-15\(order.map { " or \($0.rawValue)" } ?? ""))"
        // RFC 3339 and ISO 8601 with a time: the date part, as written.
        var datePart = Substring(trimmed)
        if trimmed.count > 10, let t = trimmed.firstIndex(where: { $0 == "T" || $0 == " " }),
            trimmed.distance(from: trimmed.startIndex, to: t) == 10
        {
            datePart = trimmed[..<t]
        }
        let slashes = datePart.split(separator: "/", omittingEmptySubsequences: false)
        let dashes = datePart.split(separator: "-", omittingEmptySubsequences: false)
        var year = 0
        var month = 0
        var day = 0
        if dashes.count == 3 || (slashes.count == 3 && slashes[0].count == 4) {
            let parts = dashes.count == 3 ? dashes : slashes
            guard parts[0].count == 4, (1...2).contains(parts[1].count),
                (1...2).contains(parts[2].count), let y = Int(parts[0]), let m = Int(parts[1]),
                let d = Int(parts[2])
            else { throw invalid(expected) }
            (year, month, day) = (y, m, d)
        } else if slashes.count == 3 {
            guard let order else {
                throw HintedRefusal(
                    error: invalid("could be a day or a month first"), hint: .dateOrder(nil))
            }
            guard (1...2).contains(slashes[0].count), (1...2).contains(slashes[1].count),
                let a = Int(slashes[0]), let b = Int(slashes[1]), let y = Int(slashes[2])
            else { throw invalid(expected) }
            switch slashes[2].count {
            case 4: year = y
            case 2:
                // 24 → 2024; a year after this one is taken as last century's (98 → 1998).
                let century = today.year / 100 * 100
                year = century + y > today.year ? century - 100 + y : century + y
            default: throw invalid(expected)
            }
            (month, day) = order == .monthFirst ? (a, b) : (b, a)
            if CalendarDate(year: year, month: month, day: day) == nil,
                CalendarDate(year: year, month: day, day: month) != nil
            {
                // `13/10/2021` read month first: it is a date only the other way round.
                let other: SlashDateOrder = order == .monthFirst ? .dayFirst : .monthFirst
                throw HintedRefusal(
                    error: invalid(
                        "no such day in the calendar as \(order.rawValue); it is a date as "
                            + other.rawValue),
                    hint: .dateOrder(other))
            }
        } else {
            throw invalid(expected)
        }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw invalid("no such day in the calendar")
        }
        return date
    }

    /// Dates before this year are kept as written, with a warning: nothing in a household is
    /// that old but a typo (Homebox's own demo data has `09/30/0202`).
    static let earliestLikelyYear = 1900

    // MARK: - Yes and no

    /// `true/false`, `yes/no`, `y/n`, `1/0`, `x` or empty (no), in any case.
    static func bool(_ text: String, field: ValueField) throws -> Bool {
        switch text.trimmingWhitespace().lowercased() {
        case "true", "yes", "y", "1", "x", "t": return true
        case "false", "no", "n", "0", "", "f": return false
        default:
            throw InventoryError.invalidValue(
                field: field, value: text,
                reason: "not yes or no (true, false, yes, no, y, n, 1, 0, x)")
        }
    }

    // MARK: - Quantities

    /// A whole number; `2.0` (as Homebox 0.25 writes it) is 2, `2.5` is refused.
    static func quantity(_ text: String) throws -> Int? {
        var trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if let point = trimmed.firstIndex(of: "."),
            trimmed[trimmed.index(after: point)...].allSatisfy({ $0 == "0" })
        {
            trimmed = String(trimmed[..<point])
        }
        return try ValueParser.quantity(trimmed)
    }

    // MARK: - Homebox's links

    /// What Homebox's `HB.url` names: `{base}/item/UUID` an item, `{base}/location/UUID` a
    /// place (Homebox 0.26 exports its locations as rows); nil for anything else.
    static func homeboxEntity(_ url: String) -> (isPlace: Bool, id: String)? {
        let parts = url.trimmingWhitespace().split(separator: "/", omittingEmptySubsequences: false)
        // A UUID in practice; any id of letters, digits and dashes.
        guard parts.count >= 2, let id = parts.last, (1...100).contains(id.utf8.count),
            id.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-")
            })
        else { return nil }
        switch parts[parts.count - 2] {
        case "item": return (false, String(id))
        case "location": return (true, String(id))
        default: return nil
        }
    }

    // MARK: - Tags and places

    /// Tags split on `;` (and `|`), trimmed, empty ones left out.
    static func tags(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == ";" || $0 == "|" })
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }
    }

    /// A location path with its words kept and its parts spaced evenly:
    /// `Home /Garage/ Shelf ` → `Home / Garage / Shelf`.
    static func location(_ text: String) -> String {
        text.split(separator: "/").map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }.joined(separator: " / ")
    }
}

/// A cell refused, and the option of the import that would read it (`ImportHint`): the
/// importer records both in the row's problem.
struct HintedRefusal: Error {
    /// The refusal, as the item's rules say it.
    let error: InventoryError
    /// What would read the cell.
    let hint: ImportHint
}

/// An option of the import (`ImportOptions`) that would read the file otherwise: what can be
/// done about a problem, as a value each caller says in its own terms (the command line as
/// `--map`, `--decimal-comma`, `--date-format`).
public enum ImportHint: Sendable, Hashable {
    /// `mappings` names a column the file does not have.
    case mappedColumnMissing(String)
    /// Columns no field takes: `mappings` can give one (the first is `first`) a field, or
    /// `otherColumns` decide for all of them.
    case mapOrKeepOtherColumns(first: String)
    /// Columns give the same field: `mappings` can leave out the column numbered `number`
    /// (from 1).
    case leaveOutColumn(number: Int)
    /// No column gives the items' names: `mappings` can say which does.
    case mapNameColumn
    /// A column without a name holds a value: `mappings` can say what the column `header`
    /// (`column 2`) is.
    case mapColumn(header: String)
    /// An amount with a decimal comma in a column of decimal points: `decimalMark` reads the
    /// whole file with commas.
    case decimalComma
    /// A date read in the wrong order (`dateOrder` set to this order reads it), or that could
    /// be read either way (nil: `dateOrder` says which).
    case dateOrder(SlashDateOrder?)
}
