import Foundation
import InventoryKit
import Testing

/// The inventory file as a user handles it: copied, damaged, read-only, shared with another
/// user, mistyped. Every process leaves it whole (no -wal to recover), and every problem is one
/// line in words, never SQL.
@Suite struct InventoryFileTests {
    let sandbox = Sandbox()

    private func expectNoJournalFiles(_ path: String, _ comment: Comment? = nil) {
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), comment)
        }
    }

    private func expectOneLine(_ result: CommandResult, status: Int32 = 1, _ text: String) {
        #expect(result.status == status, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("inventory: ") && result.stderr.contains(text),
            "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        for sql in ["SELECT", "INSERT", "UPDATE", "PRAGMA", "BEGIN", "while executing"] {
            #expect(!result.stderr.contains(sql), "\(result.stderr)")
        }
    }

    // MARK: - Closing

    @Test func everyCommandLeavesTheDataInTheFileItselfSoACopyOfItIsComplete() throws {
        for number in 1...20 {
            try sandbox.add("Item \(number)", "--price", "10")
            expectNoJournalFiles(sandbox.database, "after add \(number)")
        }
        try sandbox.succeed(["edit", "3", "--insured"])
        #expect(try sandbox.run(["edit", "99", "--insured"]).status == 1)
        #expect(try sandbox.run(["show", "99"]).status == 1)
        expectNoJournalFiles(sandbox.database, "after errors")
        let copy = sandbox.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: sandbox.database, toPath: copy)
        let listed = try sandbox.run(["list", "--db", copy], useDatabase: false)
        #expect(listed.status == 0)
        #expect(listed.stdout.hasSuffix("20 items · worth 200.00 USD\n"), "\(listed.stdout)")
    }

    @Test func openingTheInventoryTwiceInOneProcessKeepsTheFirstConnectionsLocks() throws {
        // Closing a descriptor of the file drops every POSIX lock the process holds on it:
        // another process would then take the first connection for gone, and fold and delete
        // the -wal file under it.
        try sandbox.add("Boat")
        let first = try InventoryManager(path: sandbox.database, notificationCenter: .init())
        #expect(try first.count() == 1)
        try InventoryManager(path: sandbox.database, access: .read, notificationCenter: .init())
            .close()
        try sandbox.sqlite("SELECT count(*) FROM items")
        #expect(FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
        first.close()
        expectNoJournalFiles(sandbox.database)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalClosesTheInventoryAndSaysSo(signal: Int32) throws {
        try sandbox.add("Boat")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: inventoryBinary)
        process.arguments = [
            "claim", "new", "--title", "Fire", "--select", "--db", sandbox.database,
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // The picker shows its list on stderr, then waits for a line.
        var shown = Data()
        while !String(decoding: shown, as: UTF8.self).contains("Boat") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            shown += chunk
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let rest = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 128 + signal)
        #expect(rest.hasSuffix("inventory: interrupted\n"), "\(rest)")
        expectNoJournalFiles(sandbox.database)
        #expect(try sandbox.succeed(["claim", "list"]) == "no claims\n")
        try input.fileHandleForWriting.close()
    }

    @Test func aSignalAlsoEndsAListingBlockedOnAReaderThatDoesNotRead() throws {
        try sandbox.add("Seed")
        try sandbox.sqlite(
            """
            INSERT INTO items (name, name_key, price, created_at, updated_at)
            SELECT 'Spoon ' || value, 'spoon ' || value, 100, 0, 0 FROM generate_series(1, 5000)
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: inventoryBinary)
        process.arguments = ["list", "--json", "--db", sandbox.database]
        let unread = Pipe()  // never read: the listing fills it and blocks
        process.standardOutput = unread
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Interrupted once the listing is blocked writing into the full pipe (its read of the
        // inventory open), not after a guessed delay.
        let wchan = "/proc/\(process.processIdentifier)/wchan"
        let deadline = Date().addingTimeInterval(60)
        while (try? String(contentsOfFile: wchan, encoding: .utf8))?.contains("pipe_write") != true,
            Date() < deadline
        { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let said = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == "inventory: interrupted\n")
        expectNoJournalFiles(sandbox.database)
    }

    // MARK: - Copies and damage

    @Test func aFileMarkedAsAnInventoryWithoutTablesIsDamagedNotEmpty() throws {
        try sandbox.sqlite("PRAGMA application_id = 1229870676")
        let before = FileManager.default.contents(atPath: sandbox.database)
        for arguments in [["list"], ["add", "--name", "Boat"]] {
            expectOneLine(
                try sandbox.run(arguments),
                "is damaged: it is marked as an inventory but holds no tables")
        }
        #expect(FileManager.default.contents(atPath: sandbox.database) == before)
    }

    @Test func aCopyMadeWithoutItsWALFileIsRefusedNotReadAsEmpty() throws {
        // How a copy of the .sqlite file alone of an inventory written by an earlier version
        // looks: an empty database in WAL mode, its -wal file left behind.
        try sandbox.sqlite("PRAGMA journal_mode = WAL")
        let before = FileManager.default.contents(atPath: sandbox.database)
        for arguments in [["list"], ["add", "--name", "Boat"]] {
            expectOneLine(try sandbox.run(arguments), "made without its -wal file")
        }
        #expect(FileManager.default.contents(atPath: sandbox.database) == before)
    }

    @Test func aSchemaThatDoesNotMatchItsMigrationsIsDamaged() throws {
        try sandbox.add("Boat")
        try sandbox.sqlite("DROP TABLE claim_items")
        let before = try sandbox.dump()
        expectOneLine(try sandbox.run(["list"]), "is damaged: its schema lacks claim_items")
        expectOneLine(try sandbox.run(["add", "--name", "Oar"]), "claim_items")
        #expect(try sandbox.dump() == before)
    }

    @Test(arguments: [
        (
            "ALTER TABLE items RENAME COLUMN serial TO serialno",
            "its schema was changed by another program"
        ),
        ("ALTER TABLE items ADD COLUMN colour TEXT", "its schema was changed by another program"),
        (
            "DELETE FROM schema_migrations",
            "holds the tables of migration 0001_items but does not record it"
        ),
    ])
    func aSchemaChangedOutsideTheMigrationsIsDamaged(change: String, message: String) throws {
        try sandbox.add("Boat")
        try sandbox.sqlite(change)
        let before = FileManager.default.contents(atPath: sandbox.database)
        expectOneLine(try sandbox.run(["list"]), "is damaged: ")
        expectOneLine(try sandbox.run(["add", "--name", "Oar"]), message)
        #expect(FileManager.default.contents(atPath: sandbox.database) == before)
    }

    @Test func aTruncatedCopyIsDamaged() throws {
        try sandbox.add("Boat", "--price", "25000")
        let bytes = try #require(FileManager.default.contents(atPath: sandbox.database))
        let cut = sandbox.file("cut.sqlite")
        _ = FileManager.default.createFile(atPath: cut, contents: bytes.prefix(3000))
        expectOneLine(
            try sandbox.run(["list", "--db", cut], useDatabase: false), "it is damaged")
        // Whole pages, but not all of them.
        _ = FileManager.default.createFile(atPath: cut, contents: bytes.prefix(8192))
        let result = try sandbox.run(["list", "--db", cut], useDatabase: false)
        expectOneLine(result, "damaged")
    }

    @Test func aDamagedFileSaysSoInWordsAndTheSQLOnlyWithVerbose() throws {
        for number in 1...30 {
            try sandbox.add("Item \(number)", "--notes", String(repeating: "n", count: 500))
        }
        var bytes = try #require(FileManager.default.contents(atPath: sandbox.database))
        // Scribble over every page but the first (the header and schema).
        for offset in stride(from: 4096, to: bytes.count, by: 97) { bytes[offset] = 0xA5 }
        _ = FileManager.default.createFile(atPath: sandbox.database, contents: bytes)
        let result = try sandbox.run(["list"])
        expectOneLine(result, "is damaged")
        let verbose = try sandbox.run(["list", "--verbose"])
        #expect(verbose.status == 1)
        #expect(verbose.stderr.filter { $0 == "\n" }.count == 2, "\(verbose.stderr)")
        #expect(verbose.stderr.contains("SQLite error"), "\(verbose.stderr)")
    }

    @Test func aDeviceIsNotAnInventory() throws {
        expectOneLine(
            try sandbox.run(["list", "--db", "/dev/null"], useDatabase: false),
            "cannot open inventory \"/dev/null\": it is not a regular file")
        expectOneLine(
            try sandbox.run(["add", "--name", "x", "--db", "/dev/null"], useDatabase: false),
            "it is not a regular file")
    }

    // MARK: - Missing files

    static let readingCommands: [[String]] = [
        ["list"], ["show", "1"], ["history"], ["watch", "--timeout", "1"], ["claim", "list"],
        ["views"],
    ]

    @Test(arguments: readingCommands)
    func aCommandThatReadsNeverCreatesAnInventory(arguments: [String]) throws {
        let path = sandbox.file("mistyped.sqlite")
        expectOneLine(
            try sandbox.run(arguments + ["--db", path], useDatabase: false),
            "cannot open inventory \"\(path)\": there is no inventory at this path")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path) == ["home"])
        let fromEnvironment = try sandbox.run(
            arguments, useDatabase: false, environment: ["INVENTORY_DB": path])
        expectOneLine(fromEnvironment, "there is no inventory at this path")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path) == ["home"])
    }

    @Test func theDefaultInventoryReadsAsEmptyUntilTheFirstAddCreatesIt() throws {
        let listed = try sandbox.run(["list"], useDatabase: false)
        #expect(listed.status == 0)
        #expect(listed.stdout == "0 items · worth 0.00 USD\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("home/.local")))
        #expect(try sandbox.run(["add", "--name", "Boat"], useDatabase: false).status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: sandbox.file("home/.local/share/inventory/inventory.sqlite")))
    }

    @Test func watchFollowsTheDefaultInventoryOnceTheFirstAddCreatesIt() throws {
        let watch = try RunningCommand(["watch", "--timeout", "120"], in: sandbox, database: nil)
        #expect(watch.waitForLines(1) == ["0 items · worth 0.00 USD"])
        #expect(try sandbox.run(["add", "--name", "Boat"], useDatabase: false).status == 0)
        #expect(watch.waitForLines(2).last == "entered  #1 Boat")
        watch.send(SIGTERM)
        #expect(watch.wait() == 0)
    }

    @Test func anEmptyDbOptionIsAUsageError() throws {
        let result = try sandbox.run(
            ["list", "--db", ""], useDatabase: false,
            environment: ["INVENTORY_DB": sandbox.database])
        expectOneLine(result, status: 64, "--db needs a path")
    }

    // MARK: - Read-only inventories and other users

    /// Copies the binary where other users can run it.
    private func binaryForOtherUsers() throws -> String {
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: sandbox.path)
        let copy = sandbox.file("inventory")
        try FileManager.default.copyItem(atPath: inventoryBinary, toPath: copy)
        return copy
    }

    @Test(.enabled(if: getuid() == 0, "running as other users needs root"))
    func aReadOnlyInventoryCanBeReadAndAWriteSaysItIsReadOnly() throws {
        let binary = try binaryForOtherUsers()
        let folder = sandbox.file("shelf")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try runTool("/usr/bin/env", ["chown", "nobody:nogroup", folder])
        let database = folder + "/inventory.sqlite"
        func run(_ arguments: [String]) throws -> CommandResult {
            try sandbox.run(
                arguments + ["--db", database], useDatabase: false, executable: binary,
                asUser: "nobody")
        }
        #expect(try run(["add", "--name", "Boat"]).status == 0)
        let outbox = sandbox.file("outbox")
        try FileManager.default.createDirectory(atPath: outbox, withIntermediateDirectories: false)
        try runTool("/usr/bin/env", ["chown", "nobody:nogroup", outbox])
        // The file, then its folder, cannot be written.
        for (path, mode) in [(database, 0o444), (folder, 0o555)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            let listed = try run(["list"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("Boat"))
            expectNoJournalFiles(database)
            // Everything that only reads works: show, history, export, verify, backup, check,
            // report.
            for reading in [
                ["show", "1"], ["history"], ["export", "--format", "json"], ["verify"],
                ["backup", outbox + "/backup-\(mode).zip"], ["check"], ["settings"],
                ["report", "--output", outbox + "/report-\(mode)"],
            ] {
                let result = try run(reading)
                #expect(result.status == 0, "\(reading): \(result.stderr)")
            }
            expectOneLine(try run(["add", "--name", "Oar"]), "the inventory is read-only")
            expectOneLine(try run(["edit", "1", "--insured"]), "the inventory is read-only")
        }
    }

    @Test(.enabled(if: getuid() == 0, "running as other users needs root"))
    func anotherUserCanWatchAnInventoryTheyMayOnlyRead() throws {
        let binary = try binaryForOtherUsers()
        try sandbox.add("Boat")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: sandbox.database)
        let watch = try RunningCommand(
            ["watch", "--timeout", "120"], in: sandbox, executable: binary, asUser: "nobody")
        #expect(watch.waitForLines(3).last == "1 item · worth 0.00 USD")
        try sandbox.add("Car")
        #expect(watch.waitForLines(4).last == "entered  #2 Car")
        try sandbox.succeed(["edit", "1", "--name", "Big boat"])
        #expect(watch.waitForLines(5).last == "changed  #1 Big boat · name Boat -> Big boat")
        watch.send(SIGTERM)
        #expect(watch.wait() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.path)
            .filter { !$0.hasPrefix(".") }  // the captured stderr
        // The reader left nothing of its own. (A -wal and -shm of the owner's may stay, when
        // the reader's connection was open as the owner's last command ended: the owner's next
        // command folds them in.)
        #expect(
            Set(files).subtracting(["inventory.sqlite-wal", "inventory.sqlite-shm"])
                == ["home", "inventory", "inventory.sqlite"], "\(files)")
        for file in files where file.hasPrefix("inventory.sqlite-") {
            let owner =
                try FileManager.default.attributesOfItem(atPath: sandbox.file(file))[
                    .ownerAccountID] as? NSNumber
            #expect(owner?.uint32Value == getuid(), "\(file) belongs to the reader")
        }
    }

    @Test(.enabled(if: getuid() == 0, "running as other users needs root"))
    func anotherUserReadingLeavesNothingThatStopsTheOwnerWriting() throws {
        let binary = try binaryForOtherUsers()
        let folder = sandbox.file("shared")
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o777])
        let database = folder + "/inventory.sqlite"
        func run(_ arguments: [String], as user: String) throws -> CommandResult {
            try sandbox.run(
                arguments + ["--db", database], useDatabase: false, executable: binary,
                asUser: user)
        }
        #expect(try run(["add", "--name", "Boat"], as: "1000").status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
        let listed = try run(["list"], as: "nobody")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Boat"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["inventory.sqlite"])
        let added = try run(["add", "--name", "Oar"], as: "1000")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try run(["list"], as: "1000").stdout.contains("Oar"))
    }
}
