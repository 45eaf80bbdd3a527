import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel

@Suite struct PlaceTests {
    let folder = TemporaryFolder()

    @Test func aLocationMakesItsPlacesSpelledAsTheFirstItemSpelledThem() throws {
        let manager = try makeManager(in: folder)
        let drill = try manager.add(ItemDraft(name: "Drill", location: "House/Garage"))
        let saw = try manager.add(ItemDraft(name: "Saw", location: " house / GARAGE / Shelf 2 "))
        #expect(drill.location == "House / Garage")
        #expect(saw.location == "House / Garage / Shelf 2")
        #expect(
            try manager.places().map(\.place.path) == [
                "House", "House / Garage", "House / Garage / Shelf 2",
            ])
        // One place per spelling: the second item found the first one's places.
        #expect(try manager.places().map(\.itemCount) == [2, 2, 1])
        let edited = try manager.edit(id: drill.id, patched { $0.location = .some("cabin / loft") })
        #expect(edited.location == "cabin / loft")
        #expect(try manager.place(path: "CABIN/LOFT")?.path == "cabin / loft")
    }

    @Test func aPlaceCountsAndValuesEverythingUnderItContainersToo() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(
            ItemDraft(name: "Red toolbox", price: usd("40"), location: "House / Garage"))
        let hammer = try manager.add(ItemDraft(name: "Hammer", price: usd("20"), quantity: 2))
        try manager.add(ItemDraft(name: "TV", price: usd("900"), location: "House / Lounge"))
        try manager.add(ItemDraft(name: "Kayak", price: usd("700"), location: "Cabin"))
        try manager.move(ids: [hammer.id], to: .container(box.id))
        let totals = Dictionary(
            uniqueKeysWithValues: try manager.places().map {
                ($0.place.path, ($0.itemCount, $0.worth))
            })
        #expect(totals["House"]! == (3, 4_000 + 4_000 + 90_000))
        #expect(totals["House / Garage"]! == (2, 8_000))
        #expect(totals["Cabin"]! == (1, 70_000))
        #expect(try manager.items(matching: ItemFilter(location: "house")).count == 3)
        #expect(
            try manager.items(matching: ItemFilter(location: "House / Garage / Red toolbox"))
                .map(\.name) == ["Hammer"])
    }

    @Test func movingABoxMovesWhatItHoldsInOneChangeSetAndOneEntryEach() throws {
        let manager = try makeManager(in: folder)
        let other = try makeManager(in: folder)
        defer { other.close() }
        try manager.addPlace(path: "House / Attic")
        let box = try manager.add(ItemDraft(name: "Box", location: "House / Garage"))
        let small = try manager.add(ItemDraft(name: "Small box"))
        let things = try manager.add((1...20).map { ItemDraft(name: "Thing \($0)") })
        try manager.move(ids: [small.id], to: .container(box.id))
        try manager.move(ids: things.map(\.id), to: .container(small.id))
        let inAttic = try InventoryView(
            name: "attic", filter: ItemFilter(location: "House / Attic"), manager: manager)
        let elsewhere = try InventoryView(
            name: "attic", filter: ItemFilter(location: "House / Attic"), manager: other)
        let recorder = ChangeRecorder(manager)
        let moved = try manager.move(ids: [box.id], to: .place("house/attic"))
        #expect(moved.map(\.location) == ["House / Attic"])
        #expect(recorder.changeSets.count == 1)
        #expect(recorder.changeSets.first?.changes.count == 22)
        #expect(inAttic.count == 22)
        let thing = try #require(try manager.item(id: things[0].id))
        #expect(thing.location == "House / Attic / Box / Small box")
        #expect(thing.containerID == small.id)
        #expect(try manager.history(itemID: thing.id).count == 3)  // added, into the box, moved
        try other.catchUp()
        #expect(elsewhere.count == 22)
        // Out of the boxes into a place: its location is the place's, its container none.
        let out = try manager.move(ids: [things[1].id], to: .place("House / Garage"))
        #expect(out[0].location == "House / Garage")
        #expect(out[0].containerID == nil)
    }

    @Test func aThingCannotGoInsideItselfAndTheMessageNamesTheLoop() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(ItemDraft(name: "Red toolbox", location: "Garage"))
        let tray = try manager.add(ItemDraft(name: "Tray"))
        try manager.move(ids: [tray.id], to: .container(box.id))
        #expect(throws: InventoryError.place(.loop(["Red toolbox", "Tray", "Red toolbox"]))) {
            try manager.move(ids: [box.id], to: .container(tray.id))
        }
        #expect(throws: InventoryError.place(.loop(["Red toolbox", "Red toolbox"]))) {
            try manager.move(ids: [box.id], to: .container(box.id))
        }
        #expect(
            "\(InventoryError.place(.loop(["Red toolbox", "Tray", "Red toolbox"])))"
                == "Red toolbox cannot go inside itself: Red toolbox → Tray → Red toolbox; "
                + "nothing was changed")
        try manager.addPlace(path: "House / Garage / Shelf")
        #expect(throws: InventoryError.place(.loop(["House", "Garage", "Shelf", "House"]))) {
            try manager.movePlace(path: "House", into: "House / Garage / Shelf")
        }
        #expect(try manager.item(id: box.id)?.location == "Garage")
        #expect(try manager.place(path: "House")?.parentID == nil)
    }

    @Test func renamingOrMovingAPlaceRewritesEverythingUnderIt() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(ItemDraft(name: "Box", location: "House / Garage / Shelf"))
        let pen = try manager.add(ItemDraft(name: "Pen"))
        try manager.move(ids: [pen.id], to: .container(box.id))
        let lamp = try manager.add(ItemDraft(name: "Lamp", location: "House / Garage"))
        // A place spelled otherwise beside it is another place, and stays.
        let other = try manager.add(ItemDraft(name: "Cup", location: "House / Garages"))
        try manager.renamePlace(path: "house / garage", to: "Workshop")
        #expect(try manager.item(id: pen.id)?.location == "House / Workshop / Shelf / Box")
        #expect(try manager.item(id: lamp.id)?.location == "House / Workshop")
        #expect(try manager.item(id: other.id)?.location == "House / Garages")
        try manager.movePlace(path: "House / Workshop", into: nil)
        #expect(try manager.item(id: pen.id)?.location == "Workshop / Shelf / Box")
        #expect(
            try manager.places().map(\.place.path) == [
                "House", "House / Garages", "Workshop", "Workshop / Shelf",
            ])
        #expect(throws: InventoryError.place(.exists("House / Garages"))) {
            try manager.movePlace(path: "Workshop", into: nil)
            try manager.renamePlace(path: "Workshop", to: "x")
            try manager.movePlace(path: "x", into: "House")
            try manager.renamePlace(path: "House / x", to: "garages")
        }
    }

    @Test func aPlaceWithThingsIsDeletedOnlyWhenTheyHaveSomewhereToGo() throws {
        let manager = try makeManager(in: folder)
        let lamp = try manager.add(ItemDraft(name: "Lamp", location: "House / Attic"))
        try manager.addPlace(path: "House / Attic / Corner")
        try manager.addPlace(path: "Cabin")
        #expect(
            throws: InventoryError.place(
                .holdsPlaces(path: "House / Attic", places: ["House / Attic / Corner"]))
        ) {
            try manager.deletePlace(path: "House / Attic", movingItemsTo: "Cabin")
        }
        try manager.deletePlace(path: "House / Attic / Corner")
        #expect(throws: InventoryError.place(.holdsItems(path: "House / Attic", count: 1))) {
            try manager.deletePlace(path: "House / Attic")
        }
        #expect(throws: InventoryError.place(.notFound("Nowhere"))) {
            try manager.deletePlace(path: "House / Attic", movingItemsTo: "Nowhere")
        }
        #expect(try manager.item(id: lamp.id)?.location == "House / Attic")
        try manager.deletePlace(path: "House / Attic", movingItemsTo: "cabin")
        #expect(try manager.item(id: lamp.id)?.location == "Cabin")
        #expect(try manager.places().map(\.place.path) == ["Cabin", "House"])
    }

    @Test func aBoxIsDeletedOnlyWithWhatItHolds() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(ItemDraft(name: "Box", location: "Garage"))
        let pen = try manager.add(ItemDraft(name: "Pen"))
        try manager.move(ids: [pen.id], to: .container(box.id))
        #expect(
            throws: InventoryError.place(.containerHoldsItems(id: box.id, name: "Box", count: 1))
        ) {
            try manager.delete(ids: [box.id])
        }
        try manager.delete(ids: [box.id, pen.id])
        #expect(try manager.count() == 0)
    }

    @Test func renamingABoxOrSettingItsLocationCarriesWhatItHolds() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(ItemDraft(name: "Box", location: "Garage"))
        let pen = try manager.add(ItemDraft(name: "Pen"))
        try manager.move(ids: [pen.id], to: .container(box.id))
        try manager.edit(id: box.id, patched { $0.name = "Crate" })
        #expect(try manager.item(id: pen.id)?.location == "Garage / Crate")
        try manager.edit(id: box.id, patched { $0.location = .some("Attic") })
        #expect(try manager.item(id: pen.id)?.location == "Attic / Crate")
        // Setting a thing's location takes it out of its box.
        let out = try manager.edit(id: pen.id, patched { $0.location = .some("Attic") })
        #expect(out.containerID == nil)
        #expect(try manager.contents(of: box.id).isEmpty)
    }
}

/// A patch made by `body`.
private func patched(_ body: (inout ItemPatch) -> Void) -> ItemPatch {
    var patch = ItemPatch()
    body(&patch)
    return patch
}
