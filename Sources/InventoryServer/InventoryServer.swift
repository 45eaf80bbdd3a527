import Foundation
public import HTTPTypes
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import InventoryExchange
public import InventoryKit
import Locking
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import UnixSignals

/// `inventory serve`: the inventory in the browser, over one `InventoryManager`.
///
/// Every page, file and API call needs a session, opened by a sign-in link the server prints
/// (each good once). Pages follow the inventory live through one event stream each, read from
/// the journal, so a change made by a page, a command or another process reaches every open
/// page. Forms submit through the same validating delegate as `browse` (`ItemSaver`).
///
/// Whatever reads or writes the inventory or its files runs on threads of its own
/// (`BlockingWork`), never on an event loop or in the task serving a connection.
public final class InventoryServer: Sendable {
    /// Where to listen, and how the pages are titled.
    public struct Configuration: Sendable {
        /// The host to bind (default: loopback only).
        public var host: String
        /// The port (0: any free port; `onListening` is told which).
        public var port: Int
        /// The pages' title.
        public var title: String
        /// Whether cookies are marked `Secure` (set when serving TLS).
        public var secureCookies: Bool
        /// The PEM files of the certificate chain and its private key, to serve HTTPS.
        public var tls: (certificate: String, key: String)?
        /// What one client may hold of the server.
        public var limits: Limits
        /// The name history gives the household owner's writes (a sign-in link, the household
        /// password): the local user who serves.
        public var owner: String

        /// The default: 127.0.0.1, port 8420, plain HTTP.
        public init(
            host: String = "127.0.0.1", port: Int = 8420, title: String = "Inventory",
            secureCookies: Bool = false, tls: (certificate: String, key: String)? = nil,
            limits: Limits = .init(), owner: String = "owner"
        ) {
            self.owner = owner
            self.host = host
            self.port = port
            self.title = title
            self.secureCookies = secureCookies || tls != nil
            self.tls = tls
            self.limits = limits
        }
    }

    /// What one client may hold of the server: connections, time, uploads, a share link's
    /// requests, an event stream's backlog.
    public struct Limits: Sendable {
        /// How long a connection may go without a request: from its opening or its last
        /// answer until the next request's head has come whole (a head sent a line at a time
        /// counts from the first line), or between two parts of a request's body.
        public var idleTimeout: Duration
        /// The most connections one address may hold open at once; one more is closed as it
        /// opens.
        public var connectionsPerAddress: Int
        /// The most uploads (photos) received at once; one more is answered 503.
        public var uploads: Int
        /// The most requests a share link answers at once before it slows to `sharePerSecond`.
        public var shareBurst: Int
        /// The requests a share link answers each second once its burst is spent.
        public var sharePerSecond: Int
        /// How far behind the journal's last change an event stream may be: a stream further
        /// behind is told to reload its page, rather than replay every change.
        public var streamBacklog: Int

        /// Thirty seconds idle, 100 connections an address, 4 uploads, 600 requests of a share
        /// link then 10 a second, a backlog of 1,000 changes, unless told otherwise.
        public init(
            idleTimeout: Duration = .seconds(30), connectionsPerAddress: Int = 100,
            uploads: Int = 4, shareBurst: Int = 600, sharePerSecond: Int = 10,
            streamBacklog: Int = 1_000
        ) {
            self.idleTimeout = idleTimeout
            self.connectionsPerAddress = connectionsPerAddress
            self.uploads = uploads
            self.shareBurst = shareBurst
            self.sharePerSecond = sharePerSecond
            self.streamBacklog = streamBacklog
        }
    }

    /// The session cookie's name.
    public static let cookieName = "inventory_session"
    /// The cookie that remembers the page a browser asked for before it signed in (a scanned
    /// label's), so that signing in opens it.
    static let returnCookieName = "inventory_return"
    /// The header an API request that changes something carries its CSRF token in.
    public static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    /// The Content-Security-Policy of every answer: the page's own script and style only.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
        + "manifest-src 'self'; worker-src 'self'"
    /// The Content-Security-Policy of a report: its inline style and its photos, no script.
    public static let reportSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    /// The most changes one read of the journal sends to an event stream.
    static let changesPerRead = 64
    /// The size from which an event stream writes what it has, before reading on.
    static let eventChunk = 16 << 10

    public let manager: InventoryManager
    public let sessions: Sessions
    public let configuration: Configuration
    /// Where household-password checks run.
    public let passwordChecks: PasswordChecks
    /// Where the routes read and write the inventory and its files.
    let blocking: BlockingWork
    let pager: ViewPager
    let pages: Pages
    let signal: ChangeSignal
    let encodedPages = EncodedPages()
    let uploads: Admissions
    let shareRates: ShareRates
    /// The API tokens, as last read.
    let tokens = TokenCache()
    /// Where the household stood when the home page last read it.
    let standingCache = Lock<(key: InventoryManager.StandingKey, standing: HouseholdStanding)?>(
        nil)
    /// The recording of sessions just opened (`answer(keeping:for:)`), not yet awaited.
    let sessionRecords = Lock<[Task<Void, Never>]>([])

    /// A server over `manager`, showing the views of `views`.
    public init(
        manager: InventoryManager, views: ViewRegistry, configuration: Configuration = .init(),
        sessions: Sessions = Sessions(), passwordChecks: PasswordChecks = PasswordChecks()
    ) {
        self.manager = manager
        self.sessions = sessions
        self.configuration = configuration
        self.passwordChecks = passwordChecks
        blocking = BlockingWork()
        pager = ViewPager(manager: manager, registry: views)
        pages = Pages(currency: manager.currency, title: configuration.title)
        signal = ChangeSignal(manager: manager)
        uploads = Admissions(limit: configuration.limits.uploads)
        shareRates = ShareRates(
            burst: configuration.limits.shareBurst, perSecond: configuration.limits.sharePerSecond)
    }

    /// The routes, for `run` and for tests.
    public func makeRouter() -> Router<ServerContext> {
        // HEAD is answered for every page as GET is, without the body.
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AnswerMiddleware(server: self))
        router.add(middleware: SignInMiddleware(server: self))
        addPageRoutes(to: router)
        addAPIRoutes(to: router)
        addCalendarRoutes(to: router)
        return router
    }

    /// Why `run` returned.
    public enum Ending: Sendable {
        /// SIGINT or SIGTERM.
        case stopped
        /// The inventory file was replaced under the server (a restore): its views, pages and
        /// journal point are another file's. Serve it again with a new manager.
        case replaced
    }

    /// The application `run` serves: the routes, the server (HTTP/1.1, over TLS when
    /// configured, each address's connections counted and every connection timed out), and the
    /// services beside it; tests serve it too.
    ///
    /// - Parameter onListening: called with the address once the server listens.
    public func makeApplication(onListening: @escaping @Sendable (String) -> Void) throws
        -> Application<RouterResponder<ServerContext>>
    {
        var logger = Logger(label: "inventory-server")
        logger.logLevel = .warning
        let limits = configuration.limits
        let http1 = HTTP1Channel.Configuration(idleTimeout: TimeAmount(limits.idleTimeout))
        let connections = ConnectionCounter(perAddress: limits.connectionsPerAddress)
        let server: HTTPServerBuilder
        if let files = configuration.tls {
            let tls = try Self.tlsConfiguration(files)
            server = HTTPServerBuilder { responder in
                AddressLimitedChannel(
                    base: try TLSChannel(
                        HTTP1Channel(responder: responder, configuration: http1),
                        tlsConfiguration: tls),
                    counter: connections)
            }
        } else {
            server = HTTPServerBuilder { responder in
                AddressLimitedChannel(
                    base: HTTP1Channel(responder: responder, configuration: http1),
                    counter: connections)
            }
        }
        let scheme = configuration.tls == nil ? "http" : "https"
        return Application(
            router: makeRouter(),
            server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: nil),
            // Listed first, so stopped last: once every request and stream has ended.
            services: [
                BlockingWorkEnd(server: self), StreamCloser(signal: signal),
                SessionWatch(server: self),
            ],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? self.configuration.port
                onListening("\(scheme)://\(Self.hostForURL(self.configuration.host)):\(port)")
            },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, or until the inventory is replaced (a restore), then
    /// closes every event stream and returns. Open pages are told when it was replaced, and
    /// load themselves again from the server that serves it next.
    ///
    /// - Parameter onListening: called with the address once the server listens.
    @discardableResult
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws -> Ending {
        var logger = Logger(label: "inventory-server")
        logger.logLevel = .warning
        let application = try makeApplication(onListening: onListening)
        let group = ServiceGroup(
            configuration: .init(
                services: [application], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        let replaced = Lock(false)
        let center = manager.notificationCenter
        let token = center.addObserver(
            forName: InventoryManager.fileReplacedNotification, object: manager, queue: nil
        ) { [signal] _ in
            replaced.withLock { $0 = true }
            signal.wake(.replaced)
            // Each open stream says "replaced" and ends before the server stops: stopping first
            // would end them without a word, and their pages would not know to reload.
            Task {
                await signal.drained(within: .seconds(5))
                await group.triggerGracefulShutdown()
            }
        }
        defer { center.removeObserver(token) }
        try await blocking.run { [pager, manager] in
            // The views are loaded before the server listens, so the first page is as quick as
            // the next.
            _ = try pager.tabs()
            // A server mostly reads: pages of a view by id read the file through a memory map
            // instead of a system call per database page.
            try manager.mapDatabaseForReading()
            // Stopped by `BlockingWorkEnd`, when the server has.
            manager.startFollowing()
        }
        try await group.run()
        return replaced.withLock { $0 } ? .replaced : .stopped
    }

    /// Brings the sessions in line with those the inventory keeps (`Sessions.keep`) and, when
    /// `recordingUses`, records when they were last used and ends the stale; a read that fails
    /// changes nothing. Blocking: run on `blocking`'s threads.
    public func lookAtTheSessions(recordingUses: Bool = false) {
        guard let stored = try? manager.sessions() else { return }
        let now = Timestamp(Date())
        let uses = sessions.keep(stored: stored, wallNow: now, owner: configuration.owner)
        let lifetimes = sessions.lifetimes
        func before(_ duration: Duration) -> Timestamp {
            Timestamp(
                millisecondsSince1970: now.millisecondsSince1970 - duration.components.seconds
                    * 1000)
        }
        let idleSince = before(lifetimes.idle)
        let openedBefore = before(lifetimes.absolute)
        let stale = stored.contains { $0.usedAt < idleSince || $0.openedAt < openedBefore }
        guard (recordingUses && !uses.isEmpty) || stale else { return }
        try? manager.keepSessions(
            uses: recordingUses ? uses : [], unusedSince: idleSince, openedBefore: openedBefore)
    }

    /// Reads the tokens the inventory keeps again (one revoked elsewhere stops working) and,
    /// when `recordingUses`, records when they were last used. Blocking: run on `blocking`'s
    /// threads.
    public func lookAtTheTokens(recordingUses: Bool = false) {
        guard let stored = try? manager.tokens() else { return }
        tokens.replace(with: stored)
        if recordingUses { try? manager.recordTokenUses(tokens.takeUses()) }
    }

    /// Tells the sessions which household password is stored now; a read that fails (the
    /// file busy or being replaced) tells nothing. Blocking: run on `blocking`'s threads.
    func lookAtThePassword() {
        let hash: String?
        do { hash = try manager.serverPasswordHash() } catch { return }
        sessions.passwordIs(hash)
    }

    /// Why TLS cannot be served with these files.
    public struct TLSProblem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The server's TLS configuration from PEM files.
    static func tlsConfiguration(_ files: (certificate: String, key: String)) throws
        -> TLSConfiguration
    {
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(files.certificate)
        } catch {
            throw TLSProblem(description: "\(files.certificate) is not a PEM certificate (chain)")
        }
        guard !certificates.isEmpty else {
            throw TLSProblem(description: "\(files.certificate) holds no certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: files.key, format: .pem)
        } catch {
            throw TLSProblem(description: "\(files.key) is not a PEM private key")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key))
        // TLS 1.0 and 1.1 are broken and retired (RFC 8996): a client that offers nothing newer
        // is refused in the handshake.
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    /// The `Strict-Transport-Security` of every answer over TLS: a browser that has seen it
    /// comes back over HTTPS only, for a year.
    public static let strictTransportSecurity = "max-age=31536000"

    /// The hosts that reach this machine only.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

    private static func hostForURL(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// How often an idle event stream writes a comment, so that a dead connection is noticed.
    static let idleInterval: Duration = .seconds(20)

    /// Wakes idle event streams now and then, and ends them all when the server begins to
    /// stop, so that open pages do not keep it running.
    private struct StreamCloser: Service {
        let signal: ChangeSignal

        func run() async throws {
            await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try? await Task.sleep(for: InventoryServer.idleInterval)
                    signal.wake(.idle)
                }
            }
            signal.finish()
        }
    }

    /// Once a second, looks at the household password and the sessions the inventory keeps:
    /// a new password ends the household owner's sessions, a session ended or a member changed
    /// by another process (`inventory members`) takes effect; every half minute, records when
    /// the sessions were last used.
    private struct SessionWatch: Service {
        let server: InventoryServer

        func run() async throws {
            await cancelWhenGracefulShutdown {
                var tick = 0
                while !Task.isCancelled {
                    let recordingUses = tick % 30 == 0
                    try? await server.blocking.run {
                        server.lookAtThePassword()
                        server.lookAtTheSessions(recordingUses: recordingUses)
                        server.lookAtTheTokens(recordingUses: recordingUses)
                    }
                    tick += 1
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    /// Once the server has stopped, stops following the inventory's file (`run` started it),
    /// then the threads of the blocking work; when the server could not start, at once.
    private struct BlockingWorkEnd: Service {
        let server: InventoryServer

        func run() async throws {
            // Cancelled rather than shut down gracefully: the server could not start.
            try? await gracefulShutdown()
            await server.blocking.stop { [manager = server.manager] in manager.stopFollowing() }
        }
    }
}

// MARK: - Answers

/// Wraps every answer: the security headers, and errors turned into a page or JSON (never SQL,
/// never a path).
struct AnswerMiddleware: RouterMiddleware {
    let server: InventoryServer

    func handle(
        _ request: Request, context: ServerContext,
        next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = server.errorResponse(error, for: request)
        }
        // A route may set a stricter policy (a report's: no script at all); an error's answer
        // never keeps it.
        let policy = response.headers[.contentSecurityPolicy]
        if policy != InventoryServer.reportSecurityPolicy && policy != InventoryServer.sharePolicy {
            response.headers[.contentSecurityPolicy] = InventoryServer.contentSecurityPolicy
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        if server.configuration.tls != nil {
            response.headers[HTTPField.Name("Strict-Transport-Security")!] =
                InventoryServer.strictTransportSecurity
        }
        return response
    }
}

/// Lets through only signed-in requests, but for signing in, the style sheet and script, and
/// share links; and, of those that change something, only one carrying its session's CSRF
/// token: a form in its body (checked where the form is read), anything else in the header.
///
/// It decides on the route the router matched, never on the path as written: `//api/items`,
/// `/api/items/`, `/items/1/photos/` reach the same routes as their plain spellings, and the
/// same rules. A path no route matches is a session's too.
struct SignInMiddleware: RouterMiddleware {
    let server: InventoryServer

    /// The routes anyone may ask for.
    static let openRoutes: Set<String> = [
        "/signin", "/static/app.css", "/static/app.js",
        // the installable app: its manifest, icons and service worker hold nothing of the house
        "/manifest.webmanifest", "/sw.js", "/static/icon.svg", "/static/icon-192.png",
        "/static/icon-512.png",
        // the calendar feed checks its own token (InventoryServer+Calendar)
        "/calendar/{file}",
        // an invitation checks its own token (InventoryServer+Members)
        "/invite/{token}",
        // the API's contract: what the routes are, nothing of the house
        "/api/openapi.json",
    ]

    /// The routes whose handlers read a form and check the token it carries
    /// (`InventoryServer.formPairs`).
    static let formRoutes: Set<String> = [
        "/items", "/items/{id}", "/items/{id}/delete", "/claims", "/claims/pick",
        "/claims/picked", "/signout", "/places/{id}/move", "/items/{id}/move-here",
        "/items/{id}/move", "/claims/{claim}/payments", "/items/{id}/lend", "/items/{id}/return",
        "/items/{id}/leave", "/items/{id}/bring-back", "/items/{id}/insured",
        "/items/{id}/maintenance",
        "/items/{id}/schedules", "/items/{id}/maintenance/{entry}/remove",
        "/items/{id}/schedules/{schedule}/remove", "/items/{id}/picture", "/members",
        "/members/{member}/role",
        "/members/{member}/remove", "/members/{member}/invite", "/sessions/{session}/end",
    ]

    func handle(
        _ request: Request, context: ServerContext,
        next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        let route = context.endpointPath
        if let route {
            // A share link's pages check their own token (InventoryServer+Sharing).
            if Self.openRoutes.contains(route) || route.hasPrefix("/share/") {
                return try await next(request, context)
            }
        } else if request.uri.path == "/favicon.ico" {
            return try await next(request, context)
        }
        if let authorization = request.headers[.authorization],
            authorization.lowercased().hasPrefix("bearer ")
        {
            return try await throughToken(
                String(authorization.dropFirst(7)).trimmingWhitespace(), route: route, request,
                context, next: next)
        }
        guard
            let session = server.sessions.session(
                id: request.cookies[InventoryServer.cookieName]?.value)
        else {
            throw ServerError.signInNeeded
        }
        var context = context
        context.session = session
        let writes = request.method != .get && request.method != .head
        if writes, !(route.map(Self.formRoutes.contains) ?? false),
            !Sessions.isCSRFToken(request.headers[InventoryServer.csrfHeader], of: session)
        {
            throw ServerError.csrf
        }
        // A viewer looks: of the routes that change something, only its own sessions'.
        if writes, !session.person.role.canWrite,
            !(route.map(Self.viewerRoutes.contains) ?? false)
        {
            throw ServerError.viewerOnly
        }
        return try await InventoryManager.writing(as: session.person.author) {
            try await next(request, context)
        }
    }

    /// Answers a request that carries an API token (`Authorization: Bearer`): the API's routes
    /// only, as the token's member, reading only unless the token and its member may write.
    /// A token that is none, revoked or past its day counts as a failed sign-in of the address.
    private func throughToken(
        _ secret: String, route: String?, _ request: Request, _ context: ServerContext,
        next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        guard let route, route.hasPrefix("/api/") else { throw ServerError.tokenOnPage }
        let address = context.remoteAddress
        if server.sessions.isLimited(address) { throw ServerError.limited }
        let digest = InventoryManager.tokenDigest(secret)
        var token = server.tokens.token(digest: digest)
        if token == nil {
            // made since the server last looked: read it once
            token = try await server.blocking.run { try server.manager.token(secret: secret) }
            if let token { server.tokens.add(token) }
        }
        let now = Timestamp(Date())
        guard let token, now < token.expiresAt else {
            server.sessions.recordFailure(from: address)
            throw ServerError.tokenRefused
        }
        // The assistant's endpoint is posted to for reading too: its tools refuse the writes.
        if request.method != .get, request.method != .head, !token.canWrite, route != "/api/mcp" {
            throw token.scope == .read ? ServerError.tokenReadsOnly : ServerError.viewerOnly
        }
        server.tokens.used(digest: digest, at: now)
        let person = Sessions.Person(
            memberID: token.memberID, name: token.memberName ?? server.configuration.owner,
            role: token.canWrite ? token.role : .viewer)
        var context = context
        context.session = Sessions.Session(id: "", csrf: "", person: person, token: token.name)
        // its writes are the member's, through the token: "Sam (Home Assistant)"
        let author = Author(name: "\(person.name) (\(token.name))", memberID: person.memberID)
        return try await InventoryManager.writing(as: author) {
            try await next(request, context)
        }
    }

    /// The routes that change something a viewer may still ask for: signing out, ending its
    /// own sessions.
    static let viewerRoutes: Set<String> = ["/signout", "/sessions/{session}/end"]
}

/// A refusal the server makes itself.
enum ServerError: Error {
    case signInNeeded
    case csrf
    case badRequest(String)
    /// A body of a type the route does not take (an API change that is not JSON).
    case unsupportedType(String)
    case notFound(String)
    case conflict(String)
    case refused([ItemFormProblem])
    /// A change asked of a share link, which only shows.
    case readOnly
    /// A change asked by a viewer, who only looks.
    case viewerOnly
    /// Something only the household's owner may do.
    case ownerOnly
    /// An API token that is none, revoked or past its day.
    case tokenRefused
    /// A change asked through a token that only reads.
    case tokenReadsOnly
    /// A page asked through a token, which opens the API only.
    case tokenOnPage
    /// Too many failures from this address lately.
    case limited
}

extension InventoryServer {
    /// Whether `request` is the API's, whose answers are JSON: its path's first segment is
    /// `api` or its last `photos` or `receipt` (however many slashes separate them), and it is
    /// not a share link's.
    static func isAPI(_ request: Request) -> Bool {
        let segments = request.uri.path.utf8.split(separator: UInt8(ascii: "/"))
        guard let first = segments.first, let last = segments.last else { return false }
        return !first.elementsEqual("share".utf8)
            && (first.elementsEqual("api".utf8) || last.elementsEqual("photos".utf8)
                || last.elementsEqual("receipt".utf8))
    }

    /// The answer for `error`: status, and a message a user can act on.
    func errorResponse(_ error: any Error, for request: Request, links: PageLinks = .house)
        -> Response
    {
        let (status, message): (HTTPResponse.Status, String)
        var problems: [ItemFormProblem] = []
        switch error {
        case ServerError.signInNeeded:
            (status, message) = (
                .unauthorized,
                "Sign in first: open the sign-in link the server printed when it started (each "
                    + "link works once), or sign in at /signin with the household password."
            )
        case ServerError.csrf:
            (status, message) = (
                .forbidden,
                "This request did not carry the page's token: reload the page and try again."
            )
        case ServerError.badRequest(let text): (status, message) = (.badRequest, text)
        case ServerError.unsupportedType(let text):
            (status, message) = (.unsupportedMediaType, text)
        case ServerError.notFound(let text): (status, message) = (.notFound, text)
        case ServerError.conflict(let text): (status, message) = (.conflict, text)
        case ServerError.readOnly:
            (status, message) = (.methodNotAllowed, "This link only shows: nothing can be changed.")
        case ServerError.viewerOnly:
            (status, message) = (
                .forbidden,
                "You can look but not change anything: ask the household's owner to make you "
                    + "an editor. Nothing was changed."
            )
        case ServerError.tokenRefused:
            (status, message) = (
                .unauthorized,
                "This token is not one of this inventory's, was revoked or has expired."
            )
        case ServerError.tokenReadsOnly:
            (status, message) = (.forbidden, "This token only reads: nothing was changed.")
        case ServerError.tokenOnPage:
            (status, message) = (
                .unauthorized,
                "A token opens the API (/api/…) only: pages sign in with the sign-in link or a "
                    + "password."
            )
        case ServerError.limited:
            (status, message) = (
                .tooManyRequests, "Too many failed attempts from this address: wait a minute."
            )
        case ServerError.ownerOnly:
            (status, message) = (
                .forbidden, "Only the household's owner can do that. Nothing was changed."
            )
        case ServerError.refused(let refused):
            problems = refused
            (status, message) = (
                .unprocessableContent,
                refused.map { ($0.field.map { "\(Self.jsonName($0)): " } ?? "") + $0.message }
                    .joined(separator: "; ")
            )
        case let error as HTTPError:
            (status, message) = (error.status, error.body ?? error.status.reasonPhrase)
        case is CancellationError:
            // The server is stopping: the request's work was never started.
            (status, message) = (.serviceUnavailable, "The server is stopping: try again soon.")
        case let error as InventoryError:
            (status, message) = Self.answer(for: error)
        case let error as any HTTPResponseError:
            (status, message) = (
                error.status,
                error.status == .contentTooLarge
                    ? "The request is too large: nothing was changed."
                    : error.status.reasonPhrase
            )
        default:
            (status, message) = (.internalServerError, "Something went wrong on the server.")
            FileHandle.standardError.write(Data("inventory-server: \(error)\n".utf8))
        }
        if Self.isAPI(request) {
            var json = "{\"error\":"
            ItemJSON.appendString(message, to: &json)
            if !problems.isEmpty {
                json += ",\"problems\":["
                json += problems.map { problem in
                    var object = "{\"field\":"
                    ItemJSON.appendString(problem.field.map(Self.jsonName), to: &object)
                    object += ",\"message\":"
                    ItemJSON.appendString(problem.message, to: &object)
                    return object + "}"
                }.joined(separator: ",")
                json += "]"
            }
            var answer = Self.json(json + "}", status: status)
            if case ServerError.tokenRefused = error {
                answer.headers[.wwwAuthenticate] = "Bearer"
            }
            return answer
        }
        let title = status == .unauthorized ? "Sign in" : status.reasonPhrase
        var response = Self.html(
            pages.message(title: title, [message], links: links), status: status)
        if case ServerError.signInNeeded = error, let page = Self.returnablePage(request) {
            response.setCookie(
                Cookie(
                    name: Self.returnCookieName,
                    value: page.addingPercentEncoding(withAllowedCharacters: Self.cookieSafe)
                        ?? "/",
                    maxAge: 3600, path: "/", secure: configuration.secureCookies, httpOnly: true,
                    sameSite: .lax))
        }
        return response
    }

    /// What a cookie's value may hold as it is; the rest is percent-encoded.
    private static let cookieSafe = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")

    /// The page `request` asks for, if signing in may lead back to it: a page's GET (not the
    /// API's, not the sign-in's), its path and query, a path of this server's.
    static func returnablePage(_ request: Request) -> String? {
        guard request.method == .get, !isAPI(request) else { return nil }
        let path = request.uri.path
        guard path != "/signin" else { return nil }
        let page = request.uri.query.map { path + "?" + $0 } ?? path
        return isOwnPage(page) ? page : nil
    }

    /// Whether `page` is a path of this server's that a redirect may go to: it starts with
    /// one slash (not `//host`, not `/\host`), holds no control character, and is short.
    static func isOwnPage(_ page: String) -> Bool {
        page.hasPrefix("/") && !page.hasPrefix("//") && !page.hasPrefix("/\\")
            && page.utf8.count <= 1_000
            && !page.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The page a sign-in leads to: the one asked for before it (`returnCookieName`), else
    /// the first view.
    static func pageAfterSignIn(_ request: Request) -> String? {
        guard let value = request.cookies[returnCookieName]?.value,
            let page = value.removingPercentEncoding, isOwnPage(page)
        else { return nil }
        return page
    }

    /// The status and the user's words for an error of the inventory; a problem with the file
    /// itself is named without its path (the path is the server's business).
    static func answer(for error: InventoryError) -> (HTTPResponse.Status, String) {
        switch error {
        case .invalidValue, .missingName, .invalidPhoto, .invalidFile:
            return (.unprocessableContent, error.description)
        case .itemNotFound, .itemsNotFound, .attachmentNotFound, .claimNotFound:
            return (.notFound, error.description)
        case .editConflict, .itemsInClaims, .itemState:
            return (.conflict, error.description)
        case .place(let problem):
            return (problem.refusesAChange ? .conflict : .notFound, error.description)
        case .member(let problem):
            switch problem {
            case .exists: return (.conflict, error.description)
            case .notFound, .sessionNotFound, .invitationInvalid, .tokenNotFound:
                return (.notFound, error.description)
            case .viewerToken: return (.unprocessableContent, error.description)
            }
        case .storage(_, let problem, _):
            switch problem {
            case .readOnly:
                return (.serviceUnavailable, "The inventory is read-only: nothing was changed.")
            case .diskFull:
                return (
                    .init(code: 507, reasonPhrase: "Insufficient Storage"),
                    "No space left on the disk: nothing was changed."
                )
            case .busy:
                return (.serviceUnavailable, "The inventory is busy: try again.")
            case .damaged:
                return (
                    .internalServerError,
                    "The inventory file is damaged: nothing was changed. Its owner can restore "
                        + "it from a backup."
                )
            default:
                return (.internalServerError, "The inventory file could not be read or written.")
            }
        default:
            return (.internalServerError, "The inventory could not do that.")
        }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
