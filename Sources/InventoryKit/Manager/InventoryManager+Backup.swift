import Foundation
import InventoryModel
import InventoryStore

/// What a backup copied: the database as of one moment, and the stored files its items use.
public struct InventorySnapshot: Sendable, Hashable {
    /// The copy of the database.
    public let databasePath: String
    /// How many items, claims and journal entries the copy holds.
    public let counts: InventoryCounts
    /// The stored files the copy's items use, by name (`<sha256>.<ext>`).
    public let files: [String]
    /// The number of schema migrations the copy has.
    public let schemaVersion: Int
    /// The inventory's currency.
    public let currency: Currency
}

extension InventoryManager {
    /// Copies the database, as it is at one moment, into a new file at `path`, while other
    /// processes may go on writing, and lists what the copy holds. The stored files are not
    /// copied: `photos.path(of:)` gives each one's path, and a stored file never changes
    /// (its name is its checksum).
    ///
    /// - Throws: `InventoryError.storage` (a full disk, …).
    public func snapshot(to path: String) throws -> InventorySnapshot {
        try withStore { store in try store.items.copyDatabase(toNewFileAt: path) }
        return try Self.describe(databaseAt: path, checkingIntegrity: false)
    }

    /// Opens the inventory file at `path` (a copy, or one staged for a restore) for writing,
    /// which migrates an earlier release's schema, checks it (with `checkingIntegrity`, every
    /// page: `PRAGMA integrity_check`), and lists what it holds.
    ///
    /// - Throws: `InventoryError.cannotOpen` for a file that is not a whole inventory, one
    ///   from a newer release, or one that fails the integrity check.
    public static func describe(
        databaseAt path: String, checkingIntegrity: Bool = true
    ) throws -> InventorySnapshot {
        let manager = try InventoryManager(path: path, access: .write, notificationCenter: .init())
        defer { manager.close() }
        return try manager.withStore { store in
            if checkingIntegrity, let problem = try store.items.integrityProblem() {
                throw InventoryError.cannotOpen(
                    path: path, reason: "it is damaged (\(problem))", detail: nil)
            }
            return InventorySnapshot(
                databasePath: path, counts: try store.items.counts(),
                files: try store.items.storedFileNames(),
                schemaVersion: Migrator().migrations.count, currency: store.items.currency)
        }
    }

    /// How many items, claims and journal entries the inventory holds.
    public func counts() throws -> InventoryCounts {
        try withStore { store in try store.items.counts() }
    }

    /// Replaces the whole inventory with `snapshot` (checked with `describe`), whose stored
    /// files are in `filesFolder`: the files are moved into the photos folder first, then the
    /// database is replaced in one transaction, then the stored files the new content does not
    /// use are deleted. Interrupted before the transaction commits, the inventory is as it was
    /// (with at most some extra stored files that no item uses).
    ///
    /// Other processes see the new content as a commit; one that was following the old
    /// content's changes is told the file was replaced (`fileReplacedNotification`). Close
    /// this manager afterwards: it keeps the currency it read when it opened.
    ///
    /// - Throws: `InventoryError.cannotWrite` when a file cannot be stored;
    ///   `InventoryError.storage` when the database cannot be written.
    public func replaceAll(with snapshot: InventorySnapshot, filesIn filesFolder: String) throws {
        for name in snapshot.files {
            try photos.adopt(name, from: (filesFolder as NSString).appendingPathComponent(name))
        }
        try withStore { store in
            try store.items.replaceDatabase(withContentsOf: snapshot.databasePath)
            store.lastQueued = try store.items.lastJournalSequence()
            store.lastQueuedMark = try store.items.journalMark(at: store.lastQueued)
        }
        let kept = Set(snapshot.files)
        for name in photos.storedNames() where !kept.contains(name) {
            photos.remove(name)
        }
    }
}
