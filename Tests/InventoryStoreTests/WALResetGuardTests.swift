import CSQLite
import Foundation
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryStore

#if canImport(Glibc)
    import Glibc
#endif

/// The guard against SQLite's WAL-reset bug: on an affected library (or when asked), no
/// automatic checkpoint, and every write to the log and every checkpoint under one lock that
/// every process shares, an `flock(2)` on the database's folder.
@Suite struct WALResetGuardTests {
    let folder = TemporaryFolder()

    @Test func theVersionsSQLiteNamesAreTheOnesGuarded() {
        let affected = [
            3_007_000, 3_040_001, 3_044_005, 3_045_000, 3_050_006, 3_051_000, 3_051_002,
        ]
        let fixed = [3_006_023, 3_044_006, 3_044_009, 3_050_007, 3_051_003, 3_052_000, 3_053_000]
        for version in affected {
            #expect(SQLiteLibrary.hasWALResetBug(versionNumber: version), "\(version)")
        }
        for version in fixed {
            #expect(!SQLiteLibrary.hasWALResetBug(versionNumber: version), "\(version)")
        }
        // The library this process runs with is judged by its own number, read at run time.
        #expect(SQLiteLibrary.versionNumber == Int(sqlite3_libversion_number()))
        #expect(
            SQLiteLibrary.hasWALResetBug
                == SQLiteLibrary.hasWALResetBug(versionNumber: Int(sqlite3_libversion_number())))
        #expect(WALResetGuard().isOn == SQLiteLibrary.hasWALResetBug)
        #expect(WALResetGuard(mode: .always).isOn)
    }

    @Test func theEnvironmentCanForceTheGuardOnAndAskForATrace() {
        let forced = WALResetGuard(environment: [
            "INVENTORY_WAL_RESET_GUARD": "always", "INVENTORY_WAL_RESET_GUARD_TRACE": "/tmp/t",
        ])
        #expect(forced == WALResetGuard(mode: .always, tracePath: "/tmp/t"))
        #expect(WALResetGuard(environment: [:]) == WALResetGuard())
    }

    private func autocheckpoint(_ database: Database) throws -> Int64 {
        let statement = try database.makeStatement("PRAGMA wal_autocheckpoint")
        #expect(try statement.step())
        return statement.int64(at: 0)
    }

    @Test func aGuardedConnectionTakesNoAutomaticCheckpoint() throws {
        let path = folder.file("guarded.sqlite")
        let guarded = try Database(path: path, options: .init(walResetGuard: .init(mode: .always)))
        #expect(guarded.isWALResetGuarded && guarded.writeLock != nil)
        #expect(try autocheckpoint(guarded) == 0)
        // A reader is guarded too (it commits nothing, so would not checkpoint), without a lock.
        let reader = try Database(
            path: path, options: .init(readOnly: true, walResetGuard: .init(mode: .always)))
        #expect(reader.isWALResetGuarded && reader.writeLock == nil)
        if !SQLiteLibrary.hasWALResetBug {
            let plain = try Database(path: folder.file("plain.sqlite"))
            #expect(!plain.isWALResetGuarded && plain.writeLock == nil)
            #expect(try autocheckpoint(plain) == 1_000)
        } else {
            // This SQLite has the bug: every connection that may write is guarded by default.
            let plain = try Database(path: folder.file("plain.sqlite"))
            #expect(plain.isWALResetGuarded && plain.writeLock != nil)
            #expect(try autocheckpoint(plain) == 0)
        }
    }

    /// Whether another open file description can take the folder's lock right now.
    private func folderIsLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        precondition(descriptor >= 0)
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }

    @Test func aWriteHoldsTheFolderLockFromItsBeginningToItsCommitAndAReadNever() throws {
        let database = try Database(
            path: folder.file("locked.sqlite"), options: .init(walResetGuard: .init(mode: .always)))
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(!folderIsLocked(folder.path))
        try database.transaction {
            #expect(folderIsLocked(folder.path), "from BEGIN IMMEDIATE")
            try database.execute("INSERT INTO t VALUES (1)")
        }
        #expect(!folderIsLocked(folder.path), "let go at the commit")
        try database.transaction(.deferred) {
            let statement = try database.makeStatement("SELECT count(*) FROM t")
            _ = try statement.step()
            #expect(!folderIsLocked(folder.path), "a read takes no lock")
            try database.execute("INSERT INTO t VALUES (2)")
            #expect(folderIsLocked(folder.path), "from the first write of a deferred transaction")
        }
        #expect(!folderIsLocked(folder.path))
        // A write outside a transaction, and one that fails, let it go too.
        try database.execute("INSERT INTO t VALUES (3)")
        #expect(!folderIsLocked(folder.path))
        try database.execute("CREATE TABLE positive (x INTEGER CHECK (x > 0))")
        #expect(!folderIsLocked(folder.path))
        #expect(throws: DatabaseError.self) {
            try database.execute("INSERT INTO positive VALUES (-1)")
        }
        #expect(!folderIsLocked(folder.path))
        #expect(throws: DatabaseError.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (4)")
                throw DatabaseError(extendedCode: SQLITE_ABORT, message: "stop")
            }
        }
        #expect(!folderIsLocked(folder.path))
    }

    @Test func aWriterWaitsForTheLockAnotherHoldsAndGivesUpAtItsTimeout() throws {
        let path = folder.file("wait.sqlite")
        let options = Database.Options(
            busyTimeoutMilliseconds: 100, walResetGuard: .init(mode: .always))
        let first = try Database(path: path, options: options)
        try first.execute("CREATE TABLE t (x INTEGER)")
        let second = try Database(path: path, options: options)
        // Another inventory of the same folder: the lock is the folder's.
        let neighbour = try Database(path: folder.file("neighbour.sqlite"), options: options)
        try first.transaction {
            try first.execute("INSERT INTO t VALUES (1)")
            let error = #expect(throws: DatabaseError.self) {
                try neighbour.execute("CREATE TABLE u (x INTEGER)")
            }
            #expect(error?.isBusy == true)
        }
        try neighbour.execute("CREATE TABLE u (x INTEGER)")
        try second.execute("INSERT INTO t VALUES (2)")
        let count = try second.makeStatement("SELECT count(*) FROM t")
        #expect(try count.step() && count.int64(at: 0) == 2)
    }

    @Test func aLongLogIsCheckpointedUnderTheLockAfterTheCommit() throws {
        let path = folder.file("long.sqlite")
        let trace = folder.file("trace")
        let writer = try Database(
            path: path, options: .init(walResetGuard: .init(mode: .always, tracePath: trace)))
        // A reader in another connection keeps the log from being folded in at close.
        let reader = try Database(path: path, options: .init(walResetGuard: .init(mode: .always)))
        try writer.execute("CREATE TABLE t (x BLOB)")
        _ = try reader.makeStatement("SELECT count(*) FROM t").step()
        for _ in 0..<40 {
            try writer.transaction {
                for _ in 0..<100 { try writer.execute("INSERT INTO t VALUES (randomblob(3000))") }
            }
        }
        let lines = try String(contentsOfFile: trace, encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ") }
        let checkpoints = lines.filter { $0[1] == "checkpoint" }
        let writes = lines.filter { $0[1] == "write" }
        #expect(writes.count == 41, "the table, then 40 transactions")
        #expect(!checkpoints.isEmpty, "the log passed 1,000 pages")
        // Each checkpoint lies inside the write (the hold of the lock) it followed.
        for checkpoint in checkpoints {
            let (start, end) = (UInt64(checkpoint[2])!, UInt64(checkpoint[3])!)
            #expect(
                writes.contains { UInt64($0[2])! <= start && end <= UInt64($0[3])! },
                "\(checkpoint)")
        }
        // Folded in: the log starts again from its beginning and stays bounded.
        let size =
            (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        // (Never checkpointed, the 4,000 pages written would make it 16 MB.)
        #expect(size <= 8 << 20, "\(size)")
        #expect(try writer.integrityProblem() == nil)
        reader.close()
        writer.close()
    }
}
