import Foundation
import InventoryAssistant
import InventoryKit
import InventoryTestSupport
import MCP
import Testing

/// The assistant's tools through the SDK's own client, in process: what a model sees and
/// what its calls change.
@Suite("MCP: the assistant's tools")
struct AssistantTests {
    let folder = TemporaryFolder()
    let manager: InventoryManager

    init() throws {
        manager = try InventoryManager(
            path: folder.file("inventory.sqlite"), notificationCenter: NotificationCenter())
        try manager.addPlace(path: "House / Garage")
        try manager.addPlace(path: "House / Attic")
        _ = try manager.add(
            ItemDraft(name: "Drill", price: usd("120"), location: "House / Garage", tags: ["tools"])
        )
        _ = try manager.add(
            ItemDraft(name: "Table saw", price: usd("900"), location: "House / Garage"))
        _ = try manager.add(ItemDraft(name: "Ring", price: usd("2500"), isLuxury: true))
        _ = try manager.add(
            ItemDraft(name: "Toolbox", price: usd("40"), location: "House / Garage"))
    }

    /// A client connected to the tools (acting for `person`), named `claude-test`.
    func connect(canWrite: Bool = true) async throws -> Client {
        let tools = AssistantTools(
            manager: manager, views: ViewRegistry(currency: manager.currency), person: "Alex",
            canWrite: canWrite)
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        _ = try await Assistant.start(tools, version: "test", transport: serverSide)
        let client = Client(name: "claude-test", version: "1")
        _ = try await client.connect(transport: clientSide)
        return client
    }

    /// A tool's answer: its text, parsed as JSON when it is, and whether it is an error.
    func call(_ client: Client, _ name: String, _ arguments: [String: Value]) async throws
        -> (json: Any?, text: String, isError: Bool)
    {
        let (content, isError) = try await client.callTool(name: name, arguments: arguments)
        guard case .text(let text, _, _)? = content.first else {
            Issue.record("\(name) answered no text")
            return (nil, "", true)
        }
        return (
            try? JSONSerialization.jsonObject(with: Data(text.utf8)), text, isError ?? false
        )
    }

    @Test("the tools are listed, each with a description and a schema a model can follow")
    func listed() async throws {
        let client = try await connect()
        let (tools, _) = try await client.listTools()
        #expect(
            tools.map(\.name) == [
                "search_items", "show_item", "totals", "check", "due", "list_claims", "add_item",
                "edit_item", "move_item", "tag_item", "lend_item", "return_item",
            ])
        for tool in tools {
            #expect((tool.description ?? "").count > 40, "\(tool.name)")
            #expect(tool.inputSchema.objectValue?["type"] == "object", "\(tool.name)")
        }
        // every write asks for the version it was read at
        for name in ["edit_item", "move_item", "tag_item", "lend_item", "return_item"] {
            let tool = try #require(tools.first { $0.name == name })
            let required = tool.inputSchema.objectValue?["required"]?.arrayValue ?? []
            #expect(required.contains("version") && required.contains("id"), "\(name)")
            #expect(tool.inputSchema.objectValue?["properties"]?.objectValue?["dryRun"] != nil)
        }
        #expect(
            !tools.contains { ["delete", "restore", "share"].contains(where: $0.name.contains) })
    }

    @Test("search combines its filters: what in the garage is worth more than 100 and not insured")
    func search() async throws {
        let client = try await connect()
        let found = try await call(
            client, "search_items",
            ["place": "House / Garage", "minWorth": "100", "insured": false, "sort": "worth-desc"])
        #expect(!found.isError, "\(found.text)")
        let object = try #require(found.json as? [String: Any])
        #expect(object["total"] as? Int == 2)
        #expect(object["worth"] as? String == "1020.00")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Table saw", "Drill"])
        #expect(items.allSatisfy { $0["version"] as? Int == 1 })
        // a page, and how to get the next
        let page = try await call(client, "search_items", ["limit": 1, "offset": 1])
        let paged = try #require(page.json as? [String: Any])
        #expect((paged["items"] as? [[String: Any]])?.count == 1)
        #expect(paged["next"] as? String == "call again with offset 2")
        // refusals a model can act on
        let view = try await call(client, "search_items", ["view": "garage"])
        #expect(view.isError && view.text.contains("views: all, luxury, non-insured"))
        let place = try await call(client, "search_items", ["place": "Cellar"])
        #expect(place.isError && place.text.contains("no place is called \"Cellar\""))
        let limit = try await call(client, "search_items", ["limit": 1000])
        #expect(limit.isError && limit.text.contains("limit is 1 to 200"))
    }

    @Test(
        "a change takes the version read; dry runs write nothing; the history names the assistant")
    func writes() async throws {
        let client = try await connect()
        let before = try manager.item(id: 1)
        let sequence = try manager.lastSequence()
        // a dry run: what would change, and nothing written
        let dry = try await call(
            client, "edit_item", ["id": 1, "version": 1, "insured": true, "dryRun": true])
        let tried = try #require(dry.json as? [String: Any])
        #expect(tried["dryRun"] as? Bool == true)
        #expect(tried["changed"] as? [String] == ["insured no -> yes"])
        #expect(try manager.item(id: 1) == before)
        #expect(try manager.lastSequence() == sequence)
        // for real, then again from the old version: refused
        let edited = try await call(client, "edit_item", ["id": 1, "version": 1, "insured": true])
        #expect(!edited.isError, "\(edited.text)")
        let stale = try await call(client, "edit_item", ["id": 1, "version": 1, "price": "5"])
        #expect(stale.isError)
        #expect(stale.text.contains("was changed since version 1 (it is at version 2 now)"))
        #expect(try manager.item(id: 1)?.price == usd("120"))
        // moved into the toolbox, tagged, lent and back, each from the version it read
        let moved = try await call(client, "move_item", ["id": 1, "version": 2, "to": "#4"])
        #expect(!moved.isError, "\(moved.text)")
        #expect(try manager.item(id: 1)?.containerID == 4)
        let tagged = try await call(
            client, "tag_item", ["id": 1, "version": 3, "add": ["power"], "remove": ["tools"]])
        #expect(!tagged.isError, "\(tagged.text)")
        #expect(try manager.item(id: 1)?.tags == ["power"])
        let lent = try await call(
            client, "lend_item", ["id": 1, "version": 4, "to": "Sam", "dueBack": "2030-01-31"])
        #expect(!lent.isError, "\(lent.text)")
        let back = try await call(client, "return_item", ["id": 1, "version": 5])
        #expect(!back.isError, "\(back.text)")
        // a receipt read by the model: added with what it says
        let added = try await call(
            client, "add_item",
            [
                "name": "Cordless drill", "price": "149.99", "purchaseDate": "2026-11-20",
                "purchasedFrom": "Hardware Co", "brand": "Makita", "location": "House / Garage",
            ])
        let item = try #require((added.json as? [String: Any])?["item"] as? [String: Any])
        #expect(item["purchasedFrom"] as? String == "Hardware Co")
        // refused with the form's own words, nothing written
        let bad = try await call(client, "add_item", ["name": "Kettle", "price": "a lot"])
        #expect(bad.isError && bad.text.contains("price:"), "\(bad.text)")
        let unknown = try await call(client, "add_item", ["name": "Kettle", "colour": "red"])
        #expect(unknown.isError && unknown.text.contains("Unknown field \"colour\""))
        #expect(try manager.count() == 5)
        let history = try manager.fullHistory(itemID: 1)
        let authors = Set(try manager.authors(of: history).values)
        #expect(authors == ["Alex (assistant claude-test)"])
    }

    @Test("an assistant that may only read is refused every change")
    func readOnly() async throws {
        let client = try await connect(canWrite: false)
        let read = try await call(client, "show_item", ["id": 3])
        #expect(!read.isError)
        #expect(
            ((read.json as? [String: Any])?["item"] as? [String: Any])?["name"] as? String == "Ring"
        )
        let refused = try await call(client, "edit_item", ["id": 3, "version": 1, "insured": true])
        #expect(refused.isError && refused.text.contains("may only read"))
        #expect(try manager.item(id: 3)?.isInsured == false)
    }

    @Test("totals, check, due and the resources answer as JSON")
    func reading() async throws {
        let client = try await connect()
        let totals = try #require(try await call(client, "totals", [:]).json as? [String: Any])
        #expect((totals["all"] as? [String: Any])?["worth"] as? String == "3560.00")
        let check = try #require(try await call(client, "check", [:]).json as? [String: Any])
        #expect((check["needing"] as? Int ?? 0) > 0)
        #expect(try await call(client, "due", ["withinDays": 30]).json is [Any])
        let (resources, _) = try await client.listResources()
        #expect(resources.map(\.uri).contains("inventory://views/luxury"))
        let contents = try await client.readResource(uri: "inventory://views/luxury")
        #expect(contents.first?.text?.contains("\"Ring\"") == true)
        let item = try await client.readResource(uri: "inventory://items/2")
        #expect(item.first?.text?.contains("\"Table saw\"") == true)
    }
}
