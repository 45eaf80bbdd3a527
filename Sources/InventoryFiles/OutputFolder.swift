import Foundation
import InventoryModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder written for the user — a report with its photos — with `OutputFile`'s guarantees:
///
/// - It is never one of the inventory's own files, nor a folder that holds them.
/// - It is whole or absent: made in a private folder beside the target, every file synced,
///   then renamed into place.
/// - An existing folder is replaced only when `replacing` is set, and only if it holds
///   nothing but what such a folder holds (`entries`), so `--force` never deletes a folder of
///   the user's by mistake.
/// - It is private (0700): the report of a household's belongings is nobody else's business.
public struct OutputFolder: Sendable {
    /// The path as the user gave it, for messages.
    public let path: String
    /// Where the folder goes: `path` with every link followed, in a folder that exists.
    let target: String
    let replacing: Bool
    /// The names a folder of this kind holds at its top; one the user made holds others.
    let entries: Set<String>

    /// Checks that `path` may be written.
    ///
    /// - Parameters:
    ///   - path: the folder to write.
    ///   - replacing: whether an existing folder may be replaced (`--force`).
    ///   - entries: what a folder of this kind holds at its top (`report.html`, `files`); an
    ///     existing folder holding anything else is never replaced.
    ///   - files: the inventory's own files, which are never written.
    /// - Throws: `InventoryError.cannotWrite` when the path may not be written;
    ///   `InventoryError.outputExists` for an existing folder without `replacing`.
    public init(
        path: String, replacing: Bool, entries: Set<String>, protecting files: ProtectedFiles
    )
        throws
    {
        func refuse(_ reason: String) -> InventoryError { .cannotWrite(path: path, reason: reason) }
        guard !path.isEmpty else { throw refuse("no folder was named") }
        self.path = path
        self.replacing = replacing
        self.entries = entries
        target = try OutputFile.resolve(path, refuse)
        if files.owns(target) || files.holdsOwnFiles(in: target) {
            throw refuse("it holds the inventory's own files; choose another name")
        }
        var status = stat()
        guard lstat(target, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("it exists and is not a folder")
        }
        guard replacing else { throw InventoryError.outputExists(path: path, isFolder: true) }
        guard isReplaceable() else {
            throw refuse("the folder holds files of yours; choose another name")
        }
    }

    /// Whether the folder at the target holds only what a folder of this kind holds: at its
    /// top, regular files and folders named in `entries`; in those folders, only regular files
    /// with a stored file's name (a report's photos). Anything else is the user's.
    private func isReplaceable() -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: target),
            Set(names).isSubset(of: entries)
        else { return false }
        for name in names {
            let path = (target as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0 else { return false }
            switch status.st_mode & S_IFMT {
            case S_IFREG: continue
            case S_IFDIR:
                guard let inside = try? FileManager.default.contentsOfDirectory(atPath: path)
                else { return false }
                for file in inside {
                    var fileStatus = stat()
                    guard StoredFileName.isValid(file),
                        lstat((path as NSString).appendingPathComponent(file), &fileStatus) == 0,
                        fileStatus.st_mode & S_IFMT == S_IFREG
                    else { return false }
                }
            default: return false
            }
        }
        return true
    }

    /// Makes the folder: `produce` fills a private folder beside the target, which then
    /// becomes the target (replacing the old one, if allowed).
    ///
    /// - Throws: what `produce` throws, or `InventoryError.cannotWrite` with the system's
    ///   reason (no space left, …); the target is then as it was.
    public func write(_ produce: (_ folder: String) throws -> Void) throws {
        func failure(_ code: Int32) -> InventoryError {
            .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        OutputFile.removeLeftovers(in: parent, name: name)
        func temporaryName(_ kind: String) -> [CChar] {
            Array(
                (parent as NSString).appendingPathComponent(".\(name).\(getpid()).XXXXXX.\(kind)")
                    .utf8CString)
        }
        var template = temporaryName("partial")
        let made = template.withUnsafeMutableBufferPointer { buffer in
            makePrivateFolder(buffer.baseAddress!, suffixLength: 8)
        }
        guard made else { throw failure(errno) }
        let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var placed = false
        defer { if !placed { try? FileManager.default.removeItem(atPath: folder) } }
        try produce(folder)
        if let code = Self.syncTree(folder) { throw failure(code) }

        var status = stat()
        if lstat(target, &status) == 0 {
            guard replacing, status.st_mode & S_IFMT == S_IFDIR, isReplaceable() else {
                throw InventoryError.outputExists(path: path, isFolder: true)
            }
            // the old one moves aside, the new one in, the old one goes
            let aside = (parent as NSString).appendingPathComponent(
                ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
            guard rename(target, aside) == 0 else { throw failure(errno) }
            guard rename(folder, target) == 0 else {
                let code = errno
                rename(aside, target)
                throw failure(code)
            }
            placed = true
            try? FileManager.default.removeItem(atPath: aside)
        } else {
            // a folder that appeared meanwhile is not replaced (unless empty: nothing lost)
            guard rename(folder, target) == 0 else {
                let code = errno
                if code == ENOTEMPTY || code == EEXIST {
                    throw InventoryError.outputExists(path: path, isFolder: true)
                }
                throw failure(code)
            }
            placed = true
        }
        let parentDescriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parentDescriptor >= 0 {
            fsync(parentDescriptor)
            close(parentDescriptor)
        }
    }

    /// Syncs every file and folder under `folder` to the disk; the `errno` of a failure. A
    /// file with other names (a hard link to a stored photo) is on the disk already: only
    /// the folder that names it is synced.
    private static func syncTree(_ folder: String) -> Int32? {
        var paths = [folder]
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            while let relative = enumerator.nextObject() as? String {
                paths.append((folder as NSString).appendingPathComponent(relative))
            }
        }
        for path in paths.reversed() {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
                continue
            }
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return errno }
            defer { close(descriptor) }
            if fsync(descriptor) != 0 { return errno }
        }
        return nil
    }
}
