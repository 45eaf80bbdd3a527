public import Foundation
public import InventoryFiles
public import InventoryModel
public import InventoryStore
import Locking

/// Owns the household's items and announces every committed change.
///
/// As in the blog's scenario two, there is one manager for the app (`shared`), and views observe
/// it through `NotificationCenter`: after each committed write it posts exactly one
/// `didChangeNotification` whose `inventoryChangeSet` holds every change of that write (a batch
/// of additions names its items instead: `InventoryChangeSet.addedInBulk`). Nothing is posted
/// for a write that fails or rolls back.
///
/// Tests and tools make their own instances with `init(database:notificationCenter:clock:)`.
/// All methods may be called from any thread; writes are serialized, and notifications are
/// delivered in commit order, on the thread of the write that is delivering (an observer may
/// write: its own notification follows once the current one has been handled).
public final class InventoryManager: Sendable {
    /// Posted after each committed write; `object` is the manager, and the notification's
    /// `inventoryChangeSet` holds the changes.
    public static let didChangeNotification = Notification.Name(
        "inventory.InventoryManager.didChange")

    /// Posted once, while following other processes, when the inventory's file has been deleted
    /// or replaced by another file: this manager no longer sees the changes made to it.
    /// `object` is the manager. Following stops.
    public static let fileReplacedNotification = Notification.Name(
        "inventory.InventoryManager.fileReplaced")

    /// The center the manager posts to.
    public let notificationCenter: NotificationCenter
    /// The currency the inventory keeps its amounts in.
    public let currency: Currency
    /// The database file.
    public let databasePath: String
    /// Where the photos are kept.
    public let photos: FileStore
    /// How the manager's connections guard against SQLite's WAL-reset bug.
    public let walResetGuard: WALResetGuard

    let clock: @Sendable () -> Date
    let store: Locked<Store>
    /// What depends on the connection, which a reading manager may reopen (`reopen()`).
    private let connection: Lock<Connection>

    private struct Connection: Sendable {
        /// Interrupts the connection's work from another thread.
        let interrupter: Database.Interrupter
        /// The file opened, nil for an inventory in memory.
        let fileIdentity: FileIdentity?
        /// Whether the manager reads a snapshot that shows no later commit: an inventory in
        /// memory, or a file read as immutable.
        let isSnapshot: Bool

        init(_ database: Database, path: String) {
            interrupter = database.interrupter
            fileIdentity = path == database.path ? database.fileIdentity : nil
            isSnapshot = database.isImmutable || fileIdentity == nil
        }
    }

    /// The file the manager opened, nil for an inventory in memory.
    var fileIdentity: FileIdentity? { connection.withLock { $0.fileIdentity } }

    /// Whether the manager reads a snapshot that shows no later commit (an inventory in memory
    /// before its file exists, or another user's file read as it was): following then reopens
    /// the file when it changes.
    var readsSnapshot: Bool { connection.withLock { $0.isSnapshot } }
    private let follower = Lock<JournalFollower?>(nil)
    private let delivery = Lock(Delivery())
    private let defaultAuthor = Lock<Author?>(nil)

    @TaskLocal static var currentAuthor: Author?
    @TaskLocal static var currentDryRun = false

    /// Who makes the writes of the current task (a member signed in to the server), named in
    /// the history of each; when nil, `localAuthor`.
    public static var author: Author? { currentAuthor }

    /// Runs `body` with `author` as the maker of the writes it makes (`author`).
    @discardableResult
    public static func writing<Result>(as author: Author?, _ body: () throws -> Result) rethrows
        -> Result
    {
        try $currentAuthor.withValue(author, operation: body)
    }

    /// Runs `body` with `author` as the maker of the writes it makes, awaiting it.
    @discardableResult
    public static func writing<Result>(
        as author: Author?, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $currentAuthor.withValue(author, operation: body)
    }

    /// Whether the writes of the current task are only tried: each runs whole, through every
    /// check its transaction makes (versions, rules, places), and returns what it would have
    /// written, then rolls back; nothing is posted, nothing is kept. An assistant's `dryRun`.
    public static var isDryRun: Bool { currentDryRun }

    /// Runs `body` with its journaled writes only tried when `tryingOnly` (`isDryRun`).
    @discardableResult
    public static func trying<Result>(only tryingOnly: Bool, _ body: () throws -> Result)
        rethrows -> Result
    {
        try $currentDryRun.withValue(tryingOnly, operation: body)
    }

    /// Who makes this manager's writes when the task names nobody (`author`): the local user
    /// at the terminal. Nil: writes name nobody.
    public var localAuthor: Author? {
        get { defaultAuthor.withLock { $0 } }
        set { defaultAuthor.withLock { $0 = newValue } }
    }

    #if DEBUG
        private let connectionUse = Lock<(@Sendable () -> Void)?>(nil)

        /// In a debug build, has `witness` called on the thread of each use of the connection,
        /// before its lock is taken (nil: no longer): a test sees where a program reads and
        /// writes the inventory (a server's routes: never on the task answering a request).
        package func witnessConnectionUse(_ witness: (@Sendable () -> Void)?) {
            connectionUse.withLock { $0 = witness }
        }
    #endif

    struct Store {
        var database: InventoryDatabase
        /// The journal sequence number of the last change queued for delivery.
        var lastQueued: Int64
        /// The write and time of that change: if the journal shows another at that number,
        /// the content was replaced (a restore) and its changes cannot follow on from ours.
        var lastQueuedMark: JournalMark?

        /// Whether the journal still holds the entry this store reached.
        func journalContinues() throws -> Bool {
            guard lastQueued > 0 else { return true }
            return try database.journal.mark(at: lastQueued) == lastQueuedMark
        }

        /// Records that the changes up to `sequence` are queued.
        mutating func queued(upTo sequence: Int64) throws {
            queued(upTo: sequence, mark: try database.journal.mark(at: sequence))
        }

        /// Records that the changes up to `sequence`, whose journal entry has `mark`, are
        /// queued.
        mutating func queued(upTo sequence: Int64, mark: JournalMark?) {
            lastQueued = sequence
            lastQueuedMark = mark
        }
    }

    private struct Delivery {
        var pending: [InventoryChangeSet] = []
        var isDelivering = false
    }

    // MARK: - Opening

    /// Creates a manager over an open database, migrating it first.
    ///
    /// - Parameters:
    ///   - database: the connection; the manager becomes its only user.
    ///   - notificationCenter: where changes are posted.
    ///   - clock: the time stamped on added and edited items.
    /// - Throws: `MigrationError` for a database from a newer version; `DatabaseError`.
    public convenience init(
        database: sending Database, notificationCenter: NotificationCenter = .default,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        try self.init(
            database: database, notificationCenter: notificationCenter, clock: clock,
            reportedPath: database.path, walResetGuard: WALResetGuard())
    }

    private init(
        database: sending Database, notificationCenter: NotificationCenter = .default,
        clock: @escaping @Sendable () -> Date = { Date() }, reportedPath path: String,
        walResetGuard: WALResetGuard
    ) throws {
        self.walResetGuard = walResetGuard
        self.connection = Lock(Connection(database, path: path))
        let opened = try InventoryDatabase(database: database)
        self.currency = opened.currency
        self.databasePath = path
        self.photos = FileStore(databasePath: path)
        self.notificationCenter = notificationCenter
        self.clock = clock
        let lastQueued = try opened.journal.lastSequence()
        self.commits = opened.commits
        self.store = Locked(
            Store(
                database: opened, lastQueued: lastQueued,
                lastQueuedMark: try opened.journal.mark(at: lastQueued)))
    }

    /// An inventory that an earlier release kept in a folder's shared `photos/` gets its own
    /// folder the first time it is opened for writing: its stored files are linked into it, so
    /// another inventory of the folder deleting its items never takes them away.
    /// Removes what restores killed before they committed left in the photos folder: the
    /// files they added that no item uses (best effort; a read-only folder keeps them, and
    /// `verify` lists them as unused).
    private func finishInterruptedRestores() {
        photos.removeInterruptedRestores { removeUnusedFiles($0) }
    }

    private func adoptSharedPhotosOnce() {
        guard let shared = photos.sharedDirectory, access(photos.directory, F_OK) != 0,
            access(shared, F_OK) == 0
        else { return }
        if let names = try? withStore({ store in try store.database.storedFileNames() }) {
            photos.adoptShared(names)
        }
    }

    /// Opens the inventory at `path`: for writing (the default), creating it if needed, or
    /// for reading only.
    ///
    /// - Parameters:
    ///   - path: the inventory's file.
    ///   - access: whether the manager writes (the default) or only reads.
    ///   - notificationCenter: where changes are posted.
    ///   - clock: the time stamped on added and edited items.
    ///   - walResetGuard: how its connections guard against SQLite's WAL-reset bug (by
    ///     default, when the SQLite library has it).
    /// - Throws: `InventoryError.cannotOpen` with the reason in words (no such file or
    ///   folder, not writable, a folder, not an inventory, damaged, …), or `MigrationError`
    ///   for a newer version's database or a damaged schema.
    public convenience init(
        path: String, access: InventoryAccess = .write,
        notificationCenter: NotificationCenter = .default,
        clock: @escaping @Sendable () -> Date = { Date() },
        walResetGuard: WALResetGuard = WALResetGuard()
    ) throws {
        let database = try InventoryFile.open(
            path: path, access: access, walResetGuard: walResetGuard)
        do {
            try self.init(
                database: database, notificationCenter: notificationCenter, clock: clock,
                reportedPath: database.path, walResetGuard: walResetGuard)
            if access == .write {
                // Found damaged by an earlier command: nothing is written to it any more.
                if let recorded = try store.withLock({ try $0.database.recordedDamage() }) {
                    close()
                    throw InventoryError.cannotOpen(
                        path: path, reason: Self.openingReason(.damaged), detail: recorded)
                }
                adoptSharedPhotosOnce()
            }
            finishInterruptedRestores()
        } catch let error as any StorageFailure {
            // The connection closes as the store that failed to open lets go of it.
            throw InventoryError.cannotOpen(
                path: path, reason: Self.openingReason(error.storageProblem),
                detail: error.description)
        }
    }

    private static func openingReason(_ problem: StorageProblem) -> OpenFailure {
        switch problem {
        case .damaged: .damaged
        case .readOnly: .readOnly
        case .busy: .busy
        case .diskFull: .diskFull
        case .inputOutput: .inputOutput
        case .interrupted: .interrupted
        case .closed, .other: .unreadable
        }
    }

    /// An inventory that holds nothing and is kept in memory: what a reading command shows
    /// before the first item creates the file.
    public static func empty(
        path: String, notificationCenter: NotificationCenter = .default
    ) throws -> InventoryManager {
        let database = try Database(path: ":memory:", options: .init(createIfMissing: false))
        return try InventoryManager(
            database: database, notificationCenter: notificationCenter, reportedPath: path,
            walResetGuard: WALResetGuard())
    }

    /// Closes the inventory: stops following other processes and closes the connection, so
    /// that the last process to close folds the `-wal` file back into the database file. Every
    /// later call throws `InventoryError.storage` (closed); closing twice does nothing.
    public func close() {
        stopFollowing()
        store.withLock { $0.database.close() }
    }

    /// Opens the file again for reading, in place of the connection the manager has, and posts
    /// what was committed since: for a manager that reads a snapshot (`readsSnapshot`) when the
    /// file has appeared or changed.
    ///
    /// - Throws: `InventoryError.cannotOpen`; the manager keeps its connection then.
    func reopen() throws {
        let database = try InventoryFile.open(
            path: databasePath, access: .read, walResetGuard: walResetGuard)
        let replacement = Connection(database, path: databasePath)
        let reopened: InventoryDatabase
        do {
            reopened = try InventoryDatabase(database: database)
        } catch let error as any StorageFailure {
            throw InventoryError.cannotOpen(
                path: databasePath, reason: Self.openingReason(error.storageProblem),
                detail: error.description)
        }
        store.withLock { store in
            store.database.close()
            store.database = reopened
        }
        connection.withLock { $0 = replacement }
        try catchUp()
    }

    /// Closes the inventory as `close()` does, unless another thread is using it right now.
    ///
    /// - Returns: whether it is closed.
    public func closeIfIdle() -> Bool {
        let closed = store.withLockIfAvailable { $0.database.close() } != nil
        if closed { stopFollowing() }
        return closed
    }

    /// Makes what the manager is doing in the database, on any thread, stop as soon as it can:
    /// a write in progress is rolled back and throws `InventoryError.storage` (interrupted).
    /// Safe from any thread, such as a signal handler's.
    public func interrupt() {
        connection.withLock { $0.interrupter }.interrupt()
    }

    deinit {
        follower.withLock { $0?.requestStop() }
    }

    // MARK: - Following other processes

    /// Starts posting the changes other processes commit to this inventory, as they commit
    /// them, with the same notifications as local changes. Does nothing if already following.
    ///
    /// A thread of its own watches the file (inotify on the WAL, else polling every
    /// `fallbackInterval`). Following stops with `stopFollowing()` or when the manager goes
    /// away. Notifications of followed changes are posted on that thread.
    public func startFollowing(fallbackInterval: Duration = .milliseconds(50)) {
        follower.withLock { follower in
            guard follower == nil else { return }
            follower = JournalFollower(
                manager: self, path: databasePath, fallbackInterval: fallbackInterval)
        }
    }

    /// Stops following other processes; returns once the follower has stopped (unless called
    /// from an observer of a followed change, which cannot wait for itself).
    public func stopFollowing() {
        let current = follower.withLock { follower in
            defer { follower = nil }
            return follower
        }
        current?.stop()
    }

    /// Posts `fileReplacedNotification` (from the follower's thread).
    func postFileReplaced() {
        notificationCenter.post(name: Self.fileReplacedNotification, object: self)
    }

    /// Whether the manager follows other processes' changes.
    public var isFollowing: Bool { follower.withLock { $0 != nil } }

    private let commits: CommitCounter

    /// How many write transactions this manager has committed, even after it was closed: what
    /// a command interrupted by a signal reports as already saved.
    public var committedWriteCount: Int { commits.count }

    /// For a process ending on a signal: lets no write of this manager commit from now on,
    /// after waiting up to `timeout` for a commit in progress to end. Returns whether none is
    /// in progress any more, so that `committedWriteCount` says for good what was saved; false
    /// when one was still writing at the deadline (it may yet be saved).
    public func refuseCommits(waitingAtMost timeout: Duration) -> Bool {
        commits.refuseCommits(waitingAtMost: timeout)
    }

    /// The follower, while following (for tests: whether its thread ends).
    var currentFollower: JournalFollower? { follower.withLock { $0 } }

    // MARK: - The shared manager

    private static let sharedManager = Lock<InventoryManager?>(nil)

    /// The shared manager, if one is open.
    public static var sharedIfOpen: InventoryManager? { sharedManager.withLock { $0 } }

    /// The app's manager, as set by `openShared(path:)`.
    ///
    /// Using it before `openShared` is a programmer's mistake and traps with a message.
    public static var shared: InventoryManager {
        guard let manager = sharedManager.withLock({ $0 }) else {
            fatalError("InventoryManager.shared was used before InventoryManager.openShared(path:)")
        }
        return manager
    }

    /// Opens the inventory at `path` for `access` and makes it `shared`.
    ///
    /// - Throws: as `init(path:access:notificationCenter:clock:walResetGuard:)`; `shared` is
    ///   unchanged then.
    @discardableResult
    public static func openShared(
        path: String, access: InventoryAccess = .write,
        notificationCenter: NotificationCenter = .default,
        walResetGuard: WALResetGuard = WALResetGuard()
    ) throws -> InventoryManager {
        let manager = try InventoryManager(
            path: path, access: access, notificationCenter: notificationCenter,
            walResetGuard: walResetGuard)
        sharedManager.withLock { $0 = manager }
        return manager
    }

    /// Makes an empty in-memory inventory `shared`, reporting `path` as its file: what a
    /// reading command shows before the first item creates the file.
    @discardableResult
    public static func openSharedEmpty(
        path: String, notificationCenter: NotificationCenter = .default
    ) throws -> InventoryManager {
        let manager = try empty(path: path, notificationCenter: notificationCenter)
        sharedManager.withLock { $0 = manager }
        return manager
    }

    /// How many writes the shared managers closed so far committed: what a signal that comes
    /// after the command closed its manager (on its way out) reports as saved.
    private static let closedSharedCommits = Lock<Int>(0)

    /// How many write transactions the shared managers already closed committed.
    public static var committedWritesOfClosedShared: Int { closedSharedCommits.withLock { $0 } }

    /// Closes the shared manager, if one is open, and forgets it; see `close()`.
    public static func closeShared() {
        sharedManager.withLock { manager in
            defer { manager = nil }
            // counted before it is forgotten, under the same lock: a signal's thread that no
            // longer finds it finds its commits
            if let committed = manager?.committedWriteCount {
                closedSharedCommits.withLock { $0 += committed }
            }
            return manager
        }?.close()
    }

    /// For a signal handler: interrupts what the shared manager is doing, waits up to
    /// `timeout` for it to stop, and closes it. Returns whether it was closed (or none was
    /// open); false means it stayed busy, and is left open.
    ///
    /// - Parameters:
    ///   - timeout: how long to wait for it to stop.
    ///   - nudge: called every few milliseconds while waiting: to unblock the thread that uses
    ///     the manager from what it waits for outside the database.
    public static func interruptAndCloseShared(
        waitingAtMost timeout: Duration, nudging nudge: () -> Void = {}
    ) -> Bool {
        guard let manager = sharedManager.withLock({ $0 }) else { return true }
        manager.interrupt()
        let deadline = ContinuousClock.now + timeout
        repeat {
            if manager.closeIfIdle() {
                sharedManager.withLock { if $0 === manager { $0 = nil } }
                return true
            }
            manager.interrupt()
            nudge()
            Thread.sleep(forTimeInterval: 0.005)
        } while ContinuousClock.now < deadline
        return false
    }

    // MARK: - Reading the file

    /// Reads the database file through a memory map of up to `bytes` (see
    /// `InventoryDatabase.mapForReading(upTo:)`): for processes that mostly read.
    ///
    /// - Throws: `DatabaseError`.
    public func mapDatabaseForReading(upTo bytes: Int64 = 1 << 30) throws {
        try withStore { try $0.database.mapForReading(upTo: bytes) }
    }

    // MARK: - Files

    /// The inventory's own files: the database with its `-wal`, `-shm` and `-journal` files,
    /// and the photos folder.
    public var files: ProtectedFiles {
        ProtectedFiles(
            databasePath: databasePath, storeFolder: photos.directory,
            otherFolders: photos.sharedDirectory.map { [$0] } ?? [])
    }

    /// A file to write for the user at `path`, which is never one of the inventory's own
    /// files; see `OutputFile`.
    ///
    /// - Parameters:
    ///   - path: where the file goes.
    ///   - replacing: whether an existing file may be replaced.
    /// - Throws: `InventoryError.cannotWrite` when `path` may not be written.
    public func outputFile(at path: String, replacing: Bool) throws -> OutputFile {
        try OutputFile(path: path, replacing: replacing, protecting: files)
    }

    /// A folder to write for the user at `path` (a report with its photos), which is never
    /// one of the inventory's own and is replaced only if it holds nothing but `entries`; see
    /// `OutputFolder`.
    ///
    /// - Throws: `InventoryError.cannotWrite` when `path` may not be written.
    public func outputFolder(at path: String, replacing: Bool, entries: Set<String>) throws
        -> OutputFolder
    {
        try OutputFolder(path: path, replacing: replacing, entries: entries, protecting: files)
    }

    // MARK: - Internals

    /// The day it is where the user is, by the manager's clock: no purchase, review or
    /// incident may be later.
    public func today(in timeZone: TimeZone = .current) -> CalendarDate {
        CalendarDate(day: clock(), timeZone: timeZone)
    }

    /// Runs `body` with the store, turning SQLite's errors into `InventoryError.storage`: what
    /// went wrong in the user's words, SQLite's own account kept for `--verbose`. Damage met
    /// on the way (SQLite's, or a value that breaks a rule of the file) is recorded in the
    /// file, so that no later write goes on with it (`InventoryDatabase.recordDamage`).
    func withStore<Result: Sendable>(_ body: (inout Store) throws -> Result) throws -> Result {
        #if DEBUG
            connectionUse.withLock { $0 }?()
        #endif
        do {
            return try store.withLock { store in
                do {
                    return try body(&store)
                } catch let error as any StorageFailure where error.storageProblem == .damaged {
                    store.database.recordDamage(error.message, at: Timestamp(clock()))
                    throw error
                }
            }
        } catch let error as any StorageFailure {
            throw InventoryError.storage(
                path: databasePath, problem: error.storageProblem, detail: error.description)
        }
    }

    /// Runs `body` in an IMMEDIATE transaction stamped as one journaled write; after it
    /// commits, queues and delivers the change sets of other processes' writes that came
    /// before it (if this manager had not seen them yet), then its own.
    ///
    /// - Parameters:
    ///   - changes: builds the write's changes from `body`'s result and the sequence number
    ///     the journal gave its first change (the triggers number them in write order).
    ///   - keepingUnjournaled: whether to commit a write that journaled nothing (one that
    ///     changed only places, say); else it is rolled back.
    func write<Result: Sendable>(
        at time: Timestamp, keepingUnjournaled: Bool = false,
        _ body: (inout Store) throws -> Result,
        changes: (Result, _ firstSequence: Int64) -> [InventoryChange]
    ) throws -> Result {
        try write(
            at: time, keepingUnjournaled: keepingUnjournaled, body,
            changeSet: { result, writeID, sequences in
                let own = changes(result, sequences.lowerBound)
                return own.isEmpty ? nil : InventoryChangeSet(writeID: writeID, changes: own)
            })
    }

    /// `write(at:_:changes:)` for a write that makes its change set itself, from `body`'s
    /// result, the write's id and the sequence numbers the journal gave its changes.
    func write<Result: Sendable>(
        at time: Timestamp, keepingUnjournaled: Bool = false,
        _ body: (inout Store) throws -> Result,
        changeSet: (Result, _ writeID: Int64, _ sequences: ClosedRange<Int64>)
            -> InventoryChangeSet?
    ) throws -> Result {
        let result: Result
        do {
            result = try write(
                at: time, keepingUnjournaled: keepingUnjournaled, body, changeSetFrom: changeSet)
        } catch is ContentReplaced {
            postFileReplaced()
            throw InventoryError.cannotOpen(
                path: databasePath, reason: .replaced, detail: nil)
        }
        deliverPending()
        return result
    }

    /// Ends a write transaction that wrote nothing, with the result it had.
    private struct NothingWritten<Result: Sendable>: Error {
        let result: Result
    }

    /// The content was replaced by another process (a restore) since this manager read it.
    private struct ContentReplaced: Error {}

    private func write<Result: Sendable>(
        at time: Timestamp, keepingUnjournaled: Bool,
        _ body: (inout Store) throws -> Result,
        changeSetFrom makeChangeSet: (Result, _ writeID: Int64, _ sequences: ClosedRange<Int64>)
            -> InventoryChangeSet?
    ) throws -> Result {
        let result = try withStore { store in
            var earlier: [InventoryChangeSet] = []
            var writeID: Int64 = 0
            var range: ClosedRange<Int64>?
            let result: Result
            do {
                result = try store.database.write {
                    // Another process's restore replaced the content: its journal is not the
                    // continuation of what this manager posted, nor this write a change of
                    // what it showed.
                    guard try store.journalContinues() else { throw ContentReplaced() }
                    let before = try store.database.journal.lastSequence()
                    if before > store.lastQueued {
                        earlier = try store.database.journal.changeSets(
                            after: store.lastQueued, namingAdditionsOver: Self.namedAdditions)
                    }
                    writeID = try store.database.journal.beginWrite(at: time)
                    if let author = Self.author ?? localAuthor {
                        try store.database.members.recordAuthor(author, ofWrite: writeID)
                    }
                    let result = try body(&store)
                    // only tried: rolled back, as a write that changed nothing is
                    if Self.isDryRun { throw NothingWritten(result: result) }
                    let last = try store.database.journal.lastSequence()
                    // Nothing journaled (an edit that left every item as it was): roll back,
                    // so that not even the write's number changes.
                    if last == before {
                        if keepingUnjournaled { return result }
                        throw NothingWritten(result: result)
                    }
                    range = (before + 1)...last
                    return result
                }
            } catch let nothing as NothingWritten<Result> {
                result = nothing.result
            }
            var changeSets = earlier
            if let range, let own = makeChangeSet(result, writeID, range) {
                precondition(
                    own.sequence == range.upperBound && own.count == range.count,
                    "the journal numbered this write's changes differently from its writes")
                changeSets.append(own)
                // The journal's mark of this write's last entry is known without reading it.
                store.queued(
                    upTo: own.sequence,
                    mark: JournalMark(writeID: writeID, time: time.millisecondsSince1970))
            } else if let last = changeSets.last?.sequence {
                try store.queued(upTo: last)
            }
            // Queued under the store's lock, so change sets queue in commit order.
            delivery.withLock { $0.pending.append(contentsOf: changeSets) }
            return result
        }
        return result
    }

    /// Other processes' writes that only added items, more than this many, reach this
    /// manager's observers named by their ids (`InventoryChangeSet.addedInBulk`), as this
    /// process's `add(contentsOf:)` does: a follower catching up on a big import reads a page
    /// of items at a time, not all of them at once.
    public static let namedAdditions = 1_000

    /// Posts the journal entries this manager has not posted yet: other processes' writes.
    ///
    /// The follower calls it when the database changes; call it directly to catch up now.
    ///
    /// - Throws: `DatabaseError` when the journal cannot be read.
    public func catchUp() throws {
        _ = try catchUpUnlessReplaced()
    }

    /// Catches up as `catchUp()` does, unless the journal no longer holds the last entry this
    /// manager posted, or holds another one at its number: then the content was replaced
    /// (a restore), nothing is posted but `fileReplacedNotification`, and it returns false.
    func catchUpUnlessReplaced() throws -> Bool {
        let continues = try withStore { store -> Bool in
            guard try store.journalContinues() else { return false }
            let changeSets = try store.database.journal.changeSets(
                after: store.lastQueued, namingAdditionsOver: Self.namedAdditions)
            guard let last = changeSets.last else { return true }
            try store.queued(upTo: last.sequence)
            delivery.withLock { $0.pending.append(contentsOf: changeSets) }
            return true
        }
        guard continues else {
            postFileReplaced()
            return false
        }
        deliverPending()
        return true
    }

    /// Posts queued change sets in order, outside every lock. If this thread or another is
    /// already delivering, that delivery posts them.
    private func deliverPending() {
        let isDeliverer = delivery.withLock { delivery in
            if delivery.isDelivering { return false }
            delivery.isDelivering = true
            return true
        }
        guard isDeliverer else { return }
        while let changeSet = delivery.withLock({ delivery -> InventoryChangeSet? in
            if delivery.pending.isEmpty {
                delivery.isDelivering = false
                return nil
            }
            return delivery.pending.removeFirst()
        }) {
            notificationCenter.post(
                name: Self.didChangeNotification, object: self,
                userInfo: [Notification.changeSetKey: changeSet])
        }
    }

    /// Deletes the stored files that no item uses any more.
    ///
    /// - Returns: the names it could not check (the inventory could not be read: closed, say),
    ///   which stay.
    @discardableResult
    func removeUnusedFiles(_ names: [String]) -> [String] {
        var unchecked: [String] = []
        for name in Set(names) {
            guard let uses = try? store.withLock({ try $0.database.items.fileUseCount(name) })
            else {
                unchecked.append(name)
                continue
            }
            if uses == 0 {
                photos.remove(name)
                // and the pictures made of it, which show almost as much
                let thumbnails = ThumbnailFiles.folder(besidePhotosIn: photos.directory)
                for pixels in ThumbnailFiles.sizes {
                    unlink(
                        (thumbnails as NSString).appendingPathComponent(
                            ThumbnailFiles.name(of: name, pixels: pixels)))
                }
            }
        }
        return unchecked
    }
}

// MARK: - Measuring

extension InventoryManager {
    /// Posts `changeSet` to this manager's observers exactly as a write's change set is posted,
    /// without touching the database: for measuring how fast a change reaches live views.
    /// Views apply it only when its sequence is newer than theirs, and are then out of step
    /// with the file, so use it on a throwaway manager.
    @_spi(Benchmarks)
    public func deliverUnwritten(_ changeSet: InventoryChangeSet) {
        delivery.withLock { $0.pending.append(changeSet) }
        deliverPending()
    }
}
