import Foundation
import InventoryFiles
public import InventoryModel
import Locking

/// Who may use the server: the sign-in links it printed (each good once), the sessions they
/// opened with the CSRF token of each, and a limit on failed sign-ins per address.
///
/// Tokens are kept only as SHA-256 digests and looked up by digest, so neither a memory dump
/// nor the time a lookup takes gives one away.
public final class Sessions: Sendable {
    /// Who a session acts for: a member, or the household owner (a sign-in link the server
    /// printed, the household password).
    public struct Person: Sendable, Hashable {
        /// The member, nil for the household owner.
        public var memberID: Int64?
        /// The name history gives what it writes.
        public var name: String
        /// What it may do.
        public var role: MemberRole

        public init(memberID: Int64?, name: String, role: MemberRole) {
            self.memberID = memberID
            self.name = name
            self.role = role
        }

        /// The household owner, named `name` in history.
        public static func owner(named name: String) -> Person {
            Person(memberID: nil, name: name, role: .owner)
        }

        /// Who its writes name.
        public var author: Author { Author(name: name, memberID: memberID) }
    }

    /// A signed-in browser (or `curl` with its cookie).
    public struct Session: Sendable {
        /// The session cookie's value.
        public let id: String
        /// The token every form and state-changing request of this session must carry.
        public let csrf: String
        /// Who it acts for, as the inventory says now.
        public var person: Person
        /// The API token it came through, by name (nil: a browser's cookie).
        public var token: String? = nil
        /// Its cookie's digest: how the inventory keeps it.
        public var digest: String { Sessions.digest(id) }
    }

    /// What became of a sign-in attempt.
    public enum SignIn: Sendable {
        /// The token was good: the new session.
        case signedIn(Session)
        /// The token was unknown or already used.
        case refused
        /// Too many failures from this address lately: wait.
        case limited
    }

    /// The most failed sign-ins an address may make in the failure window.
    public static let maximumFailures = 10
    /// The window failed sign-ins are counted in, unless told otherwise: a minute.
    public static let defaultFailureWindow: Duration = .seconds(60)

    /// How long sign-in links and sessions last.
    public struct Lifetimes: Sendable {
        /// How long a sign-in link opens a session, unused.
        public var signInLink: Duration
        /// How long a session lasts without a request.
        public var idle: Duration
        /// How long a session lasts at most, however busy (the cookie's Max-Age too).
        public var absolute: Duration

        /// An hour for a link, twelve hours idle, seven days in all, unless told otherwise.
        public init(
            signInLink: Duration = .seconds(3600), idle: Duration = .seconds(12 * 3600),
            absolute: Duration = .seconds(7 * 24 * 3600)
        ) {
            self.signInLink = signInLink
            self.idle = idle
            self.absolute = absolute
        }
    }

    /// The window failed sign-ins are counted in.
    public let failureWindow: Duration
    /// How long links and sessions last.
    public let lifetimes: Lifetimes
    private let clock: @Sendable () -> ContinuousClock.Instant

    private struct Failures {
        var count: Int
        var since: ContinuousClock.Instant
    }

    private struct Opened {
        var session: Session
        let openedAt: ContinuousClock.Instant
        var usedAt: ContinuousClock.Instant
        /// Whether the inventory keeps it yet: one that it does not keep is not ended by
        /// `keep(stored:wallNow:owner:)`.
        var isStored: Bool
        /// Whether it was used since its use was last recorded in the inventory.
        var usedSinceRecorded: Bool
    }

    private struct State {
        /// Each unused link's digest, when it stops opening a session, and for whom.
        var signInTokens: [String: (expires: ContinuousClock.Instant, person: Person)] = [:]
        var sessions: [String: Opened] = [:]
        var failures: [String: Failures] = [:]
        /// The digest of the household password's stored hash ("" for none), once told.
        var password: String?
    }

    private let state = Lock(State())

    /// No sign-in link and no session yet; failures are counted over `failureWindow`, links
    /// and sessions last `lifetimes` as `clock` tells time.
    public init(
        failureWindow: Duration = Sessions.defaultFailureWindow, lifetimes: Lifetimes = .init(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.failureWindow = failureWindow
        self.lifetimes = lifetimes
        self.clock = clock
    }

    /// A new random token: 32 bytes from the system's generator, as 64 hex digits (safe in a
    /// cookie, a URL and a header).
    public static func randomToken() -> String {
        Hexadecimal.randomSecret(byteCount: 32)
    }

    /// Every request looks up its cookie's digest: written without `String(format:)`, which
    /// was a large part of an API request's time (see the server's benchmark rows).
    static func digest(_ token: String) -> String {
        SHA256.hash(data: token.utf8).hexadecimal
    }

    /// Makes a sign-in token that opens one session for `person` (the household owner unless
    /// told otherwise), once, within `lifetimes.signInLink`.
    public func makeSignInToken(for person: Person = .owner(named: "owner")) -> String {
        let token = Self.randomToken()
        let expires = clock() + lifetimes.signInLink
        state.withLock { $0.signInTokens[Self.digest(token)] = (expires, person) }
        return token
    }

    /// Spends `token` for a new session, unless `address` failed too often lately; a link
    /// past its lifetime is refused as an unknown one is.
    public func signIn(token: String, from address: String) -> SignIn {
        let digest = Self.digest(token)
        let now = clock()
        return state.withLock { state in
            if isLimited(address, in: &state, at: now) { return .limited }
            guard let link = state.signInTokens.removeValue(forKey: digest), now < link.expires
            else {
                state.failures[address, default: Failures(count: 0, since: now)].count += 1
                return .refused
            }
            return .signedIn(open(for: link.person, in: &state, at: now))
        }
    }

    /// Opens a session for the person `check` (a password's) finds, unless `address` failed
    /// too often lately; the check is not even run then.
    ///
    /// The check runs outside the lock, so that a slow one holds up no other request. It is
    /// counted as a failure of `address` while it runs, so that an address cannot start more
    /// checks at once than it may fail; a check that passes takes its count back.
    ///
    /// - Throws: what `check` throws (a busy server); nothing is counted then.
    public func signIn(from address: String, passing check: () async throws -> Person?)
        async rethrows -> SignIn
    {
        let started = clock()
        let admitted = state.withLock { state -> Bool in
            if isLimited(address, in: &state, at: started) { return false }
            state.failures[address, default: Failures(count: 0, since: started)].count += 1
            return true
        }
        guard admitted else { return .limited }
        let person: Person?
        do {
            person = try await check()
        } catch {
            state.withLock { uncount(address, in: &$0) }
            throw error
        }
        guard let person else { return .refused }
        let now = clock()
        return state.withLock { state in
            uncount(address, in: &state)
            return .signedIn(open(for: person, in: &state, at: now))
        }
    }

    /// Takes back one failure counted for `address` (a password check that passed, or never
    /// ran).
    private func uncount(_ address: String, in state: inout State) {
        guard let failures = state.failures[address] else { return }
        state.failures[address] =
            failures.count > 1 ? .init(count: failures.count - 1, since: failures.since) : nil
    }

    /// A new session, opened at `now`; sessions and links past their time are forgotten first,
    /// so that neither table grows with sign-ins.
    private func open(for person: Person, in state: inout State, at now: ContinuousClock.Instant)
        -> Session
    {
        state.sessions = state.sessions.filter { !isOver($0.value, at: now) }
        state.signInTokens = state.signInTokens.filter { now < $0.value.expires }
        let session = Session(id: Self.randomToken(), csrf: Self.randomToken(), person: person)
        state.sessions[session.digest] = Opened(
            session: session, openedAt: now, usedAt: now, isStored: false,
            usedSinceRecorded: false)
        return session
    }

    private func isOver(_ opened: Opened, at now: ContinuousClock.Instant) -> Bool {
        now - opened.usedAt >= lifetimes.idle || now - opened.openedAt >= lifetimes.absolute
    }

    /// Whether `address` failed too often lately (forgetting failures older than the window).
    private func isLimited(
        _ address: String, in state: inout State, at now: ContinuousClock.Instant
    ) -> Bool {
        guard let failures = state.failures[address] else { return false }
        if now - failures.since > failureWindow {
            state.failures[address] = nil
            return false
        }
        return failures.count >= Self.maximumFailures
    }

    /// Whether `address` failed too often lately to try again yet: sign-ins and share links
    /// count their failures together.
    public func isLimited(_ address: String) -> Bool {
        let now = clock()
        return state.withLock { isLimited(address, in: &$0, at: now) }
    }

    /// Counts a failure from `address` that was not a sign-in: a share link that is none.
    public func recordFailure(from address: String) {
        let now = clock()
        state.withLock { state in
            _ = isLimited(address, in: &state, at: now)
            state.failures[address, default: Failures(count: 0, since: now)].count += 1
        }
    }

    /// The session whose cookie holds `id`, if it is one and neither idle too long nor too
    /// old; a request through it counts as its use.
    public func session(id: String?) -> Session? {
        guard let id, !id.isEmpty else { return nil }
        let digest = Self.digest(id)
        let now = clock()
        return state.withLock { state in
            guard let opened = state.sessions[digest] else { return nil }
            if isOver(opened, at: now) {
                state.sessions[digest] = nil
                return nil
            }
            state.sessions[digest]?.usedAt = now
            state.sessions[digest]?.usedSinceRecorded = true
            // One opened again after a restart knows its cookie only now.
            return Session(id: id, csrf: opened.session.csrf, person: opened.session.person)
        }
    }

    /// Ends the session whose cookie holds `id`.
    public func signOut(id: String) {
        state.withLock { _ = $0.sessions.removeValue(forKey: Self.digest(id)) }
    }

    /// Tells which household password is stored now (its hash, or nil): when it differs from
    /// the one told before, every session of the household owner ends, as the password that
    /// may have opened them is no longer the household's; members' sessions stay. The first
    /// call only records it.
    public func passwordIs(_ hash: String?) {
        let digest = hash.map(Self.digest) ?? ""
        state.withLock { state in
            if let known = state.password, known != digest {
                state.sessions = state.sessions.filter { $0.value.session.person.memberID != nil }
            }
            state.password = digest
        }
    }

    /// Records that the inventory keeps the session whose cookie holds `id`: from now on, it
    /// ends when the inventory no longer keeps it (`keep(stored:wallNow:owner:)`).
    public func stored(id: String) {
        state.withLock { $0.sessions[Self.digest(id)]?.isStored = true }
    }

    /// Brings the sessions in line with those the inventory keeps, as just read: a session it no longer keeps ends (ended from the command line, its member
    /// removed or given a new password); one it keeps that is not open here opens (a
    /// restart); each acts with its member's name and role as they are now.
    ///
    /// - Parameters:
    ///   - stored: the sessions the inventory keeps, with their members as they are.
    ///   - wallNow: the time by the wall clock when they were read.
    /// - Returns: the sessions used since the last call, and when by the wall clock, for
    ///   the inventory to record.
    public func keep(stored: [MemberSession], wallNow: Timestamp, owner: String) -> [(
        digest: String, at: Timestamp
    )] {
        let now = clock()
        let byDigest = Dictionary(stored.map { ($0.digest, $0) }, uniquingKeysWith: { a, _ in a })
        func instant(_ time: Timestamp) -> ContinuousClock.Instant {
            now - .milliseconds(max(0, wallNow.millisecondsSince1970 - time.millisecondsSince1970))
        }
        func wall(_ instant: ContinuousClock.Instant) -> Timestamp {
            let ago = now - instant
            let milliseconds =
                ago.components.seconds * 1000 + ago.components.attoseconds / 1_000_000_000_000_000
            return Timestamp(millisecondsSince1970: wallNow.millisecondsSince1970 - milliseconds)
        }
        return state.withLock { state in
            var uses: [(digest: String, at: Timestamp)] = []
            for (digest, opened) in state.sessions {
                guard let kept = byDigest[digest] else {
                    // One the inventory has not kept yet was opened since the read began.
                    if opened.isStored { state.sessions[digest] = nil }
                    continue
                }
                state.sessions[digest]?.isStored = true
                state.sessions[digest]?.session.person = Person(
                    memberID: kept.memberID, name: kept.memberName ?? owner, role: kept.role)
                if opened.usedSinceRecorded {
                    state.sessions[digest]?.usedSinceRecorded = false
                    uses.append((digest, wall(opened.usedAt)))
                }
            }
            for kept in stored where state.sessions[kept.digest] == nil {
                // A cookie's value is known only to its browser: the session opens here again
                // under its digest, and is found by the digest of the cookie.
                let opened = Opened(
                    session: Session(
                        id: "", csrf: kept.csrf,
                        person: Person(
                            memberID: kept.memberID, name: kept.memberName ?? owner,
                            role: kept.role)),
                    openedAt: instant(kept.openedAt), usedAt: instant(kept.usedAt),
                    isStored: true, usedSinceRecorded: false)
                if !isOver(opened, at: now) { state.sessions[kept.digest] = opened }
            }
            return uses
        }
    }

    /// How many sessions are open (some may be past their time, not yet forgotten).
    var openSessionCount: Int { state.withLock { $0.sessions.count } }

    /// Whether `given` is the CSRF token of `session`, compared in constant time.
    public static func isCSRFToken(_ given: String?, of session: Session) -> Bool {
        guard let given else { return false }
        return Hexadecimal.isSame(given, as: session.csrf)
    }
}
