import Foundation
import InventoryTestSupport
import Testing

/// `inventory import` and `inventory export` through the built binary, as a user runs them.
@Suite struct ImportCommandTests {
    let sandbox = Sandbox()

    func write(_ name: String, _ text: String) -> String {
        let path = sandbox.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test func aHomeboxFileIsImportedAndSaysHowItWasRead() throws {
        let file = write(
            "homebox.csv",
            "\u{FEFF}HB.import_ref,HB.location,HB.tags,HB.name,HB.purchase_price,HB.insured\n"
                + "r1,Garage,Tools;Power,Drill,129.99,true\nr2,Home / Kitchen,,Kettle,\"1,020.00\",false\n"
        )
        let result = try sandbox.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("as Homebox CSV (comma separated), 2 rows."))
        #expect(result.stdout.contains("a UTF-8 byte-order mark was skipped"))
        #expect(result.stdout.contains("Added 2, updated 0; 0 unchanged."))
        let listed = try sandbox.succeed(["list", "--csv"])
        #expect(listed.contains("Drill") && listed.contains("Kettle"))
        #expect(try sandbox.succeed(["list"]).contains("2 items · worth 1,149.99 USD"))
        // Again: the references make it an update that changes nothing.
        let again = try sandbox.run(["import", file])
        #expect(again.stdout.contains("Added 0, updated 0; 2 unchanged."))
    }

    @Test func aBadFileWritesNothingAndListsEveryProblem() throws {
        try sandbox.add("Lamp")
        let before = try sandbox.dump()
        let file = write(
            "bad.csv", "Name,Price,Bought\nChair,19.99,2024-01-01\nDesk,ten,2024-13-01\n,1,\n")
        let result = try sandbox.run(["import", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("row 3, Price: invalid price \"ten\""))
        #expect(result.stderr.contains("row 3, Bought: invalid purchase date \"2024-13-01\""))
        #expect(result.stderr.contains("row 4, Name: an item needs a name"))
        #expect(
            result.stderr.hasSuffix(
                "inventory: 3 problems in 3 rows; nothing was imported "
                    + "(--skip-invalid imports the good rows)\n"))
        #expect(try sandbox.dump() == before, "the inventory is exactly as before")
        #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"))
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("Name,Price\n", "the file has a header but no rows"),
        ("Name\n\"open\n", "a quoted field is never closed"),
        ("HB.name,HB.colour\nx,y\n", "\"HB.colour\""),
    ])
    func badFilesAreOneLineAndWriteNothing(text: String, message: String) throws {
        try sandbox.add("Lamp")
        let before = try sandbox.dump()
        let result = try sandbox.run(["import", write("f.csv", text)])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try sandbox.dump() == before)
    }

    @Test func aMissingFileAndABinaryFileAreRefused() throws {
        try sandbox.add("Lamp")
        let missing = try sandbox.run(["import", sandbox.file("nope.csv")])
        #expect(missing.status == 66 && missing.stderr.contains("no such file"))
        let binary = sandbox.file("bin.csv")
        _ = FileManager.default.createFile(
            atPath: binary, contents: Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2]))
        let result = try sandbox.run(["import", binary])
        #expect(result.status == 65 && result.stderr.contains("not a text file"))
    }

    @Test func aDryRunShowsTheColumnsAndCountsAndWritesNothing() throws {
        try sandbox.add("Lamp")
        let before = try sandbox.dump()
        let file = write("s.csv", "Item name;Purchase cost;Room;Mood\nChair;19,99;Hall;ok\n")
        let result = try sandbox.run(["import", file, "--dry-run", "--map", "Mood=ignore"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("as CSV (semicolon separated), 1 row."))
        #expect(result.stdout.contains("Item name      → name"))
        #expect(result.stdout.contains("Purchase cost  → price"))
        #expect(result.stdout.contains("Mood           → not imported"))
        #expect(result.stdout.contains("Would add 1, update 0; 0 unchanged, 0 rejected."))
        #expect(result.stdout.contains("Nothing was written (dry run)."))
        #expect(try sandbox.dump() == before)
    }

    @Test func skipInvalidKeepsTheBadRowsBesideTheFile() throws {
        let file = write("some.csv", "Name,Price\nLamp,12\nChair,ten\n")
        let result = try sandbox.run(["import", file, "--skip-invalid"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 rejected, written to \(file).rejected.csv"))
        let rejected = try String(contentsOfFile: file + ".rejected.csv", encoding: .utf8)
        #expect(rejected.hasPrefix("Name,Price,Problem\r\nChair,ten,\"row 3, Price: invalid"))
        #expect(permissions(file + ".rejected.csv") == 0o600)
        // A second run does not overwrite it without --force.
        let again = try sandbox.run(["import", file, "--skip-invalid", "--yes"])
        #expect(again.status != 0 && again.stderr.contains("--force"))
    }

    @Test func skipInvalidWithEveryRowRejectedIsAFailure() throws {
        try sandbox.add("Lamp")
        let before = try sandbox.dump()
        let file = write("bad.csv", "Name,Price\nChair,ten\nDesk,eleven\n")
        let result = try sandbox.run(["import", file, "--skip-invalid"])
        #expect(result.status == 65)
        #expect(
            result.stderr.hasSuffix(
                "inventory: every row was rejected; nothing was imported (the rows and why are in \(file).rejected.csv)\n"
            ))
        #expect(FileManager.default.fileExists(atPath: file + ".rejected.csv"))
        #expect(try sandbox.dump() == before)
    }

    @Test func anExportIsPrivateNeverTheInventoryAndReadsBackIntoAnotherInventory() throws {
        try sandbox.add("Ring", "--price", "3200.50", "--luxury", "--tag", "Jewelry")
        try sandbox.add("Chairs", "--price", "45", "--quantity", "6")
        let out = sandbox.file("out.json")
        #expect(try sandbox.run(["export", "--format", "json", "--output", out]).status == 0)
        #expect(permissions(out) == 0o600)
        let json = try String(contentsOfFile: out, encoding: .utf8)
        #expect(json.contains("\"format\":\"inventory\"") && json.contains("\"Jewelry\""))
        let refused = try sandbox.run(
            ["export", "--format", "csv", "--output", sandbox.database, "--force"])
        #expect(refused.status != 0 && refused.stderr.contains("inventory's own files"))
        let other = sandbox.file("other.sqlite")
        let imported = try sandbox.run(["import", out, "--db", other], useDatabase: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("as inventory JSON"))
        let listed = try sandbox.run(["list", "--db", other], useDatabase: false)
        #expect(listed.stdout.contains("2 items · worth 3,470.50 USD"))
        let csv = try sandbox.succeed(["export", "--format", "homebox", "--view", "luxury"])
        #expect(csv.hasPrefix("HB.import_ref,HB.parent_import_ref,HB.location,HB.labels,"))
        #expect(csv.split(separator: "\n").count == 2, "the luxury view: one item")
    }

    // MARK: - Moving in from Homebox 0.26

    /// A household's Homebox 0.26 export: Home, Home / Garage with a drill, an empty Office.
    static func household(drillPrice: String = "129.99") -> HomeboxExport {
        var export = HomeboxExport()
        export.place("Home", id: "5d1e-home")
        export.place("Garage", id: "5d1e-garage", in: "Home")
        export.item(
            "Drill", id: "77aa-drill", in: "Home / Garage", ["HB.purchase_price": drillPrice])
        export.place("Office", id: "5d1e-office")
        export.item("Desk", id: "77aa-desk", in: "Office", ["HB.purchase_price": "240"])
        return export
    }

    @Test func homeboxPlacesAreNotItemsAndANewerExportUpdatesWithoutAsking() throws {
        let first = write("homebox-1.csv", Self.household().text)
        let imported = try sandbox.run(["import", first])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Added 2, updated 0; 0 unchanged; 3 places: 3 new."))
        #expect(imported.stdout.contains("3 rows are places (HB.url …/location/…)"))
        #expect(try sandbox.succeed(["list"]).contains("2 items · worth 369.99 USD"))
        #expect(try sandbox.succeed(["check"]).contains(" of 2 items need"))
        let listed = try sandbox.succeed(["list", "--csv"])
        #expect(listed.contains("Home / Garage") && !listed.contains(",Garage,"))
        // The same file again: nothing changes, and it says so.
        let again = try sandbox.run(["import", first])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Added 0, updated 0; 2 unchanged; 3 places: 3 unchanged."))
        // The next export, with a new item and a new price: an update, no question asked.
        var newer = Self.household(drillPrice: "99")
        newer.item("Saw", id: "77aa-saw", in: "Home / Garage")
        let next = try sandbox.run(["import", write("homebox-2.csv", newer.text)])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("Added 1, updated 1; 1 unchanged; 3 places: 3 unchanged."))
        #expect(try sandbox.succeed(["list"]).contains("3 items · worth 339.00 USD"))
    }

    @Test func otherColumnsIsHonouredForHomeboxFiles() throws {
        let file = write("hb.csv", "HB.name,HB.location,HB.colour\nChair,Hall,red\n")
        let refused = try sandbox.run(["import", file])
        #expect(refused.status == 65 && refused.stderr.contains("--other-columns notes|ignore"))
        let kept = try sandbox.run(["import", file, "--other-columns", "notes"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try sandbox.succeed(["show", "1"]).contains("HB.colour: red"))
    }

    @Test func aDryRunListsEachRowAndFailsOnlyWhenTheImportWould() throws {
        var export = Self.household()
        export.item("Lamp", id: "77aa-lamp", in: "Office", ["HB.purchase_price": "ten"])
        let file = write("hb.csv", export.text)
        let dry = try sandbox.run(["import", file, "--dry-run", "--skip-invalid"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains(
                """
                Row by row:
                  row 2: place "Home" (new)
                  row 3: place "Home / Garage" (new)
                  row 4: add "Drill"
                  row 5: place "Office" (new)
                  row 6: add "Desk"
                  row 7: left out: HB.purchase_price: invalid price "ten"
                """), "\(dry.stdout)")
        #expect(
            dry.stdout.contains(
                "Would add 2, update 0; 0 unchanged, 1 rejected (left out, written to "
                    + "\(file).rejected.csv); 3 places: 3 new."))
        #expect(!dry.stderr.contains("would write nothing"))
        #expect(!FileManager.default.fileExists(atPath: file + ".rejected.csv"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
        // Without --skip-invalid the import would write nothing, and the dry run says so.
        let strict = try sandbox.run(["import", file, "--dry-run"])
        #expect(strict.status == 65)
        #expect(strict.stdout.contains("  row 7: rejected: HB.purchase_price: invalid price"))
        #expect(strict.stderr.contains("1 problem; an import would write nothing"))
        // The import does what the dry run said.
        let real = try sandbox.run(["import", file, "--skip-invalid"])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(
            real.stdout.contains("Added 2, updated 0; 0 unchanged; 3 places: 3 new; 1 rejected"))
        // Imported again, a dry run says every item is unchanged.
        let twice = try sandbox.run(["import", file, "--dry-run", "--skip-invalid", "--force"])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stdout.contains("  row 4: item 1 \"Drill\" unchanged"))
    }

    @Test func aDryRunOfRowsThatLookLikeItemsHereFailsAsTheImportWould() throws {
        let file = write("plain.csv", "Name,Price\nLamp,12\n")
        try sandbox.succeed(["import", file])
        let dry = try sandbox.run(["import", file, "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.stderr.contains("1 of 1 rows look like items already here"))
        #expect(try sandbox.run(["import", file, "--dry-run", "--yes"]).status == 0)
    }

    @Test func aDayFirstDateNamesTheFlagAndAYearBefore1900IsKeptWithAWarning() throws {
        var export = HomeboxExport()
        export.item("Relay", id: "77aa-relay", in: "Garage", ["HB.purchase_date": "13/10/2021"])
        let dayFirst = try sandbox.run(["import", write("eu.csv", export.text)])
        #expect(dayFirst.status == 65)
        #expect(
            dayFirst.stderr.contains(
                "row 2, HB.purchase_date: invalid purchase date \"13/10/2021\": no such day in "
                    + "the calendar as MM/DD/YYYY; it is a date as DD/MM/YYYY: --date-format "
                    + "DD/MM/YYYY reads the file so"), "\(dayFirst.stderr)")
        let read = try sandbox.run(
            ["import", write("eu.csv", export.text), "--date-format", "DD/MM/YYYY"])
        #expect(read.status == 0, "\(read.stderr)")
        var demo = HomeboxExport()
        demo.item("Dimmer", id: "77aa-dimmer", in: "Kitchen", ["HB.purchase_date": "09/30/0202"])
        let old = try sandbox.run(["import", write("demo.csv", demo.text)])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(
            old.stderr
                == "inventory: warning: row 2, HB.purchase_date: 0202-09-30 is before 1900; "
                + "kept as written\n")
        #expect(try sandbox.succeed(["show", "2"]).contains("0202-09-30"))
    }

    @Test func aEuropeanFileSaysItsCurrencyAndSettingsTakesItUntilAnAmountIsEnteredHere() throws {
        let file = write("eu.csv", "Name;Price\nLamp;1.234,50 €\nChair;19,99 €\n")
        let imported = try sandbox.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.contains(
                "The file's amounts are in EUR; they were read as USD, this inventory's "
                    + "currency: 'inventory settings --currency EUR' makes it EUR, keeping the "
                    + "amounts as they are."))
        #expect(
            try sandbox.succeed(["settings", "--currency", "EUR"]).hasPrefix(
                "currency           EUR\n"))
        #expect(try sandbox.succeed(["list"]).contains("2 items · worth 1,254.49 EUR"))
        try sandbox.succeed(["edit", "1", "--price", "5"])
        let refused = try sandbox.run(["settings", "--currency", "GBP"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "this inventory already holds amounts in EUR entered or claimed here"))
        #expect(try sandbox.succeed(["settings"]).hasPrefix("currency           EUR\n"))
    }
}
