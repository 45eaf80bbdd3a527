public import Foundation

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
        var bytes = OutputBytes(capacity: 32)
        appendISO8601(to: &bytes)
        return bytes.string
    }

    /// The moment to the minute, for people, in `timeZone` (the user's: the CLI passes
    /// `.current`, which follows `TZ`): `2026-12-02 15:05 +01:00`. JSON keeps `iso8601`, in UTC.
    public func minuteText(in timeZone: TimeZone) -> String {
        let text = local(in: timeZone)
        return "\(text.iso.prefix(10)) \(text.iso.dropFirst(11).prefix(5)) \(text.zone)"
    }

    /// The moment to the second, for people, in `timeZone`: `2026-12-02 15:05:09 +01:00`.
    public func secondText(in timeZone: TimeZone) -> String {
        let text = local(in: timeZone)
        return "\(text.iso.prefix(10)) \(text.iso.dropFirst(11).prefix(8)) \(text.zone)"
    }

    /// The wall-clock time in `timeZone`, written as `iso8601` writes UTC, and its offset from
    /// UTC at that moment (summer time included).
    private func local(in timeZone: TimeZone) -> (iso: String, zone: String) {
        let date = Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
        let offset = timeZone.secondsFromGMT(for: date)
        let shifted = Timestamp(millisecondsSince1970: millisecondsSince1970 + Int64(offset) * 1000)
        // An offset, not an abbreviation: Foundation on Linux names zones "GMT+1", and an
        // offset is unambiguous wherever the reader is.
        let zone =
            offset == 0 && ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(timeZone.identifier)
            ? "UTC" : Self.offsetText(offset)
        return (shifted.iso8601, zone)
    }

    /// An offset from UTC as `+01:00`.
    private static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        let hours = String(minutes / 60)
        let rest = String(minutes % 60)
        return (seconds < 0 ? "-" : "+") + String(repeating: "0", count: 2 - hours.count) + hours
            + ":" + String(repeating: "0", count: 2 - rest.count) + rest
    }

    /// Appends `iso8601`'s UTF-8 bytes to `bytes`: the 24 of a year from 0 to 9999 at once
    /// (a listing writes two per item), any other year through `ASCIIDigits`.
    public func appendISO8601(to bytes: inout OutputBytes) {
        let days = daysSince1970
        let civil = Self.civil(fromDays: days)
        let msOfDay = Int(millisecondsSince1970 - days * 86_400_000)
        guard (0...9999).contains(civil.year) else {
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
            return
        }
        // YYYY-MM-DDTHH:MM:SS.mmmZ
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            func put(_ value: Int, digits: Int, at end: Int) {
                var value = value
                for index in stride(from: end - 1, through: end - digits, by: -1) {
                    buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
            }
            put(civil.year, digits: 4, at: 4)
            buffer[4] = UInt8(ascii: "-")
            put(civil.month, digits: 2, at: 7)
            buffer[7] = UInt8(ascii: "-")
            put(civil.day, digits: 2, at: 10)
            buffer[10] = UInt8(ascii: "T")
            put(msOfDay / 3_600_000, digits: 2, at: 13)
            buffer[13] = UInt8(ascii: ":")
            put(msOfDay / 60_000 % 60, digits: 2, at: 16)
            buffer[16] = UInt8(ascii: ":")
            put(msOfDay / 1000 % 60, digits: 2, at: 19)
            buffer[19] = UInt8(ascii: ".")
            put(msOfDay % 1000, digits: 3, at: 23)
            buffer[23] = UInt8(ascii: "Z")
            bytes.append(UnsafeBufferPointer(buffer.bindMemory(to: UInt8.self)))
        }
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
