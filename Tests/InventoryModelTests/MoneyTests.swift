import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryModel

@Suite struct MoneyTests {
    @Test(arguments: [
        ("1234.56", Int64(123_456)), ("0", 0), ("0.5", 50), ("25000", 2_500_000),
        ("007.10", 710), (" 12.30 ", 1230), ("999999999999.99", 99_999_999_999_999),
    ])
    func decimalTextParsesToMinorUnits(text: String, minorUnits: Int64) throws {
        #expect(try Money(parsing: text, currency: .usd).minorUnits == minorUnits)
    }

    @Test(arguments: [
        ("-3", "a price cannot be negative"),
        ("-0.50", "a price cannot be negative"),
        ("abc", "not a number (write it like 1234.56 or 1,234.56)"),
        ("1,00", "not a number (write it like 1234.56 or 1,234.56)"),
        ("1,0000", "not a number (write it like 1234.56 or 1,234.56)"),
        (",100", "not a number (write it like 1234.56 or 1,234.56)"),
        ("1000,000.00", "not a number (write it like 1234.56 or 1,234.56)"),
        ("12.", "not a number (write it like 1234.56 or 1,234.56)"),
        (".5", "not a number (write it like 1234.56 or 1,234.56)"),
        ("1e3", "not a number (write it like 1234.56 or 1,234.56)"),
        ("", "not a number (write it like 1234.56 or 1,234.56)"),
        ("١٢", "not a number (write it like 1234.56 or 1,234.56)"),
        ("1.234", "USD has at most 2 decimal places"),
        ("1000000000000", "too large (the most is 999,999,999,999.99)"),
        ("99999999999999999999999", "too large (the most is 999,999,999,999.99)"),
    ])
    func badTextIsRefusedWithItsReason(text: String, reason: String) {
        let error = #expect(throws: InventoryError.self) {
            try Money(parsing: text, currency: .usd)
        }
        #expect(error == .invalidValue(field: .price, value: text, reason: reason))
    }

    @Test(arguments: [
        ("1,000", 100_000), (" 10", 1_000), ("25,000.00 ", 2_500_000), ("1,234,567.8", 123_456_780),
        ("0.5", 50), ("999", 99_900),
    ])
    func theFormTheToolPrintsIsReadBackAndSpacesAreIgnored(text: String, minorUnits: Int64) throws {
        #expect(try Money(parsing: text, currency: .usd).minorUnits == minorUnits)
        #expect(try ValueParser.price(text, currency: .usd)?.minorUnits == minorUnits)
    }

    @Test func blankTextIsNoValueAndQuantitiesFollowTheSameRule() throws {
        #expect(try ValueParser.price("  ", currency: .usd) == nil)
        #expect(try ValueParser.date(" ") == nil)
        #expect(try ValueParser.date(" 2024-05-01 ") == CalendarDate(year: 2024, month: 5, day: 1))
        #expect(try ValueParser.quantity(" 6 ") == 6)
        #expect(try ValueParser.quantity("1,000") == 1_000)
        #expect(throws: InventoryError.self) { try ValueParser.quantity("six") }
        #expect(throws: InventoryError.self) { try ValueParser.quantity("1.5") }
    }

    @Test func currenciesWithoutMinorUnitsRefuseDecimals() throws {
        let yen = try #require(Currency(code: "jpy"))
        #expect(yen.code == "JPY")
        #expect(try Money(parsing: "1500", currency: yen).formatted == "1,500")
        #expect(throws: InventoryError.self) { try Money(parsing: "1500.5", currency: yen) }
        let dinar = try #require(Currency(code: "KWD"))
        #expect(try Money(parsing: "1.5", currency: dinar).decimalString == "1.500")
        #expect(Currency(code: "US") == nil)
        #expect(Currency(code: "U$D") == nil)
    }

    @Test func amountsFormatWithAndWithoutGrouping() throws {
        #expect(usd("25000").formatted == "25,000.00")
        #expect(usd("25000").decimalString == "25000.00")
        #expect(usd("0.05").decimalString == "0.05")
        #expect(usd("0").decimalString == "0.00")
        #expect(
            try Money(parsing: "1500", currency: #require(Currency(code: "JPY"))).decimalString
                == "1500")
        #expect(usd("0.05").formatted == "0.05")
        #expect(usd("999").formatted == "999.00")
        #expect(usd("1000").formatted == "1,000.00")
        // Totals beyond Int64, in both forms.
        let huge = Int128(Int64.max) * 1000 + 5
        #expect(Money.format(huge, currency: .usd) == "92,233,720,368,547,758,070.05")
        #expect(
            Money.format(-huge, currency: .usd, grouping: false) == "-92233720368547758070.05")
        #expect(Money.format(-123_456, currency: .usd) == "-1,234.56")
        #expect(Money.format(Int128(Int64.max) * 4, currency: .usd) == "368,934,881,474,191,032.28")
        #expect(usd("1234.5").description == "1,234.50 USD")
    }
}

@Suite struct CalendarDateTests {
    @Test(arguments: ["2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31"])
    func realDaysParseAndPrintTheSame(text: String) throws {
        #expect(try CalendarDate(parsing: text).description == text)
    }

    @Test(arguments: [
        ("2024-02-30", "no such day in the calendar"),
        ("2023-02-29", "no such day in the calendar"),
        ("1900-02-29", "no such day in the calendar"),
        ("2024-13-01", "no such day in the calendar"),
        ("2024-04-31", "no such day in the calendar"),
        ("0000-01-01", "no such day in the calendar"),
        ("2024-2-3", "not a date in the form YYYY-MM-DD (write it like 2024-05-01)"),
        ("03/02/2024", "not a date in the form YYYY-MM-DD (write it like 2024-05-01)"),
        ("2024-02-03T10:00", "not a date in the form YYYY-MM-DD (write it like 2024-05-01)"),
        ("yesterday", "not a date in the form YYYY-MM-DD (write it like 2024-05-01)"),
    ])
    func impossibleOrMisformattedDatesAreRefused(text: String, reason: String) {
        let error = #expect(throws: InventoryError.self) { try CalendarDate(parsing: text) }
        #expect(error == .invalidValue(field: .purchaseDate, value: text, reason: reason))
    }

    @Test func datesOrderLikeTheCalendar() throws {
        let dates = try ["2024-03-01", "2023-12-31", "2024-02-29"].map {
            try CalendarDate(parsing: $0)
        }
        #expect(dates.sorted().map(\.description) == ["2023-12-31", "2024-02-29", "2024-03-01"])
        #expect(dates.sorted().map(\.ordinal) == dates.map(\.ordinal).sorted())
    }
}

@Suite struct TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (951_782_400_123, "2000-02-29T00:00:00.123Z"),
        (1_795_341_024_999, "2026-11-22T09:50:24.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
    ])
    func timestampsPrintAsISO8601InUTC(milliseconds: Int64, text: String) {
        #expect(Timestamp(millisecondsSince1970: milliseconds).iso8601 == text)
    }

    /// Moments from 1600 to 9999 against Foundation's Gregorian calendar in UTC (whole
    /// seconds, exact as a `Date`), and the years written the long way outside 0 to 9999.
    @Test func momentsOfEveryYearPrintAsTheirUTCDayAndTime() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let span = UInt64(253_402_300_799_999 + 11_676_096_000_000)
            let milliseconds = Int64(state % span) - 11_676_096_000_000
            let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second],
                from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "?" }
            let millisecond = Int(milliseconds - seconds * 1000)
            let expected =
                "\(parts.year!)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):"
                + "\(two(parts.minute)):\(two(parts.second))."
                + String(repeating: "0", count: millisecond < 10 ? 2 : millisecond < 100 ? 1 : 0)
                + "\(millisecond)Z"
            #expect(Timestamp(millisecondsSince1970: milliseconds).iso8601 == expected)
        }
        #expect(
            Timestamp(millisecondsSince1970: 253_402_300_800_000).iso8601
                == "10000-01-01T00:00:00.000Z")
        #expect(
            Timestamp(millisecondsSince1970: -62_167_219_200_001).iso8601
                == "-0001-12-31T23:59:59.999Z")
    }
}
