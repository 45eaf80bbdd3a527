// What other programs and assistants wait for:
//
// - An MCP `search_items` call over stdio to a running `inventory mcp` on 100,000 items: from
//   the request's first byte written to the answer's last byte read. In turns with the same
//   question asked of the command line as a script would (`list --json` with the same view,
//   place and words, a whole process: start, read, print every match). The tool returns the
//   total, the worth and a page of 200; list prints all of the 1,515 matches.
// - The API page of the server's load row (`GET /api/items?view=all&limit=50`, wrk -c64)
//   through an API token (`Authorization: Bearer`) and through a session cookie, in turns, on
//   the same server.
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit

/// The question both sides answer: the garage's rings, not insured.
private let question = (view: "non-insured", place: "Garage", words: "Ring")

/// A running `inventory mcp` on the benchmark inventory, talked to over its pipes.
final class MCPSession: @unchecked Sendable {  // used by one sample at a time
    let database: String
    private let process: Process
    private let input: FileHandle
    private let reader: LineReader
    private var nextID = 1

    init(database: String) throws {
        self.database = database
        process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.inventoryBinary)
        process.arguments = ["mcp", "--db", database, "--read-only"]
        process.environment = Fixtures.plainEnvironment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = stdin.fileHandleForWriting
        reader = LineReader(stdout.fileHandleForReading.fileDescriptor)
        _ = try call(
            "initialize",
            #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}"#
        )
        try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    private func send(_ line: String) throws {
        try input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends a request and returns its answer's line.
    func call(_ method: String, _ params: String) throws -> String {
        let id = nextID
        nextID += 1
        try send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        while true {
            guard let line = reader.next(milliseconds: 60_000) else {
                throw BenchmarkFailure("inventory mcp did not answer \(method)")
            }
            if line.contains("\"id\":\(id)") { return line }
        }
    }

    /// The question as a tool call; returns the answer's length.
    func search() throws -> Int {
        let answer = try call(
            "tools/call",
            #"{"name":"search_items","arguments":{"view":"\#(question.view)","place":"\#(question.place)","query":"\#(question.words)","limit":200}}"#
        )
        guard answer.contains("\\\"total\\\":"), !answer.contains("\"isError\":true") else {
            throw BenchmarkFailure("search_items failed: \(answer.prefix(300))")
        }
        return answer.utf8.count
    }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }
}

private let mcpSession = Shared<MCPSession>()
private let tokenServer = Shared<(served: ServedInventory, token: String)>()

let mcpCall = BenchmarkMetric.custom(
    "mcpCallMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let listJSONCall = BenchmarkMetric.custom(
    "listJSONMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let tokenPerSecond = BenchmarkMetric.custom(
    "tokenRequestsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
let cookiePerSecond = BenchmarkMetric.custom(
    "cookieRequestsPerSecond", polarity: .prefersLarger, useScalingFactor: false)

func assistantBenchmarks() {
    let items = BenchmarkSizes.servedItems
    Benchmark(
        "mcp search_items over stdio and list --json, in turns (\(items) items)",
        configuration: .init(
            metrics: [mcpCall, listJSONCall, turnRatio],
            units: [mcpCall: .count, listJSONCall: .count, turnRatio: .count],
            warmupIterations: BenchmarkSizes.warmups(3), scalingFactor: .one,
            maxDuration: .seconds(60), maxIterations: BenchmarkSizes.runs(30),
            setup: {
                mcpSession.value = try MCPSession(database: try Fixtures.inventory(count: items))
            },
            teardown: {
                mcpSession.value?.stop()
                mcpSession.value = nil
            })
    ) { benchmark in
        guard let session = mcpSession.value else { return }
        var answered = 0
        let tool = try ContinuousClock().measure { answered = try session.search() }
        let list = try ContinuousClock().measure {
            _ = try Fixtures.run(
                Fixtures.inventoryBinary,
                [
                    "list", "--json", "--view", question.view, "--in", question.place,
                    "--search", question.words, "--db", session.database,
                ])
        }
        blackHole(answered)
        benchmark.measurement(mcpCall, Int(tool / .microseconds(1)))
        benchmark.measurement(listJSONCall, Int(list / .microseconds(1)))
        benchmark.measurement(turnRatio, permille(tool, list))
    }

    Benchmark(
        "serve: API page with a token and with a cookie, in turns (\(items) items)",
        configuration: .init(
            metrics: [tokenPerSecond, cookiePerSecond, failedRequests],
            warmupIterations: 0,
            scalingFactor: .one, maxDuration: .seconds(120), maxIterations: BenchmarkSizes.runs(3),
            setup: {
                let served = try ServedInventory(name: "token")
                let manager = try InventoryManager(
                    path: served.database, notificationCenter: NotificationCenter())
                defer { manager.close() }
                let token = try manager.makeToken(
                    member: nil, name: "benchmark", scope: .read, days: 1)
                tokenServer.value = (served, token.secret)
            },
            teardown: {
                tokenServer.value?.served.stop()
                tokenServer.value = nil
            })
    ) { benchmark in
        guard let (served, token) = tokenServer.value else { return }
        let path = "/api/items?view=all&limit=50"
        let cookieRun = try Wrk.run(port: served.port, path: path, cookie: served.cookie)
        let tokenRun = try Wrk.run(
            port: served.port, path: path, cookie: nil, header: "Authorization: Bearer \(token)")
        benchmark.measurement(tokenPerSecond, Int(tokenRun.requestsPerSecond.rounded()))
        benchmark.measurement(cookiePerSecond, Int(cookieRun.requestsPerSecond.rounded()))
        benchmark.measurement(failedRequests, tokenRun.failures + cookieRun.failures)
    }
}
