import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryServer
import InventoryTestSupport
import Logging
import NIOCore
import NIOEmbedded
import NIOFoundationCompat
import Synchronization
import Testing

/// A server on a new inventory in a temporary folder, tested in process through a client of
/// its routes (`RouterClient`).
struct ServerFixture {
    let folder = TemporaryFolder()
    let manager: InventoryManager
    let server: InventoryServer

    init(
        configuration: InventoryServer.Configuration = .init(),
        clock: @escaping @Sendable () -> Date = { Date() },
        sessions: Sessions? = nil, passwordChecks: PasswordChecks = PasswordChecks()
    ) throws {
        manager = try InventoryManager(
            path: folder.file("inventory.sqlite"), notificationCenter: NotificationCenter(),
            clock: clock)
        // Failures are counted over an hour: a test on a busy machine may take longer than the
        // server's minute between its first failed sign-in and its last.
        server = InventoryServer(
            manager: manager, views: ViewRegistry(currency: manager.currency),
            configuration: configuration,
            sessions: sessions ?? Sessions(failureWindow: .seconds(3600)),
            passwordChecks: passwordChecks)
    }

    /// Runs `body` with a client of the server's routes, witnessing that no request reads or
    /// writes the inventory on the task that answers it.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await testRoutes(of: server, body)
    }

    /// Signs in with a fresh link and returns the session's cookie and CSRF token.
    func signIn(_ client: some TestClientProtocol) async throws -> Browser {
        let token = server.sessions.makeSignInToken()
        let response = try await client.execute(uri: "/signin?token=\(token)", method: .get)
        #expect(response.status == .seeOther)
        let setCookie = try #require(response.headers[.setCookie])
        let cookie = String(setCookie.split(separator: ";")[0])
        let session = try await client.execute(
            uri: "/api/session", method: .get, headers: [.cookie: cookie])
        let csrf = try #require(
            (try JSONSerialization.jsonObject(with: Data(buffer: session.body)) as? [String: Any])?[
                "csrf"] as? String)
        return Browser(cookie: cookie, csrf: csrf)
    }
}

/// What a signed-in browser sends with each request.
struct Browser: Sendable {
    let cookie: String
    let csrf: String

    var headers: HTTPFields { [.cookie: cookie] }

    func form(_ fields: [(String, String)], csrf given: String? = nil) -> (HTTPFields, ByteBuffer) {
        let allowed = CharacterSet.alphanumerics
        let body = ([("csrf", given ?? csrf)] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return (
            [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
            ByteBuffer(string: body)
        )
    }

    func json(_ text: String, csrf: Bool = true) -> (HTTPFields, ByteBuffer) {
        var headers: HTTPFields = [.cookie: cookie, .contentType: "application/json"]
        if csrf { headers[HTTPField.Name("X-CSRF-Token")!] = self.csrf }
        return (headers, ByteBuffer(string: text))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }
}

/// A clock for `Sessions` that moves only when told.
final class SessionClock: Sendable {
    private let now = Mutex(ContinuousClock.now)

    /// The function `Sessions` reads the time from.
    var function: @Sendable () -> ContinuousClock.Instant { { self.now.withLock { $0 } } }

    /// Moves the clock on by `duration`.
    func advance(_ duration: Duration) {
        now.withLock { $0 += duration }
    }
}

/// Runs `body` with a client of `server`'s routes (each request answered in the calling
/// process), and records every use of the
/// manager's connection made on the task answering a request: a route must hop to the
/// server's blocking threads for it. The test fails naming each request that did not.
func testRoutes(
    of server: InventoryServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let witness = ConnectionWitness(server.manager, flagging: .answeringRequests)
    defer { witness.stop() }
    try await body(WitnessedClient(base: RouterClient(server.makeRouter())))
    #expect(witness.offences == [], "the connection was used on a request's own task")
}

/// Where a manager's connection is used, as its debug hook (`witnessConnectionUse`) tells: each use
/// made where it is flagged is recorded, with the request being answered.
final class ConnectionWitness: Sendable {
    /// Which uses are offences.
    enum Flagging {
        /// A use on the task answering a request (through `WitnessedClient`), whichever it is.
        case answeringRequests
        /// A use on any task at all: for a server serving on a port, whose requests run on
        /// its connections' tasks, while the test itself leaves the manager alone.
        case anyTask
    }

    /// The request a task is answering, set by `WitnessedClient`.
    @TaskLocal static var answering: String?

    private struct State {
        var uses = 0
        var offences: [String] = []
    }

    private let manager: InventoryManager
    private let state = Mutex(State())

    init(_ manager: InventoryManager, flagging: Flagging) {
        self.manager = manager
        manager.witnessConnectionUse { [weak self] in
            // On a thread of the blocking work there is no task, and no task-local value.
            let onTask = withUnsafeCurrentTask { $0 != nil }
            let offence: String? =
                switch flagging {
                case .answeringRequests: Self.answering
                case .anyTask: onTask ? (Self.answering ?? "a task") : nil
                }
            self?.state.withLock { state in
                state.uses += 1
                if let offence { state.offences.append(offence) }
            }
        }
    }

    /// How many times the connection was used since the witness began.
    var uses: Int { state.withLock { $0.uses } }

    /// The requests (or "a task") that used the connection where it is flagged, once a use.
    var offences: [String] { state.withLock { $0.offences } }

    /// Counts from zero again.
    func reset() {
        state.withLock { $0 = State() }
    }

    /// Stops witnessing.
    func stop() {
        manager.witnessConnectionUse(nil)
    }
}

/// A router client that marks the task answering each request (`ConnectionWitness.answering`).
struct WitnessedClient: TestClientProtocol {
    let base: any TestClientProtocol

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        try await ConnectionWitness.$answering.withValue("\(method) \(uri)") {
            try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
        }
    }
}

/// What a route answered: its head and its whole body.
struct TestResponse: Sendable {
    let head: HTTPResponse
    let body: ByteBuffer

    var status: HTTPResponse.Status { head.status }
    var headers: HTTPFields { head.headerFields }
}

/// A client of a server's routes.
protocol TestClientProtocol: Sendable {
    /// Sends one request and waits for the whole answer.
    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse
}

extension TestClientProtocol {
    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        try await executeRequest(uri: uri, method: method, headers: headers, body: body)
    }
}

/// Answers each request in this process, by the router's responder, as a server on a port
/// does once it has read the request (Hummingbird's `Application.run`): a context on a
/// channel of its own, an error thrown out of the routes answered 500, and the response's
/// body written out whole. (HummingbirdTesting's router client does the same, but brings an
/// HTTP client and its HTTP/2, SOCKS and compression modules into the build: 75 s of a
/// processor in a fresh clone's debug build here, for code these tests never run.)
struct RouterClient: TestClientProtocol {
    let responder: RouterResponder<ServerContext>
    let logger = Logger(label: "RouterClient")

    init(_ router: Router<ServerContext>) {
        responder = router.buildResponder()
    }

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(
                method: method, scheme: "http", authority: "localhost", path: uri,
                headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = ServerContext(
            source: ApplicationRequestContextSource(
                channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let writer = CollectingWriter()
        try await response.body.write(writer)
        return TestResponse(head: response.head, body: writer.collected)
    }

    /// Keeps what a response's body writes.
    private final class CollectingWriter: ResponseBodyWriter, Sendable {
        private let bytes = Mutex(ByteBuffer())

        var collected: ByteBuffer { bytes.withLock { $0 } }

        func write(_ buffer: ByteBuffer) async throws {
            bytes.withLock { _ = $0.writeImmutableBuffer(buffer) }
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
