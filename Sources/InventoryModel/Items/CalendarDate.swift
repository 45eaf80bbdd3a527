public import Foundation

/// A day in the proleptic Gregorian calendar, with no time and no time zone: `2024-02-29`.
public struct CalendarDate: Sendable, Hashable, Comparable {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to the length of that month.
    public let day: Int

    /// Creates a date, or returns nil when it does not exist (2024-02-30, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (four-digit year, two-digit month and day); spaces around it are
    /// ignored.
    ///
    /// - Throws: `InventoryError.invalidValue` for another format or a day that does not exist.
    public init(parsing text: String, field: ValueField = .purchaseDate) throws {
        let bytes = Array(text.trimmingWhitespace().utf8)
        guard let (year, month, day) = bytes.withUnsafeBufferPointer(Self.fields) else {
            throw InventoryError.invalidValue(
                field: field, value: text,
                reason: "not a date in the form YYYY-MM-DD (write it like 2024-05-01)")
        }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw InventoryError.invalidValue(
                field: field, value: text, reason: "no such day in the calendar")
        }
        self = date
    }

    /// Reads exactly `YYYY-MM-DD`, as the inventory stores a date, from its UTF-8 bytes: no
    /// string is made (a listing reads up to three dates per item). Nil for anything else,
    /// which `init(parsing:)` then names.
    public init?(storedBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let (year, month, day) = Self.fields(bytes) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day of `YYYY-MM-DD`, or nil for another format.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        return (year, month, day)
    }

    /// The UTC calendar day that contains `timestamp`.
    public init(utcDayOf timestamp: Timestamp) {
        let parts = Timestamp.civil(fromDays: timestamp.daysSince1970)
        self.year = parts.year
        self.month = parts.month
        self.day = parts.day
    }

    /// The day `date` falls on in `timeZone`.
    public init(day date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year ?? 1970
        self.month = parts.month ?? 1
        self.day = parts.day ?? 1
    }

    /// The number of days from 1970-01-01 to this date.
    public var daysSince1970: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` is a leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `lhs` is an earlier day than `rhs`.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The date as an integer that orders like the date: `20240229`.
    public var ordinal: Int64 { Int64(year * 10_000 + month * 100 + day) }
}

// MARK: - CustomStringConvertible

extension CalendarDate: CustomStringConvertible {
    /// The date as `YYYY-MM-DD`.
    public var description: String {
        var bytes = OutputBytes(capacity: 16)
        append(to: &bytes)
        return bytes.string
    }

    /// Appends `description`'s UTF-8 bytes (`YYYY-MM-DD`) to `bytes`.
    public func append(to bytes: inout OutputBytes) {
        ASCIIDigits.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(day, width: 2, to: &bytes)
    }
}
