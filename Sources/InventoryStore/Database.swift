import CSQLite
import InventoryModel
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to an SQLite file, used through the C API.
///
/// A `Database` is not thread-safe: it belongs to one owner at a time (the manager keeps it
/// behind a lock). Opening turns on WAL journaling, foreign keys and a busy timeout; a file
/// that does not exist yet is created with mode 0600.
public final class Database {
    /// How a connection is opened.
    public struct Options: Sendable, Hashable {
        /// How long a statement waits for another connection's lock before failing, in ms.
        public var busyTimeoutMilliseconds: Int32
        /// Whether the file may be created when it does not exist.
        public var createIfMissing: Bool
        /// The `PRAGMA application_id` the file must carry, if any. A file with another id, or
        /// with id 0 and tables in it, belongs to another program and is refused before
        /// anything is written to it. A file with this id but no tables is incomplete, and
        /// refused too. A new, empty file stays in rollback-journal mode until
        /// `enableWriteAheadLogging()`, so that the schema written first (with the id) lands
        /// in the file itself, not in a `-wal` file that a copy could leave behind.
        public var applicationID: Int32?
        /// Whether the connection only reads. It writes nothing, not even the journal mode.
        public var readOnly: Bool
        /// Whether to read the file as immutable: no locks, and no `-wal` or `-shm` file is
        /// created or read. Only for reading a file that nothing writes meanwhile.
        public var immutable: Bool
        /// How the connection guards against SQLite's WAL-reset bug.
        public var walResetGuard: WALResetGuard

        /// Creates options: by default a 5 s busy timeout, create if missing, any application,
        /// read and write, guarded against the WAL-reset bug when the library has it.
        public init(
            busyTimeoutMilliseconds: Int32 = 5_000, createIfMissing: Bool = true,
            applicationID: Int32? = nil, readOnly: Bool = false, immutable: Bool = false,
            walResetGuard: WALResetGuard = WALResetGuard()
        ) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.createIfMissing = createIfMissing
            self.applicationID = applicationID
            self.readOnly = readOnly || immutable
            self.immutable = immutable
            self.walResetGuard = walResetGuard
        }
    }

    /// The application id an inventory file carries in its header: "INVT".
    public static let inventoryApplicationID: Int32 = 0x494E_5654

    /// The file this connection is open on.
    public let path: String
    /// Whether the connection can only read (asked for, or the file is not writable).
    public let isReadOnly: Bool
    /// Whether the file is read as immutable (no locks; changes by others are not seen).
    public let isImmutable: Bool
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    private var isOpen = true
    /// Whether the file was empty when opened and is still in rollback-journal mode.
    private var isAwaitingWriteAheadLog = false
    /// The file the connection opened (nil for an in-memory database), to tell later whether
    /// the path still names it.
    public let fileIdentity: FileIdentity?
    /// Lets another thread interrupt what this connection is doing, until it is closed.
    public let interrupter: Interrupter
    /// The lock this connection takes to write or checkpoint, when it is guarded against the
    /// WAL-reset bug and may write (`WALResetGuard`).
    private(set) var writeLock: WriteLock?
    /// How long to wait for another connection's lock, in milliseconds.
    private let busyTimeout: Int32
    /// Whether SQLite's automatic checkpoints are off on this connection, so that only the
    /// guard checkpoints (`WALResetGuard`).
    public private(set) var isWALResetGuarded = false

    /// Opens (or creates) the database file at `path`.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened or is not an SQLite database;
    ///   `DatabaseFileError` when it carries another program's application id, or ours but
    ///   is incomplete.
    public init(path: String, options: Options = Options()) throws {
        self.path = path
        isImmutable = options.immutable
        busyTimeout = options.busyTimeoutMilliseconds
        // Before SQLite opens the file, which creates a -wal file for a file in WAL mode.
        let hadWriteAheadLog = access(path + "-wal", F_OK) == 0
        if options.createIfMissing && !options.readOnly && path != ":memory:" && !path.isEmpty {
            try Self.createPrivateFileIfMissing(path)
        }
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if options.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE | (options.createIfMissing ? SQLITE_OPEN_CREATE : 0)
        }
        var name = path
        if options.immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        let result = sqlite3_open_v2(name, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
            // The connection is closed even when opening fails.
            sqlite3_close_v2(connection)
            throw DatabaseError(
                extendedCode: result, message: message ?? String(cString: sqlite3_errstr(result)),
                systemErrno: systemErrno)
        }
        handle = connection
        fileIdentity = FileIdentity(path: path)
        isReadOnly = sqlite3_db_readonly(connection, "main") == 1
        interrupter = Interrupter(connection)
        do {
            if isReadOnly && !options.readOnly {
                // SQLite opens a file it may not write read-only without a word.
                throw DatabaseError(
                    extendedCode: SQLITE_READONLY, message: "the file cannot be written")
            }
            try check(sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds))
            sqlite3_extended_result_codes(handle, 1)
            // The first real read of the file: one that is not a database, or is another
            // program's, fails here, before anything is written to it.
            var isNew = false
            if let applicationID = options.applicationID {
                isNew = try checkApplicationID(
                    applicationID, hadWriteAheadLog: hadWriteAheadLog)
            }
            if isNew {
                isAwaitingWriteAheadLog = !isReadOnly
            } else if !isReadOnly {
                try execute("PRAGMA journal_mode = WAL")
            }
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = NORMAL")
            // After a checkpoint has folded the log back in, the next write starts it again
            // from the beginning and cuts it to 4 MiB: a large batch left a log several times
            // that size behind while another process kept the file open (a watch), which every
            // later command would carry (WriteAheadLogTests).
            try execute("PRAGMA journal_size_limit = \(Self.logSizeLimit)")
            // Statement journals (opened by every statement that fires a trigger) in memory,
            // not in temp files: faster for inserts that fire the journal and search triggers
            // (see the import and batch benchmark rows).
            try execute("PRAGMA temp_store = MEMORY")
            // Last: the statements above write nothing to the log (setting WAL on a file in
            // WAL mode does nothing), and need not wait for the lock.
            try guardAgainstWALReset(options.walResetGuard)
        } catch {
            close()
            throw error
        }
    }

    /// Turns SQLite's automatic checkpoints off and, for a connection that may write a file,
    /// takes the write lock (`WALResetGuard`), when `configuration` is on.
    private func guardAgainstWALReset(_ configuration: WALResetGuard) throws {
        guard configuration.isOn, !isImmutable, path != ":memory:", !path.isEmpty,
            !path.hasPrefix("file:")
        else { return }
        try check(sqlite3_wal_autocheckpoint(handle, 0))
        isWALResetGuarded = true
        guard !isReadOnly else { return }
        let lock = try WriteLock(databasePath: path, tracePath: configuration.tracePath)
        writeLock = lock
        // A WAL hook of our own (which replaces the automatic checkpoints' one) learns how long
        // the log is after each commit; the checkpoint follows under the lock (`endWrite`).
        let hook:
            @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32)
                -> Int32 = { context, _, _, frames in
                    if let context {
                        Unmanaged<WriteLock>.fromOpaque(context).takeUnretainedValue()
                            .framesAfterCommit = frames
                    }
                    return SQLITE_OK
                }
        _ = sqlite3_wal_hook(handle, hook, Unmanaged.passUnretained(lock).toOpaque())
    }

    deinit {
        close()
    }

    /// The size the `-wal` file is cut back to once a checkpoint has emptied it: 4 MiB, about
    /// the 1,000 pages after which SQLite checkpoints on its own.
    public static let logSizeLimit = 4 << 20

    /// Closes the connection. The last connection to close folds the `-wal` file back into the
    /// database and removes it, so the file alone holds everything. Using the connection
    /// afterwards throws; closing twice does nothing.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        statementCache.removeAll()
        interrupter.disconnect()
        guard let lock = writeLock else {
            sqlite3_close_v2(handle)
            return
        }
        _ = sqlite3_wal_hook(handle, nil, nil)
        // The last connection to close checkpoints; SQLite lets it only when no other
        // connection is open (it takes an exclusive lock on the file first), so no commit can
        // overlap it. Under the write lock too when free at once, not to wait behind a writer.
        if lock.isHeld || (try? lock.tryAcquire()) == true {
            sqlite3_close_v2(handle)
            lock.release(recording: "close")
        } else {
            sqlite3_close_v2(handle)
        }
        writeLock = nil
    }

    /// Switches a file created empty to WAL journaling, once its first schema is written.
    ///
    /// - Throws: `DatabaseError`.
    public func enableWriteAheadLogging() throws {
        guard isAwaitingWriteAheadLog else { return }
        try execute("PRAGMA journal_mode = WAL")
        isAwaitingWriteAheadLog = false
    }

    /// Makes what another thread asks of a connection safe: interrupting the statement it runs.
    public final class Interrupter: Sendable {
        /// The connection's address, so that no pointer crosses threads; nil once closed. And
        /// whether an interruption was asked for since the connection last began to wait for
        /// the write lock.
        private let state: Lock<(connection: UInt?, requested: Bool)>

        init(_ connection: OpaquePointer) {
            state = Lock(
                (UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))), false))
        }

        /// Makes the connection's running statement, if any, fail with `SQLITE_INTERRUPT` as
        /// soon as it can, and a wait for the write lock end the same way; a transaction it was
        /// in is rolled back by its owner. Safe from any thread, also once the connection is
        /// closed (it does nothing then).
        public func interrupt() {
            state.withLock { state in
                state.requested = true
                if let connection = state.connection,
                    let pointer = OpaquePointer(bitPattern: connection)
                {
                    sqlite3_interrupt(pointer)
                }
            }
        }

        /// Forgets interruptions asked for until now (before a wait begins).
        func clearRequest() {
            state.withLock { $0.requested = false }
        }

        /// Whether an interruption was asked for since `clearRequest()`.
        var isRequested: Bool { state.withLock { $0.requested } }

        func disconnect() {
            state.withLock { $0.connection = nil }
        }
    }

    /// `path` as the path part of an SQLite URI filename.
    private static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"):
                escaped += "%" + String(byte, radix: 16, uppercase: true)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return escaped
    }

    /// Refuses a file that is not `expected`'s; returns whether the file is new (empty).
    ///
    /// Never opens the file with `open(2)` itself: closing such a descriptor would drop every
    /// POSIX lock this process holds on the file, through any other connection.
    private func checkApplicationID(_ expected: Int32, hadWriteAheadLog: Bool) throws -> Bool {
        let statement = try makeStatement(
            "SELECT application_id, (SELECT count(*) FROM sqlite_schema) FROM pragma_application_id"
        )
        guard try statement.step() else { return false }
        let found = Int32(truncatingIfNeeded: statement.int64(at: 0))
        let objectCount = statement.int64(at: 1)
        statement.reset()
        var status = stat()
        let size = stat(path, &status) == 0 ? Int64(status.st_size) : 0
        if size > 0 {
            let pageSize = try makeStatement("PRAGMA page_size")
            let bytes = try pageSize.step() ? pageSize.int64(at: 0) : 0
            if bytes > 0, size % bytes != 0 {
                throw DatabaseFileError.truncated(size: size, pageSize: bytes)
            }
        }
        switch (found, objectCount) {
        case (expected, 0):
            throw DatabaseFileError.incomplete
        case (expected, _):
            return false
        case (0, 0):
            // An empty database in WAL mode whose -wal file is not beside it: how a copy of an
            // inventory written by an earlier version looks when its -wal was left behind.
            if size > 0, !hadWriteAheadLog, try isInWALMode() {
                throw DatabaseFileError.missingWriteAheadLog
            }
            return true
        default:
            throw DatabaseFileError.anotherProgram(applicationID: found)
        }
    }

    private func isInWALMode() throws -> Bool {
        let statement = try makeStatement("PRAGMA journal_mode")
        defer { statement.reset() }
        return try statement.step() && statement.text(at: 0) == "wal"
    }

    /// Creates `path` with mode 0600 if it does not exist, so the inventory is never readable by
    /// other users, not even for the moment between creation and a `chmod`.
    private static func createPrivateFileIfMissing(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            closeDescriptor(descriptor)
            return
        }
        let error = errno
        if error == EEXIST { return }
        throw DatabaseError(
            extendedCode: SQLITE_CANTOPEN,
            message: "cannot create \(path): \(String(cString: strerror(error)))")
    }

    // MARK: - Running SQL

    /// Prepares a statement that the caller owns.
    ///
    /// - Throws: `DatabaseError` when the SQL is invalid.
    public func makeStatement(_ sql: String) throws -> Statement {
        try checkOpen()
        return try Statement(database: self, sql: sql)
    }

    /// Returns a prepared statement for `sql`, preparing it once per connection.
    ///
    /// The statement is reset and its bindings cleared before it is returned.
    public func cachedStatement(_ sql: String) throws -> Statement {
        try checkOpen()
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try makeStatement(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more statements that take no arguments, discarding any rows.
    ///
    /// - Throws: `DatabaseError` from the first statement that fails.
    public func execute(_ sql: String) throws {
        try checkOpen()
        var remaining = sql[...]
        while !remaining.allSatisfy(\.isWhitespace) {
            let (handle, text, rest) = try Statement.prepareFirst(of: remaining, database: self)
            remaining = rest
            guard let handle else { continue }
            let statement = Statement(database: self, handle: handle, sql: text)
            try statement.run()
        }
    }

    /// Runs `sql` with `arguments` to completion.
    ///
    /// - Throws: `DatabaseError` when it fails.
    public func execute(_ sql: String, _ arguments: [DatabaseValue]) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        try statement.run()
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 { isOpen ? sqlite3_last_insert_rowid(handle) : 0 }

    /// How many parameters one statement may have on this connection.
    public var parameterLimit: Int {
        isOpen ? Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) : 999
    }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changedRowCount: Int { isOpen ? Int(sqlite3_changes64(handle)) : 0 }

    /// Whether a transaction is open on this connection.
    public var isInsideTransaction: Bool { isOpen && sqlite3_get_autocommit(handle) == 0 }

    // MARK: - Transactions

    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes no lock until the first read or write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, waiting up to the busy timeout for it.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Inside another transaction it runs in a savepoint, so an error rolls back only its own
    /// work. Writes should use `.immediate` (the default): taking the write lock first means a
    /// busy database is waited for instead of failing halfway.
    ///
    /// - Throws: what `body` throws, or `DatabaseError` when beginning or committing fails.
    public func transaction<Result>(
        _ kind: TransactionKind = .immediate, _ body: () throws -> Result
    ) throws -> Result {
        if isInsideTransaction {
            try execute("SAVEPOINT nested")
            do {
                let result = try body()
                try execute("RELEASE nested")
                return result
            } catch {
                try? execute("ROLLBACK TO nested")
                try? execute("RELEASE nested")
                throw error
            }
        }
        // Prepared once, not at every write, as every statement a write repeats. Taken from
        // the cache before the write lock: making it ready to run again ends the write under
        // the lock that a statement of its kind (BEGIN IMMEDIATE writes) left.
        let begin = try cachedStatement("BEGIN \(kind.rawValue)")
        if kind == .immediate { try beginWrite() }
        try begin.runOnce([])
        let result: Result
        do {
            result = try body()
            try cachedStatement("COMMIT").runOnce([])
        } catch {
            if isInsideTransaction {
                try? execute("ROLLBACK")
            }
            // SQLite may have rolled back by itself (a full disk, an interruption).
            endWriteIfOver()
            throw error
        }
        return result
    }

    // MARK: - The WAL-reset guard

    /// Takes the write lock before this connection writes, if it is guarded and does not hold
    /// it yet (`WALResetGuard`): before `BEGIN IMMEDIATE`, or the first statement that writes.
    ///
    /// - Throws: `DatabaseError`: busy past the busy timeout, or interrupted.
    func beginWrite() throws {
        guard let lock = writeLock, !lock.isHeld else { return }
        interrupter.clearRequest()
        try lock.acquire(timeoutMilliseconds: busyTimeout) { interrupter.isRequested }
    }

    /// Ends the write under the lock once no transaction is open any more: checkpoints when the
    /// log has grown past SQLite's usual threshold (or a whole database was copied in), then
    /// lets the lock go. Does nothing while a transaction is open, or without the lock.
    func endWriteIfOver() {
        guard let lock = writeLock, lock.isHeld, sqlite3_get_autocommit(handle) != 0 else {
            return
        }
        if lock.checkpointAfterWrite || lock.framesAfterCommit >= WALResetGuard.checkpointFrames {
            // PASSIVE, as SQLite's automatic checkpoint: it waits for no reader. Under the lock
            // no other connection of ours is writing to the log; a failure (a reader in the
            // way) leaves the log to the next commit, as an automatic checkpoint does.
            lock.recordCheckpoint {
                _ = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
        }
        lock.framesAfterCommit = 0
        lock.checkpointAfterWrite = false
        lock.release(recording: "write")
    }

    /// Runs `body`, which writes to the database outside `transaction` (SQLite's backup API),
    /// under the write lock, and checkpoints after it.
    func withWriteLock<Result>(_ body: () throws -> Result) throws -> Result {
        try beginWrite()
        writeLock?.checkpointAfterWrite = true
        defer { endWriteIfOver() }
        return try body()
    }

    // MARK: - Errors

    func checkOpen() throws {
        guard isOpen else {
            throw StoreError.closed
        }
    }

    /// Throws a `DatabaseError` for `result` unless it is `SQLITE_OK`.
    func check(_ result: Int32, sql: String? = nil) throws {
        guard result == SQLITE_OK else {
            throw error(for: result, sql: sql)
        }
    }

    /// The error for `result`, with the connection's current message.
    func error(for result: Int32, sql: String?) -> DatabaseError {
        DatabaseError(
            extendedCode: result, message: String(cString: sqlite3_errmsg(handle)), sql: sql,
            systemErrno: sqlite3_system_errno(handle))
    }
}

// MARK: - Change detection

extension Database {
    /// `PRAGMA data_version`: changes whenever another connection commits to the file.
    public func dataVersion() throws -> Int64 {
        let statement = try cachedStatement("PRAGMA data_version")
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : 0
    }
}

// MARK: - SQL functions

extension Database {
    /// Registers `inventory_fold(text)`: the library's case folding (`TextFolding.fold`) in SQL,
    /// so a case-insensitive filter gives the same answer in a query and in a live view.
    func registerFoldFunction() throws {
        let fold:
            @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
                {
                    context, _, arguments in
                    guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
                        let bytes = sqlite3_value_text(argument)
                    else {
                        sqlite3_result_null(context)
                        return
                    }
                    let text = String(
                        decoding: UnsafeBufferPointer(
                            start: bytes, count: Int(sqlite3_value_bytes(argument))),
                        as: UTF8.self)
                    var folded = TextFolding.fold(text)
                    folded.withUTF8 { buffer in
                        guard let base = buffer.baseAddress, !buffer.isEmpty else {
                            sqlite3_result_text(context, "", 0, csqlite_transient())
                            return
                        }
                        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                            sqlite3_result_text64(
                                context, $0, sqlite3_uint64(buffer.count), csqlite_transient(),
                                UInt8(SQLITE_UTF8))
                        }
                    }
                }
        try check(
            sqlite3_create_function_v2(
                handle, "inventory_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, fold, nil,
                nil, nil))
        // `inventory_number(text)`: the text as a number as Swift's `Double(_:)` reads it, else
        // NULL; a filter on a number field's range and its in-memory test read values alike.
        let number:
            @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
                {
                    context, _, arguments in
                    guard let argument = arguments?[0], sqlite3_value_type(argument) == SQLITE_TEXT,
                        let bytes = sqlite3_value_text(argument),
                        let value = Double(
                            String(
                                decoding: UnsafeBufferPointer(
                                    start: bytes, count: Int(sqlite3_value_bytes(argument))),
                                as: UTF8.self))
                    else {
                        sqlite3_result_null(context)
                        return
                    }
                    sqlite3_result_double(context, value)
                }
        try check(
            sqlite3_create_function_v2(
                handle, "inventory_number", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, number,
                nil, nil, nil))
    }
}

/// `close(2)`, which `Database.close()` hides inside the class.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

/// Which file a path names: its device and inode.
public struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, or nil when there is none.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
