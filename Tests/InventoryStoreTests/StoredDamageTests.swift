import CSQLite
import Foundation
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryStore

/// A value read back from the file that breaks a rule the file enforces is damage, never the
/// user's mistake; a file found damaged is written no more.
@Suite struct StoredDamageTests {
    let folder = TemporaryFolder()
    let database: Database
    let store: InventoryDatabase

    init() throws {
        database = try Database(
            path: folder.file("inventory.sqlite"),
            options: .init(applicationID: Database.inventoryApplicationID))
        store = try InventoryDatabase(database: database)
        let time = Timestamp(millisecondsSince1970: 1_700_000_000_000)
        for name in ["Boat", "TV", "Lamp"] {
            _ = try store.write {
                try store.items.insert(
                    HouseholdItem(
                        id: 0, name: name, price: usd("1000"), createdAt: time, updatedAt: time))
            }
        }
    }

    /// Stores `value` in `column` of item `id` as a damaged page can hold it: past the file's
    /// CHECK constraints.
    private func damage(_ column: String, of id: Int64, to value: DatabaseValue) throws {
        try database.execute("PRAGMA ignore_check_constraints = 1")
        defer { try? database.execute("PRAGMA ignore_check_constraints = 0") }
        try database.execute("UPDATE items SET \(column) = ? WHERE id = ?", [value, .integer(id)])
    }

    @Test(arguments: [
        ("price", DatabaseValue.integer(-4_934_514)), ("value", .integer(-1)),
        ("purchase_date", .text("2023-02-31")), ("quantity", .integer(0)),
        ("luxury", .integer(2)), ("version", .integer(0)), ("name", .text("")),
        ("tags", .text("[1,2]")),
    ])
    func aValueThatBreaksARuleOfTheFileIsReadAsDamage(column: String, value: DatabaseValue)
        throws
    {
        try damage(column, of: 2, to: value)
        for read in [{ _ = try store.items.item(id: 2) }, { _ = try store.items.items() }] {
            let error = #expect(throws: StoreError.self, "\(column)") { try read() }
            #expect(error?.storageProblem == .damaged, "\(column): \(String(describing: error))")
        }
        #expect(try store.items.item(id: 1)?.name == "Boat", "the other rows read as they are")
        #expect(try store.unreadableValue() != nil)
    }

    @Test func aFileRecordedAsDamagedRefusesEveryWriteUntilTheRecordIsCleared() throws {
        #expect(try store.recordedDamage() == nil)
        store.recordDamage("SQLite error 11", at: Timestamp(millisecondsSince1970: 0))
        #expect(try store.recordedDamage()?.hasSuffix("SQLite error 11") == true)
        let error = #expect(throws: StoreError.self) {
            try store.write { try store.items.delete(id: 1) }
        }
        #expect(error?.storageProblem == .damaged)
        #expect(try store.items.item(id: 1) != nil, "nothing was written")
        try store.clearRecordedDamage()
        try store.write { try store.items.delete(id: 1) }
        #expect(try store.items.item(id: 1) == nil)
    }
}
