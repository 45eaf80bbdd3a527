import CSQLite
import Foundation
public import InventoryModel

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
    /// The operating system's error number behind an input/output error (`ENOSPC`, …), or 0.
    public let systemErrno: Int32

    /// Creates an error from its parts.
    public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
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
    /// SQLite's result code and message, and the statement that failed when known.
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if systemErrno != 0 {
            text += " (extended code \(extendedCode), \(String(cString: strerror(systemErrno))))"
        }
        if let sql {
            text +=
                " — while executing \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))"
        }
        return text
    }
}

/// A file that opens as an SQLite database but cannot be the application's, found before
/// anything is written to it.
public enum DatabaseFileError: Error, Sendable, Hashable {
    /// The file carries the application's id but has no tables: it was cut short, or copied
    /// while its data was still in its `-wal` file.
    case incomplete
    /// An empty database in WAL mode without its `-wal` file beside it: a copy of the `.sqlite`
    /// file alone, made while the data was still in the `-wal` file.
    case missingWriteAheadLog
    /// The file is not a whole number of pages long: it was cut short.
    case truncated(size: Int64, pageSize: Int64)
    /// The file is another program's SQLite database (its application id is not ours).
    case anotherProgram(applicationID: Int32)
}

extension DatabaseError {
    /// What the error means for a user of the inventory.
    public var storageProblem: StorageProblem {
        switch code {
        case SQLITE_CORRUPT, SQLITE_NOTADB: .damaged
        case SQLITE_READONLY: .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_FULL: .diskFull
        // A file that cannot grow (the -shm file of a new connection, a journal) because the
        // disk is full is an input/output error to SQLite; to the user, the disk is full.
        case SQLITE_IOERR where systemErrno == ENOSPC || systemErrno == EDQUOT: .diskFull
        case SQLITE_CANTOPEN where systemErrno == ENOSPC || systemErrno == EDQUOT: .diskFull
        case SQLITE_IOERR, SQLITE_CANTOPEN: .inputOutput
        case SQLITE_INTERRUPT: .interrupted
        default: .other(code: code)
        }
    }
}
