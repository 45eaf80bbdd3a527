import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryExchange

@Suite struct ImportValueTests {
    @Test(arguments: [
        ("1234.5", DecimalMark.point, "1234.50"), ("1,234.50", .point, "1234.50"),
        ("$1,234.50", .point, "1234.50"), ("1.234,50 €", .comma, "1234.50"),
        ("19,99", .comma, "19.99"), ("USD 12", .point, "12.00"), ("  7 ", .point, "7.00"),
        ("1'234.50", .point, "1234.50"),
    ])
    func moneyInTheFormsPeopleWriteIt(text: String, mark: DecimalMark, expected: String) throws {
        let money = try ImportValues.money(text, mark: mark, currency: .usd, field: .price)
        #expect(money == usd(expected))
    }

    @Test(arguments: ["19,99", "ten", "1e3", "-5", "12 apples", "1.234.56"])
    func moneyThatIsNotMoneyIsAnErrorNeverZero(text: String) {
        #expect {
            try ImportValues.money(text, mark: .point, currency: .usd, field: .price)
        } throws: { error in
            // A decimal comma in a column of points is refused with the option that reads it.
            error is InventoryError
                || (text == "19,99" && (error as? HintedRefusal)?.hint == .decimalComma)
        }
    }

    @Test func aColumnsDecimalMarkComesFromTheValuesThatCanOnlyBeReadOneWay() {
        #expect(ImportValues.decimalEvidence("19,99") == .comma)
        #expect(ImportValues.decimalEvidence("1.234,50") == .comma)
        #expect(ImportValues.decimalEvidence("1,234.50") == .point)
        #expect(ImportValues.decimalEvidence("19.9") == .point)
        #expect(ImportValues.decimalEvidence("1,234") == nil)
        #expect(ImportValues.decimalEvidence("12") == nil)
    }

    @Test(arguments: [
        ("2024-03-15", SlashDateOrder?.none, "2024-03-15"),
        ("2024/03/15", nil, "2024-03-15"),
        ("2021-10-13T21:10:30+01:00", nil, "2021-10-13"),
        ("10/13/2021", .monthFirst, "2021-10-13"),
        ("13/10/2021", .dayFirst, "2021-10-13"),
        ("1/5/2021", .monthFirst, "2021-01-05"),
        ("8/24/22", .monthFirst, "2022-08-24"),
        ("8/24/99", .monthFirst, "1999-08-24"),
    ])
    func datesInTheFormsPeopleWriteThem(text: String, order: SlashDateOrder?, expected: String)
        throws
    {
        let today = CalendarDate(year: 2026, month: 11, day: 23)!
        let date = try ImportValues.date(text, order: order, field: .purchaseDate, today: today)
        #expect(date?.description == expected)
    }

    @Test func aDateThatCouldBeEitherNeedsAnOrderAndSaysSo() {
        let today = CalendarDate(year: 2026, month: 11, day: 23)!
        #expect {
            try ImportValues.date("05/04/2021", order: nil, field: .purchaseDate, today: today)
        } throws: { error in
            (error as? HintedRefusal)?.hint == .dateOrder(nil)
        }
        for bad in ["13.10.2021", "2021-02-30", "yesterday", "10/13/21021"] {
            #expect(throws: InventoryError.self) {
                try ImportValues.date(bad, order: .monthFirst, field: .purchaseDate, today: today)
            }
        }
        #expect(ImportValues.dateEvidence("13/10/2021") == .dayFirst)
        #expect(ImportValues.dateEvidence("10/13/2021") == .monthFirst)
        #expect(ImportValues.dateEvidence("05/04/2021") == nil)
    }

    @Test func yesAndNoInAnyCaseAndNothingElse() throws {
        for yes in ["true", "TRUE", "Yes", "y", "1", "x", "X"] {
            #expect(try ImportValues.bool(yes, field: .other("insured")))
        }
        for no in ["false", "No", "n", "0", "", " "] {
            #expect(try !ImportValues.bool(no, field: .other("insured")))
        }
        #expect(throws: InventoryError.self) { try ImportValues.bool("maybe", field: .other("x")) }
    }

    @Test func tagsSplitOnSemicolonsAndPlacesKeepTheirWords() {
        #expect(ImportValues.tags("   L1;L2;   L3") == ["L1", "L2", "L3"])
        #expect(ImportValues.tags("L1 ; ;L2") == ["L1", "L2"])
        #expect(ImportValues.location("Path /To/ Location 2") == "Path / To / Location 2")
        #expect(ImportValues.location("Home / Garage / Shelf") == "Home / Garage / Shelf")
    }
}

@Suite struct ImporterTests {
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
    )
        throws -> ImportReport
    {
        var options = ImportOptions()
        configure(&options)
        return try Importer(path: path, options: options, manager: manager).run(dryRun: dryRun)
    }

    static let homeboxHeader =
        "HB.import_ref,HB.location,HB.tags,HB.asset_id,HB.archived,HB.url,HB.name,HB.quantity,"
        + "HB.description,HB.insured,HB.notes,HB.purchase_price,HB.purchase_from,"
        + "HB.purchase_date,HB.manufacturer,HB.model_number,HB.serial_number,"
        + "HB.lifetime_warranty,HB.warranty_expires,HB.warranty_details,HB.sold_to,"
        + "HB.sold_price,HB.sold_date,HB.sold_notes,HB.field.Color\n"

    @Test func aHomeboxExportOfTheLatestReleaseImportsEveryField() throws {
        let path = write(
            "hb.csv",
            Self.homeboxHeader
                + "r1,Home / Garage,Tools; Power,000-001,false,http://hb/item/1,Drill,2,"
                + "\"Cordless, 18V\",true,Keep dry,129.99,Hardware store,10/13/2021,Bosch,"
                + "GSR18,SN-1,false,2026-10-13,2 years,,,,,Blue\n")
        let report = try importFile(path)
        #expect(report.format == .homebox)
        #expect(report.added == 1)
        let item = try #require(try manager.entireHouseholdInventory().first)
        #expect(item.name == "Drill")
        #expect(item.location == "Home / Garage")
        #expect(item.tags == ["Power", "Tools"] || item.tags == ["Tools", "Power"])
        #expect(item.quantity == 2)
        #expect(item.description == "Cordless, 18V")
        #expect(item.isInsured)
        #expect(item.price == usd("129.99"))
        #expect(item.purchasedFrom == "Hardware store")
        #expect(item.purchaseDate?.description == "2021-10-13")
        #expect(item.brand == "Bosch" && item.model == "GSR18" && item.serialNumber == "SN-1")
        #expect(item.warrantyUntil?.description == "2026-10-13")
        #expect(item.notes == "Keep dry\nAsset ID: 000-001\nWarranty: 2 years\nColor: Blue")
        #expect(try manager.importRefs()[item.id] == "r1")
    }

    @Test func anInvalidRowAtTheEndLeavesTheInventoryAsItWasAndEveryProblemIsListed() throws {
        try manager.add(ItemDraft(name: "Already here"))
        let path = write(
            "bad.csv",
            "Name,Price,Purchase date,Quantity,Insured\n"
                + "Lamp,12.50,2024-01-02,1,yes\n"
                + "Chair,ten,2024-01-02,1,no\n"
                + ",5,2099-01-01,-2,maybe\n"
                + "Desk,1\n")
        #expect {
            try importFile(path)
        } throws: { error in
            guard case ImportError.invalidRows(let report) = error else { return false }
            let text = report.problems.map(\.description)
            // Each cell that cannot be read, then the first rule the row breaks.
            return report.problemCount == 4 && report.rejected == 3
                && text.contains { $0.hasPrefix("row 3, Price: invalid price \"ten\"") }
                && text.contains { $0.hasPrefix("row 4, Insured:") }
                && text.contains { $0 == "row 4, Name: an item needs a name" }
                && text.contains { $0.hasPrefix("row 5: has 2 fields; the header has 5") }
        }
        #expect(try manager.entireHouseholdInventory().map(\.name) == ["Already here"])
        #expect(try manager.history().count == 1, "nothing journaled")
    }

    @Test func skipInvalidImportsTheGoodRowsAndKeepsTheBadOnesWithTheirReason() throws {
        let path = write("some.csv", "Name,Price\nLamp,12\nChair,ten\n")
        let rejects = try manager.outputFile(at: path + ".rejected.csv", replacing: false)
        let report = try importFile(path) { $0.rejectedRows = rejects }
        #expect(report.added == 1 && report.rejected == 1)
        let kept = try String(contentsOfFile: path + ".rejected.csv", encoding: .utf8)
        #expect(kept.hasPrefix("Name,Price,Problem\r\nChair,ten,"))
        #expect(kept.contains("invalid price"))
    }

    @Test func aSecondImportUpdatesByReferenceChangingOnlyTheColumnsItHas() throws {
        let first = write(
            "a.csv",
            "HB.import_ref,HB.name,HB.location,HB.purchase_price\nr1,Drill,Garage,10\nr2,Saw,Garage,20\n"
        )
        try importFile(first)
        let drill = try #require(
            try manager.entireHouseholdInventory().first { $0.name == "Drill" })
        try manager.edit(
            id: drill.id,
            {
                var patch = ItemPatch(); patch.notes = "mine"; return patch
            }())
        let second = write(
            "b.csv",
            "HB.import_ref,HB.name,HB.location\nr1,Drill,Shed\nr2,Saw,Garage\nr3,Ladder,Shed\n")
        let report = try importFile(second)
        #expect(report.updated == 1 && report.unchanged == 1 && report.added == 1)
        let after = try #require(try manager.item(id: drill.id))
        #expect(after.location == "Shed")
        #expect(after.price == usd("10"), "the price column was not in the file")
        #expect(after.notes == "mine")
        #expect(try manager.count() == 3)
    }

    @Test func aFileWithoutReferencesImportedTwiceAsksBeforeAddingEverythingAgain() throws {
        let path = write("plain.csv", "Name,Room,Price\nLamp,Hall,12\nChair,Hall,40\n")
        try importFile(path)
        #expect {
            try importFile(path)
        } throws: { error in
            guard case ImportError.duplicates(let report) = error else { return false }
            return report.duplicates == 2
        }
        #expect(try manager.count() == 2)
        try importFile(path) { $0.allowDuplicates = true }
        #expect(try manager.count() == 4)
    }

    @Test func aDryRunCountsAndChecksButWritesNothing() throws {
        let path = write("dry.csv", "Name,Price\nLamp,12\nChair,ten\n")
        let report = try importFile(path, dryRun: true)
        #expect(report.added == 1 && report.rejected == 1 && report.problemCount == 1)
        #expect(try manager.count() == 0)
        #expect(report.columns.map(\.field) == [.name, .price])
    }

    @Test func theHeaderIsCheckedWhole() throws {
        let cases: [(String, String, ImportHint)] = [
            (
                "HB.name,HB.label,HB.colour\nx,y,z\n", "\"HB.label\", \"HB.colour\"",
                .mapOrKeepOtherColumns(first: "HB.label")
            ),
            (
                "Name,Item\nx,y\n",
                "\"Name\" (column 1) and \"Item\" (column 2) both give the name",
                .leaveOutColumn(number: 2)
            ),
            ("Name,Item,Item name\nx,y,z\n", "all give the name", .leaveOutColumn(number: 3)),
            ("Price,Room\n1,Hall\n", "no column gives the items' names", .mapNameColumn),
            (
                "Name,Mood\nLamp,happy\n", "no field takes the column \"Mood\"",
                .mapOrKeepOtherColumns(first: "Mood")
            ),
        ]
        for (text, expected, hint) in cases {
            let path = write("h.csv", text)
            #expect(throws: ImportError.self) { try importFile(path) }
            do {
                try importFile(path)
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
                guard case ImportError.header(_, let problems) = error else { continue }
                #expect(problems.map(\.hint).contains(hint), "\(problems)")
            }
        }
        let mapped = write("m.csv", "Name,Mood,Where\nLamp,happy,Hall\n")
        try importFile(mapped) {
            $0.mappings = ["Mood": .noteLine, "Where": .location]
        }
        let lamp = try #require(try manager.entireHouseholdInventory().first)
        #expect(lamp.notes == "Mood: happy" && lamp.location == "Hall")
    }

    @Test func columnsNoFieldTakesAreAnErrorOrNotesOrLeftOutAsAsked() throws {
        let path = write(
            "assets.csv",
            "Name,Company,Asset Tag,Purchase Cost\nBackhoe,Abshire and Sons,ICC-1,2266.13\n")
        #expect {
            try importFile(path)
        } throws: { error in
            guard case ImportError.header(_, let problems) = error else { return false }
            return "\(error)".contains("no field takes the columns \"Company\", \"Asset Tag\"")
                && problems.map(\.hint) == [.mapOrKeepOtherColumns(first: "Company")]
        }
        try importFile(path) { $0.otherColumns = .notes }
        let item = try #require(try manager.entireHouseholdInventory().first)
        #expect(item.notes == "Company: Abshire and Sons\nAsset Tag: ICC-1")
        #expect(item.price == usd("2266.13"))
        try importFile(path) {
            $0.otherColumns = .ignore
            $0.allowDuplicates = true
        }
        #expect(try manager.entireHouseholdInventory().map(\.notes).contains(nil))
    }

    @Test func aDecimalCommaColumnAndADayFirstColumnAreReadTheirWay() throws {
        let path = write(
            "eu.csv", "Name;Price;Bought\nLamp;1.234,50;13/10/2021\nChair;19,99;05/04/2021\n")
        let report = try importFile(path)
        #expect(report.separator == "semicolon")
        #expect(report.notes.contains { $0.contains("decimal commas") })
        let items = try manager.entireHouseholdInventory()
        #expect(items.map(\.price) == [usd("19.99"), usd("1234.50")])
        #expect(items.map { $0.purchaseDate?.description } == ["2021-04-05", "2021-10-13"])
    }

    @Test func aColumnOfDatesThatCouldBeEitherIsAnErrorThatSaysWhatToDo() throws {
        let path = write("us.csv", "Name,Bought\nLamp,05/04/2021\n")
        #expect(throws: ImportError.self) { try importFile(path) }
        try importFile(path) { $0.dateOrder = .dayFirst }
        #expect(
            try manager.entireHouseholdInventory().first?.purchaseDate?.description == "2021-04-05")
    }

    @Test func aLegacyHomeboxFileIsReadByPosition() throws {
        let path = write(
            "legacy.tsv",
            "Import Ref\tLocation\tLabels\tQuantity\tName\tDescription\tInsured\tSerial Number\t"
                + "Mode Number\tManufacturer\tNotes\tPurchase From\tPurchased Price\tPurchased Time\t"
                + "Lifetime Warranty\tWarranty Expires\tWarranty Details\tSold To\tSold Price\t"
                + "Sold Time\tSold Notes\r\n"
                + "A\tGarage\tIOT;Z-Wave\t1\tRelay\tD1\tTRUE\t\tZEN17\tZooz\t\tAmazon\t39.95\t"
                + "10/13/2021\t\t10/13/2021\t\t\t\t\t\r\n")
        let report = try importFile(path)
        #expect(report.format == .homeboxLegacy && report.separator == "TAB")
        let item = try #require(try manager.entireHouseholdInventory().first)
        #expect(item.name == "Relay" && item.isInsured && item.model == "ZEN17")
        #expect(item.price == usd("39.95") && item.purchaseDate?.description == "2021-10-13")
    }

    @Test func oursToHomeboxAndBackKeepsEveryFieldHomeboxHas() throws {
        try manager.add(
            ItemDraft(
                name: "=Ring", description: "Gold, \"18k\"\nsecond line", price: usd("3200.50"),
                purchaseDate: CalendarDate(year: 2020, month: 5, day: 1), isLuxury: true,
                isInsured: true, quantity: 1, location: "Bedroom / Drawer", brand: "Cartier",
                model: "Love", serialNumber: "-123", notes: "@safe", replacementValue: usd("4000"),
                purchasedFrom: "Cartier Paris",
                warrantyUntil: CalendarDate(year: 2030, month: 1, day: 1),
                hasLifetimeWarranty: true, reviewedAt: CalendarDate(year: 2026, month: 1, day: 2),
                tags: ["Jewelry", "Gold"]))
        try manager.add(ItemDraft(name: "Chairs", quantity: 6))
        for format in [ExportFormat.homebox, .csv, .json] {
            var bytes: [UInt8] = []
            try Exporter(manager: manager, format: format).export { bytes += $0 }
            let path = folder.file("out.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let other = try InventoryManager(
                path: folder.file("other-\(format.rawValue).sqlite"),
                notificationCenter: NotificationCenter())
            var options = ImportOptions()
            options.format = .auto
            let report = try Importer(path: path, options: options, manager: other).run(
                dryRun: false)
            #expect(report.added == 2, "\(format)")
            let strip: (HouseholdItem) -> HouseholdItem = { item in
                HouseholdItem(
                    id: 0, name: item.name, description: item.description, price: item.price,
                    purchaseDate: item.purchaseDate, photo: nil, isLuxury: item.isLuxury,
                    isInsured: item.isInsured, quantity: item.quantity,
                    location: item.location
                        ?? (format == .homebox ? "Home" : nil),
                    brand: item.brand, model: item.model, serialNumber: item.serialNumber,
                    notes: item.notes, replacementValue: item.replacementValue,
                    purchasedFrom: item.purchasedFrom, warrantyUntil: item.warrantyUntil,
                    hasLifetimeWarranty: item.hasLifetimeWarranty, reviewedAt: item.reviewedAt,
                    tags: item.tags.sorted(), createdAt: Timestamp(millisecondsSince1970: 0),
                    updatedAt: Timestamp(millisecondsSince1970: 0), version: 1)
            }
            #expect(
                try other.entireHouseholdInventory().map(strip)
                    == manager.entireHouseholdInventory().map(strip), "\(format)")
            // Imported again: the references make it an update that changes nothing.
            let again = try Importer(path: path, options: options, manager: other).run(
                dryRun: false)
            #expect(again.unchanged == 2 && again.added == 0, "\(format)")
            other.close()
        }
    }

    @Test func aHomeboxExportIsWhatHomeboxReads() throws {
        try manager.add(ItemDraft(name: "Chairs", price: usd("39.95"), quantity: 3))
        var bytes: [UInt8] = []
        try Exporter(manager: manager, format: .homebox).export { bytes += $0 }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.hasPrefix("\u{FEFF}"))
        let lines = text.split(separator: "\n")
        #expect(
            lines[0].hasPrefix(
                "HB.import_ref,HB.parent_import_ref,HB.location,HB.labels,HB.quantity,HB.name,"))
        let identity = try manager.identity()
        #expect(lines[1].hasPrefix("inventory-\(identity)-1,,Home,,3,Chairs,,false,,39.95,"))
        #expect(!text.contains("\r"))
    }

    @Test func aJSONDocumentFromANewerVersionOrAnotherProgramIsRefused() throws {
        let newer = write("n.json", "{\"format\":\"inventory\",\"version\":99,\"items\":[]}")
        #expect { try importFile(newer) } throws: { "\($0)".contains("newer version") }
        let other = write("o.json", "[1,2,3]")
        #expect { try importFile(other) } throws: { "\($0)".contains("not") }
        let broken = write(
            "b.json",
            "{\"format\":\"inventory\",\"version\":1,\"exportedAt\":\"x\",\"currency\":\"USD\",\"items\":[{\"id\":1}],\"claims\":[]}"
        )
        #expect { try importFile(broken) } throws: { "\($0)".contains("item 1 has no") }
        #expect(try manager.count() == 0)
    }

    @Test func anExportImportedIntoTheInventoryItCameFromChangesNothing() throws {
        try manager.add(ItemDraft(name: "Ring", price: usd("3200"), location: "Bedroom"))
        try manager.add(ItemDraft(name: "Chairs", quantity: 6))
        for format in [ExportFormat.homebox, .csv, .json] {
            var bytes: [UInt8] = []
            try Exporter(manager: manager, format: format).export { bytes += $0 }
            let path = folder.file("same.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let report = try importFile(path)
            #expect(report.added == 0, "\(format)")
            #expect(report.updated == 0, "\(format)")
            #expect(try manager.count() == 2, "\(format)")
            // The place a Homebox export gives the Chairs (Homebox needs one) is not kept.
            #expect(try manager.item(id: 2)?.location == nil, "\(format)")
        }
    }

    @Test func aJSONExportBringsItsClaimsIntoAnotherInventoryNamingTheItemsThere() throws {
        try manager.add(ItemDraft(name: "Padding", price: usd("5")))  // ids differ there
        let ring = try manager.add(ItemDraft(name: "Ring", price: usd("3200"), isLuxury: true))
        let tv = try manager.add(
            ItemDraft(name: "TV", brand: "Acme", serialNumber: "TV-1", replacementValue: usd("900"))
        )
        let stolen = try manager.createClaim(
            ClaimDraft(
                title: "Burglary", incidentDate: CalendarDate(year: 2026, month: 11, day: 1),
                kind: .theft, notes: "Back door", itemIDs: [ring.id, tv.id]))
        // The TV is deleted; the claim keeps its copy.
        try manager.delete(ids: [tv.id], force: true)
        try manager.createClaim(ClaimDraft(title: "Water", kind: .water, itemIDs: [ring.id]))
        var bytes: [UInt8] = []
        try Exporter(manager: manager, format: .json).export { bytes += $0 }
        let path = folder.file("claims.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))

        let other = TemporaryFolder()
        let target = try makeManager(in: other)
        try target.add(ItemDraft(name: "Kettle"))
        var options = ImportOptions()
        let dry = try Importer(path: path, options: options, manager: target).run(dryRun: true)
        #expect(dry.claimsAdded == 2)
        let report = try Importer(path: path, options: options, manager: target).run(dryRun: false)
        #expect(report.added == 2)
        #expect(report.claimsAdded == 2)
        // The items keep when they were added and last changed.
        let ringThere = try #require(try manager.item(id: ring.id))
        let ringCopy = try #require(
            try target.entireHouseholdInventory().first { $0.name == "Ring" })
        #expect(ringCopy.createdAt == ringThere.createdAt)
        #expect(ringCopy.updatedAt == ringThere.updatedAt)
        let claims = try target.claims().sorted { $0.title < $1.title }
        #expect(claims.map(\.title) == ["Burglary", "Water"])
        let burglary = claims[0]
        let ringHere = try #require(target.entireHouseholdInventory().first { $0.name == "Ring" })
        #expect(burglary.incidentDate == stolen.incidentDate)
        #expect(burglary.kind == .theft && burglary.notes == "Back door")
        #expect(burglary.createdAt == stolen.createdAt)
        #expect(burglary.items.map(\.itemID) == [ringHere.id, nil])
        let original = try #require(try manager.claim(id: stolen.id))
        #expect(burglary.items[1] == original.items[1])  // the TV's copy, every field
        #expect(burglary.totals == original.totals)

        // Again: the claims are here already.
        options.allowDuplicates = true
        let again = try Importer(path: path, options: options, manager: target).run(dryRun: false)
        #expect(again.claimsAdded == 0)
        #expect(try target.claims().count == 2)
    }

    @Test func anotherInventorysExportIsAddedNeverTakenForThisOnesItems() throws {
        try manager.add([ItemDraft(name: "Boat"), ItemDraft(name: "Camera")])
        let other = TemporaryFolder()
        let second = try makeManager(in: other)
        try second.add([ItemDraft(name: "Bicycle"), ItemDraft(name: "Guitar")])
        for format in [ExportFormat.json, .homebox, .csv] {
            var bytes: [UInt8] = []
            try Exporter(manager: second, format: format).export { bytes += $0 }
            let path = folder.file("second.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            try importFile(path)
        }
        // Added once (the later formats found them by the references the first recorded),
        // and this inventory's own items untouched.
        #expect(
            try manager.entireHouseholdInventory().map(\.name) == [
                "Bicycle", "Boat", "Camera", "Guitar",
            ])
        // Its own export names its items and the imported ones apart.
        var bytes: [UInt8] = []
        try Exporter(manager: manager, format: .csv).export { bytes += $0 }
        let refs = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .dropFirst()
            .map { $0.split(separator: ",").last.map(String.init) ?? "" }
        #expect(Set(refs).count == 4)
    }

    @Test func aClaimThatCannotBeReadStopsTheWholeImport() throws {
        let path = write(
            "bad-claim.json",
            """
            {"format":"inventory","version":1,"exportedAt":"2026-11-23T10:00:00Z","currency":"USD",
            "items":[],"claims":[{"id":1,"title":"Fire","kind":"meteor","createdAt":"2026-11-23T10:00:00Z",
            "updatedAt":"2026-11-23T10:00:00Z","items":[]}]}
            """)
        #expect {
            try importFile(path)
        } throws: { error in
            "\(error)".contains("claim 1 (\"Fire\") has an unknown kind \"meteor\"")
        }
        #expect(try manager.claims().isEmpty)
        // What the claim form refuses, an import refuses too: a title that is not text, a
        // line without a name.
        for (claim, words) in [
            (
                #"{"id":1,"title":"Fire\u001b[2J","kind":"fire","createdAt":"2026-11-23T10:00:00Z","updatedAt":"2026-11-23T10:00:00Z","items":[{"name":"TV","quantity":1,"insured":false,"hadReceipt":false}]}"#,
                "the title: it holds a control character"
            ),
            (
                #"{"id":1,"title":"Fire","kind":"fire","createdAt":"2026-11-23T10:00:00Z","updatedAt":"2026-11-23T10:00:00Z","items":[{"name":"","quantity":1,"insured":false,"hadReceipt":false}]}"#,
                "a line has no name"
            ),
        ] {
            let file = write(
                "claim.json",
                #"{"format":"inventory","version":1,"exportedAt":"2026-11-23T10:00:00Z","currency":"USD","items":[],"claims":["#
                    + claim + "]}")
            #expect {
                try importFile(file)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
        #expect(try manager.claims().isEmpty)
    }

    @Test func homeboxZerosForNoPriceAndNeverSoldAreNotAmounts() throws {
        let path = write(
            "zeros.csv",
            "HB.name,HB.purchase_price,HB.sold_price,HB.sold_to\nLamp,0,0,\nDesk,12.5,0.00,\n")
        try importFile(path)
        let items = try manager.entireHouseholdInventory()
        #expect(items.map(\.price) == [usd("12.50"), nil])
        #expect(items.allSatisfy { $0.notes == nil })
    }

    @Test func homeboxsArchivedItemLeftTheHouseholdAndANamelessColumnMustBeEmpty() throws {
        let archived = write("arch.csv", "HB.name,HB.archived\nOld radio,true\nNew radio,false\n")
        try importFile(archived)
        #expect(try manager.entireHouseholdInventory().map(\.name) == ["New radio"])
        let gone = try manager.items(matching: .archive)
        #expect(gone.map(\.name) == ["Old radio"] && gone.allSatisfy { $0.tags.isEmpty })
        #expect(gone.first?.leftOn == manager.today() && gone.first?.leftHow == nil)
        let nameless = write("nameless.csv", "Name,,Price\nLamp,,1\nDesk,oak,2\n")
        #expect {
            try importFile(nameless)
        } throws: { error in
            guard case ImportError.invalidRows(let report) = error else { return false }
            return report.problems.map(\.description) == [
                "row 3, column 2: the column has no name but holds \"oak\""
            ] && report.problems.map(\.hint) == [.mapColumn(header: "column 2")]
        }
    }

    @Test func aJSONExportOfAnotherInventoryAsksBeforeAddingLookAlikes() throws {
        let other = try InventoryManager(
            path: folder.file("elsewhere.sqlite"), notificationCenter: NotificationCenter())
        try other.add(ItemDraft(name: "Lamp", price: usd("12")))
        var bytes: [UInt8] = []
        try Exporter(manager: other, format: .json).export { bytes += $0 }
        other.close()
        let path = folder.file("elsewhere.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        try manager.add(ItemDraft(name: "Chair"))
        try manager.add(ItemDraft(name: "lamp", price: usd("12")))
        #expect {
            try importFile(path)
        } throws: { error in
            guard case ImportError.duplicates(let report) = error else { return false }
            return report.duplicates == 1
        }
        #expect(try manager.count() == 2)
    }
}
