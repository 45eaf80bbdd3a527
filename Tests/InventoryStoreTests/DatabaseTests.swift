import CSQLite
import Foundation
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryStore

@Suite struct DatabaseTests {
    let folder = TemporaryFolder()

    @Test func openingCreatesAPrivateFileWithWALAndForeignKeys() throws {
        let path = folder.file("new.sqlite")
        let database = try Database(path: path)
        #expect(permissions(path) == 0o600)
        let statement = try database.makeStatement("PRAGMA journal_mode")
        #expect(try statement.step())
        #expect(statement.text(at: 0) == "wal")
        let foreignKeys = try database.makeStatement("PRAGMA foreign_keys")
        #expect(try foreignKeys.step())
        #expect(foreignKeys.int64(at: 0) == 1)
        let tempStore = try database.makeStatement("PRAGMA temp_store")
        #expect(try tempStore.step())
        #expect(tempStore.int64(at: 0) == 2, "MEMORY")
        let timeout = try database.makeStatement("PRAGMA busy_timeout")
        #expect(try timeout.step())
        #expect(timeout.int64(at: 0) == 5_000)
    }

    @Test func valuesRoundTripThroughTypedBinding() throws {
        let database = try Database(path: folder.file("values.sqlite"))
        try database.execute("CREATE TABLE t (a ANY, b ANY, c ANY, d ANY, e ANY, f ANY) STRICT")
        let text = "nul\u{0}inside · 📷 · مرحبا"
        try database.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)",
            [.integer(.max), .real(2.5), .text(text), .blob([0, 1, 255]), .null, .text("")])
        let row = try database.makeStatement("SELECT a, b, c, d, e, f FROM t")
        #expect(try row.step())
        #expect(row.value(at: 0) == .integer(.max))
        #expect(row.value(at: 1) == .real(2.5))
        #expect(row.value(at: 2) == .text(text))
        #expect(row.value(at: 3) == .blob([0, 1, 255]))
        #expect(row.value(at: 4) == .null)
        #expect(row.optionalText(at: 4) == nil)
        #expect(row.value(at: 5) == .text(""))
        #expect(try !row.step())
    }

    @Test func anErrorCarriesTheCodeTheMessageAndTheSQL() throws {
        let database = try Database(path: folder.file("errors.sqlite"))
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try database.execute("INSERT INTO t VALUES (1)")
        let error = #expect(throws: DatabaseError.self) {
            try database.execute("INSERT INTO t VALUES (?)", [.integer(1)])
        }
        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(error?.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(
            error?.description
                == "SQLite error 19: UNIQUE constraint failed: t.id — while executing "
                + "INSERT INTO t VALUES (?)")
        let syntax = #expect(throws: DatabaseError.self) {
            try database.makeStatement("SELEC 1")
        }
        #expect(syntax?.code == SQLITE_ERROR)
        #expect(syntax?.sql == "SELEC 1")
        #expect(syntax?.message.contains("syntax error") == true)
    }

    @Test func aTransactionCommitsWhenItsBodyReturns() throws {
        let database = try Database(path: folder.file("commit.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.transaction { try database.execute("INSERT INTO t VALUES (1)") }
        #expect(try count(database) == 1)
        #expect(!database.isInsideTransaction)
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        struct Failure: Error {}
        let database = try Database(path: folder.file("rollback.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: Failure.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try count(database) == 0)
        #expect(!database.isInsideTransaction)
    }

    @Test func aNestedTransactionRollsBackOnlyItsOwnWork() throws {
        struct Failure: Error {}
        let database = try Database(path: folder.file("nested.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.transaction {
            try database.execute("INSERT INTO t VALUES (1)")
            try? database.transaction {
                try database.execute("INSERT INTO t VALUES (2)")
                throw Failure()
            }
        }
        #expect(try count(database) == 1)
    }

    @Test func aWriteTransactionWaitsForTheLockThenFailsAsBusy() throws {
        let path = folder.file("busy.sqlite")
        let first = try Database(path: path)
        try first.execute("CREATE TABLE t (x INTEGER)")
        let second = try Database(path: path, options: .init(busyTimeoutMilliseconds: 10))
        try first.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: DatabaseError.self) {
            try second.transaction(.immediate) { try second.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.isBusy == true)
        try first.execute("ROLLBACK")
        try second.transaction(.immediate) { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(try count(first) == 1)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let path = folder.file("notes.txt")
        let original = Data(String(repeating: "not a database\n", count: 100).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: original)
        let error = #expect(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error?.isNotADatabase == true)
        #expect(FileManager.default.contents(atPath: path) == original)
    }

    @Test func anotherProgramsDatabaseIsRefusedBeforeAnythingIsWritten() throws {
        let path = folder.file("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.execute("PRAGMA journal_mode = DELETE; CREATE TABLE bookmarks (url TEXT)")
        }
        let before = FileManager.default.contents(atPath: path)
        let error = #expect(throws: DatabaseFileError.self) {
            try Database(path: path, options: .init(applicationID: Database.inventoryApplicationID))
        }
        #expect(error == .anotherProgram(applicationID: 0))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func executeRunsEveryStatementOfAScript() throws {
        let database = try Database(path: folder.file("script.sqlite"))
        try database.execute(
            """
            -- a comment first
            CREATE TABLE t (x INTEGER);
            INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);
            -- and one last
            """)
        #expect(try count(database) == 2)
    }

    private func count(_ database: Database) throws -> Int64 {
        let statement = try database.makeStatement("SELECT count(*) FROM t")
        _ = try statement.step()
        return statement.int64(at: 0)
    }
}
