import Foundation
import InventoryTestSupport
import Testing

/// One rule for every text field and every value, whatever the command; and what is stored
/// is never replayed raw to a terminal.
@Suite struct InputRuleTests {
    let sandbox = Sandbox()

    init() throws {
        try sandbox.add("Boat", "--price", "25000", "--luxury")
    }

    private func expectRefused(
        _ arguments: [String], status: Int32 = 65, _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(
            result.status == status, "\(arguments): \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("inventory: ") && result.stderr.contains(message),
            "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("\u{1B}"), sourceLocation: sourceLocation)
        #expect(try sandbox.dump() == before, "\(arguments)", sourceLocation: sourceLocation)
    }

    static let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J"

    // MARK: - Text

    @Test(arguments: [
        ("--name", "name"), ("--location", "location"), ("--brand", "brand"),
        ("--model", "model"), ("--serial", "serial"), ("--description", "description"),
        ("--notes", "notes"),
    ])
    func noTextFieldTakesAControlCharacter(option: String, field: String) throws {
        let add = option == "--name" ? ["add", option] : ["add", "--name", "x", option]
        try expectRefused(add + ["a\(Self.escape)b"], "invalid \(field) ")
        try expectRefused(["edit", "1", option, "a\(Self.escape)b"], "control character (U+001B)")
        try expectRefused(["edit", "1", option, "a\rb"], "control character (U+000D)")
    }

    @Test func separatorsAndDirectionOverridesAreRefusedWhereTheyMislead() throws {
        try expectRefused(["edit", "1", "--name", "Boat\u{2028}Oar"], "layout character (U+2028)")
        try expectRefused(["edit", "1", "--serial", "\u{202E}123"], "invisible character (U+202E)")
        try expectRefused(["edit", "1", "--notes", "a\u{2066}b"], "invisible character (U+2066)")
        try expectRefused(
            ["edit", "1", "--name", "Zero\u{200B}width"], "invisible character (U+200B)")
        try expectRefused(
            ["add", "--name", "x", "--tag", "a\u{FEFF}"], "invisible character (U+FEFF)")
        try sandbox.succeed(["edit", "1", "--notes", "one\u{2028}two"])
        try sandbox.succeed(["edit", "1", "--name", "مرحبا 📷 👨‍👩‍👧"])
    }

    @Test func aQuantityTooLongForANumberSaysItsRangeNotThatItIsNoNumber() throws {
        try expectRefused(
            ["edit", "1", "--quantity", "12345678901234567890"],
            "it must be a whole number from 1 to 1,000,000")
        try expectRefused(["edit", "1", "--quantity", "six"], "not a whole number")
    }

    @Test func multiLineFieldsKeepLineBreaksAndTabsAndOthersRefuseThem() throws {
        try sandbox.succeed([
            "edit", "1", "--notes", "line one\r\nline\ttwo", "--description", "a\nb",
        ])
        let item = try #require(try sandbox.json(["show", "1", "--json"]) as? [String: Any])
        #expect(item["notes"] as? String == "line one\nline\ttwo")
        #expect(item["description"] as? String == "a\nb")
        try expectRefused(["edit", "1", "--location", "Garage\nShelf"], "it must be one line")
        try expectRefused(["edit", "1", "--serial", "A\tB"], "it must be one line")
    }

    @Test func aClaimsTitleAndNotesFollowTheSameRule() throws {
        try expectRefused(
            ["claim", "new", "--title", "Fire\(Self.escape)", "--items", "1"], "control character")
        try expectRefused(
            ["claim", "new", "--title", "Fire", "--notes", "x\u{1B}[2J", "--items", "1"],
            "control character")
    }

    @Test func aStoredControlCharacterIsNeverWrittenRawToTheOutput() throws {
        // An inventory written before the rule may hold them.
        try sandbox.succeed(["claim", "new", "--title", "Fire", "--items", "1"])
        try sandbox.succeed(["edit", "1", "--notes", "before"])
        try sandbox.sqlite(
            """
            UPDATE items SET name = 'Boat' || char(27) || ']0;pwned' || char(7),
                notes = 'n' || char(27) || '[2J', location = 'L' || char(155) || '2J';
            UPDATE claims SET title = 'Fire' || char(27) || '[2J', notes = 'x' || char(13) || 'y';
            """)
        try sandbox.succeed(["edit", "1", "--brand", "Acme"])
        for arguments in [
            ["show", "1"], ["list"], ["history"], ["history", "1"], ["claim", "show", "1"],
            ["claim", "list"], ["edit", "1", "--model", "X1"],
        ] {
            let output = try sandbox.succeed(arguments)
            #expect(!output.contains("\u{1B}") && !output.contains("\u{9B}"), "\(arguments)")
            #expect(!output.contains("\u{07}") && !output.contains("\r"), "\(arguments)")
        }
        #expect(try sandbox.succeed(["show", "1"]).contains("Boat\\u{1b}]0;pwned\\u{7}"))
    }

    @Test func machineReadableOutputNeverCarriesARawControlCharacter() throws {
        try sandbox.sqlite(
            "UPDATE items SET description = 'a' || char(27) || '[2J' || char(155) || 'b' || char(127)"
        )
        try sandbox.succeed(["claim", "new", "--title", "Fire", "--items", "1"])
        for arguments in [
            ["list", "--json"], ["show", "1", "--json"], ["history", "--json"],
            ["claim", "export", "1", "--format", "json"],
        ] {
            let output = try sandbox.succeed(arguments)
            #expect(
                !output.unicodeScalars.contains {
                    $0.properties.generalCategory == .control && $0 != "\n"
                }, "\(arguments)")
            #expect(output.contains("\\u001b[2J\\u009bb\\u007f"), "\(arguments)")
        }
        // CSV is data: written raw to a file or a pipe, written out on a terminal.
        #expect(try sandbox.succeed(["list", "--csv"]).contains("\u{1B}[2J"))
        let onTerminal = try runTool(
            "/usr/bin/script",
            ["-qec", "'\(inventoryBinary)' list --csv --db '\(sandbox.database)'", "/dev/null"])
        #expect(onTerminal.stdout.contains("a\\u{1b}[2J\\u{9b}b\\u{7f}"), "\(onTerminal.stdout)")
        #expect(!onTerminal.stdout.contains("\u{1B}[2J"))
    }

    @Test func messagesAndThePickerWriteOutWhatTheyQuote() throws {
        let result = try sandbox.run(["add", "--name", "a\u{9B}2Jb"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\"a\\u{9b}2Jb\""), "\(result.stderr)")
        let picked = try sandbox.run(
            ["claim", "new", "--title", "Fire", "--select"], input: "/\u{1B}[2J\ncancel\n")
        #expect(picked.status == 1)
        #expect(!picked.stderr.contains("\u{1B}"), "\(picked.stderr)")
    }

    @Test func aViewsTitleIsOneLineOfPlainText() throws {
        let file = writeViews(
            #"{"odd": {"Type": "FilteredList", "Description": "x\u001b[2J", "#
                + #""Dependencies": {"title": "@Nice\npublic let pwned = 1\n//"}}}"#)
        let checked = try sandbox.run(["views", "check", file], useDatabase: false)
        #expect(checked.status == 65)
        #expect(
            checked.stdout.contains("dependency \"title\": it holds a control character (U+000A)"))
        #expect(checked.stdout.contains("the description it holds a control character (U+001B)"))
        let constants = try sandbox.run(
            ["views", "constants", "--views", file], useDatabase: false)
        #expect(constants.status == 65)
        #expect(!constants.stdout.contains("pwned"))
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNamingIt() throws {
        for (command, name) in [
            ("add --name \"$(printf 'caf\\351')\"", "the value of --name"),
            ("add --name x \"--notes=$(printf '\\377')\"", "the value of --notes"),
            ("edit 1 --brand \"$(printf '\\300\\200')\"", "the value of --brand"),
        ] {
            let before = try sandbox.dump()
            let result = try runTool(
                "/bin/sh", ["-c", "'\(inventoryBinary)' \(command) --db '\(sandbox.database)'"])
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "inventory: \(name) is not valid UTF-8 text; nothing was changed\n",
                "\(result.stderr)")
            #expect(try sandbox.dump() == before)
        }
    }

    // MARK: - Values

    @Test func aPurchaseDateInTheFutureIsRefused() throws {
        try expectRefused(
            ["add", "--name", "Time machine", "--purchased", "2999-01-01"],
            "invalid purchase date \"2999-01-01\": it is in the future")
        try expectRefused(["edit", "1", "--purchased", "2999-01-01"], "it is in the future")
        try sandbox.succeed(["edit", "1", "--purchased", "2024-05-01"])
    }

    @Test func valuesAreReadInTheFormTheToolPrintsWithSpacesIgnored() throws {
        try sandbox.succeed([
            "add", "--name", "Car", "--price", "1,000.00", "--purchased", " 2024-05-01 ",
            "--quantity", " 2",
        ])
        let item = try #require(try sandbox.json(["show", "2", "--json"]) as? [String: Any])
        #expect(item["price"] as? String == "1000.00")
        #expect(item["purchaseDate"] as? String == "2024-05-01")
        #expect(item["quantity"] as? Int == 2)
        // What `list` prints is read back as it is.
        let shown = try sandbox.succeed(["list"])
        #expect(shown.contains("25,000.00"))
        try sandbox.succeed(["edit", "1", "--price", "25,000.00"])
        try expectRefused(["edit", "1", "--price", "1,00"], "write it like 1234.56 or 1,234.56")
        try expectRefused(["edit", "1", "--purchased", "01/05/2024"], "write it like 2024-05-01")
    }

    @Test func anEditThatLeavesAnItemAsItWasWritesNothing() throws {
        let before = try sandbox.dump()
        let result = try sandbox.run(["edit", "1", "--quantity", ""])
        #expect(result.status == 0)
        #expect(try sandbox.dump() == before)
        try sandbox.succeed(["edit", "1", "--price", "25000"])
        #expect(try sandbox.dump() == before)
    }

    @Test func anEditFromAVersionThatDoesNotExistSaysSo() throws {
        try expectRefused(
            ["edit", "1", "--insured", "--if-version", "99"],
            "item 1 has no version 99 (it is at version 1)")
    }

    @Test func anEditThatChangesNothingIsAUsageError() throws {
        try sandbox.succeed(["claim", "new", "--title", "Fire", "--items", "1"])
        try expectRefused(["edit", "1"], status: 64, "nothing to change")
        try expectRefused(["claim", "edit", "1"], status: 64, "nothing to change")
        #expect(try sandbox.json(["show", "1", "--json"]) as? [String: Any] != nil)
    }

    // MARK: - Photos

    @Test func aPhotoMustBeAWholePictureOfAReasonableSize() throws {
        let signature = sandbox.file("signature.png")
        _ = FileManager.default.createFile(
            atPath: signature, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try expectRefused(
            ["edit", "1", "--photo", signature], "not a whole PNG picture")
        let cut = sandbox.file("cut.png")
        _ = FileManager.default.createFile(
            atPath: cut, contents: Data(pngBytes(seed: "cut").dropLast(12)))
        try expectRefused(["edit", "1", "--photo", cut], "cut off before its end")
        let jpeg = sandbox.file("fake.jpg")
        _ = FileManager.default.createFile(
            atPath: jpeg, contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)))
        try expectRefused(["edit", "1", "--photo", jpeg], "not a whole JPEG picture")
        let huge = sandbox.file("huge.png")
        _ = FileManager.default.createFile(atPath: huge, contents: Data(pngBytes(seed: "huge")))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 300 * 1024 * 1024)  // sparse: nothing is written
        try handle.close()
        try expectRefused(
            ["edit", "1", "--photo", huge], "it is 300.0 MB; the most is 50.0 MB")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("photos")))
        let whole = sandbox.file("whole.png")
        writePNG(at: whole, seed: "whole")
        try sandbox.succeed(["edit", "1", "--photo", whole])
        // Some programs append bytes after the end chunk.
        let appended = sandbox.file("appended.png")
        _ = FileManager.default.createFile(
            atPath: appended, contents: Data(pngBytes(seed: "appended") + Array("trailer".utf8)))
        try sandbox.succeed(["edit", "1", "--photo", appended])
    }

    // MARK: - Views files

    private func writeViews(_ json: String, to name: String = "views.json") -> String {
        let path = sandbox.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    @Test func aViewsFileCannotRedefineABuiltInView() throws {
        let file = writeViews(
            #"{"luxury": {"Type": "FilteredList", "Dependencies": {"filter": {"insured": true}}}}"#
        )
        let checked = try sandbox.run(["views", "check", file], useDatabase: false)
        #expect(checked.status == 65)
        #expect(checked.stdout.contains("\"luxury\" is a built-in view and cannot be redefined"))
        let listed = try sandbox.run(["list", "--view", "luxury", "--views", file])
        #expect(listed.status == 65)
        #expect(listed.stderr.contains("cannot be redefined"))
    }

    @Test func aFilterThatCanHoldNothingIsFlagged() throws {
        let file = writeViews(
            """
            {"odd": {"Type": "FilteredList", "Dependencies": {"filter":
                {"minPrice": "500.00", "maxPrice": "100.00",
                 "purchasedAfter": "2024-06-01", "purchasedBefore": "2024-01-01"}}}}
            """)
        let checked = try sandbox.run(["views", "check", file], useDatabase: false)
        #expect(checked.status == 65)
        #expect(checked.stdout.contains("minPrice 500.00 is above maxPrice 100.00"))
        #expect(
            checked.stdout.contains("purchasedAfter 2024-06-01 is not before purchasedBefore"))
    }

    @Test func aBrokenDefaultViewsFileLeavesTheBuiltInViewsWorking() throws {
        let folder = sandbox.file("home/.config/inventory")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder + "/views.json", contents: Data("{ not json".utf8))
        let listed = try sandbox.run(["list", "--view", "all"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Boat"))
        #expect(
            listed.stderr.hasPrefix("inventory: warning: \(folder)/views.json has 1 problem")
                && listed.stderr.filter { $0 == "\n" }.count == 1, "\(listed.stderr)")
        let watched = try sandbox.run(["watch", "--timeout", "0.2"])
        #expect(watched.status == 0)
        #expect(watched.stdout.contains("Boat"))
        // A file named on purpose must be right.
        let named = try sandbox.run(["list", "--views", folder + "/views.json"])
        #expect(named.status == 65)
    }
}
