import Crypto
import Foundation
import InventoryKit
import ZIPFoundation

/// Why a backup could not be made or restored, in words (never SQL).
public enum BackupError: Error, Sendable, Hashable {
    /// There is nothing to back up: the inventory's file does not exist yet.
    case noInventory(path: String)
    /// A stored file an item uses is missing from the photos folder.
    case missingFile(name: String, folder: String)
    /// The archive cannot be read: missing, not a zip file, cut short, unreadable.
    case unreadable(path: String, reason: String)
    /// The archive is a zip file, but not a backup this program can restore; nothing was
    /// changed.
    case refused(path: String, reason: String)
    /// The inventory holds items or claims and `--force` was not given.
    case notEmpty(path: String, counts: InventoryCounts)
}

extension BackupError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noInventory(let path):
            "nothing to back up: there is no inventory at \(path) yet"
        case .missingFile(let name, let folder):
            "cannot back up: the stored file \(name) that an item uses is missing from \(folder) "
                + "('inventory verify' lists such items)"
        case .unreadable(let path, let reason):
            "cannot restore \(path): \(reason)"
        case .refused(let path, let reason):
            "cannot restore \(path): \(reason); nothing was changed"
        case .notEmpty(let path, let counts):
            "\(path) holds \(BackupError.phrase(counts)); restoring replaces all of it — "
                + "add --force to replace it (make a backup of it first)"
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
        case .noInventory, .missingFile, .notEmpty: 1
        }
    }
}

/// Makes and restores backups: one zip archive holding a snapshot of the database, every
/// stored file an item uses, and a manifest with the SHA-256 of each.
public enum Backup {
    /// How the database is stored in the archive. Measured on a 100,000-item inventory
    /// (67 MB): deflate made the archive about a quarter of the size but took ~2.2 s
    /// against ~0.25 s stored as is; a backup is run often and copied elsewhere whole, so the
    /// database is stored as is, and so are pictures and PDFs, which are compressed already.
    static var databaseCompression: CompressionMethod { .none }

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
            let snapshot = try manager.snapshot(to: databaseCopy)
            let archivePath = (folder as NSString).appendingPathComponent("backup.zip")
            let written = try writeArchive(
                at: archivePath, snapshot: snapshot, photos: manager.photos,
                programVersion: programVersion, now: now, reportingAs: file.path)
            // ZIPFoundation writes through stdio and does not report a failed flush or close:
            // read the archive back, so a full disk cannot leave a cut archive in place.
            let check = try? Archive(
                url: URL(fileURLWithPath: archivePath), accessMode: .read, pathEncoding: nil)
            guard let check, check.reduce(0, { count, _ in count + 1 }) == written.entries.count + 1
            else {
                throw InventoryError.cannotWrite(
                    path: file.path,
                    reason: "the archive could not be written whole (is the disk full?)")
            }
            manifest = written
            return archivePath
        }
        return manifest!
    }

    /// Writes the archive of `snapshot` at `path` and closes it.
    private static func writeArchive(
        at path: String, snapshot: InventorySnapshot, photos: PhotoStore, programVersion: String,
        now: Date, reportingAs name: String
    ) throws -> BackupManifest {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        } catch {
            throw writeFailure(error, path: name)
        }
        var entries: [BackupManifest.Entry] = []
        entries.append(
            try addEntry(
                BackupManifest.databaseEntryName, from: snapshot.databasePath, to: archive,
                compression: databaseCompression, now: now, reportingAs: name))
        for file in snapshot.files {
            let source = photos.path(of: file)
            guard FileManager.default.fileExists(atPath: source) else {
                throw BackupError.missingFile(name: file, folder: photos.directory)
            }
            entries.append(
                try addEntry(
                    BackupManifest.filesFolder + file, from: source, to: archive,
                    compression: .none, now: now, reportingAs: name))
        }
        let manifest = BackupManifest(
            format: BackupManifest.formatName, formatVersion: BackupManifest.currentFormatVersion,
            programVersion: programVersion, createdAt: now.formatted(.iso8601),
            schemaVersion: snapshot.schemaVersion, currency: snapshot.currency.code,
            counts: snapshot.counts, entries: entries)
        let data = try manifest.encoded()
        do {
            try archive.addEntry(
                with: BackupManifest.entryName, type: .file, uncompressedSize: Int64(data.count),
                modificationDate: now, permissions: 0o600, compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
            }
        } catch {
            throw writeFailure(error, path: name)
        }
        return manifest
    }

    /// Adds the file at `source` to `archive` as `path`, reading it once: its SHA-256 is
    /// computed as ZIPFoundation reads it.
    private static func addEntry(
        _ path: String, from source: String, to archive: Archive, compression: CompressionMethod,
        now: Date, reportingAs archiveName: String
    ) throws -> BackupManifest.Entry {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw InventoryError.cannotWrite(
                path: archiveName,
                reason: "cannot read \(source): \(String(cString: strerror(errno)))")
        }
        defer { try? input.close() }
        let size = Int64((try? input.seekToEnd()) ?? 0)
        try? input.seek(toOffset: 0)
        var hash = SHA256()
        var read: Int64 = 0
        do {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: size, modificationDate: now,
                permissions: 0o600, compressionMethod: compression, bufferSize: 1 << 20
            ) { _, count in
                let chunk = try input.read(upToCount: count) ?? Data()
                hash.update(data: chunk)
                read += Int64(chunk.count)
                return chunk
            }
        } catch let error as InventoryError {
            throw error
        } catch {
            throw writeFailure(error, path: archiveName)
        }
        guard read == size else {
            throw InventoryError.cannotWrite(
                path: archiveName, reason: "\(source) changed size while it was copied")
        }
        return BackupManifest.Entry(path: path, size: size, sha256: hexadecimal(hash.finalize()))
    }

    /// A failure of ZIPFoundation while writing, in words: most often a full disk.
    private static func writeFailure(_ error: any Error, path: String) -> InventoryError {
        let code = errno
        if let posix = error as? POSIXError {
            return .cannotWrite(path: path, reason: String(cString: strerror(posix.code.rawValue)))
        }
        return .cannotWrite(
            path: path,
            reason: code != 0 ? String(cString: strerror(code)) : "the archive cannot be written")
    }

    static func hexadecimal(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
