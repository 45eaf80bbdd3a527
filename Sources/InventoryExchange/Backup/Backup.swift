public import Foundation
import InventoryFiles
public import InventoryKit

/// Why a backup could not be made or restored, in words (never SQL).
public enum BackupError: Error, Sendable, Hashable {
    /// There is nothing to back up: the inventory's file does not exist yet.
    case noInventory(path: String)
    /// The inventory fails the integrity check: a backup of it could not be restored.
    case damaged(path: String)
    /// A stored file an item uses is missing from the photos folder.
    case missingFile(name: String, folder: String)
    /// The archive cannot be read: missing, not a zip file, cut short, unreadable.
    case unreadable(path: String, reason: String)
    /// The archive is a zip file, but not a backup this program can restore; nothing was
    /// changed.
    case refused(path: String, reason: String)
    /// The inventory holds items or claims, and was not to be replaced.
    case notEmpty(path: String, counts: InventoryCounts)
}

extension BackupError: CustomStringConvertible {
    /// The error as a sentence for the user: what happened (what to type about it is the
    /// command line's to add).
    public var description: String {
        switch self {
        case .noInventory(let path):
            "nothing to back up: there is no inventory at \(quoted(path)) yet"
        case .damaged(let path):
            "cannot back up \(quoted(path)): it is damaged (the integrity check failed), and a backup "
                + "of it could not be restored; copy the file as it is, or restore an earlier "
                + "backup"
        case .missingFile(let name, let folder):
            "cannot back up: the stored file \(name) that an item uses is missing from "
                + quoted(folder)
        case .unreadable(let path, let reason):
            "cannot restore \(quoted(path)): \(reason); nothing was changed"
        case .refused(let path, let reason):
            "cannot restore \(quoted(path)): \(reason); nothing was changed"
        case .notEmpty(let path, let counts):
            "\(quoted(path)) holds \(BackupError.phrase(counts)); restoring replaces all of it"
        }
    }

    static func phrase(_ counts: InventoryCounts) -> String {
        func count(_ number: Int, _ noun: String) -> String {
            "\(number.formatted(.number.grouping(.automatic))) \(noun)\(number == 1 ? "" : "s")"
        }
        return counts.claims == 0
            ? count(counts.items, "item")
            : "\(count(counts.items, "item")) and \(count(counts.claims, "claim"))"
    }

    /// The exit status: 66 when the archive cannot be read, 65 for one refused, else 1.
    public var exitStatus: Int32 {
        switch self {
        case .unreadable: 66
        case .refused: 65
        case .noInventory, .damaged, .missingFile, .notEmpty: 1
        }
    }
}

/// Makes and restores backups: one zip archive holding a snapshot of the database, every
/// stored file an item uses, and a manifest with the SHA-256 of each.
public enum Backup {
    /// Writes a backup of `manager`'s inventory to `file`: a snapshot of the database taken
    /// while other processes may write (SQLite's backup API), then every stored file its
    /// items use, then the manifest. The archive is whole or absent (`OutputFile`).
    ///
    /// - Returns: the manifest written.
    /// - Throws: `BackupError`, `InventoryError`.
    public static func write(
        _ manager: InventoryManager, to file: OutputFile, programVersion: String,
        now: Date = Date()
    ) throws -> BackupManifest {
        guard FileManager.default.fileExists(atPath: manager.databasePath) else {
            throw BackupError.noInventory(path: manager.databasePath)
        }
        var manifest: BackupManifest?
        try file.write { folder in
            let databaseCopy = (folder as NSString).appendingPathComponent("snapshot.sqlite")
            let snapshot: InventorySnapshot
            do {
                snapshot = try manager.snapshot(to: databaseCopy)
            } catch InventoryError.cannotOpen(_, let reason, _) where reason.isDamage {
                throw BackupError.damaged(path: manager.databasePath)
            }
            let archivePath = (folder as NSString).appendingPathComponent("backup.zip")
            let written = try writeArchive(
                at: archivePath, snapshot: snapshot, photos: manager.photos,
                programVersion: programVersion, now: now, reportingAs: file.path)
            manifest = written
            return archivePath
        }
        return manifest!
    }

    /// Brings `folder` up to date as an unpacked backup of `manager`'s inventory, for another
    /// program to copy (an off-site copy): `inventory.sqlite` a snapshot of the database taken
    /// while other processes may write, `photos/` a hard link to every stored file its items
    /// use (a copy when the folder is on another disk), and `manifest.json`, the same manifest
    /// an archive holds (`StagedRestore(unpackedIn:owning:named:)` checks it). A stored file
    /// already there is kept as it is, so that a copier finds it unchanged; one no longer used,
    /// and anything else, is removed. The folder is made (mode 0700) when missing.
    ///
    /// - Returns: the manifest written.
    /// - Throws: `BackupError`, `InventoryError`.
    public static func stage(
        _ manager: InventoryManager, in folder: String, programVersion: String,
        now: Date = Date()
    ) throws -> BackupManifest {
        guard FileManager.default.fileExists(atPath: manager.databasePath) else {
            throw BackupError.noInventory(path: manager.databasePath)
        }
        let files = FileManager.default
        func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        func cannotWrite(_ path: String) -> InventoryError {
            InventoryError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        for made in [folder, path("photos")] where mkdir(made, 0o700) != 0 && errno != EEXIST {
            throw cannotWrite(made)
        }
        // Only what the manifest lists stays.
        for name in (try? files.contentsOfDirectory(atPath: folder)) ?? []
        where name != "photos" {
            try? files.removeItem(atPath: path(name))
        }
        let copy = path(".inventory.sqlite.new")
        let snapshot: InventorySnapshot
        do {
            snapshot = try manager.snapshot(to: copy)
        } catch InventoryError.cannotOpen(_, let reason, _) where reason.isDamage {
            throw BackupError.damaged(path: manager.databasePath)
        }
        let database = path(BackupManifest.databaseEntryName)
        guard rename(copy, database) == 0 else { throw cannotWrite(database) }
        for name in (try? files.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(".inventory.sqlite.new") {
            try? files.removeItem(atPath: path(name))
        }
        guard let databaseDigest = SHA256.hash(ofFileAt: database),
            let databaseSize = (try? files.attributesOfItem(atPath: database))?[.size] as? Int64
        else { throw cannotWrite(database) }
        var entries = [
            BackupManifest.Entry(
                path: BackupManifest.databaseEntryName, size: databaseSize,
                sha256: databaseDigest.hexadecimal)
        ]
        let wanted = Set(snapshot.files)
        let photos = path("photos")
        for name in (try? files.contentsOfDirectory(atPath: photos)) ?? []
        where !wanted.contains(name) {
            try? files.removeItem(atPath: (photos as NSString).appendingPathComponent(name))
        }
        for name in snapshot.files {
            let source = manager.photos.path(of: name)
            let target = (photos as NSString).appendingPathComponent(name)
            var original = stat()
            guard stat(source, &original) == 0 else {
                throw BackupError.missingFile(name: name, folder: manager.photos.directory)
            }
            var staged = stat()
            if lstat(target, &staged) == 0 {
                if staged.st_mode & S_IFMT == S_IFREG, staged.st_size == original.st_size {
                    entries.append(entry(for: name, size: Int64(original.st_size)))
                    continue
                }
                unlink(target)
            }
            if link(source, target) != 0 {
                // Another disk: a copy, written beside its name and renamed into place.
                let partial = target + ".partial"
                unlink(partial)
                do {
                    try files.copyItem(atPath: source, toPath: partial)
                } catch {
                    throw InventoryError.cannotWrite(path: target, reason: "\(error)")
                }
                guard rename(partial, target) == 0 else { throw cannotWrite(target) }
            }
            entries.append(entry(for: name, size: Int64(original.st_size)))
        }
        let manifest = BackupManifest(
            format: BackupManifest.formatName, formatVersion: BackupManifest.currentFormatVersion,
            programVersion: programVersion, createdAt: now.formatted(.iso8601),
            schemaVersion: snapshot.schemaVersion, currency: snapshot.currency.code,
            counts: snapshot.counts, entries: entries)
        let manifestPath = path(BackupManifest.entryName)
        do {
            try manifest.encoded().write(
                to: URL(fileURLWithPath: manifestPath), options: .atomic)
            chmod(manifestPath, 0o600)
        } catch {
            throw InventoryError.cannotWrite(path: manifestPath, reason: "\(error)")
        }
        return manifest

        /// A stored file's entry: its checksum is its name's (checked when it was stored, and
        /// by a restore against its bytes).
        func entry(for name: String, size: Int64) -> BackupManifest.Entry {
            BackupManifest.Entry(
                path: BackupManifest.filesFolder + name, size: size,
                sha256: String(name.prefix(64)))
        }
    }

    /// Writes the archive of `snapshot` at `path` and closes it.
    private static func writeArchive(
        at path: String, snapshot: InventorySnapshot, photos: FileStore, programVersion: String,
        now: Date, reportingAs name: String
    ) throws -> BackupManifest {
        var archive = try zipping { try ZipWriter(creatingAt: path, modified: now) }
        defer { archive.close() }
        var entries: [BackupManifest.Entry] = []
        func add(_ entryPath: String, from source: String) throws {
            let (size, digest) = try zipping {
                try archive.addFile(named: entryPath, from: source, method: method(of: entryPath))
            }
            entries.append(
                BackupManifest.Entry(
                    path: entryPath, size: Int64(size), sha256: digest.hexadecimal))
        }
        try add(BackupManifest.databaseEntryName, from: snapshot.databasePath)
        for file in snapshot.files {
            let source = photos.path(of: file)
            guard FileManager.default.fileExists(atPath: source) else {
                throw BackupError.missingFile(name: file, folder: photos.directory)
            }
            try add(BackupManifest.filesFolder + file, from: source)
        }
        let manifest = BackupManifest(
            format: BackupManifest.formatName, formatVersion: BackupManifest.currentFormatVersion,
            programVersion: programVersion, createdAt: now.formatted(.iso8601),
            schemaVersion: snapshot.schemaVersion, currency: snapshot.currency.code,
            counts: snapshot.counts, entries: entries)
        let data = try manifest.encoded()
        try zipping {
            try archive.addData(named: BackupManifest.entryName, [UInt8](data), method: .deflated)
        }
        try zipping { try archive.finish() }
        return manifest

        /// Runs `body`, turning the writer's errors into words about the archive `name`.
        func zipping<Result>(_ body: () throws -> Result) throws -> Result {
            do {
                return try body()
            } catch ZipWriterError.system(let code) {
                throw InventoryError.cannotWrite(
                    path: name, reason: String(cString: strerror(code)))
            } catch ZipWriterError.unreadable(let source, let code) {
                throw InventoryError.cannotWrite(
                    path: name, reason: "cannot read \(source): \(String(cString: strerror(code)))")
            } catch ZipWriterError.changed(let source) {
                throw InventoryError.cannotWrite(
                    path: name, reason: "\(source) changed while it was copied; try again")
            }
        }
    }

    /// How an entry is kept: photos and documents of the kinds stored are compressed already
    /// (deflating them again costs time and saves nothing), while the database, text and any
    /// other file are deflated.
    static func method(of entryPath: String) -> ZipWriter.Method {
        guard entryPath.hasPrefix(BackupManifest.filesFolder) else { return .deflated }
        let kind = FileStore.Kind(rawValue: (entryPath as NSString).pathExtension.lowercased())
        return kind == nil ? .deflated : .stored
    }
}
