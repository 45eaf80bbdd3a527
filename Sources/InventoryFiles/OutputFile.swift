import Foundation
import InventoryModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written for the user — an export, a report, a backup — with the guarantees every
/// such file has:
///
/// - It is never one of the inventory's own files (the database, its `-wal`, `-shm` and
///   `-journal` files, the photos folder), whatever path leads there: a link, `..`, another
///   spelling, a hard link.
/// - An existing file is replaced only when `replacing` is set; a file that appears meanwhile
///   is not overwritten either.
/// - It is whole or absent: written beside the target under a temporary name, synced, then
///   renamed into place, so a full disk or a crash leaves the old file (or none), never half
///   of the new one. A new file is private (0600); a replaced one keeps its permissions.
///
/// A device or a pipe (`/dev/stdout`, a FIFO) is written directly.
public struct OutputFile: Sendable {
    /// The path as the user gave it, for messages.
    public let path: String
    /// Where the bytes go: `path` with every link followed, in a folder that exists.
    let target: String
    let replacing: Bool
    /// Where a file made for a device or a pipe is made first: the system's temporary folder,
    /// which only the command line knows (`$TMPDIR`); `/tmp` unless it says otherwise.
    public var temporaryFolder = "/tmp"

    /// Checks that `path` may be written.
    ///
    /// - Parameters:
    ///   - path: the file to write.
    ///   - replacing: whether an existing file may be replaced.
    ///   - files: the inventory's own files, which are never written.
    /// - Throws: `InventoryError.cannotWrite` when the path leads to the inventory's files, to
    ///   a folder, or into a folder that does not exist; `InventoryError.outputExists` for an
    ///   existing file without `replacing`.
    public init(path: String, replacing: Bool, protecting files: ProtectedFiles) throws {
        func refuse(_ reason: String) -> InventoryError { .cannotWrite(path: path, reason: reason) }
        guard !path.isEmpty else { throw refuse("no file was named") }
        self.path = path
        self.replacing = replacing
        target = try Self.resolve(path, refuse)
        if files.owns(target) {
            throw refuse("it is one of the inventory's own files; choose another name")
        }
        var status = stat()
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("it is a folder")
            case S_IFREG:
                guard replacing else {
                    throw InventoryError.outputExists(path: path, isFolder: false)
                }
            default: break
            }
        }
    }

    /// Writes `bytes` as the whole content of the file.
    ///
    /// - Throws: `InventoryError.cannotWrite` with the system's reason (no space left, …);
    ///   the target is then as it was.
    public func write(_ bytes: some Collection<UInt8>) throws {
        try write { emit in try emit(Array(bytes)) }
    }

    /// Writes what `produce` passes to its `emit`, piece by piece, as the whole content of
    /// the file: an export of any size without holding it whole. Until `produce` returns,
    /// the file is the temporary one beside the target; if `produce` throws, that one is
    /// removed and the target stays as it was.
    ///
    /// - Throws: what `produce` throws, or `InventoryError.cannotWrite` with the system's
    ///   reason (no space left, …); the target is then as it was.
    public func write(_ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void) throws {
        func failure(_ code: Int32) -> InventoryError {
            .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            // A device or a pipe: there is nothing to replace.
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(errno) }
            defer { close(descriptor) }
            try produce { bytes in
                if let code = Self.writeAll(bytes, to: descriptor) { throw failure(code) }
            }
            return
        }
        if exists, !replacing {
            throw InventoryError.outputExists(path: path, isFolder: false)
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        Self.removeLeftovers(in: folder, name: name)
        let temporary =
            (folder as NSString).appendingPathComponent(
                ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
        let descriptor = open(
            temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(errno) }
        var code: Int32?
        do {
            try produce { bytes in
                if let failed = Self.writeAll(bytes, to: descriptor) {
                    code = failed
                    throw failure(failed)
                }
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if let code {
            close(descriptor)
            unlink(temporary)
            throw failure(code)
        }
        try finish(
            temporary, descriptor: descriptor, mode: exists ? status.st_mode & 0o7777 : nil,
            in: folder)
    }

    /// Makes the written file `temporary` (open as `descriptor`, which this closes) the
    /// target: its mode, synced, renamed (or linked) into place, the folder synced. On a
    /// failure, `temporary` is removed.
    private func finish(
        _ temporary: String, descriptor: Int32, mode: mode_t?, in folder: String
    ) throws {
        var code: Int32?
        if let mode { fchmod(descriptor, mode) }
        if fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == nil { code = errno }
        if code == nil { code = Self.place(temporary, at: target, replacing: replacing) }
        if let code {
            unlink(temporary)
            if code == EEXIST {
                throw InventoryError.outputExists(path: path, isFolder: false)
            }
            throw InventoryError.cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes the file that `produce` makes, for a library that writes a file itself (a zip
    /// archive seeks back into what it wrote): `produce` gets a private folder (0700) beside
    /// the target, which it may also use for scratch files, and returns the path of the file
    /// it made there; that file becomes the target (0600, even in place of a file with another
    /// mode) as
    /// `write(_:)` places its own, and the folder is removed. A device or a pipe gets the
    /// file's bytes, made in a private folder in `temporaryFolder`.
    ///
    /// - Throws: what `produce` throws, or `InventoryError.cannotWrite`; the target is then as
    ///   it was.
    public func write(producingFileIn produce: (_ folder: String) throws -> String) throws {
        func failure(_ code: Int32) -> InventoryError {
            .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        var status = stat()
        let exists = stat(target, &status) == 0
        let isDevice = exists && status.st_mode & S_IFMT != S_IFREG
        if exists, !isDevice, !replacing {
            throw InventoryError.outputExists(path: path, isFolder: false)
        }
        let parent =
            isDevice
            ? temporaryFolder
            : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        if !isDevice { Self.removeLeftovers(in: parent, name: name) }
        var template = Array(
            (parent as NSString).appendingPathComponent(".\(name).\(getpid()).XXXXXX.partial")
                .utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            makePrivateFolder(buffer.baseAddress!, suffixLength: 8)
        }
        guard made else { throw failure(errno) }
        let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let produced = try produce(folder)
        if isDevice {
            guard let input = FileHandle(forReadingAtPath: produced) else { throw failure(errno) }
            defer { try? input.close() }
            try write { emit in
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try emit([UInt8](chunk))
                }
            }
            return
        }
        let descriptor = open(produced, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        // Private whatever it replaces: what a library makes here is an archive of everything.
        try finish(produced, descriptor: descriptor, mode: 0o600, in: parent)
    }

    /// Removes what an earlier write of the same target left when its process was killed
    /// before it could clean up: `.NAME.PID.*.partial` files and folders beside the target
    /// whose process is gone.
    static func removeLeftovers(in folder: String, name: String) {
        let prefix = ".\(name)."
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".partial") {
            let rest = entry.dropFirst(prefix.count).split(separator: ".")
            guard let pid = rest.first.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(
                    atPath: (folder as NSString).appendingPathComponent(entry))
            }
        }
    }

    /// Moves the finished temporary file to `target`: a rename when replacing; otherwise a
    /// hard link, which fails if a file appeared there meanwhile, then the temporary name is
    /// removed. Returns the `errno` of a failure.
    private static func place(_ temporary: String, at target: String, replacing: Bool) -> Int32? {
        if replacing {
            return rename(temporary, target) == 0 ? nil : errno
        }
        if link(temporary, target) == 0 {
            unlink(temporary)
            return nil
        }
        let code = errno
        guard code == EPERM || code == EOPNOTSUPP || code == EXDEV else { return code }
        // A file system without hard links: check, then rename.
        if access(target, F_OK) == 0 { return EEXIST }
        return rename(temporary, target) == 0 ? nil : errno
    }

    /// Writes every byte, retrying short writes; returns the `errno` of a failure.
    private static func writeAll(_ buffer: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        return buffer.withUnsafeBytes { raw -> Int32? in
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }

    /// `path` made absolute, with every symbolic link followed (also one that points at a
    /// file that does not exist yet), in its real folder.
    static func resolve(_ path: String, _ refuse: (String) -> InventoryError) throws -> String {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
            status.st_mode & S_IFMT != S_IFDIR
        {
            // A device or a pipe, such as /dev/stdout, whose link may lead to no path at all.
            return path
        }
        var current =
            path.hasPrefix("/")
            ? path
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        for _ in 0..<40 {
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
            guard
                let destination = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: current)
            else { break }
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(destination)
        }
        let name = (current as NSString).lastPathComponent
        let folder = (current as NSString).deletingLastPathComponent
        guard let realFolder = realPath(folder.isEmpty ? "/" : folder) else {
            throw refuse("the folder \(folder) does not exist")
        }
        if name == "." || name == ".." || name == "/" {
            return realPath(current) ?? current
        }
        return (realFolder as NSString).appendingPathComponent(name)
    }
}

/// The files that make up an inventory, which nothing but the inventory itself may write.
public struct ProtectedFiles: Sendable {
    /// The database file and its `-wal`, `-shm` and `-journal` files, resolved.
    let databaseFiles: [String]
    /// The folders of stored photos and files, resolved.
    let storeFolders: [String]

    /// The files of the inventory at `databasePath`, whose stored files are in `folder` (and
    /// `otherFolders`: the shared folder an earlier release used).
    public init(databasePath: String, storeFolder folder: String, otherFolders: [String] = []) {
        let database = (try? OutputFile.resolve(databasePath) { _ in .missingName }) ?? databasePath
        databaseFiles = ["", "-wal", "-shm", "-journal"].map { database + $0 }
        storeFolders = ([folder] + otherFolders).map {
            (try? OutputFile.resolve($0) { _ in .missingName }) ?? $0
        }
    }

    /// Whether `path` (resolved) is one of these files, or inside the store's folder, or
    /// another name (a hard link) of one of them.
    func owns(_ path: String) -> Bool {
        ownsItself(path)
    }

    /// Whether `path` (resolved) is a folder that holds one of these files.
    func holdsOwnFiles(in path: String) -> Bool {
        (databaseFiles + storeFolders).contains { $0.hasPrefix(path + "/") }
    }

    private func ownsItself(_ path: String) -> Bool {
        if databaseFiles.contains(path)
            || storeFolders.contains(where: { path == $0 || path.hasPrefix($0 + "/") })
        {
            return true
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return databaseFiles.contains { file in
            var own = stat()
            return stat(file, &own) == 0 && own.st_dev == status.st_dev
                && own.st_ino == status.st_ino
        }
    }
}

/// The canonical path of an existing file or folder, or nil.
private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// `write(2)`, which `OutputFile.write(_:)` hides inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `mkdtemp(3)` for a template whose six X's are followed by `suffixLength` more characters.
func makePrivateFolder(_ template: UnsafeMutablePointer<CChar>, suffixLength: Int) -> Bool {
    let length = strlen(template)
    let start = length - suffixLength - 6
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    for _ in 0..<100 {
        for offset in 0..<6 {
            template[start + offset] = CChar(alphabet.randomElement()!)
        }
        if mkdir(template, 0o700) == 0 { return true }
        if errno != EEXIST { return false }
    }
    return false
}
