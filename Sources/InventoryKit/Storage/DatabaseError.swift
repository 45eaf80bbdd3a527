import CSQLite

/// An error reported by SQLite: its result code, its message, and the SQL that caused it.
///
/// It prints as `SQLite error 19: UNIQUE constraint failed: items.id — while executing INSERT …`.
public struct DatabaseError: Error, Sendable, Hashable {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`, …).
    public let extendedCode: Int32
    /// SQLite's own message.
    public let message: String
    /// The SQL being prepared or run, when there was one.
    public let sql: String?

    /// Creates an error from its parts.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public var code: Int32 { extendedCode & 0xFF }

    /// Whether the file is not an SQLite database (or is encrypted).
    public var isNotADatabase: Bool { code == SQLITE_NOTADB }

    /// Whether another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

// MARK: - CustomStringConvertible

extension DatabaseError: CustomStringConvertible {
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql {
            text +=
                " — while executing \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))"
        }
        return text
    }
}
