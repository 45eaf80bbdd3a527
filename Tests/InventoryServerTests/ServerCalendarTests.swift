import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: the calendar feed at its private address")
struct ServerCalendarTests {
    @Test("the token opens the feed without a session; another, or a revoked one, is a 404")
    func calendarFeed() async throws {
        let fixture = try ServerFixture()
        let boiler = try fixture.manager.add(ItemDraft(name: "Boiler", price: usd("2400")))
        try fixture.manager.scheduleMaintenance(
            itemID: boiler.id,
            MaintenancePlan(
                what: "Annual service", everyMonths: 12,
                startsOn: CalendarDate(year: 2026, month: 10, day: 1)))
        let token = try fixture.manager.newCalendarToken()
        try await fixture.test { client in
            let feed = try await client.execute(uri: "/calendar/\(token).ics", method: .get)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.headers[.cacheControl] == "no-store")
            #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(feed.text.contains("SUMMARY:Boiler: Annual service\r\n"))
            #expect(feed.text.contains("DTSTART;VALUE=DATE:20261001\r\n"))
            // another token: its first digit changed (a 0 unless it is one already)
            let other = (token.hasPrefix("0") ? "1" : "0") + token.dropFirst()
            for wrong in ["/calendar/\(token)", "/calendar/\(other).ics", "/calendar/.ics"] {
                let refused = try await client.execute(uri: wrong, method: .get)
                #expect(refused.status == .notFound, "\(wrong)")
            }
            try fixture.manager.revokeCalendarToken()
            let revoked = try await client.execute(uri: "/calendar/\(token).ics", method: .get)
            #expect(revoked.status == .notFound)
        }
    }

    @Test("an item's page shows its schedules, with the next day, and its log")
    func itemPageShowsMaintenance() async throws {
        let fixture = try ServerFixture()
        let boiler = try fixture.manager.add(ItemDraft(name: "Boiler", price: usd("2400")))
        try fixture.manager.scheduleMaintenance(
            itemID: boiler.id,
            MaintenancePlan(
                what: "Annual service", everyMonths: 12,
                startsOn: CalendarDate(year: 2025, month: 10, day: 1)))
        try fixture.manager.logMaintenance(
            itemID: boiler.id,
            MaintenanceDraft(
                what: "Annual service", doneOn: CalendarDate(year: 2025, month: 9, day: 20),
                cost: usd("140"), doneBy: "Heat & Co"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/items/\(boiler.id)", method: .get, headers: browser.headers)
            #expect(page.text.contains("<h2 id=\"maintenance\">Maintenance</h2>"))
            #expect(
                page.text.contains(
                    "Annual service, every year from 2026-10-01: next 2026-10-01, overdue"))
            #expect(page.text.contains("<td>Heat &amp; Co</td>"))
        }
    }
}
