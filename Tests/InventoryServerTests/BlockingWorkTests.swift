import Dispatch
import Foundation
import InventoryKit
import InventoryTestSupport
import Synchronization
import Testing

@testable import InventoryServer

/// The server reads and writes the inventory on threads of its own (`BlockingWork`), never on
/// the tasks that serve its connections: while the inventory is held, every request that does
/// not need it is answered.
@Suite("Server: the inventory is read and written on threads of its own")
struct BlockingWorkTests {
    @Test("while the inventory is held, requests that need it wait and the others are answered")
    func requestsThatNeedNoInventoryAreAnsweredWhileItIsHeld() async throws {
        let fixture = try ServerFixture(configuration: .init(port: 0))
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        let sessions = fixture.server.sessions
        let session = try Self.signIn(fixture.server)
        let cookie = "Cookie: \(InventoryServer.cookieName)=\(session.id)\r\n"
        // More requests that need the inventory than there are threads to run them, on Swift's
        // cooperative pool (one a core) or anywhere else.
        let waiting = 2 * max(ProcessInfo.processInfo.activeProcessorCount, 2) + 8
        try await serving(fixture.server) { port in
            let hold = ConnectionHold(fixture.manager)
            defer { hold.release() }
            #expect(await hold.untilHeld())
            let witness = ConnectionWitness(fixture.manager, flagging: .anyTask)
            defer { witness.stop() }
            let paths = ["/items/\(item.id)", "/api/items?view=all", "/views/all", "/api/views"]
            let held = try (0..<waiting).map { index in
                let connection = try RawConnection(port: port)
                connection.send(
                    "GET \(paths[index % paths.count]) HTTP/1.1\r\nHost: localhost\r\n\(cookie)\r\n"
                )
                return connection
            }
            // Until every thread that can run them waits on the inventory.
            var rounds = 0
            while witness.uses < fixture.server.blocking.threads, rounds < 6000 {
                rounds += 1
                try await Task.sleep(for: .milliseconds(10))
            }
            let sheet = try RawConnection(port: port)
            sheet.send("GET /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let token = try RawConnection(port: port)
            token.send("GET /api/session HTTP/1.1\r\nHost: localhost\r\n\(cookie)\r\n")
            let link = try RawConnection(port: port)
            link.send(
                "GET /signin?token=\(sessions.makeSignInToken()) HTTP/1.1\r\nHost: localhost\r\n\r\n"
            )
            let answered = [
                await sheet.readStatus(), await token.readStatus(), await link.readStatus(),
            ]
            let wasHeld = hold.isHeld
            hold.release()
            #expect(answered == [200, 200, 303])
            #expect(wasHeld, "answered only once the inventory was let go")
            // What waited is answered once it is.
            for connection in held { #expect(await connection.readStatus() == 200) }
            #expect(witness.offences == [])
        }
    }

    @Test(
        "a page already encoded for its view as it is now is answered while every blocking thread is busy"
    )
    func anEncodedPageIsAnsweredWithoutAHop() async throws {
        let fixture = try ServerFixture(configuration: .init(port: 0))
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        let session = try Self.signIn(fixture.server)
        let request =
            "GET /api/items?view=all&limit=10 HTTP/1.1\r\nHost: localhost\r\n"
            + "Cookie: \(InventoryServer.cookieName)=\(session.id)\r\n\r\n"
        try await serving(fixture.server) { port in
            let first = try RawConnection(port: port)
            first.send(request)
            #expect(await first.readStatus() == 200, "encoded and kept")
            let busy = BusyThreads(fixture.server.blocking)
            defer { busy.release() }
            #expect(await busy.untilBusy())
            let witness = ConnectionWitness(fixture.manager, flagging: .anyTask)
            defer { witness.stop() }
            let again = try RawConnection(port: port)
            again.send(request)
            let status = await again.readStatus()
            let wereBusy = busy.areBusy
            busy.release()
            #expect(status == 200)
            #expect(wereBusy, "answered only once the blocking threads were free")
            #expect(witness.offences == [])
            #expect(again.lastBody.contains("\"Boat\""))
            // A change retires the page: the next one is read again, and shows it.
            var rename = ItemPatch()
            rename.name = "Sailing boat"
            try fixture.manager.edit(id: item.id, rename)
            let later = try RawConnection(port: port)
            later.send(request)
            #expect(await later.readStatus() == 200)
            #expect(later.lastBody.contains("\"Sailing boat\""))
        }
    }

    /// A session of `server`'s, signed in by a link.
    private static func signIn(_ server: InventoryServer) throws -> Sessions.Session {
        let sessions = server.sessions
        guard
            case .signedIn(let session) = sessions.signIn(
                token: sessions.makeSignInToken(), from: "test")
        else { throw SignInFailed() }
        return session
    }

    private struct SignInFailed: Error {}

    @Test("work comes back with its result or its error unchanged, and is refused once stopped")
    func workReturnsWhatItGives() async throws {
        struct Refusal: Error, Equatable { let reason: String }
        let work = BlockingWork(threads: 1)
        #expect(try await work.run { 6 * 7 } == 42)
        await #expect(throws: Refusal(reason: "no")) {
            try await work.run { throw Refusal(reason: "no") }
        }
        let ran = Mutex(false)
        await work.stop { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
        await #expect(throws: CancellationError.self) { try await work.run { 1 } }
    }
}

/// Holds a manager's connection from a thread of the test's own, as a write waiting out
/// another process's lock (the busy timeout) holds it, until released. After a minute it lets
/// go by itself, so that a server that cannot answer without it does not keep a failing test
/// forever.
final class ConnectionHold: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let state = Mutex((isHeld: false, hasEnded: false))

    /// Starts holding `manager`'s connection (it must hold an item).
    init(_ manager: InventoryManager) {
        let thread = Thread { [self] in
            try? manager.forEachItem(matching: ItemFilter()) { _ in
                guard !state.withLock({ $0.hasEnded }) else { return }
                state.withLock { $0.isHeld = true }
                // a bound for a test that fails, not a time the test waits: it must outlast
                // the test's own bounded wait for the threads (60 s) and the answers after it,
                // which on a loaded machine took more than 60 s in all and let go too soon
                _ = released.wait(timeout: .now() + 600)
                state.withLock { $0 = (false, true) }
            }
            state.withLock { $0.hasEnded = true }
        }
        thread.start()
    }

    /// Whether the connection is held now.
    var isHeld: Bool { state.withLock { $0.isHeld } }

    /// Waits (a minute at most) until the connection is held; whether it is.
    func untilHeld() async -> Bool {
        var rounds = 0
        while !isHeld, !state.withLock({ $0.hasEnded }), rounds < 6000 {
            rounds += 1
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isHeld
    }

    /// Lets the connection go.
    func release() {
        released.signal()
    }
}

/// Keeps every thread of a server's blocking work busy until released (a minute at most, so
/// that a server that cannot answer without one does not keep a failing test forever).
final class BusyThreads: Sendable {
    private let threads: Int
    private let gate = DispatchSemaphore(value: 0)
    private let state = Mutex((busy: 0, released: false))

    init(_ work: BlockingWork) {
        threads = work.threads
        for _ in 0..<threads {
            Task { [self] in
                try await work.run {
                    self.state.withLock { $0.busy += 1 }
                    _ = self.gate.wait(timeout: .now() + 60)
                    self.state.withLock { $0.busy -= 1 }
                }
            }
        }
    }

    /// Whether every thread is busy now, and has been since it became so.
    var areBusy: Bool { state.withLock { $0.busy == threads && !$0.released } }

    /// Waits (a minute at most) until every thread is busy; whether they are.
    func untilBusy() async -> Bool {
        var rounds = 0
        while !areBusy, rounds < 6000 {
            rounds += 1
            try? await Task.sleep(for: .milliseconds(10))
        }
        return areBusy
    }

    /// Lets the threads go (once).
    func release() {
        let first = state.withLock { state in
            defer { state.released = true }
            return !state.released
        }
        if first { for _ in 0..<threads { gate.signal() } }
    }
}
