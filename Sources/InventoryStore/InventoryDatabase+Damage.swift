import CSQLite
public import InventoryModel

/// What a command learns of damage is kept in the file, so that every later write refuses it:
/// a write to a damaged b-tree can spread the damage, and one that succeeds hides it until
/// the backups too are made of the damaged file.
extension InventoryDatabase {
    /// The key of the `settings` row that records damage found in the file.
    private static let damageKey = "damaged"

    /// What an earlier command recorded of damage it met in the file, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func recordedDamage() throws -> String? {
        let statement = try database.cachedStatement("SELECT value FROM settings WHERE key = ?")
        try statement.bind(.text(Self.damageKey), at: 1)
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Records that the file is damaged (`what` was found, at `time`), so that every later
    /// write refuses it. Best effort: a file this connection cannot write, or whose settings
    /// cannot be written either, keeps nothing, and a process that is ending (its commits
    /// refused) writes nothing.
    public func recordDamage(_ what: String, at time: Timestamp) {
        guard !database.isReadOnly, !database.isInsideTransaction, commits.beginCommit() else {
            return
        }
        var committed = false
        defer { commits.endCommit(committed: committed) }
        do {
            try database.transaction(.immediate) {
                guard try recordedDamage() == nil else { return }
                try database.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?)",
                    [.text(Self.damageKey), .text("\(time): \(what)")])
            }
            committed = true
        } catch {
            // The damage is said anyway; only its record is lost.
        }
    }

    /// Forgets recorded damage: `inventory verify` found the file whole.
    ///
    /// - Throws: `DatabaseError`.
    public func clearRecordedDamage() throws {
        guard try recordedDamage() != nil else { return }
        try database.transaction(.immediate) {
            try database.execute("DELETE FROM settings WHERE key = ?", [.text(Self.damageKey)])
        }
    }

    /// The error a write of a file recorded as damaged throws.
    static func recordedDamageError(_ recorded: String) -> StoreError {
        .damaged("an earlier command found the file damaged (\(recorded))")
    }

    /// Reads every item and claim as a command would, to find a value that breaks a rule of
    /// the file where SQLite's integrity check does not look (a date that is no day, a
    /// malformed list of tags). Returns the first such problem, or nil.
    ///
    /// - Throws: `DatabaseError` other than damage.
    public func unreadableValue() throws -> String? {
        do {
            try read {
                try items.forEachItem(sortedBy: .id) { _ in }
                _ = try claims.all()
            }
            return nil
        } catch let error as any StorageFailure where error.storageProblem == .damaged {
            return error.message
        }
    }
}
