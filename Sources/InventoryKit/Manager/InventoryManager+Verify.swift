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
    /// Checks the whole inventory: `PRAGMA integrity_check` on the database, then every
    /// stored file items use against the SHA-256 its name carries, and the photos folder for
    /// stored files no item uses. Reads only; changes nothing.
    ///
    /// - Throws: `DatabaseError` when the database cannot be read at all.
    public func verify() throws -> InventoryVerification {
        var result = InventoryVerification()
        let uses: [String: [Int64]]
        do {
            (result.databaseProblem, uses) = try withStore { store in
                (try store.items.integrityProblem(quick: false), try store.items.fileUses())
            }
        } catch let error as DatabaseError where error.storageProblem == .damaged {
            result.databaseProblem = "the database's pages are damaged"
            result.filesUnreadable = "the damaged database does not say which files items use"
            return result
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
