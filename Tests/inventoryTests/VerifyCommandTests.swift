import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

/// `inventory verify`: the database's integrity and every stored file, changing nothing.
@Suite struct VerifyCommandTests {
    let sandbox = Sandbox()

    init() throws {
        for (name, seed) in [("Camera", "camera"), ("Ring", "ring")] {
            writePNG(at: sandbox.file("\(seed).png"), seed: seed)
            try sandbox.add(name, "--photo", sandbox.file("\(seed).png"))
        }
        try sandbox.add("Chairs", "--price", "45")
    }

    private var photos: String { sandbox.file("photos") }

    private func stored() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: photos).sorted()
    }

    /// The bytes of the database and of every stored file, to show nothing changed.
    private func contents() throws -> [String: Data] {
        var contents = [
            sandbox.database: try Data(contentsOf: URL(fileURLWithPath: sandbox.database))
        ]
        for name in try stored() {
            contents[name] = try Data(contentsOf: URL(fileURLWithPath: photos + "/" + name))
        }
        return contents
    }

    @Test func aSoundInventorySaysSoAndExitsZero() throws {
        let result = try sandbox.run(["verify"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(": the database is whole; 2 stored files are whole\n"))
        let json = try sandbox.run(["verify", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sound"] as? Bool == true && object["database"] as? String == "ok")
        #expect(object["usedFiles"] as? Int == 2)
    }

    @Test func aMissingAChangedAndAnUnusedFileAreEachNamedAndNothingChanges() throws {
        func storedName(_ picture: String) throws -> String {
            let digest = try sandbox.shell("sha256sum \(picture)").stdout.prefix(64)
            return "\(digest).png"
        }
        let cameraFile = try storedName("camera.png")
        let ringFile = try storedName("ring.png")
        #expect(try stored() == [cameraFile, ringFile].sorted())
        #expect(unlink(photos + "/" + cameraFile) == 0)
        let ring = try #require(FileHandle(forWritingAtPath: photos + "/" + ringFile))
        try ring.seekToEnd()
        try ring.write(contentsOf: Data("bit rot".utf8))
        try ring.close()
        writePNG(at: sandbox.file("stray.png"), seed: "stray")
        let strayFile = try storedName("stray.png")
        try FileManager.default.copyItem(
            atPath: sandbox.file("stray.png"), toPath: photos + "/" + strayFile)
        let before = try contents()

        let result = try sandbox.run(["verify"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains("missing file \(cameraFile), used by #1 Camera"))
        #expect(
            lines.contains(
                "damaged file \(ringFile) (its content no longer matches its checksum), used by #2 Ring"
            ))
        #expect(lines.contains("unused file \(strayFile): no item of this inventory uses it"))
        #expect(
            result.stderr
                == "inventory: \"\(sandbox.database)\" has 3 problems; restore a backup ('inventory restore FILE') to get back what is missing or damaged\n"
        )

        let json = try sandbox.run(["verify", "--json"])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sound"] as? Bool == false)
        #expect((object["missing"] as? [[String: Any]])?.first?["items"] as? [Int] == [1])
        #expect((object["damaged"] as? [[String: Any]])?.first?["file"] as? String == ringFile)
        #expect(object["unused"] as? [String] == [strayFile])
        #expect(try contents() == before, "verify changes nothing")
        let shown = try sandbox.succeed(["show", "1"])
        #expect(shown.contains("\(cameraFile)  (missing: see 'inventory verify')"), "\(shown)")
    }

    @Test func aDamagedDatabaseIsReportedWithoutSQLAndTheOtherCommandsSayWhatToDo() throws {
        try sandbox.succeed(["list"])  // the WAL is folded in at exit: the file holds everything
        // Overwrite the items table's root page (read from the schema) with garbage.
        let root = try sandbox.shell(
            "sqlite3 '\(sandbox.database)' \"SELECT rootpage FROM sqlite_master WHERE name = 'items'\""
        )
        let page = try #require(Int(root.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let file = try #require(FileHandle(forUpdatingAtPath: sandbox.database))
        try file.seek(toOffset: UInt64((page - 1) * 4096))
        try file.write(contentsOf: Data(repeating: 7, count: 4096))
        try file.close()

        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 1)
        #expect(verified.stdout.hasPrefix("database: damaged: "), "\(verified.stdout)")
        let listed = try sandbox.run(["list"])
        #expect(listed.status == 1)
        #expect(
            listed.stderr.contains("is damaged; restore it from a backup")
                && listed.stderr.contains("'inventory verify' says more"), "\(listed.stderr)")
        for result in [verified, listed] {
            #expect(!(result.stdout + result.stderr).contains("SELECT"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}

/// What the tool writes is readable by its user alone, whatever the umask: the inventory and
/// its `-wal` and `-shm` files, the photos folder and its files, backups, exports and the
/// rejected rows of an import.
@Suite struct FileModeTests {
    let sandbox = Sandbox()

    @Test func everyFileTheToolWritesIsPrivateUnderAnOpenUmask() throws {
        writePNG(at: sandbox.file("boat.png"), seed: "boat")
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data("name,price\nGood,5\nBad,-3\n".utf8))
        let tool = "'\(inventoryBinary)'"
        let db = "--db '\(sandbox.database)'"
        let result = try sandbox.shell(
            """
            umask 000
            \(tool) add --name Boat --photo boat.png \(db) &&
            \(tool) attach 1 boat.png --kind receipt \(db) &&
            \(tool) backup backup.zip \(db) &&
            \(tool) export --format csv --output export.csv \(db) &&
            \(tool) claim new --title Theft --items 1 \(db) &&
            \(tool) claim export 1 --format json --output claim.json \(db) &&
            { \(tool) import rows.csv --skip-invalid \(db); true; } &&
            \(tool) watch --timeout 3 \(db) > watch.out &
            sleep 1.5
            stat -c '%a %n' inventory.sqlite-wal inventory.sqlite-shm
            wait
            """)
        let modes = result.stdout.split(separator: "\n").filter {
            $0.hasPrefix("6") || $0.hasPrefix("7")
        }
        #expect(
            modes.contains("600 inventory.sqlite-wal")
                && modes.contains("600 inventory.sqlite-shm"), "\(result.stdout)")
        for file in [
            "inventory.sqlite", "backup.zip", "export.csv", "claim.json", "rows.csv.rejected.csv",
        ] {
            #expect(permissions(sandbox.file(file)) == 0o600, "\(file)")
        }
        #expect(permissions(sandbox.file("photos")) == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.file("photos")) {
            #expect(permissions(sandbox.file("photos/" + name)) == 0o600, "\(name)")
        }
    }
}
