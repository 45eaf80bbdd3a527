import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryExchange

/// What `Importer` does with Homebox 0.26's exports: places listed as rows, items known by their
/// Homebox id, and the rules a dry run and the dates follow.
@Suite struct HomeboxImportTests {
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
        _ path: String, dryRun: Bool = false, _ configure: (inout ImportOptions) -> Void = { _ in }
    ) throws -> ImportReport {
        var options = ImportOptions()
        configure(&options)
        return try Importer(path: path, options: options, manager: manager).run(dryRun: dryRun)
    }

    /// A household's Homebox: Home, Home / Garage (with a drill), an empty Office, and a lamp
    /// in the living room of the top level.
    static func household(drillPrice: String = "129.99", garage: String = "Garage")
        -> HomeboxExport
    {
        var export = HomeboxExport()
        export.place("Home", id: "0b1c-home")
        export.place(garage, id: "0b1c-garage", in: "Home")
        export.item(
            "Drill", id: "9f00-drill", in: "Home / \(garage)",
            ["HB.purchase_price": drillPrice, "HB.manufacturer": "Bosch"])
        export.place("Office", id: "0b1c-office")
        export.place("Living Room", id: "0b1c-living")
        export.item("Lamp", id: "9f00-lamp", in: "Living Room", ["HB.purchase_price": "35"])
        return export
    }

    @Test func homeboxPlacesAreRememberedAsPlacesNeverMadeItems() throws {
        let report = try importFile(write("hb.csv", Self.household().text))
        #expect(report.rows == 6)
        #expect(report.added == 2)
        #expect(report.placesAdded == 4)
        let items = try manager.entireHouseholdInventory()
        #expect(items.map(\.name) == ["Drill", "Lamp"])
        #expect(items.map(\.location) == ["Home / Garage", "Living Room"])
        let places = try manager.importedPlaces()
        #expect(
            places.map { [$0.sourceID, $0.name, $0.parentPath ?? "-", $0.path] } == [
                ["0b1c-home", "Home", "-", "Home"],
                ["0b1c-garage", "Garage", "Home", "Home / Garage"],
                ["0b1c-living", "Living Room", "-", "Living Room"],
                ["0b1c-office", "Office", "-", "Office"],
            ])
        #expect(places.allSatisfy { $0.source == "homebox" })
        #expect(report.notes.contains { $0.hasPrefix("4 rows are places") })
    }

    @Test func theSameExportTwiceIsUnchangedAndANewerOneUpdatesWithoutAsking() throws {
        let first = write("v1.csv", Self.household().text)
        try importFile(first)
        let again = try importFile(first)
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == 2)
        #expect(again.placesUnchanged == 4 && again.placesAdded == 0)
        // The next export: the drill's price changed, the garage was renamed, a saw was added.
        var newer = Self.household(drillPrice: "99.5", garage: "Workshop")
        newer.item("Saw", id: "9f00-saw", in: "Home / Workshop")
        let report = try importFile(write("v2.csv", newer.text))
        #expect(report.duplicates == 0)
        #expect(report.added == 1 && report.updated == 1 && report.unchanged == 1)
        #expect(report.placesChanged == 1 && report.placesUnchanged == 3)
        let drill = try #require(
            try manager.entireHouseholdInventory().first { $0.name == "Drill" })
        #expect(drill.price == usd("99.50") && drill.location == "Home / Workshop")
        #expect(try manager.count() == 3)
        #expect(try manager.importedPlaces().map(\.path).contains("Home / Workshop"))
        #expect(try manager.importRefs()[drill.id] == "homebox:item/9f00-drill")
    }

    @Test func anImportRefStillComesFirstAndTheHomeboxIdFindsTheItemWhenOneIsGivenLater() throws {
        var export = HomeboxExport()
        export.item("Kettle", id: "9f00-kettle", in: "Kitchen", ["HB.import_ref": "k1"])
        try importFile(write("a.csv", export.text))
        #expect(try manager.importRefs().values.sorted() == ["k1"])
        // Homebox's "ensure import refs" gave the drill one: its id still finds it.
        var later = HomeboxExport()
        later.item("Kettle", id: "9f00-kettle", in: "Kitchen", ["HB.import_ref": "k1"])
        later.item("Drill", id: "9f00-drill", in: "Garage")
        try importFile(write("b.csv", later.text))
        var refs = HomeboxExport()
        refs.item("Kettle", id: "9f00-kettle", in: "Kitchen", ["HB.import_ref": "k1"])
        refs.item("Drill", id: "9f00-drill", in: "Shed", ["HB.import_ref": "d7"])
        let report = try importFile(write("c.csv", refs.text))
        #expect(report.added == 0 && report.updated == 1 && report.unchanged == 1)
        #expect(try manager.count() == 2)
    }

    @Test func aPlaceRowWithoutANameOrTwiceInOneFileIsAProblem() throws {
        var export = HomeboxExport()
        export.place("", id: "p1")
        export.place("Attic", id: "p2")
        export.place("Attic", id: "p2")
        #expect {
            try importFile(write("bad.csv", export.text))
        } throws: { error in
            guard case ImportError.invalidRows(let report) = error else { return false }
            return report.problems.map(\.description) == [
                "row 2, HB.name: a place needs a name",
                "row 4: the Homebox place p2 is also row 3's",
            ]
        }
        #expect(try manager.importedPlaces().isEmpty)
    }

    @Test func aDryRunSaysWhatTheImportWouldDoWithEachRow() throws {
        try importFile(write("v1.csv", Self.household().text))
        var newer = Self.household(drillPrice: "99.5")
        newer.item("Saw", id: "9f00-saw", in: "Home / Garage", ["HB.purchase_date": "13/10/2021"])
        newer.item("Hammer", id: "9f00-hammer", in: "Home / Garage")
        let path = write("v2.csv", newer.text)
        let rejects = try manager.outputFile(at: path + ".rejected.csv", replacing: false)
        let before = try manager.entireHouseholdInventory()
        let dry = try importFile(path, dryRun: true) { $0.rejectedRows = rejects }
        #expect(try manager.entireHouseholdInventory() == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".rejected.csv"))
        #expect(dry.skipsInvalidRows)
        #expect(
            dry.outcomes.map(\.action) == [
                .place(.unchanged), .place(.unchanged),
                .update(itemID: 1, fields: ["price"]),
                .place(.unchanged), .place(.unchanged), .unchanged(itemID: 2),
                .reject(
                    ImportProblem(
                        row: 8, column: "HB.purchase_date",
                        reason: "invalid purchase date \"13/10/2021\": no such day in the "
                            + "calendar as MM/DD/YYYY; it is a date as DD/MM/YYYY",
                        hint: .dateOrder(.dayFirst))),
                .add,
            ])
        #expect(dry.outcomes.map(\.row) == Array(2...9))
        #expect(dry.outcomes.last?.name == "Hammer")
        // The import does what the dry run said.
        let real = try importFile(path) { $0.rejectedRows = rejects }
        #expect(real.outcomes.isEmpty, "only a dry run lists the rows")
        for counted in [\ImportReport.added, \.updated, \.unchanged, \.rejected, \.places] {
            #expect(real[keyPath: counted] == dry[keyPath: counted])
        }
        #expect(try manager.count() == 3)
    }

    @Test func otherColumnsTakesHomeboxColumnsNoFieldTakesAsItSays() throws {
        let text = "HB.name,HB.colour,HB.location\nChair,red,Hall\n"
        #expect {
            try importFile(write("a.csv", text))
        } throws: { "\($0)".contains("no field takes the column \"HB.colour\"") }
        try importFile(write("b.csv", text)) { $0.otherColumns = .notes }
        #expect(try manager.entireHouseholdInventory().first?.notes == "HB.colour: red")
        try importFile(write("c.csv", text.replacingOccurrences(of: "Chair", with: "Stool"))) {
            $0.otherColumns = .ignore
        }
        let stool = try #require(
            try manager.entireHouseholdInventory().first { $0.name == "Stool" })
        #expect(stool.notes == nil && stool.location == "Hall")
    }

    @Test func aDateBefore1900IsKeptWithAWarningThatNamesItsRowAndColumn() throws {
        var export = HomeboxExport()
        export.item(
            "Dimmer", id: "9f00-dimmer", in: "Kitchen", ["HB.purchase_date": "09/30/0202"])
        export.item("Relay", id: "9f00-relay", in: "Garage", ["HB.purchase_date": "10/13/2021"])
        let report = try importFile(write("demo.csv", export.text))
        #expect(report.added == 2)
        #expect(
            report.warnings.map(\.description) == [
                "row 2, HB.purchase_date: 0202-09-30 is before 1900; kept as written"
            ])
        let dimmer = try #require(try manager.entireHouseholdInventory().first)
        #expect(dimmer.purchaseDate?.description == "0202-09-30")
    }

    @Test func aEuropeanFileSaysItsCurrencyWhichTheNewInventoryCanStillTake() throws {
        // Decimal commas alone say so.
        #expect(
            try importFile(write("plain.csv", "Name;Price\nDesk;19,99\n"), dryRun: true)
                .currencyHint(for: .usd) == .decimalCommas)
        let path = write("eu.csv", "Name;Price\nLamp;1.234,50 €\nChair;19,99 €\n")
        let report = try importFile(path)
        #expect(report.currencyHint(for: .usd) == .named(["EUR"]))
        #expect(report.currencyStaysOpen)
        #expect(try manager.canChooseCurrency())
        let euro = try #require(Currency(code: "EUR"))
        try manager.setCurrency(euro)
        manager.close()
        let reopened = try makeManager(in: folder)
        #expect(reopened.currency == euro)
        let prices = [
            try Money(parsing: "19.99", currency: euro),
            try Money(parsing: "1234.50", currency: euro),
        ]
        #expect(try reopened.entireHouseholdInventory().map(\.price) == prices)
        reopened.close()
    }

    @Test func theCurrencyStaysOnceAnAmountIsEnteredHereOrWouldChangeItsDecimals() throws {
        let yen = try #require(Currency(code: "JPY"))
        let euro = try #require(Currency(code: "EUR"))
        try importFile(write("eu.csv", "Name;Price\nLamp;12,50 €\n"))
        #expect {
            try manager.setCurrency(yen)
        } throws: { error in
            "\(error)".contains("USD has two decimals and JPY none")
        }
        try manager.add(ItemDraft(name: "Rug", price: usd("80")))
        #expect(try !manager.canChooseCurrency())
        #expect(throws: InventoryError.currencyInUse(.usd)) {
            try manager.setCurrency(euro)
        }
        // Another import does not reopen it.
        let next = try importFile(write("more.csv", "Name;Price\nVase;3,00 €\n"))
        #expect(!next.currencyStaysOpen)
    }
}

@Suite struct HomeboxValueTests {
    @Test func aDateThatExistsOnlyTheOtherWayRoundNamesTheFormatThatReadsIt() {
        let today = CalendarDate(year: 2026, month: 11, day: 23)!
        for (text, order, other) in [
            ("13/10/2021", SlashDateOrder.monthFirst, SlashDateOrder.dayFirst),
            ("10/13/2021", .dayFirst, .monthFirst),
        ] {
            #expect {
                try ImportValues.date(text, order: order, field: .purchaseDate, today: today)
            } throws: { error in
                guard let refusal = error as? HintedRefusal else { return false }
                return refusal.hint == .dateOrder(other)
                    && refusal.error.description.hasSuffix("it is a date as \(other.rawValue)")
            }
        }
        // A day that is no day either way says only that.
        #expect {
            try ImportValues.date(
                "31/31/2021", order: .monthFirst, field: .purchaseDate, today: today)
        } throws: { error in
            "\(error)".hasSuffix("no such day in the calendar")
        }
    }

    @Test func homeboxLinksNameItemsAndPlaces() {
        let item = ImportValues.homeboxEntity("https://hb/item/4f1c-9a")
        #expect(item?.isPlace == false && item?.id == "4f1c-9a")
        let place = ImportValues.homeboxEntity("/location/ab12")
        #expect(place?.isPlace == true && place?.id == "ab12")
        #expect(ImportValues.homeboxEntity("https://hb/tags/ab12") == nil)
        #expect(ImportValues.homeboxEntity("https://hb/item/") == nil)
        #expect(ImportValues.homeboxEntity("https://hb/item/a b") == nil)
    }

    @Test func aMoneyCellNamesItsCurrencyByCodeOrByASymbolOfOneCurrency() {
        #expect(ImportValues.currencyEvidence("1.234,50 €") == "EUR")
        #expect(ImportValues.currencyEvidence("CHF 12") == "CHF")
        #expect(ImportValues.currencyEvidence("£3") == "GBP")
        #expect(ImportValues.currencyEvidence("$3") == nil)
        #expect(ImportValues.currencyEvidence("12") == nil)
        #expect(ImportValues.currencyEvidence("ABC 12") == nil)
    }
}
