import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryExchange

/// Things in boxes through imports and exports: Homebox 0.26's `HB.parent_import_ref` read as
/// containers and written back as Homebox reads it, our JSON's `container`, and every refusal
/// (a box no row names, an item inside itself, a loop) leaving the inventory as it was.
@Suite struct ContainerExchangeTests {
    let folder = TemporaryFolder()
    let manager: InventoryManager

    init() throws {
        manager = try makeManager(in: folder)
    }

    func write(_ name: String, _ text: String) -> String {
        let path = folder.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @discardableResult
    func importFile(
        _ path: String, into manager: InventoryManager? = nil, dryRun: Bool = false
    ) throws -> ImportReport {
        try Importer(path: path, options: ImportOptions(), manager: manager ?? self.manager).run(
            dryRun: dryRun)
    }

    func export(_ format: ExportFormat, from manager: InventoryManager? = nil) throws -> String {
        var bytes: [UInt8] = []
        try Exporter(manager: manager ?? self.manager, format: format).export { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    func item(_ name: String, in manager: InventoryManager? = nil) throws -> HouseholdItem {
        try #require(
            try (manager ?? self.manager).entireHouseholdInventory().first { $0.name == name })
    }

    /// A garage with a toolbox in it holding a drill and a bit case that holds bits; the
    /// contents come before their boxes in the file, as nothing in Homebox's export orders them.
    static func garage() -> HomeboxExport {
        var export = HomeboxExport()
        export.place("Home", id: "p-home")
        export.place("Garage", id: "p-garage", in: "Home")
        export.item(
            "Drill", id: "i-drill", in: "Home / Garage",
            ["HB.import_ref": "DRILL", "HB.parent_import_ref": "BOX"])
        export.item(
            "Bits", id: "i-bits", in: "Home / Garage",
            ["HB.import_ref": "BITS", "HB.parent_import_ref": "CASE"])
        export.item(
            "Bit case", id: "i-case", in: "Home / Garage",
            ["HB.import_ref": "CASE", "HB.parent_import_ref": "BOX"])
        export.item("Red toolbox", id: "i-box", in: "Home / Garage", ["HB.import_ref": "BOX"])
        return export
    }

    @Test func homeboxParentRefsPutThingsInTheirBoxesWhereverTheBoxRowIs() throws {
        let report = try importFile(write("hb.csv", Self.garage().text))
        #expect(report.added == 4 && report.rejected == 0)
        let box = try item("Red toolbox")
        let bitCase = try item("Bit case")
        #expect(box.location == "Home / Garage" && box.containerID == nil)
        #expect(try manager.contents(of: box.id).map(\.name) == ["Drill", "Bit case"])
        #expect(try manager.contents(of: bitCase.id).map(\.name) == ["Bits"])
        #expect(try item("Bits").location == "Home / Garage / Red toolbox / Bit case")
        // Added in their box: one version, one entry of history each, and no notes line.
        let drill = try item("Drill")
        #expect(drill.version == 1 && drill.notes == nil)
        #expect(try manager.history(itemID: drill.id).count == 1)
        #expect(try manager.place(path: "Home / Garage / Red toolbox") == nil)
        // The same file again changes nothing.
        let again = try importFile(write("hb.csv", Self.garage().text))
        #expect(again.unchanged == 4 && again.updated == 0 && again.added == 0)
        #expect(try item("Drill").version == 1)
    }

    @Test func aNewerFileMovesAThingBetweenBoxesAsOneEditAndItsContentsFollow() throws {
        try importFile(write("hb.csv", Self.garage().text))
        var export = Self.garage()
        export.item("Blue crate", id: "i-crate", in: "Home / Garage", ["HB.import_ref": "CRATE"])
        export.rows[4].cells["HB.parent_import_ref"] = "CRATE"  // the bit case
        let report = try importFile(write("hb2.csv", export.text))
        #expect(report.added == 1 && report.updated == 1 && report.unchanged == 3)
        let crate = try item("Blue crate")
        #expect(try manager.contents(of: crate.id).map(\.name) == ["Bit case"])
        #expect(try item("Bits").location == "Home / Garage / Blue crate / Bit case")
        #expect(try item("Bit case").version == 2)
    }

    @Test func aBoxNoRowNamesAThingInsideItselfAndALoopAreRefusedAndNothingIsWritten() throws {
        var export = HomeboxExport()
        export.place("Home", id: "p-home")
        export.item("Lamp", id: "i-lamp", in: "Home", ["HB.parent_import_ref": "NOWHERE"])
        export.item(
            "Mirror", id: "i-mirror", in: "Home",
            ["HB.import_ref": "MIRROR", "HB.parent_import_ref": "MIRROR"])
        export.item(
            "Crate", id: "i-crate", in: "Home",
            ["HB.import_ref": "CRATE", "HB.parent_import_ref": "BIN"])
        export.item(
            "Bin", id: "i-bin", in: "Home",
            ["HB.import_ref": "BIN", "HB.parent_import_ref": "CRATE"])
        #expect {
            try importFile(write("bad.csv", export.text))
        } throws: { error in
            guard case ImportError.invalidRows(let report) = error else { return false }
            return report.problems.map(\.description) == [
                "row 3, HB.parent_import_ref: is inside \"NOWHERE\", which no row of the file "
                    + "and no item of the inventory is",
                "row 4, HB.parent_import_ref: is inside \"MIRROR\", its own reference",
                "row 5, HB.parent_import_ref: Crate cannot go inside itself: Crate → Bin → Crate",
                "row 6, HB.parent_import_ref: Bin cannot go inside itself: Bin → Crate → Bin",
            ]
        }
        #expect(try manager.count() == 0)
        #expect(try manager.placeList().isEmpty)
    }

    @Test func aThingWaitingForItsBoxIsStillRefusedForItsOwnValuesInTheirColumn() throws {
        var export = HomeboxExport()
        export.place("Home", id: "p-home")
        export.item(
            String(repeating: "x", count: 300), id: "i-long", in: "Home",
            ["HB.parent_import_ref": "LATER"])
        export.item("Later box", id: "i-box", in: "Home", ["HB.import_ref": "LATER"])
        #expect {
            try importFile(write("long.csv", export.text))
        } throws: { error in
            guard case ImportError.invalidRows(let report) = error else { return false }
            return report.problems.count == 1 && report.problems[0].row == 3
                && report.problems[0].column == "HB.name"
        }
        #expect(try manager.count() == 0)
    }

    @Test func aDryRunListsTheRowsInOrderWithTheBoxesRefusals() throws {
        var export = Self.garage()
        export.item("Tape", id: "i-tape", in: "Home", ["HB.parent_import_ref": "GONE"])
        let report = try importFile(write("hb.csv", export.text), dryRun: true)
        #expect(report.outcomes.map(\.row) == [2, 3, 4, 5, 6, 7, 8])
        #expect(report.added == 4 && report.rejected == 1)
        guard case .reject(let problem) = report.outcomes.last?.action else {
            Issue.record("the tape is not refused")
            return
        }
        #expect(problem.column == "HB.parent_import_ref")
        #expect(try manager.count() == 0)
    }

    @Test func aHomeboxExportWritesTheBoxAndThePlaceAroundItAsHomebox026Does() throws {
        try importFile(write("hb.csv", Self.garage().text))
        let text = try export(.homebox)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("HB.import_ref,HB.parent_import_ref,HB.location,"))
        let rows = lines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { (String($0[5]), $0) })
        // Homebox's place for each: the place of the outermost box, never a box's name.
        #expect(byName["Bits"]?[0...2] == ["BITS", "CASE", "Home / Garage"])
        #expect(byName["Drill"]?[0...2] == ["DRILL", "BOX", "Home / Garage"])
        #expect(byName["Red toolbox"]?[0...2] == ["BOX", "", "Home / Garage"])
        // And a new inventory reads it back with the same boxes.
        let other = try makeManager(in: folder, name: "other.sqlite")
        try importFile(write("back.csv", text), into: other)
        let box = try item("Red toolbox", in: other)
        #expect(try other.contents(of: box.id).map(\.name).sorted() == ["Bit case", "Drill"])
        #expect(try item("Bits", in: other).location == "Home / Garage / Red toolbox / Bit case")
    }

    @Test func jsonCarriesTheContainerAndANewInventoryKeepsTheBoxesAndTheNumbers() throws {
        let shed = try manager.addPlace(path: "Shed")
        let added = try manager.add([
            ItemDraft(name: "Saw", location: shed.path),
            ItemDraft(name: "Toolbox", location: shed.path),
            ItemDraft(name: "Hammer", location: shed.path),
        ])
        try manager.move(ids: [added[0].id, added[2].id], to: .container(added[1].id))
        let text = try export(.json)
        #expect(text.contains("\"container\":\"inventory-"))
        let other = try makeManager(in: folder, name: "other.sqlite")
        let path = write("home.json", text)
        try importFile(path, into: other)
        // Numbered as the file numbered them, but for a thing added before its box, which
        // waits for it.
        let copied = try other.entireHouseholdInventory().sorted { $0.id < $1.id }
        #expect(copied.map(\.name) == ["Toolbox", "Hammer", "Saw"])
        #expect(copied.map(\.containerID) == [nil, copied[0].id, copied[0].id])
        #expect(copied[2].location == "Shed / Toolbox")
        // Into the inventory it came from: found by its references, nothing moves.
        let report = try importFile(path)
        #expect(report.unchanged == 3 && report.updated == 0)
    }

    @Test func aSpreadsheetNamesTheBoxByReferenceEvenWhenItDoesNotUpdateByThem() throws {
        let path = write(
            "things.csv", "Name,Import ref,Inside,Room\nDrill,D1,BOX,Shed\nToolbox,BOX,,Shed\n")
        var options = ImportOptions()
        options.updateBy = .none
        let report = try Importer(path: path, options: options, manager: manager).run(
            dryRun: false)
        #expect(report.added == 2)
        let box = try item("Toolbox")
        #expect(try manager.contents(of: box.id).map(\.name) == ["Drill"])
        #expect(try item("Drill").location == "Shed / Toolbox")
        #expect(try manager.importRefs().isEmpty)
    }

    @Test func anExportOfAViewWithoutTheBoxKeepsTheFullPathAndNoContainer() throws {
        let shed = try manager.addPlace(path: "Shed")
        let saw = ItemDraft(name: "Saw", isLuxury: true, location: shed.path)
        let added = try manager.add([saw, ItemDraft(name: "Toolbox", location: shed.path)])
        try manager.move(ids: [added[0].id], to: .container(added[1].id))
        var bytes: [UInt8] = []
        try Exporter(manager: manager, format: .homebox, filter: ItemFilter(isLuxury: true))
            .export { bytes += $0 }
        let row = String(decoding: bytes, as: UTF8.self).split(separator: "\n")[1]
        #expect(row.hasPrefix("inventory-") && row.contains(",,Shed / Toolbox,"))
    }
}
