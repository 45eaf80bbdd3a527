public import Foundation

/// A time of day, hours and minutes: when `serve` sends the day's reminders.
public struct DailyTime: Sendable, Hashable, CustomStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// `08:00`, `8:30`, `23:59`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `08:00`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The first moment after `date` at this time of day in `timeZone` (a day without it, by a
    /// clock change, gives the next that has it).
    public func next(after date: Date, in timeZone: TimeZone = .current) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.nextDate(
            after: date, matching: DateComponents(hour: hour, minute: minute, second: 0),
            matchingPolicy: .nextTime) ?? date.addingTimeInterval(86_400)
    }
}
