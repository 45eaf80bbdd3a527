import InventoryKit
import Locking
public import MCP

/// The inventory's MCP server: its tools (`AssistantTools`), and its views and items as
/// resources. `inventory mcp` serves it over stdio to a desktop assistant.
public enum Assistant {
    /// What the server tells a client about itself and how to use it.
    static let instructions = """
        A household's inventory: what it owns, where each thing is, what it is worth and \
        whether it is insured. Find things with search_items (filters combine), read one with \
        show_item, total them with totals. Every change (add_item, edit_item, move_item, \
        tag_item, lend_item, return_item) takes the item's version from search_items or \
        show_item and is refused if the item changed since: read it again and redo the \
        change. Pass dryRun: true to see exactly what a change would do without making it. \
        Amounts are decimal texts in the inventory's currency ("1200.00"); days are \
        YYYY-MM-DD; places are paths ("House / Garage / Shelf 2").
        """

    /// An MCP server over `tools`, its handlers registered; start it on a transport.
    public static func makeServer(
        _ tools: AssistantTools, version: String, client: NamedClient = NamedClient()
    ) async -> Server {
        let server = Server(
            name: "inventory", version: version, title: "Household inventory",
            instructions: instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init()))
        // an assistant that may only read is offered only the tools that read
        let offered =
            tools.canWrite
            ? definitions : definitions.filter { $0.annotations.readOnlyHint == true }
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: offered)
        }
        await server.withMethodHandler(CallTool.self) { call in
            await tools.call(
                call.name, arguments: call.arguments ?? [:], client: client.name)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(
                resources: tools.views.entries.map { entry in
                    Resource(
                        name: entry.name, uri: "inventory://views/\(entry.name)",
                        description:
                            "The items of the view \"\(entry.name)\", 200 at most, as JSON",
                        mimeType: "application/json")
                }, nextCursor: nil)
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            ListResourceTemplates.Result(
                templates: [
                    Resource.Template(
                        uriTemplate: "inventory://items/{id}", name: "item",
                        description: "One item with its history and claims, as JSON",
                        mimeType: "application/json")
                ])
        }
        await server.withMethodHandler(ReadResource.self) { read in
            let uri = read.uri
            let call: (String, [String: Value])
            if uri.hasPrefix("inventory://views/") {
                call = (
                    "search_items",
                    [
                        "view": .string(String(uri.dropFirst("inventory://views/".count))),
                        "limit": .int(AssistantTools.largestPage),
                    ]
                )
            } else if uri.hasPrefix("inventory://items/"),
                let id = Int(uri.dropFirst("inventory://items/".count))
            {
                call = ("show_item", ["id": .int(id)])
            } else {
                throw MCPError.invalidParams("No resource has the address \(uri).")
            }
            let result = await tools.call(call.0, arguments: call.1, client: client.name)
            guard result.isError != true, case .text(let text, _, _)? = result.content.first else {
                if case .text(let text, _, _)? = result.content.first {
                    throw MCPError.invalidParams(text)
                }
                throw MCPError.internalError("The inventory could not be read.")
            }
            return ReadResource.Result(
                contents: [.text(text, uri: uri, mimeType: "application/json")])
        }
        return server
    }

    /// Serves `tools` over `transport` until the client goes away; the client's name names
    /// the writes.
    public static func serve(
        _ tools: AssistantTools, version: String, transport: any Transport
    ) async throws {
        let server = try await start(tools, version: version, transport: transport)
        await server.waitUntilCompleted()
    }

    /// Starts serving `tools` over `transport`, and returns the server.
    public static func start(
        _ tools: AssistantTools, version: String, transport: any Transport
    ) async throws -> Server {
        let named = NamedClient()
        let server = await makeServer(tools, version: version, client: named)
        try await server.start(transport: transport) { info, _ in named.name = info.name }
        return server
    }
}

/// The client's name, as its initialize said: what its writes are named with.
public final class NamedClient: Sendable {
    private let value = Lock<String?>(nil)

    public init() {}

    public var name: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
