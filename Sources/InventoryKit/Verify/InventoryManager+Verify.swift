import Foundation
import InventoryModel
import InventoryStore

/// What `InventoryManager.verify()` found: the database's integrity and every stored file
/// checked against its checksum.
public struct InventoryVerification: Sendable, Hashable {
    /// A stored file and the items that use it.
    public struct FileUse: Sendable, Hashable {
        /// The stored file's name (`<sha256>.<ext>`).
        public let file: String
        /// The items that use it, ascending.
        public let itemIDs: [Int64]
    }

    /// The first problem SQLite's `integrity_check` named, or nil when the database is whole.
    public var databaseProblem: String?
    /// Why the stored files could not be listed (the database's damage hid them), if so.
    public var filesUnreadable: String?
    /// How many stored files items use.
    public var usedFiles = 0
    /// Files some item uses that are not in the photos folder.
    public var missing: [FileUse] = []
    /// Files some item uses whose content no longer matches their checksum (cut short,
    /// changed, bit-rotted).
    public var damaged: [FileUse] = []
    /// Stored files in the photos folder that no item of this inventory uses.
    public var unused: [String] = []
    /// What an earlier command had recorded of damage that this check no longer finds (the
    /// record is gone: writes are allowed again), or nil.
    public var clearedDamageRecord: String?

    /// Findings of nothing wrong, to fill in.
    public init() {}

    /// Whether nothing is wrong.
    public var isSound: Bool {
        databaseProblem == nil && filesUnreadable == nil && missing.isEmpty && damaged.isEmpty
            && unused.isEmpty
    }

    /// How many things are wrong.
    public var problemCount: Int {
        (databaseProblem == nil ? 0 : 1) + (filesUnreadable == nil ? 0 : 1) + missing.count
            + damaged.count + unused.count
    }
}

extension InventoryManager {
    /// Checks the whole inventory: `PRAGMA integrity_check` on the database and every item and
    /// claim read back, then every stored file items use against the SHA-256 its name carries,
    /// and the photos folder for stored files no item uses. Damage found is recorded in the
    /// file (later writes refuse it), and a record of damage an earlier command made that
    /// this check no longer finds is cleared; nothing else changes.
    ///
    /// - Throws: `InventoryError.storage` when the database cannot be read at all (not because
    ///   it is damaged: that is a finding).
    public func verify() throws -> InventoryVerification {
        var result = InventoryVerification()
        let now = Timestamp(clock())
        func storage(_ error: any StorageFailure) -> InventoryError {
            .storage(path: databasePath, problem: error.storageProblem, detail: error.description)
        }
        do {
            (result.databaseProblem, result.clearedDamageRecord) = try store.withLock { store in
                let database = store.database
                if let problem = try database.integrityProblem(quick: false)
                    ?? database.unreadableValue()
                {
                    database.recordDamage(problem, at: now)
                    return (problem, nil)
                }
                guard let recorded = try database.recordedDamage() else { return (nil, nil) }
                try? database.clearRecordedDamage()
                return (nil, try database.recordedDamage() == nil ? recorded : nil)
            }
        } catch let error as any StorageFailure where error.storageProblem == .damaged {
            store.withLock { $0.database.recordDamage(error.message, at: now) }
            result.databaseProblem = "the database's pages are damaged"
        } catch let error as any StorageFailure {
            throw storage(error)
        }
        let uses: [String: [Int64]]
        do {
            uses = try store.withLock { try $0.database.fileUses() }
        } catch let error as any StorageFailure where error.storageProblem == .damaged {
            result.databaseProblem = result.databaseProblem ?? "the database's pages are damaged"
            result.filesUnreadable = "the damaged database does not say which files items use"
            return result
        } catch let error as any StorageFailure {
            throw storage(error)
        }
        result.usedFiles = uses.count
        for (file, itemIDs) in uses.sorted(by: { $0.key < $1.key }) {
            let use = InventoryVerification.FileUse(file: file, itemIDs: itemIDs)
            if access(photos.path(of: file), F_OK) != 0 {
                result.missing.append(use)
            } else if !photos.holdsItsName(file) {
                result.damaged.append(use)
            }
        }
        result.unused = photos.storedNames().filter { uses[$0] == nil }
        return result
    }
}
