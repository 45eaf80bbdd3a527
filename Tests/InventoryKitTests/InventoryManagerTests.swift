import Foundation
import InventoryTestSupport
import Locking
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite struct InventoryManagerTests {
    let folder = TemporaryFolder()

    @Test func anAddedItemIsStoredNormalizedWithAnIdAndVersionOne() throws {
        let fixed = Date(timeIntervalSince1970: 1_795_341_024.5)
        let manager = try InventoryManager(
            path: folder.file("i.sqlite"), notificationCenter: NotificationCenter(),
            clock: { fixed })
        let item = try manager.add(
            ItemDraft(
                name: "  Boat  ", description: " ", price: usd("25000"),
                purchaseDate: try CalendarDate(parsing: "2024-05-01"), isLuxury: true,
                location: "Garage"))
        #expect(item.id == 1)
        #expect(item.name == "Boat")
        #expect(item.description == nil)
        #expect(item.version == 1)
        #expect(item.createdAt == Timestamp(fixed))
        #expect(try manager.item(id: 1) == item)
        #expect(try manager.luxuryItems() == [item])
        #expect(try manager.nonInsuredItems() == [item])
        #expect(try manager.entireHouseholdInventory() == [item])
    }

    @Test func eachCommittedWritePostsExactlyOneNotificationAfterTheCommit() throws {
        let manager = try makeManager(in: folder)
        let recorder = ChangeRecorder(manager)
        let center = manager.notificationCenter
        // The observer reads through the manager: the change must already be committed.
        let seenInDatabase = ObservedCount()
        let token = center.addObserver(
            forName: InventoryManager.didChangeNotification, object: manager, queue: nil
        ) { [seenInDatabase] _ in
            seenInDatabase.record((try? manager.count()) ?? -1)
        }
        defer { center.removeObserver(token) }

        let boat = try manager.add(ItemDraft(name: "Boat", isLuxury: true))
        let edited = try manager.edit(
            id: boat.id,
            {
                var p = ItemPatch(); p.isInsured = true; return p
            }())
        try manager.delete(id: boat.id)

        let sets = recorder.changeSets
        #expect(sets.map(\.sequence) == [1, 2, 3])
        #expect(sets.map { $0.changes.map(\.kind) } == [[.added], [.edited], [.deleted]])
        #expect(sets[0].changes[0].item == boat)
        #expect(sets[1].changes[0].before == boat)
        #expect(sets[1].changes[0].item == edited)
        #expect(sets[2].changes[0].item == edited)
        #expect(seenInDatabase.values == [1, 1, 0])
    }

    @Test func aBatchIsOneTransactionAndOneNotification() throws {
        let manager = try makeManager(in: folder)
        let recorder = ChangeRecorder(manager)
        let items = try manager.add((1...50).map { ItemDraft(name: "Item \($0)") })
        #expect(items.map(\.id) == Array(1...50))
        var patch = ItemPatch()
        patch.location = "Attic"
        try manager.edit(ids: [3, 5, 7], patch)
        try manager.delete(ids: [1, 2])
        #expect(recorder.changeSets.map(\.changes.count) == [50, 3, 2])
        #expect(try manager.count() == 48)
    }

    @Test func aLargeBatchGetsConsecutiveIdsNeverReusingADeletedOne() throws {
        let manager = try InventoryManager(
            path: folder.file("i.sqlite"), notificationCenter: NotificationCenter())
        try manager.add((1...3).map { ItemDraft(name: "First \($0)") })
        try manager.delete(id: 3)
        // More rows than one INSERT statement holds, and not a multiple of it.
        let drafts = (1...123).map { ItemDraft(name: "Item \($0)", quantity: $0) }
        let added = try manager.add(drafts)
        #expect(added.map(\.id) == Array(4...126))
        #expect(added.map(\.quantity) == Array(1...123))
        for item in added { #expect(try manager.item(id: item.id) == item) }
        let addedInJournal = try manager.history().map(\.change).filter { $0.kind == .added }
            .sorted { $0.sequence < $1.sequence }
        #expect(addedInJournal.suffix(123).map(\.itemID) == Array(4...126))
        #expect(try manager.count() == 125)
    }

    @Test func aStreamedBatchReadsDraftsOneByOneAndIsAllOrNothing() throws {
        let manager = try makeManager(in: folder)
        let all = try InventoryView.all(manager)
        let recorder = ChangeRecorder(manager)
        // Draft 77 of 123 is invalid (an empty name): nothing is written, nothing is posted.
        let failing = (1...123).lazy.map { ItemDraft(name: $0 == 77 ? " " : "Item \($0)") }
        #expect(throws: InventoryError.self) { try manager.add(contentsOf: failing) }
        #expect(try manager.count() == 0)
        #expect(recorder.changeSets.isEmpty)
        let drafts = (1...123).lazy.map { ItemDraft(name: "Item \($0)", quantity: $0) }
        let ids = try manager.add(contentsOf: drafts)
        #expect(ids == 1...123)
        #expect(try manager.item(id: 77)?.quantity == 77)
        // The change set names the items instead of carrying them.
        #expect(recorder.changeSets.count == 1)
        let batch = try #require(recorder.changeSets.first?.addedInBulk)
        #expect(recorder.changeSets.first?.changes.isEmpty == true)
        #expect(batch.ids == 1...123)
        #expect(recorder.changeSets.first?.sequence == batch.sequence(of: 123))
        #expect(all.count == 123)
        #expect(all.totalValue == 0)
        #expect(try manager.add(contentsOf: [ItemDraft]()) == nil)
    }

    @Test func anImportThatOnlyAddsManyNamesThemAndAnyOtherCarriesItsItems() throws {
        let manager = try makeManager(in: folder)
        let all = try InventoryView.all(manager)
        let recorder = ChangeRecorder(manager)
        let count = InventoryManager.namedAdditions + 1
        _ = try manager.importItems { batch in
            for index in 1...count { try batch.add(ItemDraft(name: "Item \(index)")) }
        }
        let named = try #require(recorder.changeSets.last)
        #expect(named.changes.isEmpty)
        #expect(named.addedInBulk?.ids == 1...Int64(count))
        #expect(named.sequence == (try manager.history(limit: 1)).first?.sequence)
        #expect(all.count == count)
        // Adding and updating: the change set carries every item, in journal order.
        _ = try manager.importItems { batch in
            var patch = ItemPatch()
            patch.isInsured = true
            try batch.update(id: 1, patch)
            for index in 1...count { try batch.add(ItemDraft(name: "More \(index)")) }
        }
        let mixed = try #require(recorder.changeSets.last)
        #expect(mixed.addedInBulk == nil)
        #expect(mixed.changes.map(\.kind) == [.edited] + Array(repeating: .added, count: count))
        #expect(mixed.changes.last?.item.name == "More \(count)")
        #expect(all.count == 2 * count)
    }

    @Test func aBatchsItemsAreReadAsTheyWereAddedWhateverHappenedSince() throws {
        let manager = try makeManager(in: folder)
        try manager.add(ItemDraft(name: "Before"))
        let recorder = ChangeRecorder(manager)
        let ids = try #require(
            try manager.add(contentsOf: (1...25).lazy.map { ItemDraft(name: "Item \($0)") }))
        let batch = try #require(recorder.changeSets.last?.addedInBulk)
        var patch = ItemPatch()
        patch.name = "Renamed"
        try manager.edit(id: ids.lowerBound + 4, patch)
        var quantity = ItemPatch()
        quantity.quantity = 3
        try manager.edit(id: ids.lowerBound + 4, quantity)
        try manager.delete(ids: [ids.lowerBound + 9])
        try manager.add(ItemDraft(name: "After"))
        var pages: [[HouseholdItem]] = []
        try manager.items(addedBy: batch, pageSize: 10) { pages.append($0) }
        #expect(pages.map(\.count) == [10, 10, 5])
        let items = pages.flatMap { $0 }
        #expect(items.map(\.id) == Array(ids))
        #expect(items.map(\.name) == (1...25).map { "Item \($0)" })
        #expect(items.allSatisfy { $0.version == 1 && $0.quantity == 1 })
        #expect(try manager.item(id: ids.lowerBound + 4)?.name == "Renamed")
        #expect(try manager.item(id: ids.lowerBound + 9) == nil)
    }

    @Test func aFailedWriteChangesNothingAndPostsNothing() throws {
        let manager = try makeManager(in: folder)
        try manager.add([ItemDraft(name: "A"), ItemDraft(name: "B")])
        let before = try manager.entireHouseholdInventory()
        let recorder = ChangeRecorder(manager)

        #expect(throws: InventoryError.missingName) {
            try manager.add([ItemDraft(name: "C"), ItemDraft(name: "   ")])
        }
        var patch = ItemPatch()
        patch.isInsured = true
        let missing = #expect(throws: InventoryError.self) {
            try manager.edit(ids: [1, 40, 2, 41], patch)
        }
        #expect(missing == .itemsNotFound([40, 41]))
        #expect(throws: InventoryError.itemsNotFound([9])) { try manager.delete(ids: [1, 9]) }
        patch.quantity = 0
        #expect(throws: InventoryError.self) { try manager.edit(ids: [1], patch) }
        #expect(recorder.changeSets.isEmpty)
        #expect(try manager.entireHouseholdInventory() == before)
    }

    @Test func anEditChangesOnlyTheGivenFieldsAndGrowsTheVersion() throws {
        let manager = try makeManager(in: folder)
        let original = try manager.add(
            ItemDraft(
                name: "Camera", description: "Mirrorless", price: usd("1200"), isInsured: true,
                quantity: 2, brand: "Fujifilm", model: "X-T5", serialNumber: "123"))
        var patch = ItemPatch()
        patch.price = .some(usd("1100.50"))
        patch.model = .some(nil)
        patch.notes = .some("in the blue bag")
        let edited = try manager.edit(id: original.id, patch)
        #expect(edited.price == usd("1100.50"))
        #expect(edited.model == nil)
        #expect(edited.notes == "in the blue bag")
        #expect(edited.version == 2)
        #expect(edited.changedFields(comparedTo: original) == ["price", "model", "notes"])
        #expect(edited.createdAt == original.createdAt)
        #expect(try manager.item(id: original.id) == edited)
        // A patch that changes nothing writes nothing: no new version, no history entry.
        #expect(try manager.edit(id: original.id, ItemPatch()).version == 2)
        #expect(try manager.edit(id: original.id, patch).version == 2)
        #expect(try manager.history(itemID: original.id).count == 2)
    }

    @Test func aDeleteDecidedOnAStaleCopyIsRefused() throws {
        let manager = try makeManager(in: folder)
        let boat = try manager.add(ItemDraft(name: "Boat"))
        var patch = ItemPatch()
        patch.isInsured = true
        try manager.edit(id: boat.id, patch)
        #expect(throws: InventoryError.self) {
            try manager.delete(ids: [boat.id], expectedVersions: [boat.id: boat.version])
        }
        #expect(try manager.item(id: boat.id) != nil)
        #expect(try manager.delete(ids: [boat.id], expectedVersions: [boat.id: 2]).count == 1)
    }

    @Test func anAmountInAnotherCurrencyIsRefused() throws {
        let manager = try makeManager(in: folder)
        let euros = try Money(parsing: "10", currency: #require(Currency(code: "EUR")))
        #expect(throws: InventoryError.currencyMismatch(expected: .usd, given: euros.currency)) {
            try manager.add(ItemDraft(name: "Vase", price: euros))
        }
    }

    @Test func namesAreValidatedByLengthInCharactersNotBytes() throws {
        let manager = try makeManager(in: folder)
        let emoji = String(repeating: "👨‍👩‍👧", count: 200)
        #expect(try manager.add(ItemDraft(name: emoji)).name == emoji)
        #expect(throws: InventoryError.self) {
            try manager.add(ItemDraft(name: String(repeating: "a", count: 201)))
        }
        #expect(throws: InventoryError.self) { try manager.add(ItemDraft(name: "two\nlines")) }
        let hostile = "'); DROP TABLE items;--"
        #expect(try manager.add(ItemDraft(name: hostile)).name == hostile)
        #expect(try manager.count() == 2)
    }

    @Test func aPhotoIsStoredOnceByContentAndRemovedWithItsLastItem() throws {
        let manager = try makeManager(in: folder)
        let picture = folder.file("boat.png")
        let copy = folder.file("copy-without-extension")
        writePNG(at: picture, seed: "boat")
        writePNG(at: copy, seed: "boat")
        let first = try manager.add(ItemDraft(name: "Boat", photoFile: picture))
        let second = try manager.add(ItemDraft(name: "Boat too", photoFile: copy))
        let name = try #require(first.photo)
        #expect(second.photo == name)
        #expect(name.hasSuffix(".png") && name.count == 64 + 4)
        let stored = manager.photos.path(of: name)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: manager.photos.directory) == [name])
        #expect(permissions(manager.photos.directory) == 0o700)
        #expect(permissions(stored) == 0o600)
        try manager.delete(id: first.id)
        #expect(FileManager.default.fileExists(atPath: stored))
        var patch = ItemPatch()
        patch.photoFile = .some(nil)
        try manager.edit(id: second.id, patch)
        #expect(!FileManager.default.fileExists(atPath: stored))
    }

    @Test func aBadPhotoWritesNothing() throws {
        let manager = try makeManager(in: folder)
        let text = folder.file("notes.png")
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
        let good = folder.file("good.png")
        writePNG(at: good, seed: "good")
        for path in [text, folder.file("missing.jpg"), folder.path] {
            #expect(throws: InventoryError.self) {
                try manager.add([
                    ItemDraft(name: "Good", photoFile: good),
                    ItemDraft(name: "Bad", photoFile: path),
                ])
            }
        }
        #expect(try manager.count() == 0)
        let leftovers =
            (try? FileManager.default.contentsOfDirectory(atPath: manager.photos.directory)) ?? []
        #expect(leftovers.isEmpty)
    }

    @Test func theSharedManagerIsTheOneOpenedLast() throws {
        let first = try InventoryManager.openShared(
            path: folder.file("a.sqlite"), notificationCenter: NotificationCenter())
        #expect(InventoryManager.shared === first)
        #expect(throws: InventoryError.self) {
            try InventoryManager.openShared(path: folder.file("missing/b.sqlite"))
        }
        #expect(InventoryManager.shared === first, "a failed open leaves the shared one")
        let second = try InventoryManager.openShared(
            path: folder.file("b.sqlite"), notificationCenter: NotificationCenter())
        #expect(InventoryManager.shared === second && second !== first, "the last opened")
        InventoryManager.closeShared()
    }

    @Test func anObserverMayWriteAndItsNotificationFollowsInOrder() throws {
        let manager = try makeManager(in: folder)
        let recorder = ChangeRecorder(manager)
        let token = manager.notificationCenter.addObserver(
            forName: InventoryManager.didChangeNotification, object: manager, queue: nil
        ) { notification in
            guard let change = notification.inventoryChangeSet?.changes.first,
                change.kind == .added, change.item.name == "Boat"
            else { return }
            _ = try? manager.add(ItemDraft(name: "Trailer"))
        }
        defer { manager.notificationCenter.removeObserver(token) }
        try manager.add(ItemDraft(name: "Boat"))
        #expect(recorder.changeSets.map(\.sequence) == [1, 2])
        #expect(recorder.changeSets.map { $0.changes[0].item.name } == ["Boat", "Trailer"])
    }
}

/// Values recorded by an observer, in order.
final class ObservedCount: Sendable {
    private let storage = Lock<[Int]>([])
    func record(_ value: Int) { storage.withLock { $0.append(value) } }
    var values: [Int] { storage.withLock { $0 } }
}

/// Inventories that share a folder never share their stored files: deleting one's item never
/// takes away a photo the other uses, even for an inventory an earlier release kept in the
/// folder's shared `photos/`.
@Suite struct SharedFolderTests {
    let folder = TemporaryFolder()

    @Test func eachInventoryOfAFolderHasItsOwnPhotosFolder() throws {
        writePNG(at: folder.file("boat.png"), seed: "boat")
        let main = try makeManager(in: folder)
        let house = try makeManager(in: folder, name: "house.sqlite")
        #expect(main.photos.directory == folder.file("photos"))
        #expect(house.photos.directory == folder.file("house-photos"))
        let mainBoat = try main.add(ItemDraft(name: "Boat", photoFile: folder.file("boat.png")))
        let houseBoat = try house.add(ItemDraft(name: "Boat", photoFile: folder.file("boat.png")))
        try main.delete(id: mainBoat.id)
        #expect(try house.verify().isSound, "the other inventory's photo is still there")
        try house.delete(id: houseBoat.id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: house.photos.directory).isEmpty)
    }

    @Test func anInventoryAnEarlierReleaseKeptInTheSharedFolderGetsItsOwnCopies() throws {
        writePNG(at: folder.file("boat.png"), seed: "boat")
        // Made as an earlier release left it: house.sqlite's photo in the folder's photos/.
        do {
            let house = try makeManager(in: folder, name: "house.sqlite")
            _ = try house.add(ItemDraft(name: "Boat", photoFile: folder.file("boat.png")))
            house.close()
        }
        try FileManager.default.moveItem(
            atPath: folder.file("house-photos"), toPath: folder.file("photos"))
        // Read only: the photo is found where it is, and nothing is written.
        let reader = try InventoryManager(
            path: folder.file("house.sqlite"), access: .read,
            notificationCenter: NotificationCenter())
        #expect(try reader.verify().isSound)
        #expect(!FileManager.default.fileExists(atPath: folder.file("house-photos")))
        reader.close()
        // Opened for writing, it links its files into its own folder.
        let house = try makeManager(in: folder, name: "house.sqlite")
        let name = try #require(try house.item(id: 1)?.photo)
        #expect(FileManager.default.fileExists(atPath: folder.file("house-photos/" + name)))
        // The inventory that owns photos/ deletes its own item with the same photo: house's
        // copy stays.
        let main = try makeManager(in: folder)
        let boat = try main.add(ItemDraft(name: "Boat", photoFile: folder.file("boat.png")))
        try main.delete(id: boat.id)
        #expect(!FileManager.default.fileExists(atPath: folder.file("photos/" + name)))
        #expect(try house.verify().isSound)
    }
}

@Suite struct CommittedWriteTests {
    let folder = TemporaryFolder()

    /// What an interrupted command says was saved rests on this count: only writes that
    /// committed count, and the count stays readable once the manager is closed.
    @Test func onlyCommittedWritesCountAndTheCountOutlivesTheConnection() throws {
        let manager = try makeManager(in: folder)
        #expect(manager.committedWriteCount == 0)
        let boat = try manager.add(ItemDraft(name: "Boat"))
        #expect(manager.committedWriteCount == 1)
        var nothing = ItemPatch()
        nothing.name = "Boat"
        _ = try manager.edit(id: boat.id, nothing)  // leaves the item as it was: rolled back
        #expect(throws: InventoryError.self) { try manager.add(ItemDraft(name: "")) }
        #expect(throws: (any Error).self) { try manager.delete(id: 99) }
        #expect(manager.committedWriteCount == 1)
        manager.close()
        #expect(manager.committedWriteCount == 1)
    }
}
