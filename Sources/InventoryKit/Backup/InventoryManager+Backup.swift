import Foundation
public import InventoryModel
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
    /// - Throws: `InventoryError.storage` (a full disk, a file found damaged, …).
    public func snapshot(to path: String) throws -> InventorySnapshot {
        // A backup of a file found damaged would carry the damage into the backups.
        if let recorded = try withStore({ store in try store.database.recordedDamage() }) {
            throw InventoryError.storage(path: databasePath, problem: .damaged, detail: recorded)
        }
        try withStore { store in try store.database.copyDatabase(toNewFileAt: path) }
        // Read only: the copy's schema is this release's, and nothing in it is written again
        // (a write would sync the whole copy to the disk).
        do {
            let database = try Database(
                path: path, options: .init(createIfMissing: false, readOnly: true))
            let store = try InventoryDatabase(database: database)
            defer { store.close() }
            // quick_check leaves out that indexes match their tables, much of the full check's
            // time (the backup's benchmark row includes it).
            if let problem = try store.integrityProblem(quick: true) {
                throw InventoryError.cannotOpen(
                    path: path, reason: .failsIntegrityCheck, detail: problem)
            }
            return InventorySnapshot(
                databasePath: path, counts: try store.counts(), files: try store.storedFileNames(),
                schemaVersion: Migrator().migrations.count, currency: store.currency)
        } catch let error as any StorageFailure {
            throw InventoryError.cannotOpen(
                path: path,
                reason: error.storageProblem == .damaged ? .failsIntegrityCheck : .unreadable,
                detail: error.description)
        }
    }

    /// Opens the inventory file at `path` (a copy, or one staged for a restore) for writing,
    /// which migrates an earlier release's schema, checks every page (`PRAGMA
    /// integrity_check`), and lists what it holds.
    ///
    /// - Throws: `InventoryError.cannotOpen` for a file that is not a whole inventory, one
    ///   from a newer release, or one that fails the integrity check.
    public static func describe(databaseAt path: String) throws -> InventorySnapshot {
        let manager = try InventoryManager(path: path, access: .write, notificationCenter: .init())
        defer { manager.close() }
        return try manager.withStore { store in
            if let problem = try store.database.integrityProblem() {
                throw InventoryError.cannotOpen(
                    path: path, reason: .failsIntegrityCheck, detail: problem)
            }
            return InventorySnapshot(
                databasePath: path, counts: try store.database.counts(),
                files: try store.database.storedFileNames(),
                schemaVersion: Migrator().migrations.count, currency: store.database.currency)
        }
    }

    /// How many items, claims and journal entries the inventory holds.
    public func counts() throws -> InventoryCounts {
        try withStore { store in try store.database.counts() }
    }

    /// Replaces the whole inventory with `snapshot` (checked with `describe`), whose stored
    /// files are in `filesFolder`: the files are moved into the photos folder first, then the
    /// database is replaced in one transaction. Stored files the old content used are kept (an
    /// earlier release's photos folder is shared with every inventory in the same folder).
    /// Interrupted before the transaction commits, the inventory is as it was: the files it
    /// added are removed, or, if the process was killed, by the next one to open the inventory
    /// (`FileStore.beginRestore(of:)` lists them first).
    ///
    /// `committed` is called once the new content is in (before the old files go).
    /// Other processes see the new content as a commit; one that was following the old
    /// content's changes is told the file was replaced (`fileReplacedNotification`). Close
    /// this manager afterwards: it keeps the currency it read when it opened.
    ///
    /// - Throws: `InventoryError.cannotWrite` when a file cannot be stored;
    ///   `InventoryError.storage` when the database cannot be written.
    public func replaceAll(
        with snapshot: InventorySnapshot, filesIn filesFolder: String,
        committed: () -> Void = {}
    ) throws {
        // what it adds is listed first, so that a restore killed before it commits leaves
        // nothing behind (`finishInterruptedRestores`)
        let added = try photos.beginRestore(of: snapshot.files) { removeUnusedFiles($0) }
        var committedContent = false
        defer {
            // Rolled back, the files it added go; those it could not check (a signal closed
            // the inventory under the restore) keep the marker, for the next process to open
            // the inventory: ending the restore anyway left them in the folder for good.
            if committedContent || removeUnusedFiles(added).isEmpty { photos.endRestore() }
        }
        for name in snapshot.files {
            try photos.adopt(name, from: (filesFolder as NSString).appendingPathComponent(name))
        }
        try withStore { store in
            // Item ids are never given twice, even across a restore: an export made before it
            // names items by id.
            let highest = try store.database.highestItemID()
            let highestClaim = try store.database.highestClaimID()
            // Share links are the household's dealings with others, not the inventory's
            // content: those of now stay as they are (revoked ones revoked, visits kept); so
            // does where the off-site copy goes.
            try store.database.shareLinks.carry(into: snapshot.databasePath)
            try store.database.settings.carryOffsite(into: snapshot.databasePath)
            // So are where reminders go, the calendar feed's address, and what was sent.
            try store.database.settings.carryReminding(into: snapshot.databasePath)
            try store.database.maintenance.carrySent(into: snapshot.databasePath)
            // And who may sign in, and how: members, their sessions, the household password.
            try store.database.members.carry(into: snapshot.databasePath)
            try store.database.replaceDatabase(withContentsOf: snapshot.databasePath)
            try store.database.keepItemIDsAbove(highest)
            try store.database.keepClaimIDsAbove(highestClaim)
            try store.queued(upTo: try store.database.journal.lastSequence())
        }
        committedContent = true
        committed()
        // The stored files the replaced content used stay: the photos folder is shared by every
        // inventory in the same folder, and a file may be another one's too.
    }
}
