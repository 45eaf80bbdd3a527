public import Foundation
public import InventoryKit

/// The `manifest.json` of a backup archive: what made it, what it holds, and the size and
/// SHA-256 of every other entry, which `restore` checks before it touches anything.
public struct BackupManifest: Codable, Sendable, Hashable {
    /// What every backup's manifest says in `format`.
    public static let formatName = "inventory-backup"
    /// The version of the archive's layout this program writes and reads.
    public static let currentFormatVersion = 1
    /// The manifest's name in the archive.
    public static let entryName = "manifest.json"
    /// The database's name in the archive.
    public static let databaseEntryName = "inventory.sqlite"
    /// The folder of stored files in the archive.
    public static let filesFolder = "photos/"

    /// One entry of the archive other than the manifest.
    public struct Entry: Codable, Sendable, Hashable {
        /// Its path in the archive.
        public var path: String
        /// Its size in bytes, uncompressed.
        public var size: Int64
        /// The SHA-256 of its bytes, in lowercase hexadecimal.
        public var sha256: String
    }

    /// Always `formatName`.
    public var format: String
    /// The layout's version (`currentFormatVersion` when written by this program).
    public var formatVersion: Int
    /// The version of the program that wrote it.
    public var programVersion: String
    /// When it was written (RFC 3339, UTC).
    public var createdAt: String
    /// How many schema migrations the database has.
    public var schemaVersion: Int
    /// The inventory's currency.
    public var currency: String
    /// How many items, claims and journal entries the database holds.
    public var counts: InventoryCounts
    /// Every other entry: the database first, then the stored files.
    public var entries: [Entry]

    /// The largest entry a manifest may list: 1 TiB (a stored file is at most 50 MB, and the
    /// database of the largest household is far smaller).
    public static let maximumEntrySize: Int64 = 1 << 40

    /// Why a manifest is refused, as a sentence about the archive ("it …", "its …").
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// It is not JSON of a manifest of ours.
        case notAManifest
        /// A newer version wrote it, in a layout this one does not read.
        case newer(programVersion: String, formatVersion: Int)
        /// Its JSON is a manifest's, but a field cannot be read.
        case unreadable
        /// It lists a path or a size no backup of ours holds.
        case impossibleEntry(String)
        /// It lists no database.
        case noDatabase

        /// The sentence about the archive.
        public var description: String {
            switch self {
            case .notAManifest: "it is not an inventory backup (its manifest is not one)"
            case .newer(let program, let version):
                "it was made by a newer version of inventory (\(program), backup format "
                    + "\(version)); this version reads format \(BackupManifest.currentFormatVersion): "
                    + "install the newer one to restore it"
            case .unreadable: "its manifest cannot be read (the archive is damaged)"
            case .impossibleEntry(let path):
                "its manifest lists an entry it cannot hold (\(path))"
            case .noDatabase: "its manifest lists no \(BackupManifest.databaseEntryName)"
            }
        }
    }

    /// Reads a manifest from its JSON: the format and version first (a newer archive may have
    /// another shape), then the whole.
    ///
    /// - Throws: `Problem`.
    public static func decode(_ data: Data) throws(Problem) -> BackupManifest {
        struct Header: Decodable {
            var format: String?
            var formatVersion: Int?
            var programVersion: String?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data),
            header.format == formatName, let version = header.formatVersion
        else { throw .notAManifest }
        guard version <= currentFormatVersion else {
            throw .newer(programVersion: header.programVersion ?? "?", formatVersion: version)
        }
        guard let manifest = try? JSONDecoder().decode(BackupManifest.self, from: data) else {
            throw .unreadable
        }
        return manifest
    }

    /// The entries by path, each checked: the database once, then stored files named by
    /// their checksum, each size between 0 and `maximumEntrySize`, no path twice.
    ///
    /// - Throws: `Problem`.
    public func checkedEntries() throws(Problem) -> [String: Entry] {
        var checked: [String: Entry] = [:]
        for entry in entries {
            let isDatabase = entry.path == Self.databaseEntryName
            let isFile =
                entry.path.hasPrefix(Self.filesFolder)
                && StoredFileName.isValid(entry.path.dropFirst(Self.filesFolder.count))
            guard isDatabase || isFile, (0...Self.maximumEntrySize).contains(entry.size),
                entry.sha256.utf8.count == 64,
                checked.updateValue(entry, forKey: entry.path) == nil
            else { throw .impossibleEntry(entry.path) }
        }
        guard checked[Self.databaseEntryName] != nil else { throw .noDatabase }
        return checked
    }

    /// The number of stored files.
    public var fileCount: Int { entries.count { $0.path.hasPrefix(Self.filesFolder) } }

    /// The size of every entry, in bytes.
    public var totalSize: Int64 {
        entries.reduce(0) { total, entry in
            let (sum, overflow) = total.addingReportingOverflow(max(0, entry.size))
            return overflow ? .max : sum
        }
    }

    /// The manifest as the archive holds it: pretty-printed JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
