// `inventory serve` measured from outside, as a browser or a script meets it: the server runs as
// its own process (the release `inventory-server`) on a copy of a 100,000-item inventory, and
// the benchmark talks HTTP/1.1 to it over loopback sockets.
//
// - A change committed by this process (another process than the server's) reaching an event
//   stream the server holds open: from the add's call to the event's bytes read.
// - The first page of a view (`GET /views/all`, HTML): from connecting to the last byte read.
// - The home page (`GET /`): where the household stands, read from every item (worth by room
//   and tag, what lacks what a claim needs, what is due, what changed lately).
// - The API under load: wrk (Debian's) with 64 connections on `GET /api/items?view=all&limit=50`
//   against the same wrk on Hummingbird's "hello" route (`HelloServer`), in turns, same run.
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit
import Synchronization

/// How many items the server's inventory holds.
private let servedItems = BenchmarkSizes.servedItems

/// An `inventory-server` process on a copy of the benchmark inventory, signed in once.
final class ServedInventory: @unchecked Sendable {  // used by one sample at a time
    let folder: String
    let database: String
    let port: Int
    let cookie: String
    private let process: Process

    /// Whether `stop` removes `folder` (a copy made for this server).
    private let ownsFolder: Bool

    /// A server of a copy of the benchmark inventory.
    convenience init(name: String) throws {
        let folder = try Fixtures.scratchFolder("serve-\(name)")
        try Fixtures.copyDatabase(
            try Fixtures.inventory(count: servedItems), to: folder + "/inventory.sqlite")
        try self.init(serving: folder + "/inventory.sqlite", ownsFolder: true)
    }

    /// A server of the inventory at `database`, in its folder.
    init(serving database: String, ownsFolder: Bool) throws {
        folder = (database as NSString).deletingLastPathComponent
        self.database = database
        self.ownsFolder = ownsFolder
        process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.serverBinary)
        process.arguments = ["--db", database, "--port", "0"]
        process.environment = Fixtures.plainEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            (port, cookie) = try Self.signIn(output.fileHandleForReading.fileDescriptor)
        } catch {
            // A server left running would keep the benchmark runner's pipes open.
            process.terminate()
            process.waitUntilExit()
            throw error
        }
    }

    /// Reads the server's sign-in link ("Sign in (the link works once): URL") and follows it.
    private static func signIn(_ output: Int32) throws -> (port: Int, cookie: String) {
        let reader = LineReader(output)
        var link: String?
        while link == nil {
            guard let line = reader.next(milliseconds: 120_000) else {
                throw BenchmarkFailure("inventory-server printed no sign-in link")
            }
            if line.contains("/signin?token="), let range = line.range(of: "http://") {
                link = String(line[range.lowerBound...])
            }
        }
        guard let link, let url = URLComponents(string: link), let port = url.port,
            let query = url.percentEncodedQuery
        else { throw BenchmarkFailure("cannot read the sign-in link") }
        let signIn = try LoopbackHTTP.get(port: port, path: "/signin?" + query)
        guard let cookie = signIn.header("set-cookie")?.split(separator: ";").first else {
            throw BenchmarkFailure("signing in gave no cookie (status \(signIn.status))")
        }
        return (port, String(cookie))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        if ownsFolder { Fixtures.remove(folder) }
    }
}

/// A change made here, read back from the server's event stream.
final class StreamProbe: @unchecked Sendable {  // used by one sample at a time
    let served: ServedInventory
    let manager: InventoryManager
    private let stream: LoopbackHTTP.Connection
    private var counter = 0
    private var buffer: [UInt8] = []

    init() throws {
        served = try ServedInventory(name: "stream")
        manager = try InventoryManager(
            path: served.database, notificationCenter: NotificationCenter())
        stream = try LoopbackHTTP.Connection(port: served.port)
        let sequence = try manager.lastSequence()
        try stream.send(
            "GET /api/changes?after=\(sequence) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Cookie: \(served.cookie)\r\nAccept: text/event-stream\r\n\r\n")
        // The stream's first bytes ("retry: …") say it is open and following.
        guard try read(until: Array("following".utf8), milliseconds: 10_000) else {
            throw BenchmarkFailure("the event stream did not open")
        }
    }

    /// Adds an item and returns once its event has come through the stream.
    func addAndWait() throws {
        counter += 1
        let name = "Streamed item \(counter)"
        try manager.add(ItemDraft(name: name))
        guard try read(until: Array("\"name\":\"\(name)\"".utf8), milliseconds: 10_000) else {
            throw BenchmarkFailure("no event for \(name) within 10 s")
        }
    }

    private func read(until marker: [UInt8], milliseconds: Int32) throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(milliseconds))
        while true {
            if let range = buffer.firstRange(of: marker) {
                buffer.removeSubrange(..<range.upperBound)
                return true
            }
            let left = deadline - .now
            guard left > .zero else { return false }
            let chunk = try stream.receive(milliseconds: Fixtures.milliseconds(left))
            guard !chunk.isEmpty else { return false }
            buffer += chunk
        }
    }

    func stop() {
        stream.close()
        manager.close()
        served.stop()
    }
}

private let streamProbe = Shared<StreamProbe>()
private let pageServer = Shared<ServedInventory>()
private let homeServer = Shared<ServedInventory>()
private let loadServers = Shared<(ours: ServedInventory, hello: HelloProcess)>()

/// Requests per second under wrk, and the requests that failed, as custom metrics.
let oursPerSecond = BenchmarkMetric.custom(
    "oursRequestsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
let helloPerSecond = BenchmarkMetric.custom(
    "helloRequestsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
let oursVariedPerSecond = BenchmarkMetric.custom(
    "oursVariedRequestsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
let failedRequests = BenchmarkMetric.custom(
    "failedRequests", polarity: .prefersSmaller, useScalingFactor: false)

func serverBenchmarks() {
    Benchmark(
        "serve: change reaches an open event stream (\(servedItems) items)",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds,
            warmupIterations: BenchmarkSizes.warmups(10),
            scalingFactor: .one, maxDuration: .seconds(30), maxIterations: BenchmarkSizes.runs(500),
            setup: { streamProbe.value = try StreamProbe() },
            teardown: {
                streamProbe.value?.stop()
                streamProbe.value = nil
            })
    ) { benchmark in
        guard let probe = streamProbe.value else { return }
        for _ in benchmark.scaledIterations { try probe.addAndWait() }
    }

    Benchmark(
        "serve: first page of view all (\(servedItems) items)",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds,
            warmupIterations: BenchmarkSizes.warmups(5),
            scalingFactor: .one, maxDuration: .seconds(20), maxIterations: BenchmarkSizes.runs(300),
            setup: { pageServer.value = try ServedInventory(name: "page") },
            teardown: {
                pageServer.value?.stop()
                pageServer.value = nil
            })
    ) { benchmark in
        guard let served = pageServer.value else { return }
        for _ in benchmark.scaledIterations {
            let page = try LoopbackHTTP.get(
                port: served.port, path: "/views/all", cookie: served.cookie)
            guard page.status == 200, page.body.count > 10_000 else {
                throw BenchmarkFailure("GET /views/all answered \(page.status)")
            }
            blackHole(page.body.count)
        }
    }

    Benchmark(
        "serve: home page (\(servedItems) items)",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds,
            warmupIterations: BenchmarkSizes.warmups(3),
            scalingFactor: .one, maxDuration: .seconds(20), maxIterations: BenchmarkSizes.runs(50),
            setup: { homeServer.value = try ServedInventory(name: "home") },
            teardown: {
                homeServer.value?.stop()
                homeServer.value = nil
            })
    ) { benchmark in
        guard let served = homeServer.value else { return }
        for _ in benchmark.scaledIterations {
            let page = try LoopbackHTTP.get(port: served.port, path: "/", cookie: served.cookie)
            guard page.status == 200, page.body.count > 1_000 else {
                throw BenchmarkFailure("GET / answered \(page.status)")
            }
            blackHole(page.body.count)
        }
    }

    Benchmark(
        "serve: API page under 64 connections, with hello (\(servedItems) items)",
        configuration: .init(
            metrics: [oursPerSecond, oursVariedPerSecond, helloPerSecond, failedRequests],
            warmupIterations: 0,
            scalingFactor: .one, maxDuration: .seconds(120), maxIterations: BenchmarkSizes.runs(3),
            setup: {
                loadServers.value = (
                    try ServedInventory(name: "load"), try HelloProcess()
                )
            },
            teardown: {
                loadServers.value?.ours.stop()
                loadServers.value?.hello.stop()
                loadServers.value = nil
            })
    ) { benchmark in
        guard let (ours, hello) = loadServers.value else { return }
        // In turns, so that whatever else the machine does falls on both alike.
        let helloRun = try Wrk.run(port: hello.port, path: "/", cookie: nil)
        let oursRun = try Wrk.run(
            port: ours.port, path: "/api/items?view=all&limit=50", cookie: ours.cookie)
        // Every request a page at a random offset of the whole view: few are encoded already.
        let variedRun = try Wrk.run(
            port: ours.port, path: "/api/items", cookie: ours.cookie,
            script: try Wrk.randomPages(in: ours.folder))
        benchmark.measurement(helloPerSecond, Int(helloRun.requestsPerSecond.rounded()))
        benchmark.measurement(oursPerSecond, Int(oursRun.requestsPerSecond.rounded()))
        benchmark.measurement(oursVariedPerSecond, Int(variedRun.requestsPerSecond.rounded()))
        benchmark.measurement(
            failedRequests, oursRun.failures + helloRun.failures + variedRun.failures)
    }
}

// MARK: - The hello server and wrk

/// `HelloServer` (Hummingbird's "hello" route, release build) as a process.
final class HelloProcess: @unchecked Sendable {  // used by one sample at a time
    let port: Int
    private let process: Process

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.helloServer)
        process.environment = Fixtures.plainEnvironment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        guard
            let line = LineReader(output.fileHandleForReading.fileDescriptor).next(
                milliseconds: 60_000), let port = Int(line.split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw BenchmarkFailure("HelloServer printed no port")
        }
        self.port = port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// wrk (Debian's), 2 threads and 64 connections for 5 seconds.
enum Wrk {
    struct Result {
        let requestsPerSecond: Double
        /// Non-2xx or 3xx answers and socket errors.
        let failures: Int
    }

    static var seconds: Int { BenchmarkSizes.loadSeconds }

    /// A wrk script asking, each request, for a page of 50 at a random offset of 100,000.
    static func randomPages(in folder: String) throws -> String {
        let path = folder + "/random-pages.lua"
        try """
        request = function()
          local offset = math.random(0, \(servedItems / 50 - 1)) * 50
          return wrk.format("GET", "/api/items?view=all&limit=50&offset=" .. offset)
        end
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(
        port: Int, path: String, cookie: String?, header: String? = nil, script: String? = nil
    ) throws -> Result {
        var arguments = ["-t2", "-c64", "-d\(seconds)s", "--latency"]
        if let cookie { arguments += ["-H", "Cookie: \(cookie)"] }
        if let header { arguments += ["-H", header] }
        if let script { arguments += ["-s", script] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.wrk)
        process.arguments = arguments
        process.environment = Fixtures.plainEnvironment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(line.split(separator: " ").last ?? "")
        else { throw BenchmarkFailure("wrk failed: \(text)") }
        var failures = 0
        for line in text.split(separator: "\n") {
            if line.contains("Non-2xx or 3xx responses:") {
                failures += Int(line.split(separator: " ").last ?? "") ?? 0
            }
            if line.contains("Socket errors:") {
                // "Socket errors: connect 0, read 0, write 0, timeout 0"
                failures += line.split(separator: ",").compactMap {
                    Int($0.split(separator: " ").last ?? "")
                }.reduce(0, +)
            }
        }
        return Result(requestsPerSecond: rate, failures: failures)
    }
}

// MARK: - HTTP/1.1 over a loopback socket

/// Just enough HTTP/1.1 to time a server from outside: one request per connection, answers
/// with a Content-Length, or a stream read as it comes.
enum LoopbackHTTP {
    struct Answer {
        let status: Int
        let headers: [(String, String)]
        let body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0 == name }?.1
        }
    }

    /// `GET path` on a new connection, read to the end of its body.
    static func get(port: Int, path: String, cookie: String? = nil) throws -> Answer {
        let connection = try Connection(port: port)
        defer { connection.close() }
        try connection.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + (cookie.map { "Cookie: \($0)\r\n" } ?? "") + "\r\n")
        var bytes: [UInt8] = []
        while true {
            let chunk = try connection.receive(milliseconds: 30_000)
            if chunk.isEmpty { break }
            bytes += chunk
        }
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw BenchmarkFailure("no HTTP answer")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        var lines = head.split(separator: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                line[..<colon].lowercased(),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        return Answer(
            status: statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0, headers: headers,
            body: Array(bytes[end.upperBound...]))
    }

    /// A TCP connection to 127.0.0.1.
    final class Connection {
        private let socket: Int32

        init(port: Int) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw BenchmarkFailure("no socket") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                Glibc.close(socket)
                throw BenchmarkFailure("cannot connect to port \(port)")
            }
            var yes: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(4))
        }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let written = bytes[sent...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { throw BenchmarkFailure("send failed") }
                sent += written
            }
        }

        /// What arrives within `milliseconds`; empty at the end of the stream.
        func receive(milliseconds: Int32) throws -> [UInt8] {
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, milliseconds) == 1 else {
                throw BenchmarkFailure("nothing arrived within \(milliseconds) ms")
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { throw BenchmarkFailure("recv failed") }
            return Array(buffer[..<count])
        }

        func close() { Glibc.close(socket) }
    }
}

/// Lines of a child's output, read as they come.
final class LineReader {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// The next line, or nil if none came within `milliseconds` or the output ended.
    func next(milliseconds: Int32) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int(milliseconds))
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline - .now
            guard left > .zero else { return nil }
            var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, Fixtures.milliseconds(left)) == 1 else {
                return nil
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }
}
