import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InventoryKit
import InventoryServer
import InventoryTestSupport
import NIOCore
import Synchronization
import Testing

/// A server on a new inventory in a temporary folder, tested in process through
/// HummingbirdTesting's router client.
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

    /// Runs `body` with a client of the server's routes.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let application = Application(router: server.makeRouter())
        try await application.test(.router) { client in try await body(client) }
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
