import Foundation
import InventoryTestSupport
import Testing

/// Every bad input: one line on stderr, a non-zero exit, and the database exactly as before.
@Suite struct BadInputTests {
    let sandbox = Sandbox()

    init() throws {
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.add("Ring", "--price", "3000", "--insured")
    }

    static let refusals: [(arguments: [String], status: Int32, message: String)] = [
        (["add", "--name", ""], 65, "inventory: an item needs a name, and it cannot be blank"),
        (["add", "--name", "   "], 65, "inventory: an item needs a name, and it cannot be blank"),
        (
            ["add"], 64,
            "inventory: Missing expected argument '--name <name>' (see 'inventory add --help')"
        ),
        (["add", "--name", String(repeating: "x", count: 201)], 65, "characters; the most is 200"),
        (
            ["add", "--name", "x", "--price", "-3"], 65,
            "invalid price \"-3\": a price cannot be negative"
        ),
        (["add", "--name", "x", "--price", "ten"], 65, "invalid price \"ten\": not a number"),
        (["add", "--name", "x", "--price", "1.234"], 65, "USD has at most 2 decimal places"),
        (["add", "--name", "x", "--price", "1e30"], 65, "invalid price \"1e30\": not a number"),
        (["add", "--name", "x", "--price", "100000000000000000000"], 65, "too large"),
        (["add", "--name", "x", "--purchased", "2024-02-30"], 65, "no such day in the calendar"),
        (
            ["add", "--name", "x", "--purchased", "30/01/2024"], 65,
            "not a date in the form YYYY-MM-DD"
        ),
        (["add", "--name", "x", "--quantity", "0"], 65, "invalid quantity \"0\""),
        (["add", "--name", "x", "--quantity", "-2"], 65, "invalid quantity \"-2\""),
        (
            ["add", "--name", "x", "--quantity", "two"], 65,
            "invalid quantity \"two\": not a whole number"
        ),
        (["add", "--name", "x", "--photo", "/no/such/file.jpg"], 65, "no such file"),
        (["add", "--name", "x", "--photo", "/tmp"], 65, "it is a folder"),
        (
            ["add", "--name", "x", "--photo", "/etc/hostname"], 65,
            "not a JPEG, PNG, GIF, WebP or HEIC picture"
        ),
        (["add", "--name", "x", "--colour", "red"], 64, "Unknown option '--colour'"),
        // A typo is named even when it leaves out what the command needs.
        (["edit", "1", "--insurd"], 64, "Unknown option '--insurd' (see 'inventory edit --help')"),
        (["add", "--nmae", "x"], 64, "Unknown option '--nmae'"),
        (["edit", "--veiw", "luxury", "--insured"], 64, "Unknown option '--veiw'"),
        (["claim", "new", "--titel", "x"], 64, "Unknown option '--titel'"),
        (["edit", "1"], 64, "nothing to change"),
        (
            ["edit", "1", "2", "99", "--insured"], 1,
            "inventory: no item has id 99; nothing was changed"
        ),
        (["edit", "7", "8", "--insured"], 1, "no items have ids 7, 8"),
        (["edit", "1", "--name", ""], 65, "an item needs a name"),
        (["edit", "one"], 64, "(see 'inventory edit --help')"),
        (["edit"], 64, "Missing expected argument"),
        (["delete", "1", "99"], 1, "inventory: no item has id 99; nothing was changed"),
        (["show", "99"], 1, "inventory: no item has id 99\n"),
        (["history", "99"], 1, "inventory: no item has id 99\n"),
        (
            ["claim", "new", "--title", "x", "--items", "1-99999999"], 65,
            "\"1-99999999\" is a range of more than 100,000 ids"
        ),
        (
            // Found by Fuzz/run idlist: ranges each under the limit once added up to gigabytes.
            [
                "claim", "new", "--title", "x", "--items",
                Array(repeating: "0-99999", count: 3)
                    .joined(separator: ","),
            ], 65,
            "the list names more than 100,000 ids"
        ),
        (["claim", "export", "1"], 64, "(see 'inventory claim export --help')"),
        (["show", "-1"], 64, "invalid id \"-1\": ids are whole numbers from 1"),
        (["delete", "2", "-5"], 64, "invalid id \"-5\": ids are whole numbers from 1"),
        (
            ["list", "--sort", "bogus"], 64,
            "Please provide one of the following: name, name-desc, price, price-desc, purchased"
        ),
        (["list", "--view", "expensive"], 64, "(see 'inventory list --help')"),
        (["list", "--json", "--csv"], 64, "--json and --csv cannot be used together"),
        (["frobnicate"], 64, "(see 'inventory --help')"),
    ]

    @Test(arguments: Self.refusals)
    func badInputIsRefusedWithOneLineAndChangesNothing(
        arguments: [String], status: Int32, message: String
    ) throws {
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments)")
        #expect(result.stderr.hasPrefix("inventory: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try sandbox.dump() == before)
    }
}

@Suite struct DatabaseFileTests {
    let sandbox = Sandbox()

    private func expectRefusal(_ arguments: [String], _ message: String, status: Int32 = 1) throws {
        let result = try sandbox.run(arguments, useDatabase: false)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func aPathInAFolderThatDoesNotExistIsRefused() throws {
        try expectRefusal(
            ["add", "--name", "x", "--db", sandbox.file("nowhere/inv.sqlite")],
            "the folder \(sandbox.file("nowhere")) does not exist")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("nowhere")))
    }

    @Test func aPathInAFolderThatCannotBeWrittenIsRefused() throws {
        let folder = sandbox.file("locked")
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o555])
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o777], ofItemAtPath: sandbox.path)
        // root may write anywhere: run as nobody then.
        // The binary is copied into the sandbox so that nobody can run it wherever the clone is.
        let user = getuid() == 0 ? "nobody" : nil
        let copy = sandbox.file("inventory")
        try FileManager.default.copyItem(atPath: inventoryBinary, toPath: copy)
        let result = try sandbox.run(
            ["add", "--name", "x", "--db", folder + "/inv.sqlite"], useDatabase: false,
            executable: copy,
            asUser: user)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot be written to"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let path = sandbox.file("notes.txt")
        let text = Data(String(repeating: "my notes\n", count: 200).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        try expectRefusal(["add", "--db", path, "--name", "x"], "it is not an inventory database")
        #expect(FileManager.default.contents(atPath: path) == text)
    }

    @Test func anotherProgramsSQLiteFileIsRefusedAndLeftAlone() throws {
        let path = sandbox.file("bookmarks.sqlite")
        try sandbox.sqlite("CREATE TABLE bookmarks (url TEXT)", on: path)
        let before = FileManager.default.contents(atPath: path)
        try expectRefusal(["list", "--db", path], "it is not an inventory database")
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndLeftAlone() throws {
        try sandbox.add("Boat")
        try sandbox.sqlite(
            "INSERT INTO schema_migrations (number, name) VALUES (9999, '9999_future')")
        let before = try sandbox.dump()
        let result = try sandbox.run(["add", "--name", "x"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("inventory: this inventory was written by a newer version"))
        #expect(result.stderr.contains("9999_future"))
        #expect(try sandbox.dump() == before)
    }

    @Test func theDatabaseIsPrivateAndTheDefaultFolderIsToo() throws {
        let result = try sandbox.run(["add", "--name", "Boat"], useDatabase: false)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = sandbox.file("home/.local/share/inventory")
        #expect(permissions(folder) == 0o700)
        #expect(permissions(folder + "/inventory.sqlite") == 0o600)
        for suffix in ["-wal", "-shm"]
        where FileManager.default.fileExists(atPath: folder + "/inventory.sqlite" + suffix) {
            #expect(permissions(folder + "/inventory.sqlite" + suffix) == 0o600)
        }
    }

    @Test func theEnvironmentChoosesTheDatabaseAndDbOverridesIt() throws {
        let xdg = sandbox.file("xdg")
        try FileManager.default.createDirectory(atPath: xdg, withIntermediateDirectories: false)
        #expect(
            try sandbox.run(
                ["add", "--name", "In XDG"], useDatabase: false, environment: ["XDG_DATA_HOME": xdg]
            ).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/inventory/inventory.sqlite"))
        let chosen = sandbox.file("chosen.sqlite")
        #expect(
            try sandbox.run(
                ["add", "--name", "In env"], useDatabase: false,
                environment: ["INVENTORY_DB": chosen]
            ).status == 0)
        let listed = try sandbox.run(
            ["list", "--json"], useDatabase: false, environment: ["INVENTORY_DB": chosen])
        #expect(listed.stdout.contains("In env") && !listed.stdout.contains("In XDG"))
        let overridden = try sandbox.run(
            ["list", "--db", xdg + "/inventory/inventory.sqlite"], useDatabase: false,
            environment: ["INVENTORY_DB": chosen])
        #expect(overridden.stdout.contains("In XDG"))
    }

    @Test func theBinaryWorksWhenCopiedAloneToAnotherFolder() throws {
        let elsewhere = sandbox.file("elsewhere")
        try FileManager.default.createDirectory(
            atPath: elsewhere, withIntermediateDirectories: false)
        let copy = elsewhere + "/inventory"
        try FileManager.default.copyItem(atPath: inventoryBinary, toPath: copy)
        let added = try sandbox.run(["add", "--name", "Boat", "--luxury"], executable: copy)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try sandbox.run(["list", "--view", "luxury"], executable: copy).stdout.contains("Boat"))
    }

    @Test func colourIsUsedOnlyOnATerminalAndNeverWithNoColor() throws {
        try sandbox.add("Boat", "--luxury")
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "\(inventoryBinary) list --db \(sandbox.database)"
        script.arguments = ["-qec", command, "/dev/null"]
        let pipe = Pipe()
        script.standardOutput = pipe
        script.environment = ["TERM": "xterm", "PATH": "/usr/bin:/bin"].merging(
            sanitizerEnvironment
        ) { $1 }
        try script.run()
        let coloured = String(
            decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(coloured.contains("\u{1B}[1m"), "bold header on a terminal")
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        plain.arguments = ["-qec", command, "/dev/null"]
        let plainPipe = Pipe()
        plain.standardOutput = plainPipe
        plain.environment = ["TERM": "xterm", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"].merging(
            sanitizerEnvironment
        ) { $1 }
        try plain.run()
        let uncoloured = String(
            decoding: plainPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        plain.waitUntilExit()
        #expect(uncoloured.contains("Boat"))
        #expect(!uncoloured.contains("\u{1B}["))
    }
}
