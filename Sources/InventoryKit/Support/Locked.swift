import InventoryModel
import InventoryStore
import Locking

/// A non-Sendable value that is only reachable while holding a `Lock`.
///
/// `Lock<Value>` hands its value to the closure as `inout sending`, which refuses closures
/// that also capture other non-Sendable state (a SQLite connection plus a caller's row
/// callback). This box keeps the same discipline with a plain `Lock<Void>`.
final class Locked<Value>: @unchecked Sendable {  // `value` is touched only inside `mutex`.
    private let mutex = Lock(())
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Not re-entrant: calling it again from
    /// `body` on the same thread traps.
    func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try mutex.withLock { _ throws(Failure) -> Result in try body(&value) }
    }

    /// Runs `body` with exclusive access to the value if no other thread holds it; returns nil
    /// without running it otherwise.
    func withLockIfAvailable<Result: Sendable>(_ body: (inout Value) -> Result) -> Result? {
        mutex.withLockIfAvailable { _ -> Result in body(&value) }
    }
}
