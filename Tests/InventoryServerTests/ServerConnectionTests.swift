import Foundation
import InventoryKit
import InventoryTestSupport
import Logging
import ServiceLifecycle
import Testing

@testable import InventoryServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server as it listens (`InventoryServer.makeApplication`, on a loopback port), met by
/// raw sockets: what one client may hold of it. Every wait is a bounded loop that ends as soon
/// as what it waits for happens.
@Suite("Server: connections, time and uploads one client may hold")
struct ServerConnectionTests {
    @Test("a connection that sends nothing, or a request's head a line at a time, is closed")
    func connectionsTimeOut() async throws {
        let fixture = try ServerFixture(
            configuration: .init(port: 0, limits: .init(idleTimeout: .milliseconds(500))))
        try await serving(fixture.server) { port in
            let silent = try RawConnection(port: port)
            let slow = try RawConnection(port: port)
            slow.send("GET /signin HTTP/1.1\r\n")
            var lines = 0
            // A line every 50 ms: each keeps the connection busy, none ends the head.
            while await !slow.isClosed(waiting: 50), lines < 1200 {
                slow.send("X-Slow-\(lines): 1\r\n")
                lines += 1
            }
            #expect(await slow.isClosed(waiting: 0), "still open after \(lines) header lines")
            var rounds = 0
            while await !silent.isClosed(waiting: 50), rounds < 1200 { rounds += 1 }
            #expect(await silent.isClosed(waiting: 0))
            // A request sent whole is answered; the idle connection is closed after.
            let prompt = try RawConnection(port: port)
            prompt.send("GET /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await prompt.readStatus() == 200)
            rounds = 0
            while await !prompt.isClosed(waiting: 50), rounds < 1200 { rounds += 1 }
            #expect(await prompt.isClosed(waiting: 0))
        }
    }

    @Test("an address may hold so many connections; one more is closed as it opens")
    func connectionsPerAddressAreLimited() async throws {
        let fixture = try ServerFixture(
            configuration: .init(port: 0, limits: .init(connectionsPerAddress: 3)))
        try await serving(fixture.server) { port in
            let held = try (0..<3).map { _ in try RawConnection(port: port) }
            for connection in held {
                connection.send("GET /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(await connection.readStatus() == 200)
            }
            let fourth = try RawConnection(port: port)
            fourth.send("GET /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await fourth.readStatus() == nil)
            #expect(await fourth.isClosed(waiting: 5000))
            // Once one closes, another may open.
            held[0].close()
            var answered: Int?
            var attempts = 0
            while answered == nil, attempts < 600 {
                attempts += 1
                let next = try RawConnection(port: port)
                next.send("GET /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
                answered = await next.readStatus()
                if answered == nil { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(answered == 200)
        }
    }

    @Test("so many photos are received at once; one more is answered 503 at once")
    func uploadsAreLimited() async throws {
        let fixture = try ServerFixture(configuration: .init(port: 0, limits: .init(uploads: 2)))
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        guard
            case .signedIn(let session) = fixture.server.sessions.signIn(
                token: fixture.server.sessions.makeSignInToken(), from: "test")
        else {
            Issue.record("no session")
            return
        }
        let photos = [pngBytes(seed: "boat"), pngBytes(seed: "oar")]
        @Sendable func head(length: Int) -> String {
            "POST /items/\(item.id)/photos HTTP/1.1\r\nHost: localhost\r\n"
                + "Cookie: \(InventoryServer.cookieName)=\(session.id)\r\n"
                + "X-CSRF-Token: \(session.csrf)\r\nContent-Type: image/png\r\n"
                + "Content-Length: \(length)\r\n\r\n"
        }
        try await serving(fixture.server) { port in
            // Two uploads that send their first bytes, and wait.
            let held = try (0..<2).map { _ in try RawConnection(port: port) }
            for (connection, photo) in zip(held, photos) {
                connection.send(head(length: photo.count))
                connection.send(bytes: Array(photo.prefix(10)))
            }
            var rounds = 0
            while fixture.server.uploads.current < 2, rounds < 3000 {
                rounds += 1
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(fixture.server.uploads.current == 2)
            let third = try RawConnection(port: port)
            third.send(head(length: photos[0].count))
            third.send(bytes: photos[0])
            #expect(await third.readStatus() == 503)
            // The held ones, finished, are stored.
            for (connection, photo) in zip(held, photos) {
                connection.send(bytes: Array(photo.dropFirst(10)))
                #expect(await connection.readStatus() == 201)
            }
        }
        #expect(try fixture.manager.item(id: item.id)?.attachments.count == 2)
    }
}

/// Serves `server` on its configured address (port 0: any) while `body` runs with the port.
func serving(_ server: InventoryServer, _ body: @Sendable (Int) async throws -> Void)
    async throws
{
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    let application = try server.makeApplication { address in
        listening.yield(Int(address.split(separator: ":").last ?? "") ?? 0)
    }
    let group = ServiceGroup(
        configuration: .init(services: [application], logger: Logger(label: "test")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        do {
            try await body(port)
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

/// A TCP connection to 127.0.0.1 that sends and reads bytes as the test says, nothing more.
final class RawConnection: @unchecked Sendable {  // used by one test at a time
    private var descriptor: Int32
    private var received: [UInt8] = []

    struct Refused: Error {}

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw Refused()
        }
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    func send(_ text: String) { send(bytes: Array(text.utf8)) }

    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Whether the server has closed the connection, waiting up to `milliseconds` for a sign
    /// (what it sends meanwhile is kept). It waits by sleeping, never by blocking a thread of
    /// the pool the server's own tasks run on.
    func isClosed(waiting milliseconds: Int) async -> Bool {
        var waited = 0
        while true {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&request, 1, 0) > 0 {
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { return true }
                received += buffer[..<count]
                continue
            }
            guard waited < milliseconds else { return false }
            try? await Task.sleep(for: .milliseconds(5))
            waited += 5
        }
    }

    /// The body of the last answer `readStatus` read (with a Content-Length).
    private(set) var lastBody = ""

    /// The status of the next answer's head (within a minute), or nil when the connection
    /// closes first.
    func readStatus() async -> Int? {
        for _ in 0..<6000 {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                received.removeSubrange(..<end.upperBound)
                let lengthLine = head.split(separator: "\r\n").first {
                    $0.lowercased().hasPrefix("content-length:")
                }
                let length =
                    lengthLine.flatMap {
                        Int(
                            $0.dropFirst("content-length:".count).trimmingCharacters(
                                in: .whitespaces))
                    } ?? 0
                var rounds = 0
                while received.count < length, rounds < 6000, await !isClosed(waiting: 10) {
                    rounds += 1
                }
                lastBody = String(decoding: received.prefix(length), as: UTF8.self)
                received.removeFirst(min(length, received.count))
                return Int(head.split(separator: " ").dropFirst().first ?? "")
            }
            if await isClosed(waiting: 10) { return nil }
        }
        return nil
    }
}
