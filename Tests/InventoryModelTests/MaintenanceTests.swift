import Foundation
import InventoryModel
import Testing

/// When maintenance is next due, worked out by hand.
@Suite struct MaintenanceTests {
    private func day(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    private func schedule(
        every months: Int?, fromLast: Bool = false, starts: String, last: String? = nil
    ) -> MaintenanceSchedule {
        MaintenanceSchedule(
            id: 1, itemID: 1, what: "Service", everyMonths: months, fromLast: fromLast,
            startsOn: day(starts), lastDone: last.map(day))
    }

    @Test func monthsAreAddedOnTheSameDayOrTheMonthsLast() {
        #expect(day("2024-01-31").adding(months: 1) == day("2024-02-29"))
        #expect(day("2023-01-31").adding(months: 1) == day("2023-02-28"))
        #expect(day("2024-11-15").adding(months: 3) == day("2025-02-15"))
        #expect(day("2024-03-31").adding(months: -1) == day("2024-02-29"))
        #expect(day("2024-12-31").adding(days: 1) == day("2025-01-01"))
        #expect(day("2024-03-01").adding(days: -1) == day("2024-02-29"))
    }

    @Test func onTheCalendarATimeSettlesTheDayItIsNearest() {
        // never done: the first day, even long past
        #expect(schedule(every: 12, starts: "2025-10-01").nextDue == day("2025-10-01"))
        // done a little early or a little late: that day is settled, the next is a year on
        #expect(
            schedule(every: 12, starts: "2025-10-01", last: "2025-09-20").nextDue
                == day("2026-10-01"))
        #expect(
            schedule(every: 12, starts: "2025-10-01", last: "2025-11-25").nextDue
                == day("2026-10-01"))
        // done very late: it settles the day that was due, and the next is due
        #expect(
            schedule(every: 12, starts: "2025-10-01", last: "2026-05-01").nextDue
                == day("2026-10-01"))
        #expect(
            schedule(every: 12, starts: "2025-04-01", last: "2026-11-15").nextDue
                == day("2027-04-01"))
        #expect(
            schedule(every: 1, starts: "2026-01-01", last: "2026-11-17").nextDue
                == day("2026-12-01"))
        // a monthly one done 13 days after its day settles it, not the next month's
        #expect(
            schedule(every: 1, starts: "2026-01-31", last: "2026-02-13").nextDue
                == day("2026-02-28"))
        // a monthly one done 5 days before its day settles that day
        #expect(
            schedule(every: 1, starts: "2026-01-31", last: "2026-02-23").nextDue
                == day("2026-03-31"))
        // long before its first day: nothing settled
        #expect(
            schedule(every: 12, starts: "2027-04-01", last: "2026-11-01").nextDue
                == day("2027-04-01"))
        // three-monthly, done right on time twice
        #expect(
            schedule(every: 3, starts: "2026-01-15", last: "2026-04-15").nextDue
                == day("2026-07-15"))
    }

    @Test func fromTheLastTimeTheNextIsThePeriodAfterIt() {
        #expect(
            schedule(every: 6, fromLast: true, starts: "2026-01-01").nextDue == day("2026-01-01"))
        #expect(
            schedule(every: 6, fromLast: true, starts: "2026-01-01", last: "2026-04-02").nextDue
                == day("2026-10-02"))
        // never before its first day
        #expect(
            schedule(every: 1, fromLast: true, starts: "2027-01-01", last: "2026-04-02").nextDue
                == day("2027-01-01"))
        #expect(
            schedule(every: 6, fromLast: true, starts: "2026-01-01").rule
                == "every 6 months from the last time")
    }

    @Test func onceIsDueUntilAnEntrySinceItWasMadeCounts() {
        func once(last: String?, made: String) -> MaintenanceSchedule {
            MaintenanceSchedule(
                id: 1, itemID: 1, what: "Flares", everyMonths: nil, fromLast: false,
                startsOn: day("2027-04-30"), lastDone: last.map(day), madeOn: day(made))
        }
        #expect(once(last: nil, made: "2026-11-28").nextDue == day("2027-04-30"))
        // done early, since the schedule was made: done
        #expect(once(last: "2026-12-10", made: "2026-11-28").nextDue == nil)
        // an old entry typed in: not this time
        #expect(once(last: "2020-06-01", made: "2026-11-28").nextDue == day("2027-04-30"))
        #expect(schedule(every: nil, starts: "2027-04-30").rule == "once, on 2027-04-30")
    }

    @Test func aPeriodIsMonthsOrYears() {
        #expect(MaintenanceSchedule.months(parsing: "12m") == 12)
        #expect(MaintenanceSchedule.months(parsing: "3 months") == 3)
        #expect(MaintenanceSchedule.months(parsing: "1y") == 12)
        #expect(MaintenanceSchedule.months(parsing: "2 Years") == 24)
        #expect(MaintenanceSchedule.months(parsing: "month") == 1)
        for bad in ["", "0m", "5q", "m3", "101y", "-1m", "1.5y", "99999m"] {
            #expect(MaintenanceSchedule.months(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aTimeOfDayIsReadAndComesNextOnItsDay() throws {
        #expect(DailyTime("08:00")?.description == "08:00")
        #expect(DailyTime("8:05")?.description == "08:05")
        for bad in ["", "8", "24:00", "12:60", "12:5", "-1:00", "ab:cd", "08:00:00", "０8:00"] {
            #expect(DailyTime(bad) == nil, "\(bad)")
        }
        let utc = try #require(TimeZone(identifier: "UTC"))
        let time = try #require(DailyTime("08:00"))
        // 2026-11-28 07:59:59 UTC: the same morning; 08:00:00: the next
        let before = Date(timeIntervalSince1970: 1_795_852_799)
        #expect(time.next(after: before, in: utc).timeIntervalSince1970 == 1_795_852_800)
        #expect(
            time.next(after: Date(timeIntervalSince1970: 1_795_852_800), in: utc)
                .timeIntervalSince1970 == 1_795_939_200)
    }
}
