import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryStore
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

@Suite("Server: the JSON API and its event stream")
struct ServerAPITests {
    @Test("a page asked again is the same until its view changes, then it is the new one")
    func pagesFollowEveryChange() async throws {
        let fixture = try ServerFixture()
        let items = try fixture.manager.add((1...3).map { ItemDraft(name: "Item \($0)") })
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func page(_ uri: String = "/api/items?view=all") async throws -> [[String: Any]] {
                let answer = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                return answer.json["items"] as? [[String: Any]] ?? []
            }
            #expect(try await page().count == 3)
            #expect(try await page().count == 3)
            // A change that leaves the page's rows where they were still shows.
            var patch = ItemPatch()
            patch.notes = "In the loft"
            _ = try fixture.manager.edit(id: items[1].id, patch)
            #expect(try await page()[1]["notes"] as? String == "In the loft")
            // An item of another view moves this view on too (the sequence is the journal's).
            _ = try fixture.manager.add(ItemDraft(name: "Item 0"))
            #expect(try await page().first?["name"] as? String == "Item 0")
            // Each order, search, offset and limit is its own page.
            #expect(try await page("/api/items?view=all&limit=1").count == 1)
            #expect(try await page("/api/items?view=all&q=item+2").count == 1)
            #expect(
                try await page("/api/items?view=all&sort=name-desc").first?["name"] as? String
                    == "Item 3")
            #expect(try await page().count == 4)
        }
    }

    @Test("items by view with paging, one item, add, edit, delete, and each refusal")
    func items() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.manager.add(
            (1...7).map { ItemDraft(name: "Item \($0)", price: usd("\($0)")) })
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/api/items?view=all&limit=3&offset=2&sort=price-desc", method: .get,
                headers: browser.headers)
            #expect(page.status == .ok)
            #expect(page.json["count"] as? Int == 7)
            #expect(page.json["worth"] as? String == "28.00")
            let names = (page.json["items"] as? [[String: Any]])?.compactMap {
                $0["name"] as? String
            }
            #expect(names == ["Item 5", "Item 4", "Item 3"])

            let (addHeaders, addBody) = browser.json(
                "{\"name\":\"Boat\",\"price\":\"12000\",\"luxury\":true,\"tags\":[\"water\"],\"purchaseDate\":\"2020-05-01\"}"
            )
            let added = try await client.execute(
                uri: "/api/items", method: .post, headers: addHeaders, body: addBody)
            #expect(added.status == .created)
            let id = try #require(added.json["id"] as? Int)
            #expect(added.json["luxury"] as? Bool == true)
            #expect(added.json["purchaseDate"] as? String == "2020-05-01")
            #expect(added.json["tags"] as? [String] == ["water"])

            let one = try await client.execute(
                uri: "/api/items/\(id)", method: .get, headers: browser.headers)
            #expect(one.json["name"] as? String == "Boat")

            let (patchHeaders, patchBody) = browser.json(
                "{\"insured\":true,\"value\":13000,\"version\":1}")
            let patched = try await client.execute(
                uri: "/api/items/\(id)", method: .patch, headers: patchHeaders, body: patchBody)
            #expect(patched.status == .ok)
            #expect(patched.json["insured"] as? Bool == true)
            #expect(patched.json["value"] as? String == "13000.00")
            #expect(patched.json["name"] as? String == "Boat")
            let stale = try await client.execute(
                uri: "/api/items/\(id)", method: .patch, headers: patchHeaders, body: patchBody)
            #expect(stale.status == .conflict)

            for (json, status, field) in [
                (
                    "{\"name\":\"TV\",\"price\":\"abc\"}", HTTPResponse.Status.unprocessableContent,
                    "price"
                ),
                ("{\"price\":\"12\"}", .unprocessableContent, "name"),
                ("{\"name\":\"TV\",\"colour\":\"red\"}", .badRequest, nil),
                ("{\"name\":\"TV\",\"insured\":\"yes\"}", .badRequest, nil),
                ("[1,2]", .badRequest, nil), ("{\"name\":", .badRequest, nil),
                ("{\"name\":{\"a\":1}}", .badRequest, nil),
            ] as [(String, HTTPResponse.Status, String?)] {
                let (headers, body) = browser.json(json)
                let response = try await client.execute(
                    uri: "/api/items", method: .post, headers: headers, body: body)
                #expect(response.status == status, "\(json)")
                #expect(response.json["error"] is String, "\(json)")
                if let field {
                    let problems = response.json["problems"] as? [[String: Any]]
                    #expect(problems?.first?["field"] as? String == field, "\(json)")
                }
            }
            #expect(try fixture.manager.count() == 8)

            let deleted = try await client.execute(
                uri: "/api/items/\(id)", method: .delete, headers: browser.json("").0)
            #expect(deleted.status == .noContent)
            let gone = try await client.execute(
                uri: "/api/items/\(id)", method: .get, headers: browser.headers)
            #expect(gone.status == .notFound)
            #expect(gone.json["error"] is String)
            let views = try await client.execute(
                uri: "/api/views", method: .get, headers: browser.headers)
            let tabs = views.json["views"] as? [[String: Any]]
            #expect(
                tabs?.map { $0["name"] as? String } == [
                    "all", "luxury", "non-insured", "on-loan", "archive",
                ])
            #expect(tabs?.first?["count"] as? Int == 7)
        }
    }

    @Test("a write to a damaged file is refused in the server's words, with no command to type")
    func damageIsSaidWithoutTheCommandLine() async throws {
        let fixture = try ServerFixture()
        let boat = try fixture.manager.add(ItemDraft(name: "Boat"))
        // What `verify` (or any command that met damage) records in the file.
        let store = try InventoryDatabase(
            database: try Database(path: fixture.manager.databasePath))
        store.recordDamage("a page of the items' table", at: Timestamp(Date()))
        store.close()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            // An edit (through the item form) and a deletion: the file's fault, not the
            // request's, each answered in the server's words.
            let (headers, body) = browser.json("{\"insured\":true}")
            let edit = try await client.execute(
                uri: "/api/items/\(boat.id)", method: .patch, headers: headers, body: body)
            let (deleteHeaders, _) = browser.json("")
            let deletion = try await client.execute(
                uri: "/api/items/\(boat.id)", method: .delete, headers: deleteHeaders)
            for refused in [edit, deletion] {
                #expect(refused.status == .internalServerError)
                let message = try #require(refused.json["error"] as? String)
                #expect(message.contains("damaged") && message.contains("restore it from a backup"))
                for word in ["inventory verify", "inventory restore", "--"] {
                    #expect(!message.contains(word), "\(message)")
                }
            }
        }
        #expect(try fixture.manager.item(id: boat.id)?.isInsured == false)
    }

    @Test("asking to sign in, or for a new link, names no command to type")
    func signingInIsSaidWithoutTheCommandLine() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let unsigned = try await client.execute(uri: "/api/items", method: .get)
            #expect(unsigned.status == .unauthorized)
            let used = try await client.execute(uri: "/signin?token=nothing", method: .get)
            #expect(used.status == .forbidden)
            for answer in [unsigned.text, used.text] {
                #expect(answer.contains("sign-in link"), "\(answer)")
                #expect(!answer.contains("inventory serve"), "\(answer)")
            }
        }
    }

    @Test("the change stream sends each change once, in order, from where a page left off")
    func changes() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.manager.add(ItemDraft(name: "A"))
        _ = try fixture.manager.add(ItemDraft(name: "B"))
        let c = try fixture.manager.add(ItemDraft(name: "C"))
        _ = try fixture.manager.edit(
            id: c.id,
            {
                var patch = ItemPatch(); patch.isLuxury = true; return patch
            }())
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let all = try await client.execute(
                uri: "/api/changes?after=0&limit=4", method: .get, headers: browser.headers)
            #expect(all.headers[.contentType] == "text/event-stream")
            let events = serverSentEvents(all.text)
            #expect(events.map(\.id) == ["1", "2", "3", "4"])
            #expect(events.map(\.event) == ["change", "change", "change", "change"])
            #expect(events.last?.data.contains("\"change\":\"edited\"") == true)
            #expect(events.last?.data.contains("\"fields\":[\"luxury\"]") == true)
            // A browser reconnecting says where it was; it gets the rest, nothing twice.
            var headers = browser.headers
            headers[HTTPField.Name("Last-Event-ID")!] = "2"
            let rest = try await client.execute(
                uri: "/api/changes?limit=2", method: .get, headers: headers)
            #expect(serverSentEvents(rest.text).map(\.id) == ["3", "4"])
            // A change made while a stream waits reaches it.
            async let waiting = client.execute(
                uri: "/api/changes?after=4&limit=1", method: .get, headers: browser.headers)
            _ = try fixture.manager.add(ItemDraft(name: "D"))
            let later = try await waiting
            #expect(serverSentEvents(later.text).map(\.id) == ["5"])
            let bad = try await client.execute(
                uri: "/api/changes?after=-1", method: .get, headers: browser.headers)
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a stream too far behind the journal is told to reload, not sent every change")
    func streamsFarBehindReload() async throws {
        let fixture = try ServerFixture()
        let backlog = fixture.server.configuration.limits.streamBacklog
        _ = try fixture.manager.add((0...backlog).map { ItemDraft(name: "Item \($0)") })
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let behind = try await client.execute(
                uri: "/api/changes?after=0&limit=\(backlog + 10)", method: .get,
                headers: browser.headers)
            #expect(behind.status == .ok)
            #expect(behind.text.contains("event: reload\ndata: {}\n\n"))
            #expect(serverSentEvents(behind.text).isEmpty)
            // As far behind as allowed: every change, in order.
            let caughtUp = try await client.execute(
                uri: "/api/changes?after=1&limit=\(backlog)", method: .get,
                headers: browser.headers)
            let events = serverSentEvents(caughtUp.text)
            #expect(events.count == backlog)
            #expect(events.first?.id == "2" && events.last?.id == "\(backlog + 1)")
            #expect(!caughtUp.text.contains("event: reload"))
        }
    }

    @Test("an API change is taken as JSON only, and says so")
    func changesAreJSONOnly() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"] {
                var (headers, body) = browser.json("{\"name\":\"Car\"}")
                headers[.contentType] = type
                for (uri, method) in [
                    ("/api/items", HTTPRequest.Method.post), ("/api/items/\(item.id)", .patch),
                ] {
                    let answer = try await client.execute(
                        uri: uri, method: method, headers: headers, body: body)
                    #expect(answer.status == .unsupportedMediaType, "\(type) \(method)")
                    #expect(
                        answer.json["error"] as? String
                            == "A change is sent as JSON, with Content-Type: application/json: nothing was changed."
                    )
                }
            }
            // Its parameters and case do not matter.
            var (headers, body) = browser.json("{\"name\":\"Car\"}")
            headers[.contentType] = "Application/JSON; charset=utf-8"
            let added = try await client.execute(
                uri: "/api/items", method: .post, headers: headers, body: body)
            #expect(added.status == .created)
        }
        #expect(try fixture.manager.items(matching: ItemFilter()).map(\.name) == ["Boat", "Car"])
    }

    @Test("JSON whose text is not UTF-8, or holds a lone surrogate, is refused as such")
    func textThatIsNotText() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let (headers, _) = browser.json("")
            let bodies: [(ByteBuffer, String)] = [
                (ByteBuffer(string: "{\"name\":\"\\ud800\"}"), "name is not valid text"),
                (ByteBuffer(string: "{\"name\":\"a\\udc00b\"}"), "name is not valid text"),
                (
                    ByteBuffer(string: "{\"tags\":[\"ok\",\"\\ud83d\"]}"),
                    "tags is not valid text"
                ),
                (
                    ByteBuffer(
                        bytes: Array("{\"name\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)),
                    "The body is not valid text"
                ),
            ]
            for (body, start) in bodies {
                let answer = try await client.execute(
                    uri: "/api/items", method: .post, headers: headers, body: body)
                #expect(answer.status == .badRequest)
                let message = answer.json["error"] as? String ?? ""
                #expect(message.hasPrefix(start), "\(message)")
                #expect(message.contains("lone surrogate") && !message.contains("object"))
            }
        }
        #expect(try fixture.manager.count() == 0)
    }

    @Test("an item's tags are limited in number and size, and the answer says the limit")
    func tagLimits() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let many = (0..<90_000).map { "\"t\($0)\"" }.joined(separator: ",")
            let (headers, body) = browser.json("{\"name\":\"Box\",\"tags\":[\(many)]}")
            let answer = try await client.execute(
                uri: "/api/items", method: .post, headers: headers, body: body)
            #expect(answer.status == .unprocessableContent)
            #expect(
                (answer.json["error"] as? String)?.contains(
                    "an item has at most 100 tags; these are 90000") == true,
                "\(answer.text.prefix(300))")
        }
        #expect(try fixture.manager.count() == 0)
    }
}

/// The events of a server-sent event stream.
func serverSentEvents(_ text: String) -> [(id: String, event: String, data: String)] {
    text.components(separatedBy: "\n\n").compactMap { block in
        var (id, event, data) = ("", "", "")
        for line in block.split(separator: "\n") {
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        return id.isEmpty ? nil : (id, event, data)
    }
}
