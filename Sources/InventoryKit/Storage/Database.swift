import CSQLite

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
        /// anything is written to it.
        public var applicationID: Int32?

        /// Creates options: by default a 5 s busy timeout, create if missing, any application.
        public init(
            busyTimeoutMilliseconds: Int32 = 5_000, createIfMissing: Bool = true,
            applicationID: Int32? = nil
        ) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.createIfMissing = createIfMissing
            self.applicationID = applicationID
        }
    }

    /// The application id an inventory file carries in its header: "INVT".
    public static let inventoryApplicationID: Int32 = 0x494E_5654

    /// The file this connection is open on.
    public let path: String
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]

    /// Opens (or creates) the database file at `path`.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened or is not an SQLite database.
    public init(path: String, options: Options = Options()) throws {
        self.path = path
        if options.createIfMissing {
            try Self.createPrivateFileIfMissing(path)
        }
        var connection: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | (options.createIfMissing ? SQLITE_OPEN_CREATE : 0)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let result = sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            // The connection is closed even when opening fails.
            sqlite3_close_v2(connection)
            throw DatabaseError(
                extendedCode: result, message: message ?? String(cString: sqlite3_errstr(result)))
        }
        handle = connection
        do {
            try check(sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds))
            sqlite3_extended_result_codes(handle, 1)
            // The first real read of the file: one that is not a database, or is another
            // program's, fails here, before anything is written to it.
            if let applicationID = options.applicationID {
                try checkApplicationID(applicationID)
            }
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = NORMAL")
            // Statement journals (opened by every statement that fires a trigger) in memory,
            // not in temp files: measured 20–30% faster inserting 100,000 items one statement
            // at a time with the journal and search triggers.
            try execute("PRAGMA temp_store = MEMORY")
        } catch {
            statementCache.removeAll()
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    private func checkApplicationID(_ expected: Int32) throws {
        let statement = try makeStatement(
            "SELECT application_id, (SELECT count(*) FROM sqlite_schema) FROM pragma_application_id"
        )
        guard try statement.step() else { return }
        let found = Int32(truncatingIfNeeded: statement.int64(at: 0))
        let objectCount = statement.int64(at: 1)
        statement.reset()
        if found == expected || (found == 0 && objectCount == 0) { return }
        throw DatabaseError(
            extendedCode: SQLITE_NOTADB,
            message: "the file belongs to another program (application id \(found))")
    }

    /// Creates `path` with mode 0600 if it does not exist, so the inventory is never readable by
    /// other users, not even for the moment between creation and a `chmod`.
    private static func createPrivateFileIfMissing(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
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
        try Statement(database: self, sql: sql)
    }

    /// Returns a prepared statement for `sql`, preparing it once per connection.
    ///
    /// The statement is reset and its bindings cleared before it is returned.
    public func cachedStatement(_ sql: String) throws -> Statement {
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
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changedRowCount: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open on this connection.
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

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
        try execute("BEGIN \(kind.rawValue)")
        let result: Result
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            if isInsideTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
        return result
    }

    // MARK: - Errors

    /// Throws a `DatabaseError` for `result` unless it is `SQLITE_OK`.
    func check(_ result: Int32, sql: String? = nil) throws {
        guard result == SQLITE_OK else {
            throw error(for: result, sql: sql)
        }
    }

    /// The error for `result`, with the connection's current message.
    func error(for result: Int32, sql: String?) -> DatabaseError {
        DatabaseError(
            extendedCode: result, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
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
    }
}
