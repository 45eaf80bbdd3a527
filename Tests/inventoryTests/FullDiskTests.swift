import Foundation
import InventoryTestSupport
import Testing

/// An inventory on a disk that fills up: every write says the disk is full in one line, exits
/// 1 and writes nothing (no part of an item, a row, a photo or a backup), and once there is
/// room again the inventory is whole and takes writes.
@Suite(.serialized) struct FullDiskTests {
    let sandbox = Sandbox()

    private func expectFull(_ result: CommandResult, _ what: String) {
        #expect(result.status == 1, "\(what): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix("inventory: ") && result.stderr.contains("is full"),
            "\(what): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(what): \(result.stderr)")
        for sql in ["SELECT", "INSERT", "PRAGMA", "while executing"] {
            #expect(!result.stderr.contains(sql), "\(what): \(result.stderr)")
        }
    }

    /// Fills `disk` but for `room` kilobytes.
    private func fill(_ disk: String, leaving room: Int) throws {
        if room > 0 {
            _ = FileManager.default.createFile(
                atPath: disk + "/room", contents: Data(count: room * 1024))
        }
        _ = FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
        let filler = try #require(FileHandle(forWritingAtPath: disk + "/filler"))
        while (try? filler.write(contentsOf: Data(count: 1024))) != nil {}
        try? filler.close()
        unlink(disk + "/room")
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small file system needs root"))
    func everyWriteOnAFullDiskSaysSoAndChangesNothing() throws {
        let disk = sandbox.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        let mounted = try runTool(
            "/usr/bin/env", ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk])
        try #require(mounted.status == 0, "\(mounted.stderr)")
        defer { _ = try? runTool("/usr/bin/env", ["umount", disk]) }
        let database = disk + "/inventory.sqlite"
        func run(_ arguments: [String]) throws -> CommandResult {
            try sandbox.run(arguments + ["--db", database], useDatabase: false)
        }
        for name in ["Boat", "Ring", "Chairs"] {
            #expect(try run(["add", "--name", name]).status == 0)
        }
        var rows = "name,price\n"
        for index in 0..<3_000 { rows += "Row \(index),\(index)\n" }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data(rows.utf8))
        writePNG(at: sandbox.file("boat.png"), seed: "boat")

        // Room for the connection's files, not for the writes.
        try fill(disk, leaving: 72)
        expectFull(try run(["add", "--name", "Kayak"]), "add")
        expectFull(try run(["import", sandbox.file("rows.csv")]), "import")
        expectFull(try run(["attach", "1", sandbox.file("boat.png")]), "attach")
        // An edit writes only what it changes: long notes on every item, so that it cannot fit.
        let notes = String(repeating: "Kept in the shed by the boat. ", count: 300)
        expectFull(
            try run(["edit", "--view", "all", "--insured", "--notes", notes, "--yes"]),
            "edit --view")
        let backup = try sandbox.run(
            ["backup", disk + "/backup.zip", "--db", database], useDatabase: false)
        #expect(backup.status == 1 && backup.stderr.contains("full"), "\(backup.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: disk).filter {
            !["filler", "inventory.sqlite", "inventory.sqlite-wal", "inventory.sqlite-shm"]
                .contains($0)
        }
        #expect(left.allSatisfy { $0 == "photos" }, "left behind: \(left)")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: disk + "/photos")) ?? [] == [],
            "no part of a photo")

        // No room at all: not even the connection's own files fit. Writing says the disk is
        // full; reading still works, the file alone holding every commit.
        try fill(disk, leaving: 0)
        expectFull(try run(["add", "--name", "Kayak"]), "add on a disk with no room")
        let readOnFullDisk = try run(["list"])
        #expect(readOnFullDisk.status == 0, "\(readOnFullDisk.stderr)")
        #expect(readOnFullDisk.stdout.contains("3 items"))

        // Room again: nothing was lost, nothing half written.
        unlink(disk + "/filler")
        let verified = try run(["verify"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let listed = try run(["list", "--json"])
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String }.sorted() == ["Boat", "Chairs", "Ring"])
        #expect(
            items.allSatisfy {
                $0["insured"] as? Bool == false && ($0["notes"] ?? NSNull()) is NSNull
            })
        #expect(try run(["add", "--name", "Kayak"]).status == 0)
    }
}
