import Foundation
import InventoryFiles
public import InventoryKit

#if canImport(Glibc)
    import Glibc
#endif

/// A backup archive checked and unpacked beside the inventory it will replace, before
/// anything of that inventory is touched: every entry's path, kind, size and SHA-256, the
/// database's integrity and what it holds against the manifest.
///
/// `restore(into:replacing:)` then replaces the inventory; the unpacked copy is removed when
/// the value goes away (an unpacked copy left by a killed process is removed by the next one).
/// A backup unpacked by another program (an off-site copy) is checked the same way
/// (`init(unpackedIn:owning:named:)`).
public final class StagedRestore {
    /// The archive's manifest.
    public let manifest: BackupManifest
    /// The archive's path, for messages.
    public let archivePath: String
    /// Where the unpacked backup is: `manifest.json`, `inventory.sqlite` and `photos/`.
    private let folder: String
    /// The folder removed when the value goes away (`folder` or one holding it).
    private let owned: String
    private let snapshot: InventorySnapshot

    /// The largest manifest read: a manifest lists one line per stored file.
    static let maximumManifestSize: UInt64 = 64 << 20

    /// Checks the archive at `archivePath` and unpacks it into a private folder beside the
    /// inventory file `databasePath` (whose folder must exist).
    ///
    /// - Throws: `BackupError.unreadable` when it is not a zip archive at all;
    ///   `BackupError.refused` when it is not a whole backup this version can restore;
    ///   `InventoryError.cannotWrite` when it cannot be unpacked (a full disk).
    public init(archiveAt archivePath: String, besideDatabaseAt databasePath: String) throws {
        self.archivePath = archivePath
        func refused(_ reason: String) -> BackupError {
            .refused(path: archivePath, reason: reason)
        }
        var status = stat()
        guard stat(archivePath, &status) == 0 else {
            throw BackupError.unreadable(
                path: archivePath,
                reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw BackupError.unreadable(
                path: archivePath,
                reason: status.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a file")
        }
        guard access(archivePath, R_OK) == 0 else {
            throw BackupError.unreadable(path: archivePath, reason: "permission denied")
        }
        let archive: ZipReader
        do {
            archive = try ZipReader(path: archivePath)
        } catch let error as POSIXError {
            throw BackupError.unreadable(
                path: archivePath, reason: String(cString: strerror(error.code.rawValue)))
        } catch {
            throw BackupError.unreadable(
                path: archivePath, reason: "it is not a zip archive, or it is cut short")
        }
        let manifest = try Self.readManifest(of: archive, refused: refused)
        let expected = try Self.check(manifest, refused: refused)
        // Found once, by path.
        let entries = try Self.checkEntries(of: archive, against: expected, refused: refused)

        folder = try Self.privateFolder(besideDatabaseAt: databasePath)
        owned = folder
        do {
            let photos = (folder as NSString).appendingPathComponent("photos")
            guard mkdir(photos, 0o700) == 0 else {
                throw InventoryError.cannotWrite(
                    path: photos, reason: String(cString: strerror(errno)))
            }
            for entry in manifest.entries {
                let target =
                    entry.path == BackupManifest.databaseEntryName
                    ? (folder as NSString).appendingPathComponent("inventory.sqlite")
                    : (photos as NSString).appendingPathComponent(
                        String(entry.path.dropFirst(BackupManifest.filesFolder.count)))
                try Self.extract(
                    entry, from: archive, entries: entries, to: target, refused: refused)
            }
            // On the disk before the inventory names them.
            Self.syncFolder(photos)
            self.snapshot = try Self.describe(
                folder: folder, manifest: manifest, expected: expected, refused: refused)
            self.manifest = manifest
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Checks a backup another program unpacked in `folder` (inside `owned`, a folder of
    /// `privateFolder(besideDatabaseAt:)`, which the value removes when it goes away, and on
    /// failure): its manifest, every file against its size and SHA-256 (plain files only,
    /// nothing the manifest does not list), the database's integrity and what it holds.
    /// `source` names it in messages.
    ///
    /// - Throws: `BackupError.refused`; `InventoryError`.
    public init(unpackedIn folder: String, owning owned: String, named source: String) throws {
        archivePath = source
        self.folder = folder
        self.owned = owned
        func refused(_ reason: String) -> BackupError { .refused(path: source, reason: reason) }
        do {
            let manifestPath = (folder as NSString).appendingPathComponent(BackupManifest.entryName)
            guard
                let attributes = try? FileManager.default.attributesOfItem(atPath: manifestPath),
                attributes[.type] as? FileAttributeType == .typeRegular,
                (attributes[.size] as? UInt64 ?? .max) <= Self.maximumManifestSize,
                let data = FileManager.default.contents(atPath: manifestPath)
            else {
                throw refused(
                    "it is not an inventory backup (it has no \(BackupManifest.entryName))")
            }
            let manifest: BackupManifest
            do {
                manifest = try BackupManifest.decode(data)
            } catch {
                throw refused(error.description)
            }
            let expected = try Self.check(manifest, refused: refused)
            try Self.checkFiles(in: folder, against: expected, refused: refused)
            self.snapshot = try Self.describe(
                folder: folder, manifest: manifest, expected: expected, refused: refused)
            self.manifest = manifest
        } catch {
            try? FileManager.default.removeItem(atPath: owned)
            throw error
        }
    }

    /// A new folder only this user may enter, beside the inventory file `databasePath`, on the
    /// same disk (its files are moved into the photos folder, never copied); folders of
    /// restores whose process is gone are removed first.
    ///
    /// - Throws: `InventoryError.cannotWrite`.
    public static func privateFolder(besideDatabaseAt databasePath: String) throws -> String {
        let databaseFolder = (databasePath as NSString).deletingLastPathComponent
        removeLeftovers(in: databaseFolder)
        return try makeFolder(in: databaseFolder)
    }

    /// Opens the unpacked database (which migrates an earlier release's), checks it page by
    /// page, and compares what it holds with the manifest and the files unpacked.
    private static func describe(
        folder: String, manifest: BackupManifest, expected: [String: BackupManifest.Entry],
        refused: (String) -> BackupError
    ) throws -> InventorySnapshot {
        let database = (folder as NSString).appendingPathComponent("inventory.sqlite")
        let snapshot: InventorySnapshot
        do {
            snapshot = try InventoryManager.describe(databaseAt: database)
        } catch let error as MigrationError {
            if case .writtenByNewerVersion = error {
                throw refused("its inventory was made by a newer version of inventory")
            }
            throw refused("its inventory is damaged (its tables are not an inventory's)")
        } catch InventoryError.cannotOpen(_, let reason, _) {
            // The reason in words; what SQLite said about the pages is left out.
            throw refused(
                reason.isDamage
                    ? "its inventory is damaged (the integrity check failed)"
                    : "its inventory cannot be opened: \(reason)")
        }
        guard snapshot.counts == manifest.counts else {
            throw refused(
                "its inventory holds \(BackupError.phrase(snapshot.counts)), not what its "
                    + "manifest lists (\(BackupError.phrase(manifest.counts)))")
        }
        let files = Set(expected.keys.filter { $0.hasPrefix(BackupManifest.filesFolder) })
        if let missing = snapshot.files.first(where: {
            !files.contains(BackupManifest.filesFolder + $0)
        }) {
            throw refused("it lacks the stored file \(missing) that an item uses")
        }
        return snapshot
    }

    deinit {
        try? FileManager.default.removeItem(atPath: owned)
    }

    /// Replaces `manager`'s inventory with the backup: its items, claims, history and files.
    /// Close the manager afterwards.
    ///
    /// - Throws: `BackupError.notEmpty` when the inventory holds items or claims and
    ///   `replacing` is false (nothing is changed); `InventoryError`.
    public func restore(
        into manager: InventoryManager, replacing: Bool, committed: () -> Void = {}
    ) throws {
        if !replacing {
            let counts = try manager.counts()
            if counts.items > 0 || counts.claims > 0 {
                throw BackupError.notEmpty(path: manager.databasePath, counts: counts)
            }
        }
        try manager.replaceAll(
            with: snapshot, filesIn: (folder as NSString).appendingPathComponent("photos"),
            committed: committed)
    }

    // MARK: - Checking

    private static func readManifest(
        of archive: ZipReader, refused: (String) -> BackupError
    ) throws -> BackupManifest {
        guard let entry = archive[BackupManifest.entryName] else {
            throw refused("it is not an inventory backup (it has no \(BackupManifest.entryName))")
        }
        guard entry.kind == .file, entry.uncompressedSize <= maximumManifestSize else {
            throw refused("its \(BackupManifest.entryName) is not a manifest")
        }
        // At most its uncompressed size, checked above: ZipReader gives no more.
        var data = Data(capacity: Int(entry.uncompressedSize))
        do {
            try archive.extract(entry) { data.append(contentsOf: $0) }
        } catch {
            throw refused("its \(BackupManifest.entryName) cannot be read (the archive is damaged)")
        }
        do {
            return try BackupManifest.decode(data)
        } catch {
            throw refused(error.description)
        }
    }

    /// The manifest's entries by path, each checked: the database once, then stored files
    /// named by their checksum, no path twice.
    private static func check(
        _ manifest: BackupManifest, refused: (String) -> BackupError
    ) throws -> [String: BackupManifest.Entry] {
        do {
            return try manifest.checkedEntries()
        } catch {
            throw refused(error.description)
        }
    }

    /// Refuses an archive with an entry that is not a plain file with a safe path listed in
    /// the manifest, or larger than listed, and one that lacks a listed entry.
    private static func checkEntries(
        of archive: ZipReader, against expected: [String: BackupManifest.Entry],
        refused: (String) -> BackupError
    ) throws -> [String: ZipReader.Entry] {
        var seen: [String: ZipReader.Entry] = [:]
        for entry in archive.entries {
            var path = entry.path
            // A folder entry, as `zip -r` of an unpacked backup writes one: nothing to restore.
            if entry.kind == .directory, path.hasSuffix("/") {
                path.removeLast()
                let components = path.split(separator: "/", omittingEmptySubsequences: false)
                if !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"),
                    !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
                {
                    continue
                }
            }
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.contains("\\") || path.isEmpty
                || components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            {
                throw refused("it holds an entry with an unsafe path (\(printable(path)))")
            }
            guard entry.kind == .file else {
                throw refused(
                    "it holds a \(entry.kind == .link ? "link" : "folder") (\(printable(path)))")
            }
            guard seen.updateValue(entry, forKey: path) == nil else {
                throw refused("it holds \(printable(path)) twice")
            }
            if path == BackupManifest.entryName { continue }
            guard let listed = expected[path] else {
                throw refused("it holds an entry its manifest does not list (\(printable(path)))")
            }
            guard entry.uncompressedSize == UInt64(listed.size) else {
                throw refused("its entry \(path) is not the size its manifest says")
            }
        }
        if let missing = expected.keys.sorted().first(where: { seen[$0] == nil }) {
            throw refused("it lacks \(missing), which its manifest lists (is it cut short?)")
        }
        return seen
    }

    /// Refuses a folder whose files are not exactly the manifest's: a link or anything but a
    /// plain file, a file it does not list, one missing, or one whose size or SHA-256 is not
    /// the listed one (a stored file's also the one its name says).
    private static func checkFiles(
        in folder: String, against expected: [String: BackupManifest.Entry],
        refused: (String) -> BackupError
    ) throws {
        var seen: Set<String> = []
        for top in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var status = stat()
            let path = (folder as NSString).appendingPathComponent(top)
            guard lstat(path, &status) == 0 else { continue }
            if top == "photos", status.st_mode & S_IFMT == S_IFDIR {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    seen.insert(BackupManifest.filesFolder + name)
                }
            } else {
                seen.insert(top)
            }
        }
        seen.remove(BackupManifest.entryName)
        if let extra = seen.sorted().first(where: { expected[$0] == nil }) {
            throw refused("it holds a file its manifest does not list (\(printable(extra)))")
        }
        for (path, entry) in expected.sorted(by: { $0.key < $1.key }) {
            let file = (folder as NSString).appendingPathComponent(path)
            var status = stat()
            guard lstat(file, &status) == 0 else {
                throw refused("it lacks \(path), which its manifest lists")
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw refused("its \(path) is not a plain file")
            }
            guard Int64(status.st_size) == entry.size else {
                throw refused("its \(path) is not the size its manifest says")
            }
            guard let digest = SHA256.hash(ofFileAt: file) else {
                throw refused("its \(path) cannot be read")
            }
            guard digest.hexadecimal == entry.sha256 else {
                throw refused("its \(path) does not match its checksum (it is damaged)")
            }
            if path.hasPrefix(BackupManifest.filesFolder),
                !path.dropFirst(BackupManifest.filesFolder.count).hasPrefix(entry.sha256)
            {
                throw refused("its stored file \(path) is not the file its name says")
            }
        }
    }

    private static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Unpacks `entry` to `target`, checking its SHA-256 (its size is the listed one, which
    /// `checkEntries` compared with the archive's and `ZipReader` holds the bytes to).
    private static func extract(
        _ entry: BackupManifest.Entry, from archive: ZipReader, entries: [String: ZipReader.Entry],
        to target: String, refused: (String) -> BackupError
    ) throws {
        guard let zipEntry = entries[entry.path] else {
            throw refused("it lacks \(entry.path), which its manifest lists")
        }
        let descriptor = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw InventoryError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
        }
        var hash = SHA256()
        do {
            try archive.extract(zipEntry) { raw in
                hash.update(bufferPointer: raw)
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { throw WriteFailure(code: written < 0 ? errno : EIO) }
                    offset += written
                }
            }
        } catch let failure as WriteFailure {
            close(descriptor)
            throw InventoryError.cannotWrite(
                path: target, reason: String(cString: strerror(failure.code)))
        } catch {
            close(descriptor)
            throw refused("its entry \(entry.path) is damaged")
        }
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard synced, closed else {
            throw InventoryError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
        }
        let digest = hash.finalize().hexadecimal
        guard digest == entry.sha256 else {
            throw refused("its entry \(entry.path) does not match its checksum (it is damaged)")
        }
        if entry.path.hasPrefix(BackupManifest.filesFolder),
            !entry.path.dropFirst(BackupManifest.filesFolder.count).hasPrefix(digest)
        {
            throw refused("its stored file \(entry.path) is not the file its name says")
        }
    }

    private struct WriteFailure: Error {
        let code: Int32
    }

    /// A path from an archive as a message may show it: control characters escaped, cut at
    /// 100 characters.
    private static func printable(_ path: String) -> String {
        let escaped = path.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return escaped.count > 100 ? escaped.prefix(100) + "…" : escaped
    }

    // MARK: - The folder

    private static let folderPrefix = ".inventory-restore-"

    private static func makeFolder(in parent: String) throws -> String {
        let name = "\(folderPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let path = (parent as NSString).appendingPathComponent(name)
        guard mkdir(path, 0o700) == 0 else {
            let shown = parent.isEmpty ? "." : parent
            throw InventoryError.cannotWrite(
                path: shown,
                reason: errno == EACCES || errno == EROFS
                    ? "the inventory's folder cannot be written to (the inventory is read-only)"
                    : String(cString: strerror(errno)))
        }
        return path
    }

    /// Removes the folders of restores whose process is gone (killed while unpacking).
    private static func removeLeftovers(in parent: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let rest = name.dropFirst(folderPrefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }) else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(
                    atPath: (parent as NSString).appendingPathComponent(name))
            }
        }
    }
}
