import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

/// `inventory backup` and `inventory restore` through the built binary.
@Suite struct BackupCommandTests {
    let sandbox = Sandbox()

    /// Two items, one with a photo, a claim, and an edit in the history.
    func furnish() throws {
        try sandbox.add("Camera", "--price", "1200", "--tag", "travel")
        try sandbox.add("Ring", "--price", "3000", "--luxury")
        writePNG(at: sandbox.file("camera.png"), seed: "camera")
        try sandbox.succeed(["attach", "1", sandbox.file("camera.png")])
        try sandbox.succeed(["edit", "2", "--insured"])
        try sandbox.succeed(["claim", "new", "--title", "Burglary", "--items", "2"])
    }

    @Test func aBackupOfTodayIsPrivateAndRestoresEverythingIntoAnotherInventory() throws {
        try furnish()
        let result = try sandbox.run(["backup"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("Backed up 2 items, 1 claim, the history (4 changes) and 1 file, "))
        let name = try #require(line.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(name.wholeMatch(of: /inventory-\d{4}-\d{2}-\d{2}\.zip/) != nil)
        #expect(permissions(sandbox.file(name)) == 0o600)

        let again = try sandbox.run(["backup"])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "inventory: cannot write \"\(name)\": the file exists; add --force to replace it\n"
        )
        #expect(try sandbox.run(["backup", "--force"]).status == 0)

        let other = Sandbox()
        let restored = try other.run(["restore", sandbox.file(name)])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(
            restored.stdout.hasPrefix(
                "Restored 2 items, 1 claim, the history (4 changes) and 1 file, "))
        #expect(try other.dump() == sandbox.dump())
    }

    @Test func aBackupIsDeflatedButItsPhotosAreKeptAsTheyAreAndUnzipReadsIt() throws {
        try furnish()
        var rows = "name,price,location\n"
        for index in 0..<5_000 {
            rows += "Thing \(index),\(index % 997).\(index % 100),Room \(index % 40)\n"
        }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data(rows.utf8))
        try sandbox.succeed(["import", "rows.csv", "--yes"])
        try sandbox.succeed(["backup", "house.zip"])
        let archive = try #require(
            try FileManager.default.attributesOfItem(atPath: sandbox.file("house.zip"))[.size]
                as? Int)
        let database = try #require(
            try FileManager.default.attributesOfItem(atPath: sandbox.database)[.size] as? Int)
        #expect(archive * 3 < database, "a \(archive)-byte archive of a \(database)-byte file")
        let listing = try sandbox.shell("unzip -v house.zip")
        #expect(listing.status == 0)
        // Each entry's line: length, method, size, ratio, date, time, CRC-32, name.
        let methods = Dictionary(
            listing.stdout.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                return fields.count == 8 ? (String(fields[7]), String(fields[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        #expect(methods["inventory.sqlite"]?.hasPrefix("Defl") == true, "\(listing.stdout)")
        #expect(methods["manifest.json"]?.hasPrefix("Defl") == true)
        #expect(methods.filter { $0.key.hasPrefix("photos/") }.values.map { $0 } == ["Stored"])
        #expect(try sandbox.shell("unzip -tq house.zip").status == 0)
        let other = Sandbox()
        try other.succeed(["restore", sandbox.file("house.zip")])
        #expect(try other.dump() == sandbox.dump())
    }

    @Test func restoreReplacesAnInventoryWithItemsOnlyWithForce() throws {
        try furnish()
        try sandbox.succeed(["backup", sandbox.file("house.zip")])
        try sandbox.succeed(["delete", "1"])
        try sandbox.add("Kettle")
        let before = try sandbox.dump()
        let refused = try sandbox.run(["restore", sandbox.file("house.zip")])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "inventory: \"\(sandbox.database)\" holds 2 items and 1 claim; restoring replaces all of it"
            ))
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try sandbox.dump() == before)

        try sandbox.succeed(["restore", sandbox.file("house.zip"), "--force"])
        #expect(try sandbox.succeed(["list", "--csv"]).contains("Camera"))
        #expect(!(try sandbox.succeed(["list", "--csv"]).contains("Kettle")))
        #expect(try sandbox.succeed(["history"]).split(separator: "\n").count == 4)
    }

    @Test func archivesThatCannotBeRestoredSayWhyInOneLineAndChangeNothing() throws {
        try sandbox.add("Kettle")
        let before = try sandbox.dump()
        _ = FileManager.default.createFile(
            atPath: sandbox.file("notes.zip"), contents: Data("hello".utf8))
        let cases: [(file: String, status: Int32, words: String)] = [
            (sandbox.file("missing.zip"), 66, "no such file"),
            (sandbox.file("notes.zip"), 66, "it is not a zip archive, or it is cut short"),
            (sandbox.path, 66, "it is a folder"),
        ]
        for (file, status, words) in cases {
            let result = try sandbox.run(["restore", file, "--force"])
            #expect(result.status == status, "\(file): \(result.stderr)")
            #expect(
                result.stderr
                    == "inventory: cannot restore \"\(file)\": \(words); nothing was changed\n")
        }
        #expect(try sandbox.dump() == before)
    }

    @Test func thereIsNothingToBackUpBeforeTheFirstItem() throws {
        let result = try sandbox.run(["backup", sandbox.file("b.zip")], useDatabase: false)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("inventory: nothing to back up: there is no inventory at "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("b.zip")))
    }

    @Test func aBackupTakenWhileAnotherProcessWritesHoldsWholeWrites() throws {
        try sandbox.add("First")
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/bash")
        writer.arguments = [
            "-c",
            "for i in $(seq 1 80); do \"$0\" add --db \"$1\" --name \"Item $i\" --tag t$i >/dev/null || exit 1; done",
            inventoryBinary, sandbox.database,
        ]
        try writer.run()
        var archives: [String] = []
        while writer.isRunning || archives.count < 2 {
            let archive = sandbox.file("during-\(archives.count).zip")
            try sandbox.succeed(["backup", archive])
            archives.append(archive)
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        var last = 0
        // Five of them, from the first to the last, each restored and checked.
        let checked = (0..<5).map { archives[$0 * (archives.count - 1) / 4] }
        for archive in checked {
            let other = Sandbox()
            try other.succeed(["restore", archive])
            // Each added item is one change and one tag: a part of a write would break that.
            let items =
                try other.succeed(["list", "--csv"]).split(whereSeparator: \.isNewline).count - 1
            let changes = try other.succeed(["history"]).split(separator: "\n").count
            let tags = try other.succeed(["tags"]).split(separator: "\n").count
            #expect(items >= last)
            #expect(changes == items)
            // One line per tag under a heading, or "no tags yet": one tag per item but the first.
            #expect(tags == items)
            last = items
        }
        #expect(last <= 81)
    }

    @Test func aWatchOnTheInventoryIsToldItWasRestored() throws {
        try sandbox.add("Kettle")
        try sandbox.succeed(["backup", sandbox.file("one.zip")])
        try sandbox.add("Toaster")
        let watch = try RunningCommand(["watch", "--timeout", "120"], in: sandbox)
        _ = watch.waitForLines(3)
        try sandbox.succeed(["restore", sandbox.file("one.zip"), "--force"])
        #expect(watch.wait() == 1)
        #expect(watch.stderr.contains("restored from a backup; stopped watching"))
    }
}

extension BackupCommandTests {
    @Test func anEarlierReleasesInventoryIsBackedUpAndRestoredUpToDate() throws {
        try sandbox.makeInventory(migrations: 4) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 1700000000000;
                INSERT INTO items (name, name_key, price, luxury, insured, created_at, updated_at)
                    VALUES ('Boat', 'boat', 2500000, 1, 0, 1700000000000, 1700000000000);
                """)
        }
        try sandbox.succeed(["backup", sandbox.file("old.zip")])
        let other = Sandbox()
        try other.succeed(["restore", sandbox.file("old.zip")])
        #expect(try other.succeed(["list", "--csv"]).contains("Boat"))
        #expect(try other.succeed(["history"]).contains("Boat"))
        try other.succeed(["edit", "1", "--value", "30000"])
    }
}

extension BackupCommandTests {
    @Test func aDamagedInventoryIsReplacedWithForceAndKeptBesideIt() throws {
        try furnish()
        try sandbox.succeed(["backup", sandbox.file("good.zip")])
        // Cut the inventory short: it no longer opens.
        let handle = try #require(FileHandle(forWritingAtPath: sandbox.database))
        try handle.truncate(atOffset: 5_000)
        try handle.close()
        let refused = try sandbox.run(["restore", sandbox.file("good.zip")])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("it is damaged"))
        #expect(
            refused.stderr.contains("--force' replaces it (the damaged file is kept beside it)"))
        let restored = try sandbox.run(["restore", sandbox.file("good.zip"), "--force"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(
            restored.stderr.hasPrefix(
                "inventory: the damaged inventory was moved aside to \(sandbox.database).damaged-"))
        #expect(try sandbox.succeed(["list", "--csv"]).contains("Camera"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: sandbox.path)
            .filter { $0.hasPrefix("inventory.sqlite.damaged-") }
        #expect(aside.count == 1)
    }

    @Test func aBackupToStandardOutputIsTheSameArchive() throws {
        try furnish()
        let archive = sandbox.file("piped.zip")
        _ = FileManager.default.createFile(atPath: archive, contents: nil)
        let result = try sandbox.run(["backup", "-"], stdout: archive)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Backed up 2 items, 1 claim"))
        let other = Sandbox()
        try other.succeed(["restore", archive])
        #expect(try other.dump() == sandbox.dump())
    }

    @Test func aFailedImportIntoANewInventoryLeavesNoInventory() throws {
        let file = sandbox.file("bad.csv")
        _ = FileManager.default.createFile(
            atPath: file, contents: Data("Name,Price\nChair,ten\n".utf8))
        let result = try sandbox.run(["import", file])
        #expect(result.status == 65)
        #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    }
}
