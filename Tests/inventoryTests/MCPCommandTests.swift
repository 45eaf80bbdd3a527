import Foundation
import Testing

/// `inventory mcp` driven by a real client: the Model Context Protocol's Python SDK (PyPI's
/// `mcp`, which Scripts/test installs in a Python of its own), over stdio, as a desktop
/// assistant starts it.
@Suite("mcp on the command line")
struct MCPCommandTests {
    /// The Python that has the `mcp` package.
    static var python: String? {
        let given = ProcessInfo.processInfo.environment["INVENTORY_MCP_PYTHON"]
        let path =
            given ?? FileManager.default.currentDirectoryPath + "/.build/mcp-python/bin/python3"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static let client = """
        import asyncio, json, sys
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        def text(result):
            return {"error": bool(result.is_error), "text": result.content[0].text}

        async def main():
            server = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:])
            out = {}
            async with stdio_client(server) as (read, write):
                async with ClientSession(read, write) as session:
                    init = await session.initialize()
                    out["server"] = init.server_info.name
                    out["tools"] = [tool.name for tool in (await session.list_tools()).tools]
                    out["search"] = text(await session.call_tool(
                        "search_items", {"query": "drill", "insured": False}))
                    out["dry"] = text(await session.call_tool(
                        "edit_item", {"id": 1, "version": 1, "insured": True, "dryRun": True}))
                    out["edit"] = text(await session.call_tool(
                        "edit_item", {"id": 1, "version": 1, "insured": True}))
                    out["stale"] = text(await session.call_tool(
                        "edit_item", {"id": 1, "version": 1, "price": "5"}))
                    out["delete"] = text(await session.call_tool("delete_item", {"id": 1}))
                    resource = await session.read_resource("inventory://items/1")
                    out["resource"] = resource.contents[0].text
            print(json.dumps(out))

        asyncio.run(main())
        """

    @Test("a Python MCP client finds, tries, changes and is refused a stale change, over stdio")
    func pythonClientOverStdio() throws {
        let python = try #require(
            Self.python, "no Python with the mcp package: run Scripts/test, which makes one")
        let sandbox = Sandbox()
        try sandbox.succeed(["places", "add", "House / Garage"])
        try sandbox.add("Cordless drill", "--price", "149", "--location", "House / Garage")
        try sandbox.add("Ring", "--price", "2500", "--luxury")
        try Data(Self.client.utf8).write(to: URL(fileURLWithPath: sandbox.file("client.py")))
        let result = try sandbox.shell(
            "'\(python)' client.py '\(inventoryBinary)' mcp --db '\(sandbox.database)'")
        #expect(result.status == 0, "\(result.stderr)")
        let out = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stdout) \(result.stderr)")
        #expect(out["server"] as? String == "inventory")
        #expect((out["tools"] as? [String])?.count == 12)
        func answer(_ key: String) -> (error: Bool, text: String) {
            let object = out[key] as? [String: Any]
            return (object?["error"] as? Bool ?? true, object?["text"] as? String ?? "")
        }
        #expect(
            answer("search").text.contains("\"total\":1")
                && answer("search").text.contains("Cordless drill"))
        #expect(answer("dry").text.contains("\"dryRun\":true,\"changed\":[\"insured no -> yes\"]"))
        #expect(!answer("edit").error && answer("edit").text.contains("\"dryRun\":false"))
        #expect(answer("stale").error && answer("stale").text.contains("changed since version 1"))
        #expect(
            answer("delete").error
                && answer("delete").text.contains("There is no tool \"delete_item\""))
        #expect((out["resource"] as? String)?.contains("\"insured\":true") == true)
        // one change, in the history as the local user's assistant
        let history = try sandbox.succeed(["history", "1"])
        #expect(
            history.contains("edited: insured no -> yes  (by \(NSUserName()) (assistant mcp))"),
            "\(history)")
        #expect(history.components(separatedBy: "edited").count == 2, "\(history)")
    }

    @Test(
        "--read-only and a viewer's --member offer reading only; a member who is none is one line")
    func readingOnly() throws {
        let python = try #require(Self.python, "no Python with the mcp package: run Scripts/test")
        let sandbox = Sandbox()
        try sandbox.add("Drill", "--price", "120")
        try sandbox.succeed(["members", "add", "Gran", "--role", "viewer"])
        try Data(Self.client.utf8).write(to: URL(fileURLWithPath: sandbox.file("client.py")))
        for extra in [["--read-only"], ["--member", "Gran"]] {
            let result = try sandbox.shell(
                "'\(python)' client.py '\(inventoryBinary)' mcp --db '\(sandbox.database)' "
                    + extra.map { "'\($0)'" }.joined(separator: " "))
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            #expect(result.stdout.contains("may only read"), "\(extra): \(result.stdout)")
            // offered only the tools that read
            let tools = try #require(
                (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?[
                    "tools"] as? [String])
            #expect(
                tools == ["search_items", "show_item", "totals", "check", "due", "list_claims"])
        }
        #expect(try sandbox.succeed(["history", "1"]).split(separator: "\n").count == 1)
        // a mistyped inventory in an assistant's configuration is said, not made
        let missing = sandbox.file("nothere.sqlite")
        let mistyped = try sandbox.run(["mcp", "--db", missing], useDatabase: false)
        #expect(mistyped.status == 1)
        #expect(
            mistyped.stderr.contains("there is no inventory at this path"), "\(mistyped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
        let nobody = try sandbox.run(["mcp", "--member", "Nobody"])
        #expect(nobody.status == 1)
        #expect(
            nobody.stderr == "inventory mcp: no member is called \"Nobody\"\n", "\(nobody.stderr)")
    }
}
