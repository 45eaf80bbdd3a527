extension CalendarDate {
    /// Reads a period as `due --within` and `lend --due` take it: "30", "30d", "2w", "3m"
    /// (30 days a month), "1y" (365 days); the number of days (up to 100 years), or nil.
    public static func days(inPeriod text: String) -> Int? {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        let digits = lowered.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5, let count = Int(digits) else { return nil }
        let factor: Int
        switch lowered.dropFirst(digits.count) {
        case "", "d", "day", "days": factor = 1
        case "w", "week", "weeks": factor = 7
        case "m", "month", "months": factor = 30
        case "y", "year", "years": factor = 365
        default: return nil
        }
        let days = count * factor
        return days <= 36_500 ? days : nil
    }

    /// A day typed as a day (2027-01-15) or as a period from `start` (2w, 30d).
    ///
    /// - Throws: `InventoryError.invalidValue` naming `field` when it is neither.
    public init(dayOrPeriod text: String, from start: CalendarDate, field: ValueField) throws {
        if let days = CalendarDate.days(inPeriod: text) {
            self = start.adding(days: days)
        } else {
            self = try CalendarDate(parsing: text, field: field)
        }
    }

    /// This day `months` months later (earlier when negative), on the same day of the month or
    /// the month's last when it has fewer days: 2024-01-31 + 1 month is 2024-02-29.
    public func adding(months: Int) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        let newDay = min(day, CalendarDate.daysIn(month: newMonth, year: newYear))
        return CalendarDate(year: newYear, month: newMonth, day: newDay) ?? self
    }

    /// This day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(
            utcDayOf: Timestamp(millisecondsSince1970: (daysSince1970 + Int64(days)) * 86_400_000))
    }
}

/// What was done to an item: a service, a repair, a check.
public struct MaintenanceEntry: Sendable, Hashable, Identifiable {
    /// Its number.
    public let id: Int64
    /// The item it was done to.
    public let itemID: Int64
    /// The schedule it counts for, if any.
    public var scheduleID: Int64?
    /// The day it was done.
    public var doneOn: CalendarDate
    /// What was done: "Annual service".
    public var what: String
    /// What it cost.
    public var cost: Money?
    /// Who did it: a person or a firm.
    public var doneBy: String?
    /// Its receipt or a photo: a stored file's name.
    public var file: String?

    /// An entry as recorded.
    public init(
        id: Int64, itemID: Int64, scheduleID: Int64?, doneOn: CalendarDate, what: String,
        cost: Money?, doneBy: String?, file: String?
    ) {
        self.id = id
        self.itemID = itemID
        self.scheduleID = scheduleID
        self.doneOn = doneOn
        self.what = what
        self.cost = cost
        self.doneBy = doneBy
        self.file = file
    }
}

/// When something is to be done to an item: every so many months on the calendar, every so many
/// months from the last time it was done, or once, on a day.
public struct MaintenanceSchedule: Sendable, Hashable, Identifiable {
    /// Its number.
    public let id: Int64
    /// The item.
    public let itemID: Int64
    /// What is to be done: "Annual service".
    public var what: String
    /// Every how many months; nil: once, on `startsOn`.
    public var everyMonths: Int?
    /// Whether the months run from the last time it was done (else from `startsOn`, on the
    /// calendar).
    public var fromLast: Bool
    /// The first day it is due.
    public var startsOn: CalendarDate
    /// The latest day an entry that counts for it was done, if any.
    public var lastDone: CalendarDate?

    /// A schedule as recorded, with the latest entry that counts for it.
    public init(
        id: Int64, itemID: Int64, what: String, everyMonths: Int?, fromLast: Bool,
        startsOn: CalendarDate, lastDone: CalendarDate?, madeOn: CalendarDate? = nil
    ) {
        self.madeOn = madeOn
        self.id = id
        self.itemID = itemID
        self.what = what
        self.everyMonths = everyMonths
        self.fromLast = fromLast
        self.startsOn = startsOn
        self.lastDone = lastDone
    }

    /// The day the schedule was made, if known: an entry of a one-time job counts from then.
    public var madeOn: CalendarDate?

    /// The next day it is due, or nil when it is done for good (once, and an entry done since
    /// the schedule was made counts for it).
    ///
    /// From the last time: that day plus the period (never before `startsOn`). On the
    /// calendar (`startsOn`, `startsOn` + the period, …): the last time settles the day of the
    /// calendar it fell on or after — the one that was due — or, done a little before a day
    /// (a quarter of the period, at most 30 days), that day; the next is the calendar's day
    /// after the one settled. A time before the first day and further from it settles nothing.
    public var nextDue: CalendarDate? {
        guard let months = everyMonths else {
            guard let last = lastDone, last >= (madeOn ?? startsOn.adding(months: -1)) else {
                return startsOn
            }
            return nil
        }
        guard let last = lastDone else { return startsOn }
        if fromLast { return max(startsOn, last.adding(months: months)) }
        let early = min(30, Int(Double(months) * 30.44 / 4))
        func day(_ step: Int) -> CalendarDate { startsOn.adding(months: step * months) }
        if last < startsOn {
            return last.adding(days: early) >= startsOn ? day(1) : startsOn
        }
        // the calendar's last day on or before the last time
        var step = ((last.year - startsOn.year) * 12 + last.month - startsOn.month) / months
        while step > 0 && day(step) > last { step -= 1 }
        while day(step + 1) <= last { step += 1 }
        let settled = last.adding(days: early) >= day(step + 1) ? step + 1 : step
        return day(settled + 1)
    }

    /// "every 12 months", "every 3 months from the last time", "once, on 2026-05-01".
    public var rule: String {
        guard let months = everyMonths else { return "once, on \(startsOn)" }
        let period =
            months % 12 == 0
            ? (months == 12 ? "every year" : "every \(months / 12) years")
            : (months == 1 ? "every month" : "every \(months) months")
        return fromLast ? "\(period) from the last time" : "\(period) from \(startsOn)"
    }

    /// Reads a period as `--every` takes it: "12m", "12 months", "1y", "2 years", "month",
    /// "year"; the number of months (1 to 1,200), or nil.
    public static func months(parsing text: String) -> Int? {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        let digits = lowered.prefix { $0.isASCII && $0.isNumber }
        let unit = lowered.dropFirst(digits.count)
        guard digits.count <= 4 else { return nil }
        let count = digits.isEmpty ? 1 : Int(digits) ?? 0
        let months: Int
        switch unit {
        case "m", "month", "months", "mo": months = count
        case "y", "year", "years", "yr": months = count * 12
        default: return nil
        }
        return (1...1200).contains(months) ? months : nil
    }
}

/// Something that needs doing or attention on a day: a service, a warranty's end, a review, a
/// loan to come back.
public struct DueThing: Sendable, Hashable {
    /// What kind of thing is due.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A scheduled maintenance.
        case maintenance
        /// A warranty ends.
        case warranty
        /// The item has not been looked at within the review interval.
        case review
        /// A lent item is due back.
        case loan
    }

    /// The kind.
    public let kind: Kind
    /// The item.
    public let itemID: Int64
    /// Its name.
    public let itemName: String
    /// The day it is due.
    public let date: CalendarDate
    /// What is due: "Annual service", "warranty ends", "review", "back from Sam".
    public let what: String
    /// What stays the same while the thing moves: the schedule's number for maintenance, the
    /// item's for a warranty, a review or a loan (a calendar's event keeps it, and moves).
    public let identity: String

    /// A thing due.
    public init(
        kind: Kind, itemID: Int64, itemName: String, date: CalendarDate, what: String,
        identity: String
    ) {
        self.kind = kind
        self.itemID = itemID
        self.itemName = itemName
        self.date = date
        self.what = what
        self.identity = identity
    }

    /// The thing on its day, for remembering a reminder was sent: a later day is a new one.
    public var reminderKey: String { "\(identity)@\(date)" }

    /// Whether it is due before `today`.
    public func isOverdue(on today: CalendarDate) -> Bool { date < today }
}

/// A change of an item's maintenance, as its history keeps it: an entry logged or removed, a
/// schedule made or dropped (`Migrations/0024_maintenance_journal.sql`).
public struct MaintenanceEvent: Sendable, Hashable {
    /// What was done to the maintenance.
    public enum Kind: String, Sendable, Hashable {
        /// An entry was logged.
        case logged
        /// An entry was removed from the log.
        case removed
        /// A schedule was made.
        case scheduled
        /// A schedule was dropped.
        case unscheduled
    }

    /// Its number in the maintenance journal.
    public let sequence: Int64
    /// The write it was part of (0 for what an earlier release recorded).
    public let writeID: Int64
    /// When it was recorded.
    public let time: Timestamp
    /// What was done.
    public let kind: Kind
    /// The item.
    public let itemID: Int64
    /// For an entry, the entry (its number is 0: the journal keeps what it said); nil for a
    /// schedule.
    public let entry: MaintenanceEntry?
    /// For a schedule, the schedule (number 0, no last time); nil for an entry.
    public let schedule: MaintenanceSchedule?

    /// An event of an entry (`logged`, `removed`) or of a schedule (`scheduled`,
    /// `unscheduled`).
    public init(
        sequence: Int64, writeID: Int64, time: Timestamp, kind: Kind, itemID: Int64,
        entry: MaintenanceEntry?, schedule: MaintenanceSchedule?
    ) {
        self.sequence = sequence
        self.writeID = writeID
        self.time = time
        self.kind = kind
        self.itemID = itemID
        self.entry = entry
        self.schedule = schedule
    }

    /// What was done to it: "Boiler service".
    public var what: String { entry?.what ?? schedule?.what ?? "" }

    /// The event in words: "logged Boiler service, done 2026-10-01, 140.00 by Heat & Co",
    /// "scheduled Boiler service, every year from 2026-10-01".
    public var description: String {
        var line = "\(kind.rawValue) \(what)"
        if let entry {
            line += ", done \(entry.doneOn)"
            if let cost = entry.cost { line += ", \(cost.formatted)" }
            if let by = entry.doneBy { line += (entry.cost == nil ? ", by " : " by ") + by }
        } else if let schedule {
            line += ", " + schedule.rule
        }
        return line
    }
}
