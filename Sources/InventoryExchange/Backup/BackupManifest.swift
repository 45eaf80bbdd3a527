import Foundation
import InventoryKit

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

    /// The number of stored files.
    public var fileCount: Int { entries.count { $0.path.hasPrefix(Self.filesFolder) } }

    /// The size of every entry, in bytes.
    public var totalSize: Int64 { entries.reduce(0) { $0 + $1.size } }

    /// The manifest as the archive holds it: pretty-printed JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
