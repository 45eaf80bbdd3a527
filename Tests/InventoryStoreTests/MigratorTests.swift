import CSQLite
import Foundation
import InventoryMigrations
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryStore

@Suite struct MigratorTests {
    let folder = TemporaryFolder()

    private func open(_ name: String = "m.sqlite") throws -> Database {
        try Database(path: folder.file(name))
    }

    private func tables(_ database: Database) throws -> [String] {
        let statement = try database.makeStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' "
                + "ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.text(at: 0)) }
        return names
    }

    @Test func theShippedMigrationsAreNumberedInOrderFromOne() {
        let numbers = MigrationScripts.all.map(\.number)
        #expect(numbers == Array(1...numbers.count))
        #expect(MigrationScripts.all.first?.name == "0001_items")
    }

    @Test func migratingCreatesTheSchemaAndRecordsEachMigration() throws {
        let database = try Database(path: folder.file("inventory.sqlite"))
        try Migrator().migrate(database)
        #expect(try tables(database).contains("items"))
        let applied = try Migrator().appliedMigrations(in: database)
        #expect(
            applied
                == Dictionary(
                    uniqueKeysWithValues: MigrationScripts.all.map { ($0.number, $0.name) }))
    }

    @Test func migratingTwiceDoesNothing() throws {
        let database = try Database(path: folder.file("inventory.sqlite"))
        try Migrator().migrate(database)
        try database.execute("INSERT INTO settings (key, value) VALUES ('marker', 'kept')")
        try Migrator().migrate(database)
        #expect(try Migrator().pendingMigrations(in: database).isEmpty)
        let statement = try database.makeStatement(
            "SELECT value FROM settings WHERE key = 'marker'")
        #expect(try statement.step())
        #expect(statement.text(at: 0) == "kept")
    }

    @Test func aFailingSecondMigrationLeavesTheFirstCommittedAndItselfUnapplied() throws {
        let database = try open()
        let migrator = Migrator(migrations: [
            MigrationScript(number: 1, name: "0001_first", sql: "CREATE TABLE first (x);"),
            MigrationScript(
                number: 2, name: "0002_broken",
                sql: "CREATE TABLE second (x); INSERT INTO nowhere VALUES (1);"),
        ])
        let error = #expect(throws: DatabaseError.self) { try migrator.migrate(database) }
        #expect(error?.message.contains("no such table: nowhere") == true)
        #expect(try tables(database) == ["first", "schema_migrations"])
        #expect(try migrator.appliedMigrations(in: database) == [1: "0001_first"])
        #expect(try migrator.pendingMigrations(in: database).map(\.number) == [2])
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndLeftUnchanged() throws {
        let database = try open()
        let newer = Migrator(migrations: [
            MigrationScript(number: 1, name: "0001_first", sql: "CREATE TABLE first (x);"),
            MigrationScript(number: 2, name: "0002_second", sql: "CREATE TABLE second (x);"),
        ])
        try newer.migrate(database)
        let older = Migrator(migrations: [
            MigrationScript(number: 1, name: "0001_first", sql: "CREATE TABLE first (x);")
        ])
        let error = #expect(throws: MigrationError.self) { try older.migrate(database) }
        #expect(error == .writtenByNewerVersion(path: database.path, migration: "0002_second"))
        #expect(
            error?.description.hasPrefix("this inventory was written by a newer version") == true)
        #expect(try tables(database) == ["first", "schema_migrations", "second"])
    }

    @Test func aDatabaseWhoseMigrationHasAnotherNameIsRefused() throws {
        let database = try open()
        try Migrator(migrations: [MigrationScript(number: 1, name: "0001_a", sql: "SELECT 1;")])
            .migrate(database)
        #expect(throws: MigrationError.self) {
            try Migrator(migrations: [MigrationScript(number: 1, name: "0001_b", sql: "SELECT 1;")])
                .migrate(database)
        }
    }
}
