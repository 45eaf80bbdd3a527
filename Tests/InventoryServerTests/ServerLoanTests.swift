import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: loans and leaving the household")
struct ServerLoanTests {
    @Test("an item's page lends it, takes it back, records that it left and brings it back")
    func theItemPageLendsAndRecordsThatItLeft() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let drill = try manager.add(ItemDraft(name: "Drill", price: usd("120")))
        let sofa = try manager.add(ItemDraft(name: "Sofa", price: usd("900")))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func get(_ uri: String) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: browser.headers)
            }
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: uri, method: .post, headers: headers, body: body)
            }
            var page = try await get("/items/\(drill.id)")
            #expect(page.text.contains("<summary>Lend it</summary>"))
            #expect(page.text.contains("action=\"/items/\(drill.id)/lend\""))
            #expect(page.text.contains("<input type=\"date\" id=\"lend-due\" name=\"due\"/>"))
            #expect(page.text.contains("<option value=\"stolen\">stolen</option>"))
            // lent from the form made at version 1
            let lent = try await post(
                "/items/\(drill.id)/lend",
                [("to", "Sam next door"), ("due", "2030-01-31"), ("version", "1")])
            #expect(lent.status == .seeOther)
            #expect(try manager.item(id: drill.id)?.lentTo == "Sam next door")
            page = try await get("/items/\(drill.id)")
            #expect(page.text.contains("<dt>On loan</dt><dd>Sam next door, since "))
            #expect(page.text.contains(", due back 2030-01-31</dd>"))
            #expect(page.text.contains(">Back from Sam next door</button>"))
            // and says who: the household owner, through the sign-in link
            #expect(
                page.text.contains(
                    "edited: lent to Sam next door, due back 2030-01-31 <span class=\"by\">by owner</span></li>"
                ))
            // the on-loan view lists it
            let onLoan = try await get("/views/on-loan")
            #expect(onLoan.text.contains(">Drill</a>") && !onLoan.text.contains(">Sofa</a>"))
            // a form made before the loan is refused: the item changed since
            let stale = try await post(
                "/items/\(drill.id)/leave", [("how", "sold"), ("version", "1")])
            #expect(stale.status == .conflict)
            #expect(try manager.item(id: drill.id)?.leftOn == nil)
            // lent twice: refused in the manager's words
            let twice = try await post("/items/\(drill.id)/lend", [("to", "Bob")])
            #expect(twice.status == .conflict)
            #expect(twice.text.contains("is lent to Sam next door already"))
            #expect(
                try await post("/items/\(drill.id)/return", [("version", "2")]).status
                    == .seeOther)
            #expect(try manager.item(id: drill.id)?.lentTo == nil)
            // the sofa sold; it leaves the lists, and its page says so and brings it back
            let sold = try await post(
                "/items/\(sofa.id)/leave",
                [("how", "sold"), ("to", "Jo"), ("for", "350"), ("on", "2026-11-01")])
            #expect(sold.status == .seeOther)
            let all = try await get("/views/all")
            #expect(!all.text.contains(">Sofa</a>") && all.text.contains(">Drill</a>"))
            let archive = try await get("/views/archive")
            #expect(archive.text.contains(">Sofa</a>"))
            page = try await get("/items/\(sofa.id)")
            #expect(
                page.text.contains(
                    "<dt>Left the household</dt><dd>sold to Jo for 350.00 on 2026-11-01</dd>"))
            #expect(page.text.contains(">Bring it back into the household</button>"))
            #expect(!page.text.contains("Lend it"))
            #expect(!page.text.contains("class=\"claims\""), "on no claim")
            let claim = try manager.createClaim(
                ClaimDraft(title: "Sold twice?", itemIDs: [sofa.id]))
            page = try await get("/items/\(sofa.id)")
            #expect(
                page.text.contains(
                    "On the claim <a href=\"/claims/\(claim.id)\">\(claim.id) Sold twice?</a>"))
            // refused: no way said, a day to come, an amount that is none
            #expect(try await post("/items/\(drill.id)/leave", [("how", "")]).status == .badRequest)
            #expect(
                try await post("/items/\(drill.id)/leave", [("how", "sold"), ("on", "2999-01-01")])
                    .status == .unprocessableContent)
            #expect(
                try await post("/items/\(drill.id)/leave", [("how", "sold"), ("for", "ten")])
                    .status == .unprocessableContent)
            #expect(try manager.item(id: drill.id)?.leftOn == nil)
            #expect(
                try await post("/items/\(sofa.id)/bring-back", []).status == .seeOther)
            #expect(try manager.item(id: sofa.id)?.hasLeft == false)
            // no form token, no write
            let (headers, body) = browser.form([("to", "Eve")], csrf: "wrong")
            let forged = try await client.execute(
                uri: "/items/\(drill.id)/lend", method: .post, headers: headers, body: body)
            #expect(forged.status == .forbidden)
            #expect(try manager.item(id: drill.id)?.lentTo == nil)
        }
    }

    @Test("the forms and the API take the household's own fields, each by its kind")
    func ownFieldsInTheFormsAndTheAPI() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        try manager.defineCustomField(name: "Wattage", kind: .number, minimum: 0)
        try manager.defineCustomField(name: "Fuel", kind: .choice(["Diesel", "Petrol"]))
        try manager.defineCustomField(name: "Serviced", kind: .date)
        let heater = try manager.add(ItemDraft(name: "Heater"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: uri, method: .post, headers: headers, body: body)
            }
            let form = try await client.execute(
                uri: "/items/\(heater.id)/edit", method: .get, headers: browser.headers)
            #expect(form.text.contains("<label for=\"own-1\">Wattage (at least 0)</label>"))
            #expect(form.text.contains("<option value=\"Diesel\">Diesel</option>"))
            #expect(form.text.contains("type=\"date\" id=\"own-3\" name=\"own-serviced\""))
            // saved from the form: typed in any case, kept as the field spells it
            let saved = try await post(
                "/items/\(heater.id)",
                [
                    ("name", "Heater"), ("quantity", "1"), ("version", "1"),
                    ("own-wattage", "2,000"), ("own-fuel", "diesel"), ("own-serviced", ""),
                ])
            #expect(saved.status == .seeOther)
            #expect(
                try manager.item(id: heater.id)?.customFields == [
                    "wattage": "2000", "fuel": "Diesel",
                ])
            let page = try await client.execute(
                uri: "/items/\(heater.id)", method: .get, headers: browser.headers)
            #expect(page.text.contains("<dt>Wattage</dt><dd>2000</dd>"))
            // refused with what was typed kept
            let refused = try await post(
                "/items/\(heater.id)",
                [("name", "Heater"), ("quantity", "1"), ("version", "2"), ("own-wattage", "-4")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("the least is 0"))
            #expect(refused.text.contains("value=\"-4\""))
            // the API: a value set, one cleared
            let (headers, body) = browser.json(#"{"fields": {"WATTAGE": "1500", "Fuel": null}}"#)
            let patched = try await client.execute(
                uri: "/api/items/\(heater.id)", method: .patch, headers: headers, body: body)
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.json["fields"] as? [String: String] == ["wattage": "1500"])
        }
    }

    @Test("the add form offers the templates, and one fills it")
    func theAddFormStartsFromATemplate() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        var defaults = ItemDraft(name: "", isInsured: true, tags: ["electronics"])
        defaults.brand = "Sony"
        try manager.saveTemplate(ItemTemplate(name: "Electronics", defaults: defaults))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let blank = try await client.execute(
                uri: "/items/new", method: .get, headers: browser.headers)
            #expect(
                blank.text.contains("<a href=\"/items/new?template=Electronics\">Electronics</a>"))
            let started = try await client.execute(
                uri: "/items/new?template=electronics", method: .get, headers: browser.headers)
            #expect(started.text.contains("value=\"Sony\""))
            #expect(started.text.contains("value=\"electronics\""))
            let missing = try await client.execute(
                uri: "/items/new?template=nope", method: .get, headers: browser.headers)
            #expect(missing.status == .notFound)
        }
    }
}

@Suite("Server: maintenance from the item page")
struct ServerMaintenanceTests {
    @Test("the item page records what was done, schedules, removes, and its history says so")
    func theItemPageKeepsTheLog() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let boiler = try manager.add(ItemDraft(name: "Boiler", price: usd("2400")))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func get(_ uri: String) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: browser.headers)
            }
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: uri, method: .post, headers: headers, body: body)
            }
            var page = try await get("/items/\(boiler.id)")
            #expect(page.text.contains("<summary>Record what was done</summary>"))
            #expect(page.text.contains("action=\"/items/\(boiler.id)/maintenance\""))
            #expect(page.text.contains("<summary>Schedule it</summary>"))
            #expect(page.text.contains("<input type=\"date\" id=\"done-on\" name=\"on\"/>"))

            let scheduled = try await post(
                "/items/\(boiler.id)/schedules",
                [("what", "Service"), ("every", "1y"), ("on", "2026-10-01")])
            #expect(scheduled.status == .seeOther)
            let logged = try await post(
                "/items/\(boiler.id)/maintenance",
                [("what", "service"), ("on", "2026-09-20"), ("cost", "140"), ("by", "Heat & Co")])
            #expect(logged.status == .seeOther)
            let (schedules, entries) = try manager.maintenance(itemID: boiler.id)
            #expect(schedules.count == 1 && schedules[0].nextDue?.description == "2027-10-01")
            #expect(entries.count == 1 && entries[0].cost == usd("140"))
            #expect(entries[0].doneBy == "Heat & Co" && entries[0].scheduleID == schedules[0].id)
            // the version is the page's still: an open edit form is not out of date
            #expect(try manager.item(id: boiler.id)?.version == boiler.version)

            page = try await get("/items/\(boiler.id)")
            #expect(page.text.contains("Service, every year from 2026-10-01: next 2027-10-01"))
            #expect(page.text.contains("<td>service</td><td class=\"number\">140.00</td>"))
            #expect(page.text.contains("action=\"/items/\(boiler.id)/maintenance/1/remove\""))
            #expect(page.text.contains("logged service, done 2026-09-20, 140.00 by Heat &amp; Co"))
            #expect(
                page.text.contains(
                    "scheduled Service, every year from 2026-10-01 <span class=\"by\">by owner</span></li>"
                ))

            // refused, nothing written: no what, a period that is none, a day to come, a
            // cost that is none, "from the last time" without a period, another's form
            #expect(
                try await post("/items/\(boiler.id)/maintenance", [("what", " ")]).status
                    == .unprocessableContent)
            #expect(
                try await post(
                    "/items/\(boiler.id)/schedules", [("what", "X"), ("every", "often")]
                )
                .status == .unprocessableContent)
            #expect(
                try await post(
                    "/items/\(boiler.id)/maintenance", [("what", "X"), ("on", "2999-01-01")]
                ).status == .unprocessableContent)
            #expect(
                try await post("/items/\(boiler.id)/maintenance", [("what", "X"), ("cost", "ten")])
                    .status == .unprocessableContent)
            #expect(
                try await post(
                    "/items/\(boiler.id)/schedules", [("what", "X"), ("from-last", "yes")]
                ).status == .badRequest)
            let (headers, body) = browser.form([("what", "Forged")], csrf: "wrong")
            let forged = try await client.execute(
                uri: "/items/\(boiler.id)/maintenance", method: .post, headers: headers,
                body: body)
            #expect(forged.status == .forbidden)
            #expect(try manager.maintenance(itemID: boiler.id).entries.count == 1)
            #expect(try manager.maintenance(itemID: boiler.id).schedules.count == 1)

            // removed from the page: the entry, then the schedule; a number it has not is 422
            #expect(
                try await post("/items/\(boiler.id)/maintenance/9/remove", []).status
                    == .unprocessableContent)
            #expect(
                try await post("/items/\(boiler.id)/maintenance/1/remove", []).status
                    == .seeOther)
            #expect(
                try await post("/items/\(boiler.id)/schedules/1/remove", []).status == .seeOther)
            let after = try manager.maintenance(itemID: boiler.id)
            #expect(after.entries.isEmpty && after.schedules.isEmpty)
            // an entry with its receipt (logged at the terminal) links to it
            let bill = NSTemporaryDirectory() + "bill-\(UUID().uuidString).pdf"
            try Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8).write(
                to: URL(fileURLWithPath: bill))
            defer { try? FileManager.default.removeItem(atPath: bill) }
            let withBill = try manager.logMaintenance(
                itemID: boiler.id, MaintenanceDraft(what: "Valve", file: bill))
            page = try await get("/items/\(boiler.id)")
            let file = try #require(withBill.file)
            #expect(page.text.contains("<td>Valve · <a href=\"/files/\(file)\">receipt</a></td>"))
            #expect(try await get("/files/\(file)").status == .ok)
            #expect(page.text.contains("removed service, done 2026-09-20"))
            #expect(page.text.contains("unscheduled Service"))
        }
    }

    @Test("an entry takes its receipt from the page as a photo is sent, with the page's token")
    func anEntryTakesItsReceipt() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let boiler = try manager.add(ItemDraft(name: "Boiler"))
        let entry = try manager.logMaintenance(itemID: boiler.id, MaintenanceDraft(what: "Service"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/items/\(boiler.id)", method: .get, headers: browser.headers)
            let action = "/items/\(boiler.id)/maintenance/\(entry.id)/receipt"
            #expect(page.text.contains("action=\"\(action)\""))
            #expect(page.text.contains(">Add receipt</label>"))
            var headers = browser.headers
            headers[.contentType] = "application/pdf"
            let pdf = "%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"
            // without the page's token: refused
            let forged = try await client.execute(
                uri: action, method: .post, headers: headers, body: ByteBuffer(string: pdf))
            #expect(forged.status == .forbidden)
            headers[HTTPField.Name("X-CSRF-Token")!] = browser.csrf
            let sent = try await client.execute(
                uri: action, method: .post, headers: headers, body: ByteBuffer(string: pdf))
            #expect(sent.status == .created)
            let file = try #require(try manager.maintenance(itemID: boiler.id).entries.first?.file)
            #expect(sent.json["file"] as? String == file)
            // refused, nothing changed: not a receipt; an entry the item has not; a text type
            #expect(
                try await client.execute(
                    uri: action, method: .post, headers: headers,
                    body: ByteBuffer(string: "plain words")
                ).status == .badRequest)
            #expect(
                try await client.execute(
                    uri: "/items/\(boiler.id)/maintenance/99/receipt", method: .post,
                    headers: headers, body: ByteBuffer(string: pdf)
                ).status == .unprocessableContent)
            headers[.contentType] = "text/plain"
            #expect(
                try await client.execute(
                    uri: action, method: .post, headers: headers, body: ByteBuffer(string: pdf)
                ).status == .badRequest)
            #expect(try manager.maintenance(itemID: boiler.id).entries.first?.file == file)
            let again = try await client.execute(
                uri: "/items/\(boiler.id)", method: .get, headers: browser.headers)
            #expect(again.text.contains(">Replace receipt</label>"))
            #expect(again.text.contains("<a href=\"/files/\(file)\">receipt</a>"))
        }
    }

    @Test("the Due page lists what is due, each thing linking to its item, live")
    func theDuePage() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let boiler = try manager.add(ItemDraft(name: "Boiler", price: usd("2400")))
        let drill = try manager.add(ItemDraft(name: "Drill"))
        try manager.scheduleMaintenance(
            itemID: boiler.id,
            MaintenancePlan(
                what: "Service", everyMonths: nil,
                startsOn: manager.today().adding(days: -3)))
        try manager.lend(id: drill.id, to: "Sam", due: manager.today().adding(days: 60))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func get(_ uri: String) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: browser.headers)
            }
            let page = try await get("/due")
            #expect(page.status == .ok)
            #expect(page.text.contains("<a href=\"/due\" class=\"tab current\""))
            #expect(page.text.contains("1 thing due, 1 overdue"))
            #expect(page.text.contains("<a href=\"/items/\(boiler.id)\">Boiler</a>"))
            #expect(page.text.contains(" (overdue)</td>"))
            #expect(!page.text.contains("back from Sam"), "not within 30 days")
            #expect(page.text.contains("data-seq="), "it follows the inventory")
            let longer = try await get("/due?within=3m")
            #expect(longer.text.contains("back from Sam") && longer.text.contains("value=\"3m\""))
            #expect(try await get("/due?within=soon").status == .badRequest)
            let stranger = try await client.execute(uri: "/due", method: .get)
            #expect(stranger.status != .ok && !stranger.text.contains("Boiler"))
        }
    }
}
