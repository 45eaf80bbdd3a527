import Foundation
import InventoryKit
import Testing

/// A damaged file is said to be damaged — in one line naming `verify` and `restore`, exit 1 —
/// by every command that meets the damage, never as a mistake of the user's; and once found,
/// no command writes to it until a backup is restored.
@Suite struct DamagedFileTests {
    let sandbox = Sandbox()

    /// The one line every command says of a damaged inventory.
    private func saysDamaged(_ result: CommandResult) -> Bool {
        result.status == 1 && result.stderr.split(separator: "\n").count == 1
            && result.stderr.contains("is damaged")
            && result.stderr.contains("'inventory restore FILE'")
            && result.stderr.contains("'inventory verify' says more")
            && !result.stderr.contains("invalid") && !result.stderr.contains("SELECT")
    }

    private func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Imports `count` items from a CSV: enough rows for the items table to span many pages.
    private func fill(_ count: Int) throws {
        var rows = "Name,Price,Location,Purchased\n"
        for row in 1...count {
            rows +=
                "Item \(row) with a longer name,\(row * 7 % 5_000).\(row % 90 + 10),Room \(row % 12),"
                + "2020-0\(row % 9 + 1)-\(row % 18 + 10)\n"
        }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("items.csv"), contents: Data(rows.utf8))
        try sandbox.succeed(["import", sandbox.file("items.csv")])
    }

    /// Overwrites 64 bytes, at `offset` into three of the items table's leaf pages (a quarter,
    /// half and three quarters of the way), with bytes of a generator seeded with `seed`.
    private func damageThreePages(offset: Int, seed: UInt64) throws {
        let pages = try sandbox.shell(
            "sqlite3 '\(sandbox.database)' \"SELECT pageno FROM dbstat WHERE name = 'items' "
                + "AND pagetype = 'leaf' ORDER BY pageno\"")
        let numbers = pages.stdout.split(separator: "\n").compactMap { Int($0) }
        try #require(numbers.count > 20, "\(pages.stdout)")
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let file = try #require(FileHandle(forUpdatingAtPath: sandbox.database))
        for page in [
            numbers[numbers.count / 4], numbers[numbers.count / 2], numbers[3 * numbers.count / 4],
        ] {
            try file.seek(toOffset: UInt64((page - 1) * 4_096 + offset))
            try file.write(contentsOf: Data((0..<64).map { _ in next() }))
        }
        try file.close()
    }

    @Test func damagedPagesAreSaidAsDamageAndNoCommandWritesToTheFileAfter() throws {
        try fill(3_000)
        try sandbox.succeed(["backup", sandbox.file("before.zip")])
        try damageThreePages(offset: 2_000, seed: 47_897)

        let listed = try sandbox.run(["list", "--csv"])
        #expect(saysDamaged(listed), "\(listed.status) \(listed.stderr)")
        for command in [["check"], ["report", "--output", sandbox.file("report.html")]] {
            let result = try sandbox.run(command)
            #expect(saysDamaged(result), "\(command): \(result.status) \(result.stderr)")
        }
        // Found once, the damage stops every write: not a byte of the file changes.
        let before = bytes(sandbox.database)
        for command in [
            ["add", "--name", "Lamp"], ["edit", "1", "--price", "5"], ["delete", "2"],
        ] {
            let result = try sandbox.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.stderr.contains("is damaged")
                    && result.stderr.contains("'inventory restore FILE'"),
                "\(command): \(result.stderr)")
        }
        #expect(bytes(sandbox.database) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-wal"))

        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 1)
        #expect(verified.stdout.hasPrefix("database: damaged: "), "\(verified.stdout)")
        let json = try sandbox.run(["verify", "--json"])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sound"] as? Bool == false)

        // What to do works: the backup goes in its place, and the inventory is written again.
        let refused = try sandbox.run(["restore", sandbox.file("before.zip")])
        #expect(refused.status == 1 && refused.stderr.contains("--force"), "\(refused.stderr)")
        try sandbox.succeed(["restore", sandbox.file("before.zip"), "--force"])
        // A line of CSV ends in CR LF, one Character.
        let restored = try sandbox.succeed(["list", "--csv"]).split(separator: "\r\n")
        #expect(restored.count == 3_001, "\(restored.count)")
        try sandbox.add("Lamp")
        try sandbox.succeed(["verify"])
    }

    /// The household's case: a price read back negative said "invalid price … a price cannot be
    /// negative" (exit 65), as if the user had typed it.
    @Test func aValueThatBreaksARuleOfTheFileIsDamageNotTheUsersMistake() throws {
        try sandbox.add("TV", "--price", "1000")
        try sandbox.add("Radio", "--price", "50")
        // As a damaged page can hold it: past the CHECK constraint, with no journal entry.
        try sandbox.sqlite(
            """
            PRAGMA ignore_check_constraints = 1;
            BEGIN;
            UPDATE items SET price = -4934514 WHERE id = 2;
            DELETE FROM journal WHERE seq = (SELECT max(seq) FROM journal);
            COMMIT;
            """)
        for command in [["list", "--csv"], ["show", "2"], ["check"]] {
            let result = try sandbox.run(command)
            #expect(saysDamaged(result), "\(command): \(result.status) \(result.stderr)")
        }
        let added = try sandbox.run(["add", "--name", "Lamp"])
        #expect(added.status == 1 && added.stderr.contains("is damaged"), "\(added.stderr)")
        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 1)
        #expect(verified.stdout.contains("database: damaged: "), "\(verified.stdout)")
    }

    /// `verify` on a file it cannot open says what it found and what to do (restore a backup),
    /// not to run `verify`; `--json` prints its finding as JSON.
    @Test(arguments: [100, 4_096 * 3])
    func verifyOfAFileCutShortSaysToRestoreABackup(cut: Int) throws {
        try fill(500)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: sandbox.database)[.size] as? Int)
        try #require(truncate(sandbox.database, off_t(size - cut)) == 0)

        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 1)
        #expect(verified.stdout.hasPrefix("database: damaged: "), "\(verified.stdout)")
        #expect(verified.stderr.contains("inventory restore"), "\(verified.stderr)")
        #expect(!verified.stderr.contains("inventory verify"), "\(verified.stderr)")
        let json = try sandbox.run(["verify", "--json"])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
            "\(json.stdout)")
        #expect(object["sound"] as? Bool == false)
        #expect((object["database"] as? String)?.isEmpty == false)
    }
}
