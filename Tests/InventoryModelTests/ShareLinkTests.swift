import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryModel

@Suite struct ShareLinkTests {
    @Test(arguments: [
        ("12h", 12), ("1h", 1), ("007d", 168), ("7d", 168), (" 2W ", 336), ("366d", 8784),
        ("52w", 8736),
    ])
    func aLifetimeIsACountAndAUnit(text: String, hours: Int) throws {
        #expect(try ShareLink.lifetimeHours(parsing: text) == hours)
    }

    @Test(arguments: [
        ("", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("7", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("d", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("0d", "a link lives at least an hour"), ("000h", "a link lives at least an hour"),
        ("-3d", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("1.5d", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("3m", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("٣d", "write a count and a unit: 12h, 7d or 2w (hours, days, weeks)"),
        ("99999999999999999999d", "a link lives at most a year (366d)"),
        ("9999999h", "a link lives at most a year (366d)"),
        ("9223372036854775807w", "a link lives at most a year (366d)"),
        ("367d", "a link lives at most a year (366d)"),
        ("53w", "a link lives at most a year (366d)"),
        ("8785h", "a link lives at most a year (366d)"),
    ])
    func aLifetimeOutsideAnHourToAYearIsRefusedByName(text: String, reason: String) {
        #expect(
            throws: InventoryError.invalidValue(
                field: .other("link lifetime"), value: text, reason: reason)
        ) { try ShareLink.lifetimeHours(parsing: text) }
    }

    @Test func aLinkIsLiveUntilItExpiresAndRevokedWhateverTheTime() {
        let made = Timestamp(millisecondsSince1970: 1_000_000)
        let ends = Timestamp(millisecondsSince1970: 2_000_000)
        let link = ShareLink(
            id: 1, subject: .view("all"), createdAt: made, expiresAt: ends, revokedAt: nil)
        #expect(link.state(at: made) == .live)
        #expect(link.state(at: Timestamp(millisecondsSince1970: 1_999_999)) == .live)
        #expect(link.state(at: ends) == .expired)
        let revoked = ShareLink(
            id: 1, subject: .view("all"), createdAt: made, expiresAt: ends, revokedAt: made)
        #expect(revoked.state(at: made) == .revoked)
        #expect(revoked.state(at: ends) == .revoked)
    }

    @Test func timesForPeopleAreToTheMinuteOrSecondInTheirOwnZone() throws {
        let time = Timestamp(millisecondsSince1970: 1_795_615_509_123)  // 2026-11-25T14:05:09.123Z
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(time.minuteText(in: utc) == "2026-11-25 14:05 UTC")
        #expect(time.secondText(in: utc) == "2026-11-25 14:05:09 UTC")
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(time.minuteText(in: paris) == "2026-11-25 15:05 +01:00")
        let summer = Timestamp(millisecondsSince1970: 1_781_100_000_000)  // 2026-06-10T14:00:00Z
        #expect(summer.secondText(in: paris) == "2026-06-10 16:00:00 +02:00")
        let kathmandu = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        #expect(time.minuteText(in: kathmandu) == "2026-11-25 19:50 +05:45")
        #expect(time.iso8601 == "2026-11-25T14:05:09.123Z", "what JSON carries stays in UTC")
    }
}
