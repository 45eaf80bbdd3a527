import Foundation
import InventoryKit
import InventoryMigrations
import InventoryStore
import InventoryTestSupport
import Testing

/// What one run of the `inventory` binary did.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// stdout's lines, without the last line feed.
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The `inventory` binary SwiftPM built beside this test bundle.
/// The sanitizers' settings of the test run (`Scripts/sanitizers`), passed on to every
/// process a test starts, whose environment is otherwise made from scratch.
let sanitizerEnvironment: [String: String] = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
}

let inventoryBinary: String = {
    // Scripts/test names a folder of optimized binaries (see there); `swift test` alone runs
    // the ones built beside the tests.
    if let folder = ProcessInfo.processInfo.environment["INVENTORY_TEST_BINARIES"],
        !folder.isEmpty
    {
        let path = (folder as NSString).appendingPathComponent("inventory")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            fatalError("INVENTORY_TEST_BINARIES names \(folder), which has no inventory binary")
        }
        return path
    }
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL.deletingLastPathComponent(),
        Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("inventory").path }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { fatalError("the inventory binary was not found beside the tests: \(candidates)") }
    return found
}()

/// A fresh folder with a home of its own, in which the binary runs.
final class Sandbox: Sendable {
    let path: String

    init() {
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("inventory-cli-XXXXXX")
                .utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "cannot create a temporary folder")
        path = String(
            decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try! FileManager.default.createDirectory(
            atPath: path + "/home", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The database the commands use unless told otherwise.
    var database: String { file("inventory.sqlite") }

    /// Runs `inventory ARGUMENTS` with `--db` on this sandbox's database placed last (after the
    /// subcommand, with HOME inside the sandbox and no INVENTORY_DB, XDG_DATA_HOME or NO_COLOR.
    @discardableResult
    func run(
        _ arguments: [String], useDatabase: Bool = true, environment extra: [String: String] = [:],
        executable: String = inventoryBinary, asUser user: String? = nil, input: String? = nil,
        stdout stdoutPath: String? = nil
    ) throws -> CommandResult {
        var arguments = arguments
        if useDatabase {
            arguments += ["--db", database]
        }
        var environment = ["HOME": file("home"), "PATH": "/usr/bin:/bin", "TERM": "xterm"]
            .merging(sanitizerEnvironment) { $1 }
        environment.merge(extra) { $1 }
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                [
                    "--reuid=\(user)", "--regid=\(user == "nobody" ? "nogroup" : user)",
                    "--clear-groups", executable,
                ] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        let out = file(".stdout-\(UUID().uuidString)")
        let err = file(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        process.standardOutput =
            try stdoutPath.map { try #require(FileHandle(forWritingAtPath: $0)) }
            ?? FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        if let input {
            let inputFile = file(".stdin-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: inputFile, contents: Data(input.utf8))
            process.standardInput = FileHandle(forReadingAtPath: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(
                decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self),
            stderr: String(
                decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self))
    }

    /// Runs a command that must succeed and returns its stdout.
    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let result = try run(arguments, environment: environment)
        try #require(result.status == 0, "inventory \(arguments) failed: \(result.stderr)")
        return result.stdout
    }

    /// Makes the sandbox's inventory as the release with the first `migrations` migrations
    /// made it, and fills it with `fill` (SQL of that release's schema).
    func makeInventory(migrations: Int, fill: (Database) throws -> Void) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: database + suffix)
        }
        let database = try Database(
            path: self.database, options: .init(applicationID: Database.inventoryApplicationID))
        try Migrator(migrations: Array(MigrationScripts.all.prefix(migrations))).migrate(database)
        try database.enableWriteAheadLogging()
        try fill(database)
        database.close()
    }

    /// Creates the sandbox's inventory, empty (no command creates one without adding to it).
    func createInventory() throws {
        try InventoryManager(path: database, notificationCenter: NotificationCenter()).close()
    }

    /// Adds an item and returns its id.
    @discardableResult
    func add(_ name: String, _ options: String...) throws -> Int64 {
        let output = try succeed(["add", "--name", name] + options)
        return try #require(Int64(output.trimmingCharacters(in: .newlines)))
    }

    /// Everything stored: every row of every table, and the photos folder's files.
    func dump() throws -> [String] {
        guard FileManager.default.fileExists(atPath: database) else { return ["no database"] }
        let connection = try Database(path: database, options: .init(createIfMissing: false))
        var rows: [String] = []
        let tables = try connection.makeStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        var names: [String] = []
        while try tables.step() { names.append(tables.text(at: 0)) }
        // The server's sessions are who is signed in, not the inventory: a page's requests
        // record when they were last used.
        for name in names where name != "member_sessions" {
            let statement = try connection.makeStatement("SELECT * FROM \"\(name)\"")
            while try statement.step() {
                rows.append(
                    name + ": "
                        + (0..<statement.columnCount).map { "\(statement.value(at: $0))" }.joined(
                            separator: " | "))
            }
        }
        let photos = (try? FileManager.default.contentsOfDirectory(atPath: file("photos"))) ?? []
        return rows + photos.sorted().map { "photo: \($0)" }
    }

    /// Runs SQL on a database file with the `sqlite3` shell (to make a file some other program or
    /// version made); the shell must succeed.
    func sqlite(_ sql: String, on path: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path ?? database, sql]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 failed on: \(sql)")
    }

    /// Runs `program` with `arguments` (each quoted for the shell) in the sandbox's folder; it
    /// must succeed. Its output (standard error too).
    @discardableResult
    func tool(_ program: String, _ arguments: [String]) throws -> String {
        let result = try shell(
            ([program] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
                .joined(separator: " "))
        try #require(result.status == 0, "\(program) \(arguments) failed: \(result.stdout)")
        return result.stdout
    }

    /// Runs a shell command line in the sandbox's folder.
    func shell(_ line: String) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self),
            stderr: "")
    }

    /// Writes a shell script into the sandbox and returns its path.
    func script(_ name: String, _ text: String) -> String {
        let path = file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Parses stdout as JSON.
    func json(_ arguments: [String]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try succeed(arguments).utf8))
    }
}

extension String {
    /// The text without ANSI colour sequences (ESC [ … m).
    func replacingEscapes() -> String {
        var result = ""
        var inEscape = false
        for character in self {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
