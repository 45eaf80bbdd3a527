import CSQLite
import Foundation
import InventoryModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a command uses the inventory file.
public enum InventoryAccess: Sendable, Hashable {
    /// Reads only: the file must exist and is never created. Another user's inventory, or one
    /// that cannot be written, is read without writing anything, and without leaving a `-wal`
    /// or `-shm` file beside it that would stop its owner from writing.
    case read
    /// Reads and writes: the file is created (mode 0600) when it does not exist.
    case write
}

/// Opens the SQLite file of an inventory, refusing in the user's words what cannot be one: a
/// folder, a device, another program's file, a damaged or incomplete one.
package enum InventoryFile {
    /// Opens the inventory at `path` for `access`, guarded against SQLite's WAL-reset bug as
    /// `walResetGuard` says.
    ///
    /// - Throws: `InventoryError.cannotOpen` naming the file and what is wrong with it.
    package static func open(
        path: String, access mode: InventoryAccess,
        walResetGuard: WALResetGuard = WALResetGuard()
    ) throws -> Database {
        func refuse(_ reason: String, _ detail: (any Error)? = nil) -> InventoryError {
            .cannotOpen(path: path, reason: reason, detail: detail.map { "\($0)" })
        }
        guard !path.isEmpty else { throw refuse("no file was named") }
        var status = stat()
        let exists = stat(path, &status) == 0
        if !exists {
            switch errno {
            case ENOENT:
                guard mode == .write else { throw refuse("there is no inventory at this path") }
                try checkFolder(of: path, refuse)
            case EACCES: throw refuse("permission to reach it was denied")
            case ENOTDIR: throw refuse("a part of the path is not a folder")
            default: throw refuse(String(cString: strerror(errno)))
            }
        } else {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw refuse("it is a folder")
            default: throw refuse("it is not a regular file")
            }
            if status.st_size == 0, mode == .read {
                throw refuse("the file is empty: there is no inventory in it yet")
            }
        }
        var options = Database.Options(
            createIfMissing: mode == .write, applicationID: Database.inventoryApplicationID,
            walResetGuard: walResetGuard)
        if mode == .read, exists {
            let user = geteuid()
            let isOwner = user == 0 || status.st_uid == user
            let folder = (path as NSString).deletingLastPathComponent
            let writable =
                access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
            if !isOwner || !writable {
                options.readOnly = true
                // Nobody has the file open (its -shm would be there): read it as it is, so that
                // SQLite leaves no -wal or -shm behind (of this user's, which its owner could
                // not use, or in a folder it may not write).
                options.immutable = access(path + "-shm", F_OK) != 0
            }
        }
        let database: Database
        do {
            do {
                database = try Database(path: path, options: options)
            } catch let error as DatabaseError
                where error.storageProblem == .diskFull && mode == .read && !options.immutable
                && Self.holdsEverything(path)
            {
                // No room for the -shm file a connection needs, but nothing in a -wal either:
                // the file alone is the whole inventory, and it can be read as it is.
                options.readOnly = true
                options.immutable = true
                database = try Database(path: path, options: options)
            }
        } catch let error as DatabaseFileError {
            switch error {
            case .truncated(let size, let pageSize):
                throw refuse(
                    "it is damaged: it was cut short (\(size) bytes is not a whole number of "
                        + "\(pageSize)-byte pages); restore it from a backup")
            case .incomplete:
                throw refuse(
                    "it is damaged: it is marked as an inventory but holds no tables; restore it "
                        + "from a backup")
            case .missingWriteAheadLog:
                throw refuse(
                    "it holds no data of its own: it looks like a copy of an inventory's .sqlite "
                        + "file made without its -wal file beside it; copy both files (or close "
                        + "every inventory command on the original first, which folds the -wal "
                        + "file back in)")
            }
        } catch let error as DatabaseError {
            throw refuse(reason(for: error, path: path, access: mode), error)
        }
        return database
    }

    /// Whether the database file at `path` holds every commit: no `-wal` file, or an empty one.
    private static func holdsEverything(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) != 0 || status.st_size == 0
    }

    /// The reason in words for a `DatabaseError` met while opening `path`.
    private static func reason(for error: DatabaseError, path: String, access mode: InventoryAccess)
        -> String
    {
        // A file that could not grow because the disk is full reads as an I/O error to SQLite.
        if error.storageProblem == .diskFull { return "the disk is full" }
        switch error.code {
        case SQLITE_NOTADB: return "it is not an inventory database"
        case SQLITE_CORRUPT:
            return
                "it is damaged; restore it from a backup ('inventory restore FILE'; 'inventory "
                + "verify' says more)"
        case SQLITE_READONLY:
            return mode == .write
                ? "the inventory is read-only (the file or its folder cannot be written)"
                : "it cannot be read without writing to it"
        case SQLITE_BUSY, SQLITE_LOCKED: return "another process kept it locked; try again"
        case SQLITE_FULL: return "the disk is full"
        case SQLITE_PERM, SQLITE_AUTH: return "permission denied"
        case SQLITE_IOERR: return "it cannot be read (an input/output error)"
        case SQLITE_CANTOPEN:
            let folder = (path as NSString).deletingLastPathComponent
            if access(path, R_OK) != 0, access(path, F_OK) == 0 {
                return "you are not allowed to read it"
            }
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                return "the folder \(folder) does not exist"
            }
            if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
                return "the folder \(folder.isEmpty ? "." : folder) cannot be written to"
            }
            return "it cannot be opened"
        default:
            return "it cannot be opened (SQLite error \(error.code); --verbose shows more)"
        }
    }

    /// Refuses to create an inventory in a folder that does not exist or cannot be written.
    private static func checkFolder(
        of path: String, _ refuse: (String, (any Error)?) -> InventoryError
    ) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let shown = folder.isEmpty ? "." : folder
        var status = stat()
        guard stat(shown, &status) == 0 else {
            throw refuse("the folder \(folder) does not exist", nil)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("\(folder) is not a folder", nil)
        }
        guard access(shown, W_OK | X_OK) == 0 else {
            throw refuse("the folder \(shown) cannot be written to", nil)
        }
    }
}
