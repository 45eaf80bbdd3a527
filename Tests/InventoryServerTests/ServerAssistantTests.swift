import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

/// The assistant's tools over HTTP for an API token, and the places and claims for programs.
@Suite("Server: the assistant's endpoint and the read-only lists")
struct ServerAssistantTests {
    /// A JSON-RPC call to /api/mcp with `secret`; the answer's `result`, or its whole body.
    static func rpc(
        _ client: some TestClientProtocol, _ secret: String, _ method: String,
        _ params: String = "{}"
    ) async throws -> (status: HTTPResponse.Status, result: [String: Any]) {
        let response = try await client.execute(
            uri: "/api/mcp", method: .post,
            headers: [
                .authorization: "Bearer \(secret)", .contentType: "application/json",
                .accept: "application/json, text/event-stream",
            ],
            body: ByteBuffer(
                string:
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\(method)\",\"params\":\(params)}"))
        let object = response.json
        return (response.status, object["result"] as? [String: Any] ?? object)
    }

    /// A tool call's text and whether it is an error.
    static func tool(
        _ client: some TestClientProtocol, _ secret: String, _ name: String, _ arguments: String
    ) async throws -> (text: String, isError: Bool) {
        let (_, result) = try await rpc(
            client, secret, "tools/call", "{\"name\":\"\(name)\",\"arguments\":\(arguments)}")
        let text =
            ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "\(result)"
        return (text, result["isError"] as? Bool ?? false)
    }

    @Test("a member's token reaches the tools over HTTP, with the token's scope; a cookie does not")
    func toolsOverHTTP() async throws {
        let fixture = try ServerFixture()
        let drill = try fixture.manager.add(ItemDraft(name: "Drill", price: usd("120")))
        try ServerMemberTests.member("Sam", .editor, password: "correct horse", in: fixture.manager)
        let writer = try fixture.manager.makeToken(
            member: "Sam", name: "Home Assistant", scope: .write, days: 30)
        let reader = try fixture.manager.makeToken(
            member: "Sam", name: "Panel", scope: .read, days: 30)
        try await fixture.test { client in
            let (status, initialized) = try await Self.rpc(
                client, writer.secret, "initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"x\",\"version\":\"1\"}}"
            )
            #expect(status == .ok)
            #expect(
                (initialized["serverInfo"] as? [String: Any])?["name"] as? String == "inventory")
            let (_, listed) = try await Self.rpc(client, writer.secret, "tools/list")
            #expect((listed["tools"] as? [[String: Any]])?.count == 12)
            let found = try await Self.tool(
                client, writer.secret, "search_items", "{\"query\":\"drill\"}")
            #expect(!found.isError && found.text.contains("\"total\":1"))
            let edited = try await Self.tool(
                client, writer.secret, "edit_item",
                "{\"id\":\(drill.id),\"version\":1,\"insured\":true}")
            #expect(!edited.isError, "\(edited.text)")
            let refused = try await Self.tool(
                client, reader.secret, "edit_item",
                "{\"id\":\(drill.id),\"version\":2,\"price\":\"1\"}")
            #expect(refused.isError && refused.text.contains("may only read"))
            // a browser's session is not the assistant's
            let browser = try await fixture.signIn(client)
            var headers = browser.headers
            headers[InventoryServer.csrfHeader] = browser.csrf
            headers[.contentType] = "application/json"
            let cookie = try await client.execute(
                uri: "/api/mcp", method: .post, headers: headers,
                body: ByteBuffer(string: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")
            )
            #expect(cookie.status == .badRequest)
        }
        let history = try fixture.manager.fullHistory(itemID: drill.id)
        #expect(
            try fixture.manager.authors(of: history).values.sorted() == [
                "Sam (assistant Home Assistant)"
            ])
        #expect(try fixture.manager.item(id: drill.id)?.price == usd("120"))
    }

    @Test("the places and the claims, for programs, as JSON")
    func placesAndClaims() async throws {
        let fixture = try ServerFixture()
        try fixture.manager.addPlace(path: "House / Garage")
        let drill = try fixture.manager.add(
            ItemDraft(name: "Drill", price: usd("120"), location: "House / Garage"))
        let token = try fixture.manager.makeToken(
            member: nil, name: "Script", scope: .read, days: 1)
        try await fixture.test { client in
            let headers: HTTPFields = [.authorization: "Bearer \(token.secret)"]
            let places = try await client.execute(
                uri: "/api/places", method: .get, headers: headers)
            #expect(places.status == .ok)
            #expect(
                places.text.contains("\"path\":\"House / Garage\",\"items\":1,\"worth\":\"120.00\"")
            )
            let claims = try await client.execute(
                uri: "/api/claims", method: .get, headers: headers)
            #expect(claims.text == "{\"claims\":[]}")
        }
        _ = drill
    }

    @Test("the change stream follows the inventory for a token too")
    func changesThroughAToken() async throws {
        let fixture = try ServerFixture()
        let token = try fixture.manager.makeToken(member: nil, name: "Feed", scope: .read, days: 1)
        _ = try fixture.manager.add(ItemDraft(name: "Kettle"))
        try await fixture.test { client in
            let stream = try await client.execute(
                uri: "/api/changes?after=0&limit=1", method: .get,
                headers: [.authorization: "Bearer \(token.secret)"])
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(stream.text.contains("event: change") && stream.text.contains("Kettle"))
        }
    }
}
