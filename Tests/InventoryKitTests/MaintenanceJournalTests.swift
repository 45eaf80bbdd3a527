import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

/// Maintenance is part of an item's history, and its writes reach every view: each is one
/// journaled write that touches the item's time, not its version.
@Suite struct MaintenanceJournalTests {
    let folder = TemporaryFolder()

    @Test func eachMaintenanceWriteIsInTheHistoryAndPostedAsTheItemsChange() throws {
        let manager = try makeManager(in: folder)
        let boiler = try manager.add(ItemDraft(name: "Boiler", price: usd("2400")))
        let recorder = ChangeRecorder(manager)
        let schedule = try manager.scheduleMaintenance(
            itemID: boiler.id,
            MaintenancePlan(
                what: "Service", everyMonths: 12, startsOn: try CalendarDate(parsing: "2026-10-01"))
        )
        let entry = try manager.logMaintenance(
            itemID: boiler.id,
            MaintenanceDraft(
                what: "service", doneOn: try CalendarDate(parsing: "2026-09-20"), cost: usd("140"),
                doneBy: "Heat & Co"))
        try manager.removeMaintenanceEntry(itemID: boiler.id, id: entry.id)
        try manager.removeMaintenanceSchedule(itemID: boiler.id, id: schedule.id)

        // four writes, each posted as an edit of the boiler that leaves its version alone
        #expect(recorder.changeSets.count == 4)
        for set in recorder.changeSets {
            #expect(set.changes.count == 1 && set.changes[0].kind == .edited)
            #expect(set.changes[0].item.version == boiler.version)
            #expect(set.changes[0].item.updatedAt > set.changes[0].before!.updatedAt)
        }
        let after = try #require(try manager.item(id: boiler.id))
        #expect(after.version == boiler.version && after.updatedAt > boiler.updatedAt)

        // the history says what was done, newest first, and not the four touches
        let history = try manager.fullHistory(itemID: boiler.id)
        let lines = history.map { entry -> String in
            switch entry {
            case .item(let journal): journal.change.kind.rawValue
            case .maintenance(let event): event.description
            case .claimLine: "claim"
            }
        }
        #expect(
            lines == [
                "unscheduled Service, every year from 2026-10-01",
                "removed service, done 2026-09-20, 140.00 by Heat & Co",
                "logged service, done 2026-09-20, 140.00 by Heat & Co",
                "scheduled Service, every year from 2026-10-01",
                "added",
            ])
        #expect(try manager.fullHistory(itemID: boiler.id, limit: 2).count == 2)
        #expect(try manager.fullHistory(limit: 1).count == 1)
        // the plain item journal keeps them all
        #expect(try manager.history(itemID: boiler.id).count == 5)
    }

    @Test func aWriteRefusedRecordsNothingAndADeletedItemsLogIsNotRemovedEntryByEntry() throws {
        // every write in the same millisecond: the history orders them by write
        let now = Date(timeIntervalSince1970: 1_795_341_024)
        let manager = try InventoryManager(
            path: folder.file("i.sqlite"), notificationCenter: NotificationCenter(),
            clock: { now })
        let car = try manager.add(ItemDraft(name: "Car"))
        let sequence = try manager.lastSequence()
        #expect(throws: InventoryError.self) {
            try manager.logMaintenance(
                itemID: car.id, MaintenanceDraft(what: "Oil", scheduleID: 99))
        }
        #expect(throws: InventoryError.self) {
            try manager.logMaintenance(itemID: 42, MaintenanceDraft(what: "Oil"))
        }
        #expect(try manager.lastSequence() == sequence)
        #expect(try manager.fullHistory(itemID: car.id).count == 1)

        try manager.logMaintenance(itemID: car.id, MaintenanceDraft(what: "Oil"))
        try manager.scheduleMaintenance(
            itemID: car.id, MaintenancePlan(what: "Oil", everyMonths: 6, fromLast: true))
        try manager.delete(id: car.id)
        let kinds = try manager.fullHistory(itemID: car.id).map { entry -> String in
            switch entry {
            case .item(let journal): journal.change.kind.rawValue
            case .maintenance(let event): event.kind.rawValue
            case .claimLine: "claim"
            }
        }
        #expect(kinds == ["deleted", "scheduled", "logged", "added"])
    }

    @Test func anotherProcesssMaintenanceReachesAFollowingManager() throws {
        let path = folder.file("shared.sqlite")
        let writer = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let reader = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        defer {
            writer.close()
            reader.close()
        }
        let boat = try writer.add(ItemDraft(name: "Boat"))
        try reader.catchUp()
        let followed = ChangeRecorder(reader)
        try writer.logMaintenance(itemID: boat.id, MaintenanceDraft(what: "Antifouling"))
        try reader.catchUp()
        #expect(followed.changeSets.map { $0.changes.map(\.itemID) } == [[boat.id]])
    }
}
