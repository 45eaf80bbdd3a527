import Foundation
import Testing

/// The JSON API kept to its contract: schemathesis (PyPI's, which Scripts/test installs beside
/// the MCP client) reads the document `serve` publishes and drives every operation of it with
/// generated inputs, valid and not, through a write token; no answer may be a 5xx, or have a
/// status, a type or a body the document does not give.
@Suite("the API's contract")
struct OpenAPIContractTests {
    @Test("schemathesis finds no answer outside the OpenAPI document, and no 5xx")
    func everyOperationKeepsToTheDocument() throws {
        let python = try #require(
            MCPCommandTests.python, "no Python with schemathesis: run Scripts/test, which makes one"
        )
        let schemathesis = (python as NSString).deletingLastPathComponent + "/schemathesis"
        let sandbox = Sandbox()
        try sandbox.succeed(["places", "add", "House / Garage"])
        try sandbox.add("Drill", "--price", "120", "--location", "House / Garage", "--tag", "tools")
        try sandbox.add("Ring", "--price", "2500", "--luxury")
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-11-01",
            "--items", "2",
        ])
        let made = try sandbox.succeed(["members", "tokens", "add", "contract", "--scope", "write"])
        let token = try #require(made.split(separator: "\n").dropFirst().first.map(String.init))
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let address = try #require(
            server.waitForLines(2).first?.split(separator: " ").last.map(String.init))
        // the document is served to anyone, and is the one in the sources
        let document = try sandbox.shell("curl -s --max-time 10 \(address)/api/openapi.json")
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(document.stdout.utf8)) as? [String: Any])
        #expect(parsed["openapi"] as? String == "3.1.0")
        // the change stream never ends by itself: its own tests follow it
        let result = try sandbox.shell(
            "'\(schemathesis)' run '\(address)/api/openapi.json' --url '\(address)' "
                + "-H 'Authorization: Bearer \(token)' --checks "
                + "not_a_server_error,status_code_conformance,content_type_conformance,"
                + "response_schema_conformance --exclude-path /api/changes --max-examples 100 "
                + "-w 1 --no-color")
        #expect(result.status == 0, "\(result.stdout.suffix(4000))\(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("passed"))
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }
}
