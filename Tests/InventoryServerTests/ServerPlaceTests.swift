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
}
