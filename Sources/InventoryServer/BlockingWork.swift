import InventoryKit
import NIOCore
import NIOPosix

/// The threads the server's blocking work runs on: every read and write of the inventory (the
/// manager's SQLite connection, and the live views, which read through it) and every stored
/// file a request reads or writes.
///
/// A route hops here once with all of its work, and comes back with its answer: neither NIO's
/// event loops nor Swift's cooperative pool, which run every connection's task, ever wait on
/// the file, on the manager's lock, or on another process's write lock (a busy timeout of
/// seconds). A request that needs none of it (the style sheet, signing in by link, a session's
/// token, an API page already encoded for its view as it is now) is answered meanwhile,
/// however many wait here.
///
/// The manager uses its one connection for one call at a time, whatever the number of threads:
/// the others meanwhile render pages, encode JSON and read files, or queue, holding nothing.
final class BlockingWork: Sendable {
    /// How many threads, unless told otherwise: one a core, and at least two, so that one
    /// waiting on the file leaves another to render what has been read.
    static var defaultThreads: Int { max(2, System.coreCount) }

    /// How many threads run the work.
    let threads: Int
    private let pool: NIOThreadPool

    /// Starts `threads` threads.
    init(threads: Int = BlockingWork.defaultThreads) {
        precondition(threads > 0, "blocking work needs a thread to run on")
        self.threads = threads
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    deinit {
        pool.shutdownGracefully { _ in }
    }

    /// Runs `body` on one of the threads, and returns what it returns or throws what it
    /// throws, unchanged; the task waits without holding a thread. The writes it makes name
    /// the task's author (`InventoryManager.author`).
    ///
    /// `body` is synchronous: it cannot wait on a client (an event stream's write), so a slow
    /// reader never holds one of the threads.
    ///
    /// - Throws: what `body` throws; `CancellationError` when the task is cancelled before
    ///   `body` starts, or the threads have stopped.
    func run<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws
        -> Result
    {
        // The member the request acts for names the writes `body` makes: a task's local value
        // does not reach the pool's threads by itself.
        let author = InventoryManager.author
        return try await pool.runIfActive {
            try InventoryManager.writing(as: author) { try body() }
        }
    }

    /// Runs `body` on one of the threads, to its end even when the task is cancelled (the
    /// server stopping), then stops the threads: work asked afterwards throws
    /// `CancellationError`. Work queued behind `body` is cancelled; work running ends first.
    func stop(after body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            pool.submit { state in
                if case .active = state { body() }
                done.resume()
            }
        }
        try? await pool.shutdownGracefully()
    }
}
