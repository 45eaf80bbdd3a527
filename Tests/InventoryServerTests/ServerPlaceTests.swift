import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: labels and places")
struct ServerPlaceTests {
    @Test("a label opens its item or its place; things are moved here by number or label")
    func labelsOpenThingsAndThingsMoveHere() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let box = try manager.add(ItemDraft(name: "Red toolbox", location: "House / Garage"))
        let drill = try manager.add(ItemDraft(name: "Drill", price: usd("120")))
        let saw = try manager.add(ItemDraft(name: "Saw", location: "House / Shed"))
        try manager.move(ids: [drill.id], to: .container(box.id))
        let labels = try manager.assignLabels(
            items: [box.id, saw.id], places: ["House / Garage"])
        let garage = try #require(try manager.place(path: "House / Garage"))
        try await fixture.test { client in
            // Not signed in: a label, like every page, asks for a sign-in first.
            let anonymous = try await client.execute(uri: "/L/000-001", method: .get)
            #expect(anonymous.status == .unauthorized)
            let browser = try await fixture.signIn(client)
            func get(_ uri: String) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: browser.headers)
            }
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: uri, method: .post, headers: headers, body: body)
            }
            let scanned = try await get("/L/" + labels[0].text)
            #expect(scanned.status == .seeOther)
            #expect(scanned.headers[.location] == "/items/\(box.id)")
            #expect(try await get("/l/000-003").headers[.location] == "/places/\(garage.id)")
            #expect(try await get("/L/000-099").status == .notFound)
            #expect(try await get("/L/abc").status == .notFound)
            // The box's page: its label, what it holds, a form to move things in.
            let boxPage = try await get("/items/\(box.id)")
            #expect(boxPage.text.contains("<dt>Label</dt><dd>000-001</dd>"))
            #expect(boxPage.text.contains("<a href=\"/items/\(drill.id)\">Drill</a>"))
            #expect(boxPage.text.contains("action=\"/items/\(box.id)/move-here\""))
            // The garage's page: what is in it, under it too, and "add here".
            let place = try await get("/places/\(garage.id)")
            #expect(place.status == .ok)
            #expect(place.text.contains("<h1 data-place=\"\(garage.id)\">House / Garage</h1>"))
            #expect(place.text.contains("2 items · worth 120.00 USD · label 000-003"))
            #expect(place.text.contains("Drill</a><span class=\"where\"> · Red toolbox</span>"))
            #expect(place.text.contains("href=\"/items/new?location=House%20%2F%20Garage\""))
            let add = try await get("/items/new?location=House%20%2F%20Garage")
            #expect(add.text.contains("value=\"House / Garage\""))
            // The saw, by its label, moved into the box from the box's page; then the box, by
            // its number, to the shed's... the garage's page moves it back.
            let moved = try await post(
                "/items/\(box.id)/move-here", [("things", labels[1].text)])
            #expect(moved.status == .seeOther)
            #expect(try manager.item(id: saw.id)?.location == "House / Garage / Red toolbox")
            let shed = try #require(try manager.place(path: "House / Shed"))
            #expect(
                try await post("/places/\(shed.id)/move", [("things", "\(box.id)")]).status
                    == .seeOther)
            #expect(try manager.item(id: saw.id)?.location == "House / Shed / Red toolbox")
            // Refused: a loop, a word that is no thing, nothing at all; no form token.
            #expect(
                try await post("/items/\(drill.id)/move-here", [("things", "\(box.id)")]).status
                    == .conflict)
            #expect(
                try await post("/places/\(shed.id)/move", [("things", "lamp")]).status
                    == .badRequest)
            #expect(
                try await post("/places/\(shed.id)/move", [("things", " ")]).status == .badRequest)
            let (headers, body) = browser.form([("things", "\(saw.id)")], csrf: "wrong")
            let forged = try await client.execute(
                uri: "/places/\(garage.id)/move", method: .post, headers: headers, body: body)
            #expect(forged.status == .forbidden)
            #expect(try manager.item(id: saw.id)?.location == "House / Shed / Red toolbox")
        }
    }

    @Test("an item's page links where it is and moves it to a place, a new place or a box")
    func theItemPageShowsWhereAndMoves() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        let box = try manager.add(ItemDraft(name: "Red toolbox", location: "House / Garage"))
        let drill = try manager.add(ItemDraft(name: "Drill", price: usd("120")))
        let lamp = try manager.add(ItemDraft(name: "Lamp", location: "12 Oak Street"))
        try manager.move(ids: [drill.id], to: .container(box.id))
        let labels = try manager.assignLabels(items: [], places: ["12 Oak Street"])
        let house = try #require(try manager.place(path: "House"))
        let garage = try #require(try manager.place(path: "House / Garage"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func move(_ id: Int64, to: String) async throws -> TestResponse {
                let (headers, body) = browser.form([("to", to)])
                return try await client.execute(
                    uri: "/items/\(id)/move", method: .post, headers: headers, body: body)
            }
            let page = try await client.execute(
                uri: "/items/\(drill.id)", method: .get, headers: browser.headers)
            #expect(
                page.text.contains(
                    "<dd><a href=\"/places/\(house.id)\">House</a> / <a href=\"/places/"
                        + "\(garage.id)\">Garage</a> / <a href=\"/items/\(box.id)\">Red toolbox</a>"
                        + "</dd>"))
            #expect(page.text.contains("action=\"/items/\(drill.id)/move\""))
            #expect(page.text.contains("<option value=\"House / Garage\">"))
            #expect(page.text.contains("<option value=\"#\(box.id) Red toolbox\">"))
            // Out of the box to a place picked from the list, to a new place typed, into a box
            // by what the list offers, and to a place by its label; a number first is a place.
            #expect(try await move(drill.id, to: "house / garage").status == .seeOther)
            #expect(try manager.item(id: drill.id)?.location == "House / Garage")
            #expect(try manager.item(id: drill.id)?.containerID == nil)
            #expect(try await move(drill.id, to: "House / Attic").status == .seeOther)
            #expect(try manager.place(path: "House / Attic") != nil)
            #expect(try await move(drill.id, to: "#\(box.id) Red toolbox").status == .seeOther)
            #expect(try manager.item(id: drill.id)?.containerID == box.id)
            #expect(try await move(box.id, to: labels[0].text).status == .seeOther)
            #expect(try manager.item(id: drill.id)?.location == "12 Oak Street / Red toolbox")
            #expect(try await move(lamp.id, to: "12 Oak Street / Hall").status == .seeOther)
            #expect(try manager.item(id: lamp.id)?.location == "12 Oak Street / Hall")
            // Refused: nowhere, a loop, a box that is not there.
            #expect(try await move(drill.id, to: "  ").status == .badRequest)
            #expect(try await move(box.id, to: "#\(drill.id)").status == .conflict)
            #expect(try await move(drill.id, to: "999").status == .notFound)
            #expect(try await move(drill.id, to: "000-099").status == .notFound)
            #expect(try manager.place(path: "000-099") == nil)
            #expect(try manager.item(id: box.id)?.location == "12 Oak Street")
        }
    }

    @Test("a label scanned before signing in opens once the sign-in is done")
    func signingInReturnsToTheScannedLabel() async throws {
        let fixture = try ServerFixture()
        let box = try fixture.manager.add(ItemDraft(name: "Red toolbox", location: "Garage"))
        _ = try fixture.manager.assignLabels(items: [box.id], places: [])
        try await fixture.test { client in
            let scanned = try await client.execute(uri: "/L/000-001", method: .get)
            #expect(scanned.status == .unauthorized)
            let remembered = try #require(scanned.headers[.setCookie])
            #expect(remembered.hasPrefix("inventory_return=/L/000-001;"))
            #expect(remembered.contains("HttpOnly") && remembered.contains("SameSite=Lax"))
            // The API and the sign-in itself are never returned to.
            let api = try await client.execute(uri: "/api/views/all", method: .get)
            #expect(api.status == .unauthorized && api.headers[.setCookie] == nil)
            let cookie = String(remembered.split(separator: ";")[0])
            let token = fixture.server.sessions.makeSignInToken()
            let signedIn = try await client.execute(
                uri: "/signin?token=\(token)", method: .get, headers: [.cookie: cookie])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers[.location] == "/L/000-001")
            #expect(
                signedIn.headers[values: .setCookie].contains { $0.hasPrefix("inventory_return=;") }
            )
            // A remembered page elsewhere is never followed.
            for forged in ["//evil.example/x", "https://evil.example", "/%5Cevil.example"] {
                let token = fixture.server.sessions.makeSignInToken()
                let answer = try await client.execute(
                    uri: "/signin?token=\(token)", method: .get,
                    headers: [.cookie: "inventory_return=" + forged])
                #expect(answer.headers[.location] == "/", "\(forged)")
            }
        }
    }

    @Test("a list row's place is edited where it is shown, from the version the row showed")
    func placeOnARow() async throws {
        let fixture = try ServerFixture()
        try fixture.manager.addPlace(path: "House / Garage")
        try fixture.manager.addPlace(path: "House / Attic")
        let lamp = try fixture.manager.add(ItemDraft(name: "Lamp", location: "House / Garage"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/views/all", method: .get, headers: browser.headers)
            #expect(
                page.text.contains(
                    "<form class=\"move-row\" method=\"post\" action=\"/items/\(lamp.id)/move\">"))
            #expect(
                page.text.contains(
                    "<datalist id=\"known-places\"><option value=\"House\"></option>"))
            var (headers, body) = browser.form([
                ("version", String(lamp.version)), ("back", "/views/all"), ("to", "House / Attic"),
            ])
            let moved = try await client.execute(
                uri: "/items/\(lamp.id)/move", method: .post, headers: headers, body: body)
            #expect(moved.status == .seeOther)
            #expect(moved.headers[.location] == "/views/all")
            #expect(try fixture.manager.item(id: lamp.id)?.location == "House / Attic")
            // from the row as it was before: refused, left where it is
            (headers, body) = browser.form([
                ("version", String(lamp.version)), ("back", "//elsewhere"),
                ("to", "House / Garage"),
            ])
            let stale = try await client.execute(
                uri: "/items/\(lamp.id)/move", method: .post, headers: headers, body: body)
            #expect(stale.status == .conflict)
            #expect(try fixture.manager.item(id: lamp.id)?.location == "House / Attic")
        }
    }
}
