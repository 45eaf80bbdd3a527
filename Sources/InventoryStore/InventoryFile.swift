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
        func refuse(_ reason: OpenFailure, _ detail: (any Error)? = nil) -> InventoryError {
            .cannotOpen(path: path, reason: reason, detail: detail.map { "\($0)" })
        }
        guard !path.isEmpty else { throw refuse(.noPath) }
        var status = stat()
        let exists = stat(path, &status) == 0
        if !exists {
            switch errno {
            case ENOENT:
                guard mode == .write else { throw refuse(.noInventory) }
                try checkFolder(of: path, refuse)
            case EACCES: throw refuse(.pathDenied)
            case ENOTDIR: throw refuse(.pathThroughFile)
            default: throw refuse(.system(String(cString: strerror(errno))))
            }
        } else {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw refuse(.folder)
            default: throw refuse(.notRegularFile)
            }
            if status.st_size == 0, mode == .read {
                throw refuse(.empty)
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
                throw refuse(.cutShort(size: size, pageSize: pageSize))
            case .incomplete: throw refuse(.noTables)
            case .missingWriteAheadLog: throw refuse(.missingWriteAheadLog)
            case .anotherProgram(let id):
                throw InventoryError.cannotOpen(
                    path: path, reason: .notAnInventory,
                    detail: "the file belongs to another program (application id \(id))")
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

    /// Why opening `path` failed with `error`.
    private static func reason(for error: DatabaseError, path: String, access mode: InventoryAccess)
        -> OpenFailure
    {
        // A file that could not grow because the disk is full reads as an I/O error to SQLite.
        if error.storageProblem == .diskFull { return .diskFull }
        switch error.code {
        case SQLITE_NOTADB: return .notAnInventory
        case SQLITE_CORRUPT: return .damaged
        case SQLITE_READONLY: return mode == .write ? .cannotWriteFileOrFolder : .readsOnlyByWriting
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_FULL: return .diskFull
        case SQLITE_PERM, SQLITE_AUTH: return .permissionDenied
        case SQLITE_IOERR: return .inputOutput
        case SQLITE_CANTOPEN:
            let folder = (path as NSString).deletingLastPathComponent
            if access(path, R_OK) != 0, access(path, F_OK) == 0 { return .notAllowedToRead }
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                return .noFolder(folder)
            }
            if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
                return .folderNotWritable(folder.isEmpty ? "." : folder)
            }
            return .unopenable
        default: return .sqlite(code: error.code)
        }
    }

    /// Refuses to create an inventory in a folder that does not exist or cannot be written.
    private static func checkFolder(
        of path: String, _ refuse: (OpenFailure, (any Error)?) -> InventoryError
    ) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let shown = folder.isEmpty ? "." : folder
        var status = stat()
        guard stat(shown, &status) == 0 else {
            throw refuse(.noFolder(folder), nil)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw refuse(.notAFolder(folder), nil)
        }
        guard access(shown, W_OK | X_OK) == 0 else {
            throw refuse(.folderNotWritable(shown), nil)
        }
    }
}
