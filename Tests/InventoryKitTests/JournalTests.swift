import Foundation
import InventoryMigrations
import InventoryTestSupport
import Synchronization
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite struct JournalTests {
    let folder = TemporaryFolder()

    /// Waits (up to a generous bound, never asserting on time) until `condition` holds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    @Test func everyWriteRecordsItsChangesWithIncreasingSequenceNumbers() throws {
        let manager = try makeManager(in: folder)
        let boat = try manager.add(ItemDraft(name: "Boat", price: usd("25000"), isLuxury: true))
        let pair = try manager.add([ItemDraft(name: "Oar"), ItemDraft(name: "Rope")])
        var patch = ItemPatch()
        patch.isInsured = true
        let edited = try manager.edit(ids: [boat.id, pair[0].id], patch)
        let deleted = try manager.delete(id: pair[1].id)

        let journal = Array(try manager.history().reversed())
        #expect(journal.map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(journal.map(\.change.kind) == [.added, .added, .added, .edited, .edited, .deleted])
        #expect(journal.map(\.writeID) == [1, 2, 2, 3, 3, 4])
        #expect(journal[0].change.item == boat)
        #expect(journal[1].change.item == pair[0] && journal[2].change.item == pair[1])
        #expect(journal[3].change.before == boat && journal[3].change.item == edited[0])
        #expect(journal[5].change.item == deleted)
        #expect(journal[5].change.before == nil)
        #expect(try manager.history(itemID: boat.id).map(\.sequence) == [4, 1])
        #expect(try manager.history(limit: 2).map(\.sequence) == [6, 5])
    }

    @Test func theNotificationsCarryTheJournalsSequenceNumbers() throws {
        let manager = try makeManager(in: folder)
        let recorder = ChangeRecorder(manager)
        try manager.add([ItemDraft(name: "A"), ItemDraft(name: "B")])
        try manager.delete(id: 1)
        #expect(recorder.changeSets.map { $0.changes.map(\.sequence) } == [[1, 2], [3]])
        #expect(recorder.changeSets.map(\.sequence) == [2, 3])
    }

    @Test func anotherConnectionsChangesArePostedIdenticallyToLocalOnes() throws {
        let path = folder.file("shared.sqlite")
        let writer = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let reader = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let local = ChangeRecorder(writer)
        let followed = ChangeRecorder(reader)
        let item = try writer.add(ItemDraft(name: "Boat", price: usd("1.50"), isLuxury: true))
        try writer.add([ItemDraft(name: "Oar", quantity: 2), ItemDraft(name: "Rope")])
        var patch = ItemPatch()
        patch.price = .some(nil)
        patch.notes = "sold the engine"
        try writer.edit(id: item.id, patch)
        try writer.delete(ids: [2, 3])
        try reader.catchUp()
        #expect(followed.changeSets == local.changeSets)
        #expect(followed.changeSets.count == 4)
        try reader.catchUp()
        #expect(followed.changeSets.count == 4, "each change is posted once")
    }

    @Test func aLocalWriteFirstPostsTheOtherConnectionsEarlierWrites() throws {
        let path = folder.file("shared.sqlite")
        let first = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let second = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let recorder = ChangeRecorder(second)
        try first.add(ItemDraft(name: "From first"))
        try second.add(ItemDraft(name: "From second"))
        #expect(
            recorder.changeSets.map { $0.changes[0].item.name } == ["From first", "From second"])
        #expect(recorder.changeSets.map(\.sequence) == [1, 2])
    }

    @Test func aFollowingManagerPostsOtherConnectionsCommitsUntilItStops() throws {
        let path = folder.file("shared.sqlite")
        let writer = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let reader = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let luxury = try InventoryView.luxury(reader)
        let recorder = ChangeRecorder(reader)
        reader.startFollowing()
        #expect(reader.isFollowing)
        try writer.add(ItemDraft(name: "Boat", isLuxury: true))
        #expect(eventually { recorder.changeSets.count == 1 })
        #expect(eventually { luxury.count == 1 })
        try writer.add([ItemDraft(name: "Yacht", isLuxury: true), ItemDraft(name: "Mop")])
        #expect(eventually { recorder.changeSets.count == 2 })
        #expect(luxury.ids == [1, 2])

        let follower = reader.currentFollower
        reader.stopFollowing()
        #expect(!reader.isFollowing)
        #expect(eventually { follower?.hasEnded == true }, "its following thread ends")
        // A follower still running sees the delete when this one does.
        let witness = try InventoryManager(
            path: folder.file("shared.sqlite"), notificationCenter: NotificationCenter())
        defer { witness.close() }
        let witnessed = ChangeRecorder(witness)
        witness.startFollowing()
        try writer.delete(id: 1)
        #expect(eventually { witnessed.changeSets.count == 1 })
        #expect(recorder.changeSets.count == 2, "nothing is posted after stopping")
        try reader.catchUp()
        #expect(recorder.changeSets.count == 3)
        #expect(luxury.ids == [2])
    }

    @Test func aFollowerStopsWhenItsManagerGoesAway() throws {
        let path = folder.file("shared.sqlite")
        let writer = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        weak var released: InventoryManager?
        var follower: JournalFollower?
        do {
            let reader = try InventoryManager(path: path, notificationCenter: NotificationCenter())
            reader.startFollowing(fallbackInterval: .milliseconds(5))
            follower = reader.currentFollower
            released = reader
        }
        try writer.add(ItemDraft(name: "Boat"))
        #expect(eventually { released == nil })
        #expect(follower != nil)
        #expect(eventually { follower?.hasEnded == true }, "the following thread ends")
    }

    @Test func anEditFromAStaleCopyIsRefusedAndNamesWhatChanged() throws {
        let manager = try makeManager(in: folder)
        let copy = try manager.add(ItemDraft(name: "Boat", price: usd("25000")))
        var someoneElse = ItemPatch()
        someoneElse.price = .some(usd("24000"))
        someoneElse.isInsured = true
        try manager.edit(id: copy.id, someoneElse)
        let before = try manager.item(id: copy.id)
        let recorder = ChangeRecorder(manager)

        var mine = ItemPatch()
        mine.location = "Marina"
        let error = #expect(throws: InventoryError.self) {
            try manager.edit(id: copy.id, mine, expectedVersion: copy.version)
        }
        #expect(
            error
                == .editConflict(
                    id: copy.id, name: "Boat", expectedVersion: 1, currentVersion: 2,
                    changedFields: ["price", "insured"]))
        #expect(try manager.item(id: copy.id) == before)
        #expect(recorder.changeSets.isEmpty)
        #expect(try manager.edit(id: copy.id, mine, expectedVersion: 2).location == "Marina")
    }

    @Test func plainEditsOfDifferentFieldsFromTwoConnectionsBothSurvive() throws {
        let path = folder.file("shared.sqlite")
        let first = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let second = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let item = try first.add(ItemDraft(name: "Boat"))
        // Every edit changes its field (an edit that changes nothing writes nothing).
        let prices = (0..<50).map { number in
            var patch = ItemPatch()
            patch.price = .some(usd("\(100 + number)"))
            return patch
        }
        let locations = (0..<50).map { number in
            var patch = ItemPatch()
            patch.location = "Marina \(number)"
            return patch
        }
        let group = DispatchGroup()
        for (manager, patches) in [(first, prices), (second, locations)] {
            DispatchQueue.global().async(group: group) {
                for patch in patches { _ = try? manager.edit(id: item.id, patch) }
            }
        }
        group.wait()
        let final = try #require(try first.item(id: item.id))
        #expect(final.price == usd("149") && final.location == "Marina 49")
        #expect(final.version == 101)
    }

    /// Migration 0012: an addition's journal row stores no item (an import stored each item
    /// twice, in its row and in the journal), and every reader still gets the item as it was
    /// added — from the item's next row's `before`, or the item itself when nothing changed it
    /// since.
    @Test func anAdditionsRowStoresNoItemYetHistoryShowsItAsAdded() throws {
        let manager = try makeManager(in: folder)
        let boat = try manager.add(ItemDraft(name: "Boat", price: usd("25000"), tags: ["Sea"]))
        let batch = try #require(
            try manager.add(contentsOf: (1...40).lazy.map { ItemDraft(name: "Oar \($0)") }))
        var patch = ItemPatch()
        patch.name = "Yacht"
        try manager.edit(id: boat.id, patch)
        patch.name = "Ship"
        try manager.edit(id: boat.id, patch)
        let lastOar = try #require(try manager.item(id: batch.upperBound))
        try manager.delete(ids: [batch.lowerBound])
        let stored = try Database(
            path: folder.file("inventory.sqlite"), options: .init(readOnly: true))
        let statement = try stored.makeStatement(
            "SELECT count(*), count(after) FROM journal WHERE kind = 'added'")
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 41 && statement.int64(at: 1) == 0)
        let boatHistory = try manager.history(itemID: boat.id)
        #expect(boatHistory.map(\.change.kind) == [.edited, .edited, .added])
        #expect(boatHistory.last?.change.item == boat)
        let first = try manager.history(itemID: batch.lowerBound)
        #expect(first.map(\.change.kind) == [.deleted, .added])
        #expect(first.last?.change.item.name == "Oar 1")
        #expect(first.last?.change.item == first.first?.change.item)
        #expect(try manager.history(itemID: batch.upperBound).last?.change.item == lastOar)
        #expect(try manager.item(id: boat.id, atVersion: 1) == boat)
    }

    /// An inventory written before migration 0012 keeps its additions' items in their rows;
    /// after the upgrade, those rows and the new ones read alike.
    @Test func additionsWrittenBeforeTheLeanJournalKeepTheirItems() throws {
        let path = folder.file("old.sqlite")
        let lean = try #require(MigrationScripts.all.firstIndex { $0.name == "0012_lean_journal" })
        do {
            let database = try Database(
                path: path, options: .init(applicationID: Database.inventoryApplicationID))
            _ = try InventoryDatabase(
                database: database,
                migrator: Migrator(migrations: Array(MigrationScripts.all[..<lean])))
            // Rows as that release's triggers wrote them: the addition with its item.
            try database.execute(
                """
                INSERT INTO items (name, name_key, created_at, updated_at)
                VALUES ('Heirloom', 'heirloom', 1700000000000, 1700000000000)
                """)
            try database.execute("UPDATE items SET name = 'Clock', name_key = 'clock'")
        }
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        try manager.add(ItemDraft(name: "Lamp"))
        let history = try manager.history()
        #expect(history.map(\.change.kind) == [.added, .edited, .added])
        #expect(history.map(\.change.item.name) == ["Lamp", "Clock", "Heirloom"])
    }

    @Test func aSpineDatabaseUpgradesInPlaceAndKeepsItsItems() throws {
        let path = folder.file("old.sqlite")
        do {
            let database = try Database(
                path: path, options: .init(applicationID: Database.inventoryApplicationID))
            let old = try InventoryDatabase(
                database: database, migrator: Migrator(migrations: [MigrationScripts.all[0]]))
            _ = old
            // A row as that release wrote it, with its columns only.
            try database.execute(
                """
                INSERT INTO items (name, name_key, created_at, updated_at)
                VALUES ('Heirloom', 'heirloom', 1700000000000, 1700000000000)
                """)
        }
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        #expect(try manager.entireHouseholdInventory().map(\.name) == ["Heirloom"])
        #expect(try manager.history().isEmpty)
        var patch = ItemPatch()
        patch.isInsured = true
        try manager.edit(id: 1, patch)
        #expect(try manager.history(itemID: 1).map(\.change.kind) == [.edited])
    }
}
