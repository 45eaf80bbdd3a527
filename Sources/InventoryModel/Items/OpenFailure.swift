/// Why an inventory file could not be opened: a value to branch on (`failure == .damaged`,
/// `failure.isDamage`), and a sentence that says what happened (its `description`).
///
/// It says nothing of what to type about it: the command line, `browse` and the server each
/// add that in their own terms.
public struct OpenFailure: Sendable, Hashable {
    private enum Reason: Sendable, Hashable {
        case noPath, noInventory, pathDenied, pathThroughFile, folder, notRegularFile, empty
        case system(String)
        case damaged, cutShort(size: Int64, pageSize: Int64), noTables, failsIntegrityCheck
        case missingWriteAheadLog, notAnInventory
        case readOnly, cannotWriteFileOrFolder, readsOnlyByWriting
        case busy, diskFull, inputOutput, interrupted, permissionDenied, notAllowedToRead
        case noFolder(String), folderNotWritable(String), notAFolder(String)
        case unopenable, unreadable, sqlite(code: Int32), replaced
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    // MARK: - The path

    /// No path was given.
    public static var noPath: Self { .init(.noPath) }
    /// Nothing is at the path, and the file is only read.
    public static var noInventory: Self { .init(.noInventory) }
    /// A folder on the way to the file may not be searched.
    public static var pathDenied: Self { .init(.pathDenied) }
    /// A part of the path is a file, not a folder.
    public static var pathThroughFile: Self { .init(.pathThroughFile) }
    /// The path names a folder.
    public static var folder: Self { .init(.folder) }
    /// The path names a device, a pipe or a socket.
    public static var notRegularFile: Self { .init(.notRegularFile) }
    /// The file is empty, and the file is only read.
    public static var empty: Self { .init(.empty) }
    /// The system refused the path, in its own words (`strerror`).
    public static func system(_ message: String) -> Self { .init(.system(message)) }
    /// The folder that would hold a new file does not exist.
    public static func noFolder(_ folder: String) -> Self { .init(.noFolder(folder)) }
    /// The folder that would hold a new file (or its `-wal`) cannot be written.
    public static func folderNotWritable(_ folder: String) -> Self {
        .init(.folderNotWritable(folder))
    }
    /// What would hold a new file is not a folder.
    public static func notAFolder(_ path: String) -> Self { .init(.notAFolder(path)) }

    // MARK: - The content

    /// SQLite found the file's pages damaged.
    public static var damaged: Self { .init(.damaged) }
    /// The file is not a whole number of pages long: it was cut short.
    public static func cutShort(size: Int64, pageSize: Int64) -> Self {
        .init(.cutShort(size: size, pageSize: pageSize))
    }
    /// The file is marked as an inventory but holds no tables.
    public static var noTables: Self { .init(.noTables) }
    /// The file opens, but fails SQLite's integrity check.
    public static var failsIntegrityCheck: Self { .init(.failsIntegrityCheck) }
    /// An empty database whose data is still in a `-wal` file that is not beside it.
    public static var missingWriteAheadLog: Self { .init(.missingWriteAheadLog) }
    /// The file is not an SQLite database, or another program's.
    public static var notAnInventory: Self { .init(.notAnInventory) }

    // MARK: - Using it

    /// The inventory cannot be written.
    public static var readOnly: Self { .init(.readOnly) }
    /// The file or its folder cannot be written, and it is opened to be written.
    public static var cannotWriteFileOrFolder: Self { .init(.cannotWriteFileOrFolder) }
    /// It can only be read by writing to it (a `-wal` file to fold back in).
    public static var readsOnlyByWriting: Self { .init(.readsOnlyByWriting) }
    /// Another process held its lock for longer than the wait.
    public static var busy: Self { .init(.busy) }
    /// The disk is full.
    public static var diskFull: Self { .init(.diskFull) }
    /// The system could not read or write it.
    public static var inputOutput: Self { .init(.inputOutput) }
    /// Opening it was interrupted (by a signal).
    public static var interrupted: Self { .init(.interrupted) }
    /// SQLite was denied access.
    public static var permissionDenied: Self { .init(.permissionDenied) }
    /// The file exists, but this user may not read it.
    public static var notAllowedToRead: Self { .init(.notAllowedToRead) }
    /// SQLite cannot open it, for no reason it gives.
    public static var unopenable: Self { .init(.unopenable) }
    /// It opened, but what it holds cannot be read.
    public static var unreadable: Self { .init(.unreadable) }
    /// SQLite refused with a result code that says nothing more to a user.
    public static func sqlite(code: Int32) -> Self { .init(.sqlite(code: code)) }
    /// Another process replaced the file (a restore) since this one opened it.
    public static var replaced: Self { .init(.replaced) }

    // MARK: - Branching

    /// Whether the file's content is damaged (cut short, without its tables, its pages or
    /// its integrity): what a backup is restored for.
    public var isDamage: Bool {
        switch reason {
        case .damaged, .cutShort, .noTables, .failsIntegrityCheck: true
        default: false
        }
    }

    /// What was found damaged, as a clause (`it was cut short (…)`); nil when the file is
    /// not damaged.
    public var damageFound: String? {
        switch reason {
        case .damaged: "its pages are damaged"
        case .cutShort(let size, let pageSize):
            "it was cut short (\(size) bytes is not a whole number of \(pageSize)-byte pages)"
        case .noTables: "it is marked as an inventory but holds no tables"
        case .failsIntegrityCheck: "the integrity check failed"
        default: nil
        }
    }

    /// SQLite's result code, when the failure is only that.
    public var sqliteCode: Int32? {
        if case .sqlite(let code) = reason { code } else { nil }
    }
}

// MARK: - CustomStringConvertible

extension OpenFailure: CustomStringConvertible {
    /// What happened, as a clause about the file (`it is a folder`).
    public var description: String {
        switch reason {
        case .noPath: "no file was named"
        case .noInventory: "there is no inventory at this path"
        case .pathDenied: "permission to reach it was denied"
        case .pathThroughFile: "a part of the path is not a folder"
        case .folder: "it is a folder"
        case .notRegularFile: "it is not a regular file"
        case .empty: "the file is empty: there is no inventory in it yet"
        case .system(let message): message
        case .noFolder(let folder): "the folder \(folder) does not exist"
        case .folderNotWritable(let folder): "the folder \(folder) cannot be written to"
        case .notAFolder(let path): "\(path) is not a folder"
        case .damaged: "it is damaged"
        case .cutShort, .noTables: "it is damaged: \(damageFound ?? "")"
        case .failsIntegrityCheck: "it is damaged (the integrity check failed)"
        case .missingWriteAheadLog:
            "it holds no data of its own: it looks like a copy of an inventory's .sqlite file "
                + "made without its -wal file beside it"
        case .notAnInventory: "it is not an inventory database"
        case .readOnly: "the inventory is read-only"
        case .cannotWriteFileOrFolder:
            "the inventory is read-only (the file or its folder cannot be written)"
        case .readsOnlyByWriting: "it cannot be read without writing to it"
        case .busy: "another process kept it locked; try again"
        case .diskFull: "the disk is full"
        case .inputOutput: "it cannot be read (an input/output error)"
        case .interrupted: "interrupted"
        case .permissionDenied: "permission denied"
        case .notAllowedToRead: "you are not allowed to read it"
        case .unopenable: "it cannot be opened"
        case .unreadable: "it cannot be read"
        case .sqlite(let code): "it cannot be opened (SQLite error \(code))"
        case .replaced:
            "it was replaced (restored from a backup) since it was opened; nothing was written: "
                + "open it again"
        }
    }
}
