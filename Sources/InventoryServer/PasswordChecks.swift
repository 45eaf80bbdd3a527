import Locking
import NIOPosix

/// Where household-password checks run: scrypt takes a core for a noticeable fraction of a
/// second and 32 MiB each, so they run on threads of their own (never an event loop, never Swift's cooperative
/// pool, never under a lock), at most `limit` at once, with at most `waiting` more queued; a
/// check beyond those is refused at once as `Busy`.
///
/// A burst of guesses then holds up only other guesses: every other request, signed in or
/// not, is answered meanwhile.
public final class PasswordChecks: Sendable {
    /// The most checks run at once, unless told otherwise.
    public static let defaultLimit = 2
    /// The most checks that wait for a thread, unless told otherwise.
    public static let defaultWaiting = 16

    /// A check refused because `limit` run and `waiting` wait already.
    public struct Busy: Error {}

    /// The most checks run at once.
    public let limit: Int
    /// The most checks that wait for a thread.
    public let waiting: Int
    private let pool: NIOThreadPool
    private let verify: @Sendable (_ password: String, _ stored: String) -> Bool
    private let admitted = Lock(0)

    /// Checks through `verify` (the household password's scrypt comparison unless told
    /// otherwise) on `limit` threads of their own.
    public init(
        limit: Int = PasswordChecks.defaultLimit, waiting: Int = PasswordChecks.defaultWaiting,
        verify: @escaping @Sendable (_ password: String, _ stored: String) -> Bool =
            HouseholdPassword.matches
    ) {
        precondition(limit > 0 && waiting >= 0, "a password check needs a thread to run on")
        self.limit = limit
        self.waiting = waiting
        self.verify = verify
        pool = NIOThreadPool(numberOfThreads: limit)
        pool.start()
    }

    deinit {
        pool.shutdownGracefully { _ in }
    }

    /// Whether `password` is the one `stored` was made from, checked on one of the threads.
    ///
    /// - Throws: `Busy` when `limit` checks run and `waiting` wait already.
    public func matches(_ password: String, stored: String) async throws -> Bool {
        let isAdmitted = admitted.withLock { count in
            guard count < limit + waiting else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw Busy() }
        defer { admitted.withLock { $0 -= 1 } }
        let verify = self.verify
        return try await pool.runIfActive { verify(password, stored) }
    }

    /// The hash to store of a new password, made on one of the threads, admitted as a check
    /// is.
    ///
    /// - Throws: `Busy` when `limit` checks run and `waiting` wait already; what hashing
    ///   throws.
    public func hash(_ password: String) async throws -> String {
        let isAdmitted = admitted.withLock { count in
            guard count < limit + waiting else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw Busy() }
        defer { admitted.withLock { $0 -= 1 } }
        return try await pool.runIfActive { try HouseholdPassword.hash(password) }
    }

    /// How many checks run or wait now.
    var admittedCount: Int { admitted.withLock { $0 } }
}
