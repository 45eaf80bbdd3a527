import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryStore

/// Damage met by any command is said as damage, recorded in the file, and stops every later
/// write until `verify` finds the file whole again.
@Suite struct DamagedInventoryTests {
    let folder = TemporaryFolder()

    /// Gives item `id` a price past the CHECK constraint, as a damaged page can: without the
    /// journal entry a write would leave.
    private func damagePrice(of id: Int64, in path: String, to price: Int64) throws {
        let database = try Database(path: path)
        defer { database.close() }
        try database.execute("PRAGMA ignore_check_constraints = 1")
        try database.transaction {
            try database.execute(
                "UPDATE items SET price = ? WHERE id = ?", [.integer(price), .integer(id)])
            try database.execute("DELETE FROM journal WHERE seq = (SELECT max(seq) FROM journal)")
        }
    }

    private func isDamage(_ error: (any Error)?) -> Bool {
        switch error {
        case InventoryError.storage(_, .damaged, _)?: true
        case InventoryError.cannotOpen(_, let reason, _)?: reason.isDamage
        default: false
        }
    }

    @Test func damageMetByAReadIsRecordedAndEveryLaterWriteRefusesIt() throws {
        let manager = try makeManager(in: folder)
        defer { manager.close() }
        try manager.add(ItemDraft(name: "Boat", price: usd("100")))
        try manager.add(ItemDraft(name: "TV", price: usd("1000")))
        try damagePrice(of: 2, in: manager.databasePath, to: -4_934_514)

        let read = #expect(throws: InventoryError.self) { try manager.entireHouseholdInventory() }
        #expect(isDamage(read), "\(String(describing: read))")
        #expect(read.map { "\($0)".contains("negative") } == false, "not the user's mistake")
        // Writes refuse it now: a write that touches no damaged row, and a new writer.
        let write = #expect(throws: InventoryError.self) {
            try manager.add(ItemDraft(name: "Lamp"))
        }
        #expect(isDamage(write), "\(String(describing: write))")
        let writer = #expect(throws: InventoryError.self) {
            try InventoryManager(path: manager.databasePath, notificationCenter: .init())
        }
        #expect(isDamage(writer), "\(String(describing: writer))")
        #expect(try manager.count() == 2, "nothing was written")
        let backup = #expect(throws: InventoryError.self) {
            try manager.snapshot(to: folder.file("copy.sqlite"))
        }
        #expect(isDamage(backup))

        // A reader still opens it; verify finds the damage.
        let reader = try InventoryManager(
            path: manager.databasePath, access: .read, notificationCenter: .init())
        defer { reader.close() }
        let found = try reader.verify()
        #expect(!found.isSound && found.databaseProblem != nil)

        // Put right (as a restore would), verify finds it whole and writes go on.
        try damagePrice(of: 2, in: manager.databasePath, to: 100_000)
        let whole = try reader.verify()
        #expect(whole.isSound && whole.clearedDamageRecord != nil, "\(whole)")
        try manager.add(ItemDraft(name: "Lamp"))
        #expect(try manager.count() == 3)
    }

    @Test func verifyFindsAValueTheIntegrityCheckCannotSee() throws {
        let manager = try makeManager(in: folder)
        defer { manager.close() }
        try manager.add(
            ItemDraft(name: "Boat", purchaseDate: try CalendarDate(parsing: "2023-02-01")))
        // A date the file's GLOB lets through, but no day: SQLite's check passes it.
        let database = try Database(path: manager.databasePath)
        try database.transaction {
            try database.execute("UPDATE items SET purchase_date = '2023-02-31'")
            try database.execute("DELETE FROM journal WHERE seq = (SELECT max(seq) FROM journal)")
        }
        #expect(try database.integrityProblem() == nil)
        database.close()
        let found = try manager.verify()
        #expect(found.databaseProblem?.contains("2023-02-31") == true, "\(found)")
    }
}
