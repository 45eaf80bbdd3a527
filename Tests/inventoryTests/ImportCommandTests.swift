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
        #expect(csv.hasPrefix("HB.import_ref,HB.location,HB.labels,"))
        #expect(csv.split(separator: "\n").count == 2, "the luxury view: one item")
    }
}
