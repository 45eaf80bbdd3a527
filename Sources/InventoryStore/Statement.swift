import CSQLite
import InventoryModel

/// A prepared statement: prepared in `init`, finalized in `deinit`.
///
/// Bind arguments with `bind(_:)`, then `step()` through the rows, reading columns with the
/// typed accessors, or `run()` a statement that returns no rows.
public final class Statement {
    /// The SQL this statement was prepared from.
    public let sql: String
    let handle: OpaquePointer
    private unowned let database: Database
    /// Whether the statement may change the database (`sqlite3_stmt_readonly`): run on a
    /// connection guarded against the WAL-reset bug, it takes the write lock first.
    private let writes: Bool

    /// Prepares `sql` (exactly one statement) on `database`.
    ///
    /// - Throws: `DatabaseError` when the SQL is invalid or holds no statement, or more than one.
    public init(database: Database, sql: String) throws {
        let (handle, text, rest) = try Self.prepareFirst(of: sql[...], database: database)
        guard let handle else {
            throw DatabaseError(extendedCode: SQLITE_MISUSE, message: "no statement", sql: sql)
        }
        guard rest.allSatisfy(\.isWhitespace) else {
            sqlite3_finalize(handle)
            throw DatabaseError(
                extendedCode: SQLITE_MISUSE, message: "more than one statement", sql: sql)
        }
        self.database = database
        self.handle = handle
        self.sql = text
        writes = sqlite3_stmt_readonly(handle) == 0
    }

    init(database: Database, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
        writes = sqlite3_stmt_readonly(handle) == 0
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Prepares the first statement of `sql`, returning its handle (nil for a comment or
    /// blank), its text, and the text after it.
    static func prepareFirst(
        of sql: Substring, database: Database
    ) throws -> (OpaquePointer?, String, Substring) {
        var text = String(sql)
        return try text.withUTF8 { buffer -> (OpaquePointer?, String, Substring) in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return (nil, "", "") }
            return try base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let result = sqlite3_prepare_v3(
                    database.handle, start, Int32(buffer.count), 0, &statement, &tail)
                let consumed = tail.map { start.distance(to: $0) } ?? buffer.count
                let statementText = trimmed(String(decoding: buffer[..<consumed], as: UTF8.self))
                guard result == SQLITE_OK else {
                    sqlite3_finalize(statement)
                    // On error the tail stops where parsing did: report the whole text.
                    throw database.error(
                        for: result, sql: trimmed(String(decoding: buffer, as: UTF8.self)))
                }
                let rest = Substring(String(decoding: buffer[consumed...], as: UTF8.self))
                return (statement, statementText, rest)
            }
        }
    }

    /// `text` without the blanks and semicolons around it. By bytes: padding in SQL is ASCII,
    /// and trimming by grapheme, for every statement prepared, slowed every short command.
    private static func trimmed(_ text: String) -> String {
        func isPadding(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) || byte == UInt8(ascii: ";")
        }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isPadding($0) }),
            let last = utf8.lastIndex(where: { !isPadding($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    // MARK: - Binding

    /// Clears the bindings and replaces them with `arguments`, in order.
    ///
    /// - Throws: `DatabaseError` when there are more arguments than parameters.
    public func bind(_ arguments: [DatabaseValue]) throws {
        sqlite3_clear_bindings(handle)
        for (offset, value) in arguments.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `value` to the parameter at `index` (1-based).
    ///
    /// - Throws: `DatabaseError` when the index is out of range.
    public func bind(_ value: DatabaseValue, at index: Int32) throws {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, index, integer)
        case .real(let double):
            result = sqlite3_bind_double(handle, index, double)
        case .text(let string):
            try bind(text: string, at: index)
            return
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                    sqlite3_uint64(buffer.count), csqlite_transient())
            }
        }
        try database.check(result, sql: sql)
    }

    /// Binds `text` (NULL for nil) to the parameter at `index` (1-based), without building a
    /// value.
    public func bind(text: String?, at index: Int32) throws {
        guard var string = text else {
            try database.check(sqlite3_bind_null(handle, index), sql: sql)
            return
        }
        let result = string.withUTF8 { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                // A NULL pointer would bind NULL; an empty text needs a real pointer.
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text64(
                    handle, index, $0, sqlite3_uint64(buffer.count), csqlite_transient(),
                    UInt8(SQLITE_UTF8))
            }
        }
        try database.check(result, sql: sql)
    }

    /// Binds `integer` (NULL for nil) to the parameter at `index` (1-based).
    public func bind(integer: Int64?, at index: Int32) throws {
        guard let integer else {
            try database.check(sqlite3_bind_null(handle, index), sql: sql)
            return
        }
        try bind(integer, at: index)
    }

    /// Binds an integer to the parameter at `index` (1-based), without building a value.
    public func bind(_ integer: Int64, at index: Int32) throws {
        try database.check(sqlite3_bind_int64(handle, index, integer), sql: sql)
    }

    // MARK: - Running

    /// Runs one step: returns true when a row is ready to read, false when done.
    ///
    /// - Throws: `DatabaseError` when the step fails (constraint, busy, I/O…).
    @discardableResult
    public func step() throws -> Bool {
        if writes { try database.beginWrite() }
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            database.endWriteIfOver()
            return false
        case let result:
            let error = database.error(for: result, sql: sql)
            sqlite3_reset(handle)
            database.endWriteIfOver()
            throw error
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    ///
    /// - Throws: `DatabaseError` when a step fails.
    public func run() throws {
        while try step() {}
    }

    /// Binds `arguments`, runs the statement to its end, and resets it.
    ///
    /// - Throws: `DatabaseError`.
    public func runOnce(_ arguments: [DatabaseValue]) throws {
        defer { reset() }
        try bind(arguments)
        try run()
    }

    /// Makes the statement ready to run again; the bindings are cleared.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        // A write left before its end commits (or rolls back) here.
        if writes { database.endWriteIfOver() }
    }

    // MARK: - Reading the current row

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of the result column at `index`.
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// Whether the column at `index` (0-based) is NULL.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at `index` as an integer (0 for NULL).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The column at `index` as an integer, or nil for NULL.
    public func optionalInt64(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(handle, index)
    }

    /// The column at `index` as a double (0 for NULL).
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column at `index` as a boolean (any non-zero integer is true).
    public func bool(at index: Int32) -> Bool {
        sqlite3_column_int64(handle, index) != 0
    }

    /// The column at `index` as text ("" for NULL).
    public func text(at index: Int32) -> String {
        optionalText(at: index) ?? ""
    }

    /// The column at `index` as text, or nil for NULL.
    public func optionalText(at index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// `body` applied to the bytes of the column at `index` as text (valid until the next
    /// step), or nil for NULL: for values read without making a string first.
    public func withOptionalBytes<Result>(
        at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The column at `index` as a value of any storage class.
    public func value(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(text(at: index))
        case SQLITE_BLOB:
            .blob(
                Array(
                    UnsafeRawBufferPointer(
                        start: sqlite3_column_blob(handle, index),
                        count: Int(sqlite3_column_bytes(handle, index)))))
        default: .null
        }
    }
}
