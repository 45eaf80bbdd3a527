// What the benchmarks share: where the binaries are, scratch folders, the benchmark rows as
// drafts, inventories of a given size, and running another program to completion.
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit

enum Fixtures {
    /// The release `inventory` binary (`Benchmarks/run` builds it and sets INVENTORY_BINARY).
    static let inventoryBinary =
        ProcessInfo.processInfo.environment["INVENTORY_BINARY"]
        ?? packageRoot + "/../.build/release/inventory"
    /// The C baseline (`Benchmarks/run` compiles it and sets INSERT_BASELINE).
    static let insertBaseline =
        ProcessInfo.processInfo.environment["INSERT_BASELINE"] ?? packageRoot + "/.build/insert"
    /// The C edit baseline (`Benchmarks/run` compiles it and sets EDIT_BASELINE).
    static let editBaseline =
        ProcessInfo.processInfo.environment["EDIT_BASELINE"] ?? packageRoot + "/.build/edit"
    /// The QR code baseline over libqrencode (`Benchmarks/run` compiles it and sets
    /// QRENCODE_BASELINE).
    static let qrencodeBaseline =
        ProcessInfo.processInfo.environment["QRENCODE_BASELINE"]
        ?? packageRoot + "/.build/qrencode"
    /// The import benchmark's baseline (`Benchmarks/run` sets ADD_BASELINE).
    static let addBaseline =
        ProcessInfo.processInfo.environment["ADD_BASELINE"]
        ?? packageRoot + "/.build/release/AddBaseline"
    /// The release `inventory-server` binary, built beside `inventory`.
    static let serverBinary =
        (inventoryBinary as NSString).deletingLastPathComponent + "/inventory-server"
    /// Hummingbird's "hello" route, the server benchmarks' baseline (`Benchmarks/run` sets
    /// HELLO_SERVER).
    static let helloServer =
        ProcessInfo.processInfo.environment["HELLO_SERVER"]
        ?? packageRoot + "/.build/release/HelloServer"
    /// wrk, the HTTP load generator (Debian's).
    static let wrk = ProcessInfo.processInfo.environment["WRK"] ?? "/usr/bin/wrk"
    /// The environment other programs run in: the benchmark runner's additions (its malloc
    /// interposer's `LD_PRELOAD` above all) are not theirs.
    static let plainEnvironment: [String: String] = ProcessInfo.processInfo.environment.filter {
        ["PATH", "HOME", "TMPDIR", "LANG"].contains($0.key)
    }

    /// A duration in whole milliseconds for poll(2), at least 1.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(max(1, min(Double(Int32.max), (duration / .milliseconds(1)).rounded(.up))))
    }

    /// The `sqlite3` command.
    static let sqlite3 = ProcessInfo.processInfo.environment["SQLITE3"] ?? "/usr/bin/sqlite3"
    /// restic, for the off-site copy's baseline (Debian's; RESTIC names another).
    static let restic = ProcessInfo.processInfo.environment["RESTIC"] ?? "/usr/bin/restic"

    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The process's resident memory, in bytes, after giving freed memory back to the system
    /// (`malloc_trim`, which Swift's Glibc module does not import).
    static func residentBytesAfterTrim() -> Int {
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: Trim.self)(0)
        }
        return residentBytes()
    }

    /// The process's resident memory, in bytes (`/proc/self/statm`).
    static func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A new empty folder for one benchmark's files.
    static func scratchFolder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "inventory-bench-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The `index`th benchmark item as a draft.
    static func draft(_ index: Int) -> ItemDraft {
        let row = BenchmarkRow(index)
        return ItemDraft(
            name: row.name, description: row.description,
            price: try? Money(minorUnits: row.price, currency: .usd),
            purchaseDate: try? CalendarDate(parsing: row.purchaseDate), isLuxury: row.isLuxury,
            isInsured: row.isInsured, quantity: row.quantity, location: row.location,
            brand: row.brand)
    }

    /// The `index`th benchmark item as a stored item would be before insertion (id 0).
    static func item(_ index: Int, now: Timestamp) -> HouseholdItem {
        let row = BenchmarkRow(index)
        return HouseholdItem(
            id: 0, name: row.name, description: row.description,
            price: try? Money(minorUnits: row.price, currency: .usd),
            purchaseDate: try? CalendarDate(parsing: row.purchaseDate), photo: nil,
            isLuxury: row.isLuxury, isInsured: row.isInsured, quantity: row.quantity,
            location: row.location, brand: row.brand, model: nil, serialNumber: nil, notes: nil,
            createdAt: now, updatedAt: now, version: 1)
    }

    /// An inventory of `count` benchmark items, made once per run and shared by every benchmark
    /// (`Benchmarks/run` empties the cache folder before and after). Read it, or copy it.
    static func inventory(count: Int) throws -> String {
        let folder = NSTemporaryDirectory() + "inventory-bench-cache"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/\(count).sqlite"
        if FileManager.default.fileExists(atPath: path) { return path }
        let building = folder + "/\(count)-\(getpid()).building"
        try makeInventory(at: building, count: count)
        for suffix in ["-wal", "-shm"] { remove(building + suffix) }
        try FileManager.default.moveItem(atPath: building, toPath: path)
        return path
    }

    /// Creates an inventory of `count` benchmark items at `path` (added in batches).
    static func makeInventory(at path: String, count: Int) throws {
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        var start = 0
        while start < count {
            let end = min(count, start + 100_000)
            try manager.add((start..<end).map(draft))
            start = end
        }
        try checkpoint(path)
    }

    /// Moves everything from the write-ahead log into the database file, so that a copy of
    /// the file alone is the whole inventory.
    static func checkpoint(_ path: String) throws {
        try run(sqlite3, [path, "PRAGMA wal_checkpoint(TRUNCATE)"])
    }

    /// Copies the database file (checkpointed) to `destination`.
    static func copyDatabase(_ source: String, to destination: String) throws {
        for suffix in ["", "-wal", "-shm"] { remove(destination + suffix) }
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }

    /// Runs `program` with `arguments`, its output thrown away, and waits for it.
    ///
    /// - Returns: the process's peak resident memory, in bytes.
    /// - Throws: when it cannot start or exits with another status than 0.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> Int {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // A small, plain environment: what the benchmark runner adds to its own is not the
        // programs' business, and it made every spawned program slower here.
        let names = ["PATH", "HOME", "TMPDIR", "LANG"]
        let settings = names.compactMap { name -> String? in
            getenv(name).map { "\(name)=\(String(cString: $0))" }
        }
        let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environment)
        guard spawned == 0 else { throw BenchmarkFailure("cannot start \(program): \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw BenchmarkFailure(
                "\(program) \(arguments.joined(separator: " ")): status \(status)")
        }
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }
}

extension Fixtures {
    /// Runs `program` with `arguments` in the plain environment and returns what it printed.
    ///
    /// - Throws: when it cannot start or exits with another status than 0.
    static func output(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = plainEnvironment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("\(program): status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Hands a value set up outside a sample to the sample (one sample runs at a time).
final class Shared<Value>: @unchecked Sendable {
    var value: Value?
    init() {}
}

extension Benchmark.Configuration {
    /// A measure a sample takes once, of a whole operation (a memory peak, a file's size): at
    /// most `runs` samples (fewer in a smoke run), no warm-up, a minute at most.
    static func fewSamples(
        _ metrics: [BenchmarkMetric], runs: Int, setup: Benchmark.BenchmarkSetupHook? = nil,
        teardown: Benchmark.BenchmarkTeardownHook? = nil
    ) -> Self {
        .init(
            metrics: metrics, warmupIterations: 0, scalingFactor: .one,
            maxDuration: .seconds(60), maxIterations: BenchmarkSizes.runs(runs), setup: setup,
            teardown: teardown)
    }
}
