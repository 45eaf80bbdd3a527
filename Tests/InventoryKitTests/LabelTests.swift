import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel

@Suite struct LabelTests {
    let folder = TemporaryFolder()

    @Test func aLabelIsPrintedWithSixDigitsAndReadBackAsTyped() {
        #expect(InventoryLabel.text(42) == "000-042")
        #expect(InventoryLabel.text(1_234_567) == "1234-567")
        #expect(InventoryLabel.number("000-042") == 42)
        #expect(InventoryLabel.number(" 42 ") == 42)
        #expect(InventoryLabel.number("1234-567") == 1_234_567)
        for bad in ["", "0", "000-42", "-042", "042-", "a-042", "000--042", "1-2-3", "4.2"] {
            #expect(InventoryLabel.number(bad) == nil, "\(bad)")
        }
    }

    @Test func aThingKeepsItsLabelAndANumberIsNeverGivenTwice() throws {
        let manager = try makeManager(in: folder)
        let box = try manager.add(ItemDraft(name: "Box", location: "House / Garage"))
        let lamp = try manager.add(ItemDraft(name: "Lamp"))
        let first = try manager.assignLabels(items: [box.id, lamp.id], places: ["house/garage"])
        #expect(first.map(\.text) == ["000-001", "000-002", "000-003"])
        #expect(first.map(\.target) == [.item(box.id), .item(lamp.id), .place(2)])
        // Again: the same labels, nothing new.
        #expect(try manager.assignLabels(items: [lamp.id, box.id]).map(\.number) == [2, 1])
        #expect(try manager.find(label: "000-001").thing == .item(box))
        let place = try #require(try manager.place(path: "House / Garage"))
        #expect(try manager.find(label: "3").thing == .place(place))
        try manager.delete(ids: [lamp.id])
        #expect(try manager.find(label: "000-002").thing == .nothing)
        let other = try manager.add(ItemDraft(name: "Other"))
        #expect(try manager.assignLabels(items: [other.id]).map(\.text) == ["000-004"])
        #expect(throws: InventoryError.place(.noLabel("000-009"))) {
            try manager.find(label: "9")
        }
        #expect(throws: InventoryError.itemsNotFound([99])) {
            try manager.assignLabels(items: [99, box.id])
        }
        #expect(throws: InventoryError.place(.notFound("Shed"))) {
            try manager.assignLabels(items: [other.id], places: ["Shed"])
        }
        #expect(try manager.labels(ofItems: [other.id, box.id, 77]).count == 2)
    }
}
