import Foundation
import InventoryKit
import Locking

/// Wakes the server's event streams when the inventory changes, from this process or another.
///
/// It carries no change itself: each stream reads what it has not sent yet from the journal,
/// in order and a page at a time. A stream that was slow, or a page that reconnects after
/// losing its connection, therefore misses nothing and gets nothing twice, and no stream holds
/// more than a page of changes however large a batch was.
final class ChangeSignal: Sendable {
    /// Why a stream was woken.
    enum Wake: Sendable {
        /// Something was committed.
        case changed
        /// Nothing happened for a while: a stream writes a comment, so that a connection
        /// that died is noticed.
        case idle
        /// The inventory file was replaced (a restore): a stream says so and ends, and its page
        /// loads itself again.
        case replaced
    }

    private struct State {
        var nextToken = 0
        var subscribers: [Int: AsyncStream<Wake>.Continuation] = [:]
        var isFinished = false
        var isReplaced = false
    }

    private let state = Lock(State())
    private let observation = Lock<Observation?>(nil)

    /// The observer's token, only ever handed back to its center.
    private struct Observation: @unchecked Sendable {
        let center: NotificationCenter
        let token: any NSObjectProtocol
    }

    /// Starts listening to `manager`'s change notifications.
    init(manager: InventoryManager) {
        let center = manager.notificationCenter
        let token = center.addObserver(
            forName: InventoryManager.didChangeNotification, object: manager, queue: nil
        ) { [weak self] _ in
            self?.wake(.changed)
        }
        observation.withLock { $0 = Observation(center: center, token: token) }
    }

    deinit {
        observation.withLock { observation in
            if let observation { observation.center.removeObserver(observation.token) }
        }
    }

    /// A sequence of wake-ups, ended by `finish()` or by cancelling the subscription. Wake-ups
    /// that come while the stream is busy are folded into one.
    func subscribe() -> (wakes: AsyncStream<Wake>, token: Int) {
        // Only the newest wake-up is kept; a replacement is never folded away, as nothing is
        // sent after it (`wake`).
        let (stream, continuation) = AsyncStream.makeStream(
            of: Wake.self, bufferingPolicy: .bufferingNewest(1))
        let token = state.withLock { state -> Int in
            state.nextToken += 1
            if state.isFinished {
                continuation.finish()
            } else {
                state.subscribers[state.nextToken] = continuation
            }
            return state.nextToken
        }
        return (stream, token)
    }

    /// Ends the subscription `token`.
    func unsubscribe(_ token: Int) {
        let continuation = state.withLock { $0.subscribers.removeValue(forKey: token) }
        continuation?.finish()
    }

    /// Wakes every stream; after a replacement, nothing more.
    func wake(_ reason: Wake) {
        let continuations = state.withLock { state -> [AsyncStream<Wake>.Continuation] in
            guard !state.isReplaced else { return [] }
            if case .replaced = reason { state.isReplaced = true }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.yield(reason) }
    }

    /// Returns once every stream has ended, or after `limit`: a server replaced under its
    /// streams lets each say so before it stops.
    func drained(within limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while state.withLock({ !$0.subscribers.isEmpty }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Ends every stream, now and to come: the server is stopping.
    func finish() {
        let continuations = state.withLock { state in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
