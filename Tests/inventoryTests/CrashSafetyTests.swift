import Foundation
import InventoryTestSupport
import Testing

/// A deterministic generator, so a failing run can be repeated with its seed
/// (`CRASH_SEED=N swift test --filter CrashSafety`).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// SIGKILL in the middle of the commands that write the most: after every kill the inventory
/// is whole, holds exactly what it held before or what it holds after (never a part), its
/// journal matches its items, and `inventory verify` finds no stored file missing or left over.
@Suite(.serialized) struct CrashSafetyTests {
    let sandbox = Sandbox()
    static let seed: UInt64 =
        UInt64(ProcessInfo.processInfo.environment["CRASH_SEED"] ?? "")
        ?? UInt64(Date().timeIntervalSince1970)

    /// What the checks compare: item and journal counts and a digest of the items' fields.
    struct State: Equatable, CustomStringConvertible {
        var items: Int
        var journal: Int
        var insured: Int
        var names: String
        var description: String { "\(items) items, \(journal) journal rows, \(insured) insured" }
    }

    func state() throws -> State {
        let result = try sandbox.shell(
            "sqlite3 '\(sandbox.database)' 'SELECT count(*) FROM items; SELECT count(*) FROM journal; "
                + "SELECT count(*) FROM items WHERE insured; "
                + "SELECT hex(sha3(group_concat(name, char(10)))) FROM (SELECT name FROM items ORDER BY id)'"
        )
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(result.stdout)")
        return State(
            items: Int(lines[0]) ?? -1, journal: Int(lines[1]) ?? -1, insured: Int(lines[2]) ?? -1,
            names: lines[3])
    }

    /// The database and photos as they are now, to start every attempt from.
    func keep(as name: String) throws {
        let copy = sandbox.file(name)
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for file in ["inventory.sqlite", "photos"]
        where FileManager.default.fileExists(atPath: sandbox.file(file)) {
            try FileManager.default.copyItem(atPath: sandbox.file(file), toPath: copy + "/" + file)
        }
    }

    func bringBack(_ name: String) throws {
        for file in ["inventory.sqlite", "inventory.sqlite-wal", "inventory.sqlite-shm", "photos"] {
            try? FileManager.default.removeItem(atPath: sandbox.file(file))
        }
        for file in ["inventory.sqlite", "photos"]
        where FileManager.default.fileExists(atPath: sandbox.file(name) + "/" + file) {
            try FileManager.default.copyItem(
                atPath: sandbox.file(name) + "/" + file, toPath: sandbox.file(file))
        }
    }

    /// Runs `inventory ARGUMENTS` to its end and says how long it took: the span the kills are
    /// spread over (not a measurement: nothing is judged by it).
    func span(of arguments: [String]) throws -> Double {
        let start = Date()
        let result = try sandbox.run(arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return Date().timeIntervalSince(start)
    }

    /// Kills `inventory ARGUMENTS` with SIGKILL `times` times, each at a random moment of
    /// `span` seconds, starting from the kept state `from`, and checks after each kill that
    /// the state is `before` or `after` and that verify finds nothing wrong.
    func killRepeatedly(
        _ arguments: [String], times: Int, span: Double, from kept: String, before: State,
        after: State, signals: [Int32] = [SIGKILL],
        random: inout SplitMix64
    ) throws {
        var seen: [String: Int] = [:]
        for attempt in 1...times {
            try bringBack(kept)
            let delay = Double.random(in: 0..<span, using: &random)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: inventoryBinary)
            process.arguments = arguments + ["--db", sandbox.database]
            process.currentDirectoryURL = URL(fileURLWithPath: sandbox.path)
            process.environment = ["HOME": sandbox.file("home"), "PATH": "/usr/bin:/bin"]
                .merging(sanitizerEnvironment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            let stderrPath = sandbox.file("stderr.txt")
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
            let signal = signals[attempt % signals.count]
            process.standardInput = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let context =
                "\(arguments[0]) sent signal \(signal) after \(Int(delay * 1000)) ms (attempt "
                + "\(attempt), CRASH_SEED=\(Self.seed))"
            let said = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            var interrupted = false
            if signal != SIGKILL, process.terminationReason == .exit {
                // Caught: it rolls back (or says what it had finished), says so on one line
                // and exits 128 + the signal; or it had finished before the signal came.
                let status = process.terminationStatus
                #expect(status == 0 || status == 128 + signal, "\(context): exit \(status) \(said)")
                if status == 128 + signal {
                    // One line, from the signal's thread alone (the command's own error line
                    // for the interruption came first, once: "interrupted; nothing was
                    // changed", then "interrupted").
                    let lines = said.split(separator: "\n")
                    #expect(lines.count == 1, "\(context): \(said)")
                    let last = lines.last.map(String.init) ?? ""
                    #expect(last.hasPrefix("inventory: interrupted"), "\(context): \(said)")
                    interrupted = last == "inventory: interrupted"
                }
            }
            let verified = try sandbox.run(["verify", "--json"])
            let found = try #require(
                try JSONSerialization.jsonObject(with: Data(verified.stdout.utf8))
                    as? [String: Any], "\(context): \(verified.stderr)")
            let unused = Set(found["unused"] as? [String] ?? [])
            #expect(
                found["database"] as? String == "ok"
                    && (found["missing"] as? [Any])?.isEmpty == true
                    && (found["damaged"] as? [Any])?.isEmpty == true
                    && unused.isEmpty,
                "\(context): \(verified.stdout)")
            let now = try state()
            #expect(
                now == before || now == after,
                "\(context): \(now); before \(before), after \(after)")
            if interrupted {
                #expect(now == before, "\(context): interrupted, yet \(now); before \(before)")
            }
            seen[now == before ? "before" : now == after ? "after" : "other", default: 0] += 1
        }
        print(
            "crash safety: \(arguments[0]) sent \(signals) \(times) times (seed \(Self.seed)): "
                + "\(seen)")
    }

    @Test func anImportKilledAtAnyMomentLeavesAllOrNothing() throws {
        var random = SplitMix64(state: Self.seed)
        var rows = "name,price,location\n"
        for index in 0..<100_000 {
            rows += "Thing \(index),\(index % 997).\(index % 100),Room \(index % 40)\n"
        }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data(rows.utf8))
        try sandbox.add("Already here")
        try keep(as: "kept")
        let before = try state()
        let span = try span(of: ["import", "rows.csv"])
        let after = try state()
        #expect(after.items == before.items + 100_000)
        try killRepeatedly(
            ["import", "rows.csv"], times: 20, span: span, from: "kept", before: before,
            after: after, random: &random)
        try killRepeatedly(
            ["import", "rows.csv"], times: 6, span: span, from: "kept", before: before,
            after: after, signals: [SIGINT, SIGTERM], random: &random)
    }

    @Test func aBulkEditAndARestoreKilledAtAnyMomentLeaveAllOrNothing() throws {
        var random = SplitMix64(state: Self.seed ^ 0x5EED)
        var rows = "name,price\n"
        for index in 0..<20_000 { rows += "Thing \(index),\(index % 500)\n" }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data(rows.utf8))
        try sandbox.succeed(["import", "rows.csv"])
        for seed in ["camera", "ring", "boat"] {
            writePNG(at: sandbox.file("\(seed).png"), seed: seed)
            try sandbox.succeed([
                "attach", "\(seed == "camera" ? 1 : seed == "ring" ? 2 : 3)", "\(seed).png",
            ])
        }
        try sandbox.succeed(["backup", "backup.zip"])
        let backedUp = try state()

        // A bulk edit of every item, in one transaction.
        try keep(as: "kept")
        let editSpan = try span(of: ["edit", "--view", "all", "--insured", "--yes"])
        let edited = try state()
        #expect(edited.insured == 20_000)
        try killRepeatedly(
            ["edit", "--view", "all", "--insured", "--yes"], times: 10, span: editSpan,
            from: "kept", before: backedUp, after: edited, random: &random)
        try killRepeatedly(
            ["edit", "--view", "all", "--insured", "--yes"], times: 4, span: editSpan,
            from: "kept", before: backedUp, after: edited, signals: [SIGINT, SIGTERM],
            random: &random)

        // A restore of the backup over the edited inventory.
        try bringBack("kept")
        try sandbox.succeed(["edit", "--view", "all", "--insured", "--yes"])
        try sandbox.succeed(["delete", "3"])
        try keep(as: "edited")
        let beforeRestore = try state()
        let restoreSpan = try span(of: ["restore", "backup.zip", "--force"])
        let restored = try state()
        // Restore moves the backup's files in before its commit; one killed before the commit
        // leaves a marker of the files it added, which the next process to open the inventory
        // (here verify) removes if no item uses them: nothing is left over.
        try killRepeatedly(
            ["restore", "backup.zip", "--force"], times: 10, span: restoreSpan, from: "edited",
            before: beforeRestore, after: restored, random: &random)
        try killRepeatedly(
            ["restore", "backup.zip", "--force"], times: 4, span: restoreSpan, from: "edited",
            before: beforeRestore, after: restored, signals: [SIGINT, SIGTERM], random: &random)
    }
}
