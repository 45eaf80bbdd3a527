import CSQLite
public import InventoryModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inventory's database: its one connection, migrated when opened, its transactions, and
/// a type per table over that connection with the SQL of its table (`items`, `journal`,
/// `claims`, `settings`, `shareLinks`, `importRefs`, `importedPlaces`, `places`, `labels`,
/// `maintenance`, `customFields`, `templates`, `members`, and `amounts`, a query across them).
///
/// An `InventoryDatabase` migrates its database when it is created and reads the inventory's
/// currency. It does not validate: the manager hands it values that are already valid.
public final class InventoryDatabase {
    /// The connection: its tables share it, and nothing else holds it.
    let database: Database
    /// The currency the inventory records its amounts in.
    public let currency: Currency

    /// Opens the store on `database`, applying any pending migrations first.
    ///
    /// - Throws: `MigrationError` for a database written by a newer version; `DatabaseError`
    ///   when a migration or a read fails.
    public init(database: Database, migrator: Migrator = Migrator()) throws {
        self.database = database
        try database.registerFoldFunction()
        try migrator.migrate(database)
        try database.enableWriteAheadLogging()
        let currency = try SettingsTable.storedCurrency(in: database)
        self.currency = currency
        settings = SettingsTable(database: database, currency: currency)
        shareLinks = ShareLinkTable(database: database)
        importRefs = ImportRefTable(database: database)
        importedPlaces = ImportedPlaceTable(database: database)
        places = PlaceTable(database: database)
        labels = LabelTable(database: database)
        rows = ItemRows(currency: currency)
        journal = JournalTable(database: database, rows: rows)
        amounts = StoredAmounts(database: database, journal: journal)
        claims = ClaimTable(database: database, rows: rows)
        items = ItemTable(database: database, rows: rows)
        maintenance = MaintenanceTable(database: database, currency: currency)
        customFields = CustomFieldTable(database: database)
        templates = TemplateTable(database: database, currency: currency)
        members = MemberTable(database: database)
    }

    // MARK: - Tables

    /// How an item row is read, in the inventory's currency.
    let rows: ItemRows
    /// The household's settings.
    public let settings: SettingsTable
    /// Share links and their visits.
    public let shareLinks: ShareLinkTable
    /// The references imported items came from, and the inventory's identity.
    public let importRefs: ImportRefTable
    /// The places imports found as rows of their own.
    public let importedPlaces: ImportedPlaceTable
    /// The tree of places.
    public let places: PlaceTable
    /// The labels given to items and places.
    public let labels: LabelTable
    /// The change journal: what each write did to the items.
    public let journal: JournalTable
    /// Whether the inventory holds amounts, and whether they all came from files.
    public let amounts: StoredAmounts
    /// Claims, their lines and the ledger.
    public let claims: ClaimTable
    /// The items, with their tags and search index.
    public let items: ItemTable
    /// Maintenance logs and schedules, what is due, and the reminders sent.
    public let maintenance: MaintenanceTable
    /// The household's own fields.
    public let customFields: CustomFieldTable
    /// Templates for new items.
    public let templates: TemplateTable
    /// The household's members, the server's sessions and who made each write.
    public let members: MemberTable

    // MARK: - Transactions

    /// Runs `body` in a read transaction: every read in it sees the same snapshot of the file.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func read<Result>(_ body: () throws -> Result) throws -> Result {
        try database.transaction(.deferred, body)
    }

    /// Runs `body` in a write transaction that takes the write lock first (waiting for another
    /// writer up to the busy timeout): committed when it returns, rolled back when it throws.
    /// A write whose commit `commits` refuses (a signal is ending the process) is rolled back
    /// and throws `StoreError.ending`. A file recorded as damaged (`recordDamage`) is not
    /// written: the write throws `StoreError.damaged`.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func write<Result>(_ body: () throws -> Result) throws -> Result {
        var committing = false
        let isOutermost = !database.isInsideTransaction
        do {
            let result = try database.transaction(.immediate) {
                if isOutermost, let recorded = try recordedDamage() {
                    throw Self.recordedDamageError(recorded)
                }
                let result = try body()
                guard commits.beginCommit() else {
                    throw StoreError.ending
                }
                committing = true
                return result
            }
            commits.endCommit(committed: true)
            return result
        } catch {
            if committing { commits.endCommit(committed: false) }
            throw error
        }
    }

    /// How many write transactions this store has committed; readable from any thread, even
    /// after the store is closed.
    public let commits = CommitCounter()

    /// Reads the file through a memory map of up to `bytes` (SQLite's `mmap_size`) instead of
    /// copying each page with a system call, which a listing of a large inventory makes for
    /// every page it reads. The mapped pages count in the process's resident memory.
    ///
    /// - Throws: `DatabaseError`.
    public func mapForReading(upTo bytes: Int64) throws {
        try database.execute("PRAGMA mmap_size = \(bytes)")
    }

    /// Closes the connection; see `Database.close()`.
    public func close() {
        database.close()
    }

}

/// A count of committed write transactions, safe to read from any thread, and the gate a
/// signal closes so that what it says was or was not saved stays true.
///
/// A process ending on a signal cannot wait for ever for the command to stop, but must not
/// say "interrupted" (nothing saved) while a COMMIT it did not wait for is still writing: a
/// SIGTERM during the commit of a 100,000-row import said so, and the import was there.
/// `refuseCommits` closes the gate: a commit in progress is waited for, and none starts after.
public final class CommitCounter: Sendable {
    private let value = Atomic<Int>(0)
    /// 0: no commit in progress; 1: one is; 2: commits are refused.
    private let phase = Atomic<Int>(0)

    /// Creates a counter at 0.
    public init() {}

    /// How many commits so far.
    public var count: Int { value.load(ordering: .acquiring) }

    /// Marks a commit as started; false when commits are refused (then do not commit).
    package func beginCommit() -> Bool {
        phase.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
    }

    /// Marks the commit `beginCommit` started as ended, counting it if it `committed`.
    package func endCommit(committed: Bool) {
        if committed { value.add(1, ordering: .releasing) }
        phase.store(0, ordering: .releasing)
    }

    /// Refuses every commit from now on, after waiting up to `timeout` for one in progress to
    /// end. Returns whether none is in progress any more (then `count` is final); false when
    /// one was still writing at the deadline, and may yet be saved.
    public func refuseCommits(waitingAtMost timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (exchanged, original) = phase.compareExchange(
                expected: 0, desired: 2, ordering: .acquiringAndReleasing)
            if exchanged || original == 2 { return true }
            guard ContinuousClock.now < deadline else { return false }
            usleep(1_000)
        }
    }
}
