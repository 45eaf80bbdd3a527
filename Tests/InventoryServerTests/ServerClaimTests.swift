import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: a claim form with its item list, in the browser")
struct ServerClaimTests {
    @Test("the form passes its selection to the list, the list reports back, the form saves")
    func claimFormAndPicker() async throws {
        let fixture = try ServerFixture()
        let items = try fixture.manager.add([
            ItemDraft(name: "Bicycle", price: usd("1200"), isInsured: true),
            ItemDraft(name: "Laptop", price: usd("1100")),
            ItemDraft(name: "Ring", price: usd("3200.50"), isLuxury: true),
        ])
        let (bicycle, laptop, ring) = (items[0].id, items[1].id, items[2].id)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: uri, method: .post, headers: headers, body: body)
            }
            let empty = try await client.execute(
                uri: "/claims/new", method: .get, headers: browser.headers)
            #expect(empty.text.contains("No item chosen yet."))
            let form: [(String, String)] = [
                ("title", "Break-in"), ("incidentDate", "2026-11-01"), ("kind", "theft"),
                ("notes", "Back door"),
            ]
            // The list is given the selection so far (the ring) and shows every item.
            let list = try await post("/claims/pick", form + [("items", "\(ring)")])
            #expect(list.status == .ok)
            #expect(list.text.contains("value=\"\(ring)\" checked=\"checked\""))
            #expect(list.text.contains("value=\"\(laptop)\"/>"))
            #expect(list.text.contains("name=\"title\" value=\"Break-in\""))
            let narrowed = try await post(
                "/claims/pick", form + [("items", "\(ring)"), ("q", "bic")])
            #expect(narrowed.text.contains("Bicycle") && !narrowed.text.contains("Laptop"))
            // Done with the bicycle and the laptop ticked and the ring unticked: the form has them.
            let picked = try await post(
                "/claims/picked",
                form + [("items", "\(ring)"), ("pick", "\(bicycle)"), ("pick", "\(laptop)")])
            #expect(picked.text.contains("name=\"items\" value=\"\(bicycle),\(laptop)\""))
            #expect(picked.text.contains("Items (2, worth 2,300.00)"))
            #expect(
                picked.text.contains("value=\"Back door\"")
                    || picked.text.contains(">Back door</textarea>"))
            // Cancel keeps the selection the list was given.
            let cancelled = try await post(
                "/claims/picked",
                form + [("items", "\(ring)"), ("pick", "\(laptop)"), ("cancel", "1")])
            #expect(cancelled.text.contains("name=\"items\" value=\"\(ring)\""))
            // Refused without a title: the problem beside it, the choice kept, nothing saved.
            let refused = try await post(
                "/claims", [("title", ""), ("kind", "theft"), ("items", "\(bicycle),\(laptop)")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("id=\"problem-title\""))
            #expect(refused.text.contains("value=\"\(bicycle),\(laptop)\""))
            #expect(try fixture.manager.claims().isEmpty)
            let saved = try await post("/claims", form + [("items", "\(bicycle),\(laptop)")])
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            let claims = try fixture.manager.claims()
            #expect(claims.count == 1 && claims[0].items.map(\.itemID) == [bicycle, laptop])
            let page = try await client.execute(
                uri: location, method: .get, headers: browser.headers)
            #expect(page.text.contains("<h1>Break-in</h1>"))
            #expect(page.text.contains("2 items, worth 2,300.00"))
            let report = try await client.execute(
                uri: location + "/report", method: .get, headers: browser.headers)
            #expect(report.status == .ok)
            #expect(report.headers[.contentSecurityPolicy] == InventoryServer.reportSecurityPolicy)
            #expect(
                report.text.contains("Bicycle") && report.text.contains("Laptop")
                    && !report.text.contains("Ring"))
            #expect(!report.text.contains("<script"))
            let all = try await client.execute(
                uri: "/claims", method: .get, headers: browser.headers)
            #expect(all.text.contains(">Break-in</a>"))
            let missing = try await client.execute(
                uri: "/claims/99", method: .get, headers: browser.headers)
            #expect(missing.status == .notFound)
        }
    }

    @Test("a claim's page and report show each item as it was claimed, and what changed since")
    func claimPagesReadWhatTheClaimRecorded() async throws {
        let fixture = try ServerFixture()
        let tv = try fixture.manager.add(
            ItemDraft(
                name: "TV", price: usd("1000"),
                purchaseDate: CalendarDate(year: 2023, month: 1, day: 1)))
        let claim = try fixture.manager.createClaim(
            ClaimDraft(
                title: "Fire", incidentDate: CalendarDate(year: 2026, month: 11, day: 1),
                itemIDs: [tv.id]))
        var patch = ItemPatch()
        patch.price = .some(usd("5000"))
        patch.isInsured = true
        try fixture.manager.edit(id: tv.id, patch)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/claims/\(claim.id)", method: .get, headers: browser.headers)
            #expect(page.text.contains("1 item, worth 1,000.00"))
            #expect(page.text.contains(">not insured<"))
            #expect(
                page.text.contains(
                    "Changed since it was claimed (the claim keeps what it recorded): price "
                        + "1,000.00 -&gt; 5,000.00, insured no -&gt; yes"), "\(page.text)")
            let report = try await client.execute(
                uri: "/claims/\(claim.id)/report", method: .get, headers: browser.headers)
            #expect(report.text.contains("1,000.00") && !report.text.contains("5,000.00"))
            #expect(report.text.contains("Not covered: 1 line not insured when claimed"))
        }
    }

    @Test("a payment is recorded from the claim's page; the adjuster's files download")
    func paymentsAndTheAdjustersFiles() async throws {
        let fixture = try ServerFixture()
        let tv = try fixture.manager.add(
            ItemDraft(
                name: "TV", price: usd("1000"),
                purchaseDate: CalendarDate(year: 2025, month: 1, day: 1), isInsured: true))
        let claim = try fixture.manager.createClaim(
            ClaimDraft(
                title: "Fire", incidentDate: CalendarDate(year: 2026, month: 1, day: 1),
                itemIDs: [tv.id]))
        try fixture.manager.setClaimAdjustments(
            claimID: claim.id, salesTax: SalesTaxRate(percent: "10"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/claims/\(claim.id)", method: .get, headers: browser.headers)
            // 1,100.00 with its tax, 1 year of 10 (other) held back: 990.00 payable
            #expect(page.text.contains("Payable now 990.00 · received 0.00 · Still owed: 990.00"))
            #expect(page.text.contains("action=\"/claims/\(claim.id)/payments\""))
            let (headers, body) = browser.form([
                ("amount", "300"), ("receivedOn", "2026-01-05"), ("kind", "advance"),
                ("memo", "hotel <nights>"),
            ])
            let saved = try await client.execute(
                uri: "/claims/\(claim.id)/payments", method: .post, headers: headers, body: body)
            #expect(saved.status == .seeOther)
            let after = try await client.execute(
                uri: "/claims/\(claim.id)", method: .get, headers: browser.headers)
            #expect(after.text.contains("Still owed: 690.00"))
            #expect(after.text.contains("hotel &lt;nights&gt;"))
            // nothing received is refused, and nothing is recorded
            let (badHeaders, badBody) = browser.form([("amount", "0"), ("kind", "payment")])
            let refused = try await client.execute(
                uri: "/claims/\(claim.id)/payments", method: .post, headers: badHeaders,
                body: badBody)
            #expect(refused.status == .badRequest || refused.status == .unprocessableContent)
            #expect(try fixture.manager.claim(id: claim.id)?.payments.count == 1)
            let csv = try await client.execute(
                uri: "/claims/\(claim.id)/adjuster.csv", method: .get, headers: browser.headers)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.text.hasPrefix("Item description,Brand or manufacturer,Model number,"))
            #expect(csv.text.contains("TV,,,1,1 year,1000.00,good,no,,1000.00,10,100.00,1100.00"))
            let workbook = try await client.execute(
                uri: "/claims/\(claim.id)/adjuster.xlsx", method: .get, headers: browser.headers)
            #expect(workbook.status == .ok && workbook.headers[.cacheControl] == "no-store")
            #expect(workbook.body.getBytes(at: 0, length: 2) == Array("PK".utf8))
        }
    }
}
