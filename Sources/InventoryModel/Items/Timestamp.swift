import Foundation

/// A moment in UTC, to the millisecond; written as ISO 8601 (`2026-11-22T09:50:24.123Z`).
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int64

    /// Creates a timestamp from milliseconds since 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The timestamp of `date`, truncated to the millisecond.
    public init(_ date: Date) {
        self.millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Whether `lhs` is an earlier instant than `rhs`.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    var daysSince1970: Int64 {
        millisecondsSince1970 >= 0
            ? millisecondsSince1970 / 86_400_000
            : (millisecondsSince1970 - 86_399_999) / 86_400_000
    }

    /// ISO 8601 in UTC with milliseconds. Written by hand: it runs once per item in a listing.
    public var iso8601: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The moment to the minute, for people: `2026-12-02 14:05 UTC`.
    public var minuteText: String {
        let text = iso8601
        return "\(text.prefix(10)) \(text.dropFirst(11).prefix(5)) UTC"
    }

    /// The moment to the second, for people: `2026-12-02 14:05:09 UTC`.
    public var secondText: String {
        let text = iso8601
        return "\(text.prefix(10)) \(text.dropFirst(11).prefix(8)) UTC"
    }

    /// Appends `iso8601`'s UTF-8 bytes to `bytes`.
    public func appendISO8601(to bytes: inout [UInt8]) {
        let days = daysSince1970
        let civil = Self.civil(fromDays: days)
        let msOfDay = Int(millisecondsSince1970 - days * 86_400_000)
        ASCIIDigits.append(civil.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(civil.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        ASCIIDigits.append(civil.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        ASCIIDigits.append(msOfDay / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ASCIIDigits.append(msOfDay / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ASCIIDigits.append(msOfDay / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        ASCIIDigits.append(msOfDay % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

// MARK: - CustomStringConvertible

extension Timestamp: CustomStringConvertible {
    /// The timestamp in ISO 8601, in UTC with milliseconds: `2024-02-29T18:30:00.000Z`.
    public var description: String { iso8601 }
}
