import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQLite library this process runs with (the system's `libsqlite3`, which may differ from
/// the one it was built against).
public enum SQLiteLibrary {
    /// Its version as text: `3.40.1`.
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// Its version as a number: `3040001` for 3.40.1.
    public static var versionNumber: Int { Int(sqlite3_libversion_number()) }

    /// Whether this library has SQLite's WAL-reset bug.
    public static var hasWALResetBug: Bool { hasWALResetBug(versionNumber: versionNumber) }

    /// Whether SQLite `versionNumber` has the WAL-reset bug: a checkpoint that starts while
    /// another connection's commit resets the write-ahead log can miss the reset, and a later
    /// checkpoint then skips committed pages (lost writes, or a damaged file). SQLite's WAL
    /// page lists 3.7.0 to 3.51.2 as affected; 3.51.3 fixed it, and 3.44.6 and 3.50.7 carry
    /// the fix back.
    public static func hasWALResetBug(versionNumber: Int) -> Bool {
        guard (3_007_000..<3_051_003).contains(versionNumber) else { return false }
        if (3_044_006..<3_045_000).contains(versionNumber) { return false }
        if (3_050_007..<3_051_000).contains(versionNumber) { return false }
        return true
    }
}

/// How connections keep SQLite's WAL-reset bug from corrupting the inventory.
///
/// The bug needs a checkpoint to overlap another connection's commit that resets the log. A
/// guarded connection turns SQLite's automatic checkpoints off, and holds one lock shared by
/// every process (an `flock(2)` on the database's folder) while it writes to the log — from
/// its first write statement or `BEGIN IMMEDIATE` until its commit or rollback — and while it
/// checkpoints, which it does itself after a commit that left the log long. Connections that
/// only read never take the lock: they neither reset the log nor checkpoint (the last
/// connection to close checkpoints, but SQLite lets it do so only when it is the only one).
public struct WALResetGuard: Sendable, Hashable {
    /// When the guard is on.
    public enum Mode: Sendable, Hashable {
        /// When the SQLite library has the bug (`SQLiteLibrary.hasWALResetBug`).
        case whenAffected
        /// Always, whatever the version (for tests, or a library that says another version).
        case always
    }

    /// When the guard is on.
    public var mode: Mode
    /// A file to which each guarded connection appends, under the lock, one line per write
    /// and per checkpoint: `PID KIND START END`, the kind `write`, `checkpoint` or `close`,
    /// the times in nanoseconds of the system's monotonic clock (for tests), or nil.
    public var tracePath: String?

    /// Creates a guard configuration: on when the library needs it, no trace.
    public init(mode: Mode = .whenAffected, tracePath: String? = nil) {
        self.mode = mode
        self.tracePath = tracePath
    }

    /// The configuration the variables of a process's environment ask for:
    /// `INVENTORY_WAL_RESET_GUARD=always` turns the guard on whatever the version, and
    /// `INVENTORY_WAL_RESET_GUARD_TRACE=FILE` keeps a trace (`tracePath`). The library reads no
    /// environment itself: a program passes its own (`ProcessInfo.processInfo.environment`).
    public init(environment: [String: String]) {
        self.init(
            mode: environment["INVENTORY_WAL_RESET_GUARD"] == "always" ? .always : .whenAffected,
            tracePath: environment["INVENTORY_WAL_RESET_GUARD_TRACE"].flatMap {
                $0.isEmpty ? nil : $0
            })
    }

    /// Whether connections opened with this configuration are guarded.
    public var isOn: Bool { mode == .always || SQLiteLibrary.hasWALResetBug }

    /// How many frames the log may hold after a commit before the committing connection
    /// checkpoints: the threshold of SQLite's own automatic checkpoints.
    static let checkpointFrames: Int32 = 1_000
}

/// The lock a guarded connection takes to write or checkpoint (see `WALResetGuard`): an
/// `flock(2)` on the folder that holds the database.
///
/// A lock on the folder, not on the database file or a file beside it: closing any descriptor
/// of the database file drops every POSIX lock the process holds on it, SQLite's included, and
/// a file beside it would be one more file to copy, protect and leave behind. An `flock` lock
/// belongs to the open file description, so two connections of one process exclude each
/// other as two processes do, and it goes away with the process. Two inventories in one folder
/// share the lock: their writes wait for each other, never for a reader.
final class WriteLock {
    private let descriptor: Int32
    private let tracePath: String?
    /// Whether this connection holds the lock.
    private(set) var isHeld = false
    /// When the lock was taken (monotonic nanoseconds).
    private var heldSince: UInt64 = 0
    /// The number of frames in the log after this connection's last commit, reported by the
    /// WAL hook, until a checkpoint is considered.
    var framesAfterCommit: Int32 = 0
    /// Whether the write in progress must be followed by a checkpoint whatever the log holds
    /// (a whole database copied in: SQLite's WAL hook does not see it).
    var checkpointAfterWrite = false

    /// Opens the folder of the database at `path` (followed through symbolic links, as SQLite
    /// follows them to name its `-wal` file).
    ///
    /// - Throws: `DatabaseError` (`SQLITE_CANTOPEN`) when the folder cannot be opened.
    init(databasePath path: String, tracePath: String?) throws {
        var real = path
        if let resolved = realpath(path, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        var folder = real
        if let slash = real.utf8.lastIndex(of: UInt8(ascii: "/")) {
            folder = slash == real.utf8.startIndex ? "/" : String(real[..<slash])
        } else {
            folder = "."
        }
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DatabaseError(
                extendedCode: SQLITE_CANTOPEN,
                message: "cannot open the folder \(folder) to lock it: "
                    + String(cString: strerror(errno)),
                systemErrno: errno)
        }
        self.tracePath = tracePath
    }

    deinit {
        if isHeld { _ = flock(descriptor, LOCK_UN) }
        close(descriptor)
    }

    /// Takes the lock, waiting up to `timeout` milliseconds (as SQLite's busy handler does)
    /// while another connection holds it.
    ///
    /// - Throws: `DatabaseError`: `SQLITE_BUSY` at the deadline, `SQLITE_INTERRUPT` when
    ///   `isInterrupted` says so while waiting.
    func acquire(timeoutMilliseconds timeout: Int32, isInterrupted: () -> Bool) throws {
        precondition(!isHeld, "the write lock is held already")
        let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
        var waited: Int32 = 0
        var attempt = 0
        while try !tryAcquire() {
            if isInterrupted() {
                throw DatabaseError(extendedCode: SQLITE_INTERRUPT, message: "interrupted")
            }
            guard waited < timeout else {
                throw DatabaseError(
                    extendedCode: SQLITE_BUSY,
                    message: "another connection held the inventory's write lock")
            }
            let delay = min(delays[min(attempt, delays.count - 1)], max(1, timeout - waited))
            usleep(useconds_t(delay) * 1_000)
            waited += delay
            attempt += 1
        }
    }

    /// Takes the lock if no other connection holds it; returns whether it did.
    ///
    /// - Throws: `DatabaseError` (`SQLITE_IOERR`) when the folder cannot be locked at all (a
    ///   file system without `flock`): then nothing could tell this connection's writes from
    ///   another's checkpoints, and it does not write.
    func tryAcquire() throws -> Bool {
        precondition(!isHeld, "the write lock is held already")
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            if error == EWOULDBLOCK { return false }
            if error == EINTR { continue }
            throw DatabaseError(
                extendedCode: SQLITE_IOERR,
                message: "cannot lock the inventory's folder: " + String(cString: strerror(error)),
                systemErrno: error)
        }
        isHeld = true
        heldSince = Self.now()
        return true
    }

    /// Lets the lock go, recording what this connection did under it as `kind` (`write`, or
    /// `close`) when a trace is kept.
    func release(recording kind: String) {
        guard isHeld else { return }
        record(kind, from: heldSince, to: Self.now())
        isHeld = false
        _ = flock(descriptor, LOCK_UN)
    }

    /// Runs `checkpoint` (with the lock held), recording it when a trace is kept.
    func recordCheckpoint(_ checkpoint: () -> Void) {
        let start = Self.now()
        checkpoint()
        record("checkpoint", from: start, to: Self.now())
    }

    private func record(_ kind: String, from start: UInt64, to end: UInt64) {
        guard let tracePath else { return }
        let line = "\(getpid()) \(kind) \(start) \(end)\n"
        let file = open(tracePath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        // One write(2) of a short line in append mode: lines of processes do not mix.
        _ = line.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
        close(file)
    }

    /// The system-wide monotonic clock (the same in every process), in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
