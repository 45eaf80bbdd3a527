import Foundation
import InventoryTestSupport
import Testing

/// Output that cannot be written is never a silent success, and no output file is ever written
/// over the inventory's own files or over an existing file without `--force`.
@Suite struct OutputTests {
    let sandbox = Sandbox()

    init() throws {
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.add("Ring", "--price", "3000", "--insured")
        try sandbox.succeed(["claim", "new", "--title", "Burglary", "--items", "1,2"])
    }

    // MARK: - Times

    @Test func peopleSeeTheirOwnTimeWhileJSONKeepsUTC() throws {
        let paris = ["TZ": "Europe/Paris"]
        let shown = try sandbox.succeed(["show", "1"], environment: paris)
        let updated = try #require(shown.split(separator: "\n").first { $0.contains("Updated") })
        #expect(updated.contains(" +01:00 ") || updated.contains(" +02:00 "), "\(updated)")
        #expect(!updated.contains("Z") && !updated.contains("."), "no milliseconds: \(updated)")
        let history = try sandbox.succeed(["history", "1"], environment: paris)
        #expect(history.contains(" +01:00  #1") || history.contains(" +02:00  #1"), "\(history)")
        let claim = try sandbox.succeed(["claim", "show", "1"], environment: paris)
        #expect(claim.contains("Opened") && claim.contains(":00\n"), "\(claim)")
        // The same moment, an hour or two apart, in the zone each reader lives in.
        let utc = try sandbox.succeed(["show", "1"], environment: ["TZ": "UTC"])
        #expect(utc.contains(" UTC (version"), "\(utc)")
        let json = try sandbox.succeed(["list", "--json"], environment: paris)
        #expect(json.contains("Z\""), "JSON carries UTC: \(json)")
    }

    // MARK: - Output files

    /// The paths that lead to the inventory's own files: itself, another spelling, its -wal
    /// and -shm (which need not exist), a symbolic and a hard link, the photos folder.
    private func pathsToTheInventorysFiles() throws -> [String] {
        let picture = sandbox.file("boat.png")
        writePNG(at: picture, seed: "boat")
        try sandbox.succeed(["edit", "1", "--photo", picture])
        try FileManager.default.createDirectory(
            atPath: sandbox.file("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.file("link.csv"), withDestinationPath: "inventory.sqlite")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.file("wal-link.csv"), withDestinationPath: sandbox.database + "-wal")
        try FileManager.default.linkItem(
            atPath: sandbox.database, toPath: sandbox.file("hard.csv"))
        return [
            "inventory.sqlite", sandbox.database, "sub/../inventory.sqlite",
            "./sub/.././inventory.sqlite", "inventory.sqlite-wal", "inventory.sqlite-shm",
            "inventory.sqlite-journal", "link.csv", "wal-link.csv", "hard.csv", "photos",
            "photos/loss.csv", "sub/../photos/../photos/x.csv",
        ]
    }

    @Test func noOutputFileIsEverOneOfTheInventorysOwnFiles() throws {
        let paths = try pathsToTheInventorysFiles()
        let before = try sandbox.dump()
        let bytes = FileManager.default.contents(atPath: sandbox.database)
        for path in paths {
            for force in [false, true] {
                let result = try sandbox.run(
                    ["claim", "export", "1", "--format", "csv", "--output", path]
                        + (force ? ["--force"] : []))
                #expect(result.status == 1, "\(path): \(result.stderr)")
                #expect(
                    result.stderr.hasPrefix("inventory: cannot write \"\(path)\": ")
                        && result.stderr.filter { $0 == "\n" }.count == 1,
                    "\(path): \(result.stderr)")
                #expect(!result.stderr.contains("exists"), "\(path): \(result.stderr)")
            }
        }
        #expect(try sandbox.dump() == before)
        #expect(FileManager.default.contents(atPath: sandbox.database) == bytes)
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-journal"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.path)
            .filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func anExistingFileIsReplacedOnlyWithForceAndKeepsItsMode() throws {
        let path = sandbox.file("loss.csv")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("my own notes\n".utf8),
            attributes: [.posixPermissions: 0o644])
        let refused = try sandbox.run(
            ["claim", "export", "1", "--format", "csv", "--output", "loss.csv"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "inventory: cannot write \"loss.csv\": the file exists; add --force to replace it\n"
        )
        #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "my own notes\n")

        try sandbox.succeed([
            "claim", "export", "1", "--format", "csv", "--output", "loss.csv", "--force",
        ])
        #expect(
            (try? String(contentsOfFile: path, encoding: .utf8))?.hasPrefix("Item description,")
                == true)
        #expect(permissions(path) == 0o644)

        try sandbox.succeed(["claim", "export", "1", "--format", "json", "--output", "new.json"])
        #expect(permissions(sandbox.file("new.json")) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.path)
        #expect(!names.contains { $0.hasSuffix(".partial") })
    }

    @Test func anOutputFileCanGoThroughALinkToAnotherFile() throws {
        try FileManager.default.createDirectory(
            atPath: sandbox.file("exports"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.file("latest.csv"), withDestinationPath: "exports/loss.csv")
        try sandbox.succeed(["claim", "export", "1", "--format", "csv", "--output", "latest.csv"])
        #expect(
            (try? String(contentsOfFile: sandbox.file("exports/loss.csv"), encoding: .utf8))?
                .hasPrefix("Item description")
                == true)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: sandbox.file("latest.csv")) == "exports/loss.csv")
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small file system needs root"))
    func aFullDiskLeavesTheOldFileWholeAndNoPartOfTheNewOne() throws {
        let disk = sandbox.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        let mounted = try runTool(
            "/usr/bin/env", ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
        try #require(mounted.status == 0, "\(mounted.stderr)")
        defer { _ = try? runTool("/usr/bin/env", ["umount", disk]) }
        let old = Data("the old export\n".utf8)
        _ = FileManager.default.createFile(atPath: disk + "/loss.csv", contents: old)
        // Fill the rest of the disk.
        let filler =
            FileHandle(forWritingAtPath: disk + "/filler")
            ?? {
                _ = FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
                return FileHandle(forWritingAtPath: disk + "/filler")!
            }()
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        let result = try sandbox.run(
            ["claim", "export", "1", "--format", "json", "--output", disk + "/loss.csv", "--force"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: disk + "/loss.csv") == old)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == [
                "filler", "loss.csv",
            ])
    }

    @Test func forceWithoutAnOutputFileIsAUsageError() throws {
        let result = try sandbox.run(["claim", "export", "1", "--format", "csv", "--force"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--force needs --output"))
    }

    // MARK: - Standard output

    static let printingCommands: [[String]] = [
        ["list"], ["list", "--json"], ["list", "--csv"], ["show", "1"], ["show", "1", "--json"],
        ["history"], ["history", "1", "--json"], ["views"], ["claim", "list"],
        ["claim", "show", "1"], ["claim", "export", "1", "--format", "csv"],
        ["add", "--name", "Oar"], ["edit", "1", "--insured"],
    ]

    @Test(arguments: printingCommands)
    func aFullStandardOutputIsAnErrorNotASuccess(arguments: [String]) throws {
        let result = try sandbox.run(arguments, stdout: "/dev/full")
        #expect(result.status == 1, "\(arguments)")
        #expect(
            result.stderr == "inventory: cannot write the output: No space left on device\n",
            "\(arguments): \(result.stderr)")
    }

    @Test(arguments: [
        ["--help"], ["list", "--help"], ["--version"], ["--generate-completion-script", "bash"],
    ])
    func helpAndVersionToAFullStandardOutputAreAnError(arguments: [String]) throws {
        let result = try sandbox.run(arguments, useDatabase: false, stdout: "/dev/full")
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stderr == "inventory: cannot write the output: No space left on device\n")
    }

    @Test func viewsConstantsToAFullStandardOutputIsAnError() throws {
        let result = try sandbox.run(
            ["views", "constants"], useDatabase: false, stdout: "/dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "inventory: cannot write the output: No space left on device\n")
    }

    @Test(arguments: printingCommands)
    func aClosedStandardOutputIsAnErrorAndReceivesNothing(arguments: [String]) throws {
        let before = try sandbox.dump()
        let command =
            ([inventoryBinary] + arguments + ["--db", sandbox.database]).map { "'\($0)'" }
            .joined(separator: " ") + " >&-"
        let result = try runTool("/bin/sh", ["-c", command])
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr == "inventory: cannot write the output: Bad file descriptor\n",
            "\(arguments): \(result.stderr)")
        if arguments[0] != "add" && arguments[0] != "edit" {
            #expect(try sandbox.dump() == before, "\(arguments)")
        }
    }

    @Test func aReaderThatGoesAwayEndsTheListingQuietlyAndClosesTheInventory() throws {
        // Enough rows that the listing outlasts the pipe's buffer.
        try sandbox.sqlite(
            """
            INSERT INTO items (name, name_key, price, created_at, updated_at)
            SELECT 'Spoon ' || value, 'spoon ' || value, 100, 0, 0 FROM generate_series(1, 5000)
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: inventoryBinary)
        process.arguments = ["list", "--db", sandbox.database]
        let pipe = Pipe()
        process.standardOutput = pipe
        let errors = Pipe()
        process.standardError = errors
        try pipe.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + SIGPIPE)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
    }
}

/// Runs a program to its end and returns what it did.
@discardableResult
func runTool(_ path: String, _ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
        stderr: String(decoding: errors, as: UTF8.self))
}
