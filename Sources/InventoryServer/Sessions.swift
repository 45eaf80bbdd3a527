import Crypto
import Foundation
import Locking

/// Who may use the server: the sign-in links it printed (each good once), the sessions they
/// opened with the CSRF token of each, and a limit on failed sign-ins per address.
///
/// Tokens are kept only as SHA-256 digests and looked up by digest, so neither a memory dump
/// nor the time a lookup takes gives one away.
public final class Sessions: Sendable {
    /// A signed-in browser (or `curl` with its cookie).
    public struct Session: Sendable {
        /// The session cookie's value.
        public let id: String
        /// The token every form and state-changing request of this session must carry.
        public let csrf: String
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

    /// The window failed sign-ins are counted in.
    public let failureWindow: Duration

    private struct Failures {
        var count: Int
        var since: ContinuousClock.Instant
    }

    private struct State {
        var signInTokens: Set<String> = []
        var sessions: [String: Session] = [:]
        var failures: [String: Failures] = [:]
    }

    private let state = Lock(State())

    /// No sign-in link and no session yet; failures are counted over `failureWindow`.
    public init(failureWindow: Duration = Sessions.defaultFailureWindow) {
        self.failureWindow = failureWindow
    }

    /// A new random token: 32 bytes from the system's generator, as 64 hex digits (safe in a
    /// cookie, a URL and a header).
    public static func randomToken() -> String {
        let key = SymmetricKey(size: .bits256)
        return key.withUnsafeBytes { hex($0) }
    }

    /// Every request looks up its cookie's digest: written without `String(format:)`, which
    /// took a tenth of an API request's time.
    private static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).withUnsafeBytes { hex($0) }
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Makes a sign-in token that opens one session, once.
    public func makeSignInToken() -> String {
        let token = Self.randomToken()
        state.withLock { _ = $0.signInTokens.insert(Self.digest(token)) }
        return token
    }

    /// Spends `token` for a new session, unless `address` failed too often lately.
    public func signIn(token: String, from address: String) -> SignIn {
        attempt(from: address) { state in state.signInTokens.remove(Self.digest(token)) != nil }
    }

    /// Opens a session if `check` (the household password's) says yes, unless `address`
    /// failed too often lately; the check is not even run then.
    public func signIn(from address: String, passing check: @Sendable () -> Bool) -> SignIn {
        attempt(from: address) { _ in check() }
    }

    private func attempt(from address: String, _ check: (inout State) -> Bool) -> SignIn {
        let now = ContinuousClock.now
        return state.withLock { state in
            if isLimited(address, in: &state, at: now) { return .limited }
            guard check(&state) else {
                state.failures[address, default: Failures(count: 0, since: now)].count += 1
                return .refused
            }
            let session = Session(id: Self.randomToken(), csrf: Self.randomToken())
            state.sessions[Self.digest(session.id)] = session
            return .signedIn(session)
        }
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
        state.withLock { isLimited(address, in: &$0, at: .now) }
    }

    /// Counts a failure from `address` that was not a sign-in: a share link that is none.
    public func recordFailure(from address: String) {
        let now = ContinuousClock.now
        state.withLock { state in
            _ = isLimited(address, in: &state, at: now)
            state.failures[address, default: Failures(count: 0, since: now)].count += 1
        }
    }

    /// The session whose cookie holds `id`, if it is one.
    public func session(id: String?) -> Session? {
        guard let id, !id.isEmpty else { return nil }
        return state.withLock { $0.sessions[Self.digest(id)] }
    }

    /// Ends the session whose cookie holds `id`.
    public func signOut(id: String) {
        state.withLock { _ = $0.sessions.removeValue(forKey: Self.digest(id)) }
    }

    /// Whether `given` is the CSRF token of `session`, compared in constant time.
    public static func isCSRFToken(_ given: String?, of session: Session) -> Bool {
        guard let given else { return false }
        let (a, b) = (Array(given.utf8), Array(session.csrf.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
