import InventoryKit
import Locking

/// The API tokens the inventory keeps, as the server last read them (once a second, and on
/// a token it does not know yet), and when each was used since that was last recorded.
final class TokenCache: Sendable {
    private struct State {
        var byDigest: [String: APIToken] = [:]
        var uses: [String: Timestamp] = [:]
    }

    private let state = Lock(State())

    /// The token whose secret has `digest`, as last read; nil when not known here.
    func token(digest: String) -> APIToken? {
        state.withLock { $0.byDigest[digest] }
    }

    /// Knows the tokens of `tokens`, and only those: one revoked elsewhere is forgotten.
    func replace(with tokens: [APIToken]) {
        let byDigest = Dictionary(tokens.map { ($0.digest, $0) }) { first, _ in first }
        state.withLock { $0.byDigest = byDigest }
    }

    /// Knows `token` too (just read, on its first use).
    func add(_ token: APIToken) {
        state.withLock { $0.byDigest[token.digest] = token }
    }

    /// Records that the token with `digest` was used at `time`.
    func used(digest: String, at time: Timestamp) {
        state.withLock { $0.uses[digest] = time }
    }

    /// The uses recorded since the last call.
    func takeUses() -> [(digest: String, at: Timestamp)] {
        state.withLock { state in
            defer { state.uses = [:] }
            return state.uses.map { (digest: $0.key, at: $0.value) }
        }
    }
}
