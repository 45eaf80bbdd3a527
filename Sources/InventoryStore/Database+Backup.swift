import CSQLite
import InventoryModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-database copies through SQLite's online backup API: a backup taken while other
/// processes write, and a restore that replaces the content in one transaction.
extension Database {
    /// Copies the database, as it is at one moment, into a new file at `path`: every page of
    /// one read transaction, so writers in other processes go on meanwhile and the copy holds
    /// either all of a write or none of it. The copy is private (0600), in rollback-journal
    /// mode, and not synced to the disk (a scratch file: sync what it becomes).
    ///
    /// - Throws: `InventoryError.outputExists` when the file exists; `DatabaseError` (the
    ///   disk is full, …).
    public func copy(toNewFileAt path: String) throws {
        try checkOpen()
        guard access(path, F_OK) != 0 else {
            throw InventoryError.outputExists(path: path, isFolder: false)
        }
        var destination: OpaquePointer?
        let opened = sqlite3_open_v2(
            path, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
            nil)
        defer { sqlite3_close_v2(destination) }
        guard opened == SQLITE_OK, let destination else {
            throw DatabaseError(
                extendedCode: opened, message: String(cString: sqlite3_errstr(opened)))
        }
        // SQLite creates the file empty on the first write: private before any byte is in it.
        let created = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        if created >= 0 {
            fchmod(created, 0o600)
            _ = Self.systemClose(created)
        }
        // A scratch copy: nothing to sync (whoever keeps it syncs what it becomes), and no
        // journal while it is written.
        for pragma in ["PRAGMA synchronous = OFF", "PRAGMA journal_mode = OFF"] {
            guard sqlite3_exec(destination, pragma, nil, nil, nil) == SQLITE_OK else {
                throw DatabaseError(
                    extendedCode: sqlite3_extended_errcode(destination),
                    message: String(cString: sqlite3_errmsg(destination)))
            }
        }
        try Self.runBackup(from: handle, to: destination, errorsOn: destination)
        // The copied first page says WAL, as the source's does: the copy is whole in itself,
        // so it says rollback journal instead (it then opens anywhere, even read-only).
        for pragma in ["PRAGMA journal_mode = DELETE", "PRAGMA synchronous = OFF"] {
            guard sqlite3_exec(destination, pragma, nil, nil, nil) == SQLITE_OK else {
                throw DatabaseError(
                    extendedCode: sqlite3_extended_errcode(destination),
                    message: String(cString: sqlite3_errmsg(destination)))
            }
        }
    }

    /// Replaces everything in this database with the content of the database file at
    /// `sourcePath`, in one write transaction: other connections see the old content or the
    /// new, and an interrupted replacement leaves the old content whole.
    ///
    /// - Throws: `DatabaseError` (busy, the disk is full, page sizes that differ in WAL mode…).
    public func replaceContents(withDatabaseAt sourcePath: String) throws {
        try checkOpen()
        var source: OpaquePointer?
        let opened = sqlite3_open_v2(
            sourcePath, &source, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite3_close_v2(source) }
        guard opened == SQLITE_OK, let source else {
            throw DatabaseError(
                extendedCode: opened, message: String(cString: sqlite3_errstr(opened)))
        }
        // A write of every page through SQLite's pager, as a commit: under the write lock.
        try withWriteLock { try Self.runBackup(from: source, to: handle, errorsOn: handle) }
    }

    /// Copies every page of `source`'s main database into `destination`'s in one step,
    /// retrying while another connection holds a lock (for about as long as the busy timeout).
    private static func runBackup(
        from source: OpaquePointer, to destination: OpaquePointer, errorsOn errors: OpaquePointer
    ) throws {
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            let code = sqlite3_extended_errcode(errors)
            throw DatabaseError(
                extendedCode: code, message: String(cString: sqlite3_errmsg(errors)))
        }
        var result = SQLITE_OK
        var waited = 0
        repeat {
            result = sqlite3_backup_step(backup, -1)
            if result == SQLITE_BUSY || result == SQLITE_LOCKED {
                guard waited < 5_000 else { break }
                usleep(10_000)
                waited += 10
            }
        } while result == SQLITE_OK || result == SQLITE_BUSY || result == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        if result != SQLITE_DONE {
            throw DatabaseError(
                extendedCode: result, message: String(cString: sqlite3_errstr(result)))
        }
        if finished != SQLITE_OK {
            throw DatabaseError(
                extendedCode: sqlite3_extended_errcode(errors),
                message: String(cString: sqlite3_errmsg(errors)))
        }
    }

    private static func systemClose(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    /// Runs `PRAGMA integrity_check` (`quick`: `quick_check`) and the foreign key check: nil
    /// when the file is whole, else the first problem SQLite names.
    public func integrityProblem(quick: Bool = false) throws -> String? {
        let statement = try makeStatement("PRAGMA \(quick ? "quick_check" : "integrity_check")(1)")
        guard try statement.step() else { return "the integrity check said nothing" }
        let verdict = statement.optionalText(at: 0) ?? ""
        if verdict != "ok" { return verdict }
        let foreign = try makeStatement("PRAGMA foreign_key_check")
        if try foreign.step() {
            return "a row of \(foreign.optionalText(at: 0) ?? "a table") refers to a missing one"
        }
        return nil
    }
}
