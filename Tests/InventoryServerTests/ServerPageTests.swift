import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: pages and forms")
struct ServerPageTests {
    @Test("a view's page: tabs with counts and worth, rows sorted by any column, search, pages")
    func viewPages() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.manager.add([
            ItemDraft(name: "Boat", price: usd("12000"), isLuxury: true),
            ItemDraft(name: "Lamp", price: usd("40"), isInsured: true),
            ItemDraft(name: "Piano", price: usd("3000"), isLuxury: true),
        ])
        _ = try fixture.manager.add(
            (1...60).map { ItemDraft(name: "Spoon \($0)", price: usd("1")) })
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func page(_ uri: String) async throws -> String {
                let response = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(response.status == .ok, "\(uri)")
                return response.text
            }
            let luxury = try await page("/views/luxury")
            #expect(
                luxury.contains(
                    "<span class=\"count\" title=\"items\">63</span> <span class=\"worth\" title=\"worth\">15,100.00</span>"
                ))
            #expect(
                luxury.contains(
                    "<span class=\"count\" title=\"items\">2</span> <span class=\"worth\" title=\"worth\">15,000.00</span>"
                ))
            #expect(luxury.contains("aria-current=\"page\"><span class=\"title\">Luxury items"))
            #expect(try rowNames(luxury) == ["Boat", "Piano"])
            #expect(try rowNames(try await page("/views/luxury?sort=price")) == ["Piano", "Boat"])
            #expect(
                try rowNames(try await page("/views/all?sort=price-desc")).prefix(2) == [
                    "Boat", "Piano",
                ])
            #expect(try rowNames(try await page("/views/all?q=pia")) == ["Piano"])
            let first = try await page("/views/all")
            #expect(try rowNames(first).count == 50)
            #expect(first.contains("Page 1 of 2"))
            let second = try await page("/views/all?page=2")
            #expect(try rowNames(second).count == 13)
            #expect(second.contains("rel=\"prev\""))
            for (uri, status) in [
                ("/views/nowhere", HTTPResponse.Status.notFound),
                ("/views/all?sort=colour", .badRequest),
                ("/views/all?page=0", .badRequest), ("/items/999", .notFound),
                ("/items/abc", .notFound),
            ] {
                let response = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(response.status == status, "\(uri)")
                #expect(response.text.contains("<h1>"), "\(uri)")
            }
        }
    }

    @Test(
        "a refused form keeps what was typed, shows each problem beside its field, writes nothing")
    func refusedForm() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let (headers, body) = browser.form([
                ("name", "Télé <big>"), ("price", "12x"), ("quantity", "1"),
                ("purchased", "2024-13-01"),
                ("insured", "on"),
            ])
            let response = try await client.execute(
                uri: "/items", method: .post, headers: headers, body: body)
            #expect(response.status == .unprocessableContent)
            let page = response.text
            #expect(page.contains("value=\"Télé &lt;big&gt;\""))
            #expect(page.contains("value=\"12x\""))
            #expect(page.contains("aria-describedby=\"problem-price\""))
            #expect(page.contains("<p class=\"problem\" id=\"problem-price\">not a number"))
            #expect(page.contains("id=\"problem-purchased\""))
            #expect(page.contains("name=\"insured\" value=\"on\" checked=\"checked\""))
        }
        #expect(try fixture.manager.count() == 0)
        #expect(try fixture.manager.history().isEmpty)
    }

    @Test("add, edit and delete through the forms, the edit refused if the item changed meanwhile")
    func addEditDelete() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let (headers, body) = browser.form([
                ("name", "Television"), ("price", "499.99"), ("quantity", "1"), ("tags", "den, tv"),
                ("insured", "on"),
            ])
            let added = try await client.execute(
                uri: "/items", method: .post, headers: headers, body: body)
            #expect(added.status == .seeOther)
            let location = try #require(added.headers[.location])
            let id = try #require(Int64(location.split(separator: "/").last ?? ""))
            let item = try #require(try fixture.manager.item(id: id))
            #expect(item.name == "Television" && item.isInsured && item.tags == ["den", "tv"])
            #expect(item.price == usd("499.99"))

            // Opened at version 1; meanwhile someone else changes the price.
            let form = try await client.execute(
                uri: "/items/\(id)/edit", method: .get, headers: browser.headers)
            #expect(form.text.contains("name=\"version\" value=\"1\""))
            _ = try fixture.manager.edit(
                id: id,
                {
                    var patch = ItemPatch(); patch.price = usd("450"); return patch
                }())
            let (editHeaders, editBody) = browser.form([
                ("version", "1"), ("name", "Television"), ("price", "399"), ("quantity", "1"),
                ("tags", "den, tv"), ("insured", "on"),
            ])
            let conflict = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: editHeaders, body: editBody)
            #expect(conflict.status == .unprocessableContent)
            #expect(conflict.text.contains("changed"))
            #expect(try fixture.manager.item(id: id)?.price == usd("450"))
            // Opened again at version 2: saved.
            let (saveHeaders, saveBody) = browser.form([
                ("version", "2"), ("name", "Television"), ("price", "399"), ("quantity", "1"),
                ("tags", "den, tv"),
            ])
            let saved = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: saveHeaders, body: saveBody)
            #expect(saved.status == .seeOther)
            let after = try #require(try fixture.manager.item(id: id))
            #expect(after.price == usd("399") && !after.isInsured && after.version == 3)

            let confirm = try await client.execute(
                uri: "/items/\(id)/delete", method: .get, headers: browser.headers)
            #expect(confirm.text.contains("Delete Television?"))
            #expect(try fixture.manager.count() == 1)
            let (deleteHeaders, deleteBody) = browser.form([("version", "3")])
            let deleted = try await client.execute(
                uri: "/items/\(id)/delete", method: .post, headers: deleteHeaders, body: deleteBody)
            #expect(deleted.status == .seeOther)
            #expect(try fixture.manager.count() == 0)
        }
    }

    @Test("the item page shows every field, the files and the history")
    func itemPage() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(
            ItemDraft(
                name: "Camera", price: usd("800"),
                purchaseDate: CalendarDate(year: 2024, month: 3, day: 2),
                location: "Study", brand: "Leica", serialNumber: "SN-1", tags: ["photo"]))
        let photo = fixture.folder.file("camera.png")
        writePNG(at: photo, seed: "camera")
        _ = try fixture.manager.attach(
            file: photo, toItem: item.id, as: .receipt, caption: "Receipt")
        _ = try fixture.manager.edit(
            id: item.id,
            {
                var patch = ItemPatch(); patch.isInsured = true; return patch
            }())
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/items/\(item.id)", method: .get, headers: browser.headers)
            for text in [
                "<h1 data-item=\"\(item.id)\">Camera</h1>", "800.00", "2024-03-02", "Study",
                "Leica",
                "SN-1", ">Receipt</a> (receipt)", "edited: insured", "added",
                "accept=\"image/*\" multiple=\"multiple\"",
            ] {
                #expect(page.text.contains(text), "\(text)")
            }
        }
    }

    @Test("form fields are read as typed, stray escapes and all")
    func formDecoding() {
        let fields = FormDecoding.fields(
            "name=T%C3%A9l%C3%A9+%3Cb%3E&price=100%&notes=a%2&x&=y&tags=a%2Cb")
        #expect(fields["name"] == "Télé <b>")
        #expect(fields["price"] == "100%")
        #expect(fields["notes"] == "a%2")
        #expect(fields["x"] == "")
        #expect(fields[""] == "y")
        #expect(fields["tags"] == "a,b")
        #expect(FormDecoding.fields("").isEmpty)
        #expect(FormDecoding.fields("a=%FF")["a"] == "\u{FFFD}")
    }

    @Test("another photo becomes the item's picture from its page, from the version shown")
    func choosingThePicture() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Camera"))
        for (seed, kind) in [
            ("front", Attachment.Kind.photo), ("back", .photo), ("bill", .receipt),
        ] {
            let path = fixture.folder.file(seed + ".png")
            writePNG(at: path, seed: seed)
            _ = try fixture.manager.attach(file: path, toItem: item.id, as: kind)
        }
        let attached = try #require(try fixture.manager.item(id: item.id))
        let (front, back) = (attached.attachments[0].file, attached.attachments[1].file)
        #expect(attached.photo == front)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/items/\(item.id)", method: .get, headers: browser.headers)
            // the first is the picture; the second may become it; the receipt may not
            #expect(page.text.contains(" · the picture"))
            #expect(page.text.components(separatedBy: "Make it the picture").count == 2)
            var (headers, body) = browser.form([
                ("attachment", "2"), ("version", String(attached.version)),
            ])
            let chosen = try await client.execute(
                uri: "/items/\(item.id)/picture", method: .post, headers: headers, body: body)
            #expect(chosen.status == .seeOther)
            #expect(try fixture.manager.item(id: item.id)?.photo == back)
            // from a page shown before: refused, nothing changed
            (headers, body) = browser.form([
                ("attachment", "1"), ("version", String(attached.version)),
            ])
            let stale = try await client.execute(
                uri: "/items/\(item.id)/picture", method: .post, headers: headers, body: body)
            #expect(stale.status == .conflict)
            // a receipt is no picture
            (headers, body) = browser.form([("attachment", "3")])
            let receipt = try await client.execute(
                uri: "/items/\(item.id)/picture", method: .post, headers: headers, body: body)
            #expect(receipt.status == .unprocessableContent)
            #expect(receipt.text.contains("only a photo can be the item&#39;s picture"))
        }
        #expect(try fixture.manager.item(id: item.id)?.photo == back)
    }
}

/// The names in a view page's rows, in order.
func rowNames(_ page: String) throws -> [String] {
    let pattern = try Regex("<td class=\"name\"><a href=\"/items/[0-9]+\">([^<]*)</a>")
    return page.matches(of: pattern).map { String($0.output[1].substring ?? "") }
}
