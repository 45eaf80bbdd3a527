import Foundation
import InventoryKit
import Testing

/// SQLite's WAL-reset bug needs a checkpoint to overlap another connection's commit that resets
/// the log. Run as a household does — four writers, a `watch` and `serve` on one file — no
/// checkpoint overlaps another process's write, and the file is whole after.
@Suite struct WALResetGuardCommandTests {
    let sandbox = Sandbox()

    /// One line of the guard's trace: a process held the lock (`write`, `close`) or
    /// checkpointed (`checkpoint`) from `start` to `end`, monotonic nanoseconds.
    private struct Interval {
        let process: Int
        let kind: String
        let start: UInt64
        let end: UInt64

        func overlaps(_ other: Interval) -> Bool { start < other.end && other.start < end }
    }

    private func intervals(in trace: String) throws -> [Interval] {
        try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            try #require(fields.count == 4, "\(line)")
            return Interval(
                process: try #require(Int(fields[0])), kind: String(fields[1]),
                start: try #require(UInt64(fields[2])), end: try #require(UInt64(fields[3])))
        }
    }

    @Test func verifyNamesTheSQLiteLibraryAndWhetherTheGuardIsOn() throws {
        try sandbox.add("Boat")
        let affected = SQLiteLibrary.hasWALResetBug
        let plain = try sandbox.succeed(["verify", "--verbose"])
        #expect(
            plain.contains(
                "SQLite \(SQLiteLibrary.version): "
                    + (affected
                        ? "it has the WAL-reset bug (fixed in 3.51.3); the guard is on"
                        : "it does not have the WAL-reset bug; the guard is off")), "\(plain)")
        let forced = try sandbox.succeed(
            ["verify", "--verbose"], environment: ["INVENTORY_WAL_RESET_GUARD": "always"])
        #expect(forced.contains("; the guard is on"), "\(forced)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.succeed(["verify", "--json"]).utf8)) as? [String: Any])
        #expect(json["sqlite"] as? String == SQLiteLibrary.version)
        #expect(json["walResetGuard"] as? Bool == affected)
    }

    /// Four writers (adds, edits, an import each), the server logging visits to a share link,
    /// and a `watch`, all guarded (forced on, whatever this machine's SQLite) and recording
    /// each write and checkpoint in a trace, under the lock, on the system's monotonic clock.
    @Test func aCheckpointNeverOverlapsAnotherProcesssWriteAndTheFileIsWholeAfter() throws {
        let trace = sandbox.file("guard.trace")
        let environment = [
            "INVENTORY_WAL_RESET_GUARD": "always", "INVENTORY_WAL_RESET_GUARD_TRACE": trace,
        ]
        try sandbox.succeed(["add", "--name", "Boat", "--luxury"], environment: environment)
        let made = try sandbox.succeed(["share", "--view", "luxury"], environment: environment)
        let token = String(try #require(made.split(separator: "\n").dropFirst().first).suffix(64))
        let watch = try RunningCommand(
            ["watch", "--json", "--timeout", "300"], in: sandbox, environment: environment)
        defer { watch.killIfRunning() }
        let server = try RunningCommand(
            ["serve", "--port", "0"], in: sandbox, environment: environment)
        defer { server.killIfRunning() }
        let address = try #require(
            server.waitForLines(1).first?.split(separator: " ").last.map(String.init))
        for writer in 1...4 {
            var rows = "Name,Price,Location\n"
            for row in 1...1_500 {
                rows += "Writer \(writer) row \(row),\(row).50,Shelf \(row % 9)\n"
            }
            _ = FileManager.default.createFile(
                atPath: sandbox.file("rows-\(writer).csv"), contents: Data(rows.utf8))
        }
        let script = sandbox.script(
            "writers.sh",
            """
            set -u
            export INVENTORY_WAL_RESET_GUARD=always INVENTORY_WAL_RESET_GUARD_TRACE='\(trace)'
            export HOME='\(sandbox.file("home"))'
            db='\(sandbox.database)'
            writer() {
                i=1
                while [ $i -le 24 ]; do
                    '\(inventoryBinary)' add --name "Writer $1 item $i" --price $i.25 --db "$db" \
                        > /dev/null || return 1
                    if [ $((i % 6)) -eq 0 ]; then
                        '\(inventoryBinary)' edit 1 --price "$1$i" --db "$db" > /dev/null || return 1
                    fi
                    if [ $i -eq 12 ]; then
                        '\(inventoryBinary)' import rows-$1.csv --yes --db "$db" > /dev/null \
                            || return 1
                    fi
                    i=$((i + 1))
                done
            }
            visitor() {
                i=1
                while [ $i -le 30 ]; do
                    curl -s -o /dev/null --max-time 10 '\(address)/share/\(token)' || return 1
                    i=$((i + 1))
                done
            }
            writer 1 & one=$!
            writer 2 & two=$!
            writer 3 & three=$!
            writer 4 & four=$!
            visitor & visits=$!
            status=0
            for job in $one $two $three $four $visits; do wait $job || status=1; done
            exit $status
            """)
        let run = try sandbox.shell("sh '\(script)'")
        #expect(run.status == 0, "\(run.stdout)")
        let expected = 1 + 4 * (24 + 1_500)
        // The watch saw every change: the last one is in its output.
        let lines = watch.waitForLines(4 * 24 + 4 + 4 * 4 + 1)
        #expect(lines.count > 4 * 24, "the watch followed (\(lines.count) lines)")
        watch.send(SIGINT)
        #expect(watch.wait() == 0)
        server.send(SIGTERM)
        #expect(server.wait() == 0)

        let all = try intervals(in: trace)
        let writes = all.filter { $0.kind == "write" }
        let checkpoints = all.filter { $0.kind == "checkpoint" || $0.kind == "close" }
        #expect(Set(writes.map(\.process)).count >= 4 * 24, "every command wrote under the lock")
        #expect(
            all.contains { $0.kind == "checkpoint" }, "the log grew past 1,000 pages: checkpoints")
        var overlaps: [String] = []
        for checkpoint in checkpoints {
            for write in writes where write.process != checkpoint.process {
                if checkpoint.overlaps(write) { overlaps.append("\(checkpoint) and \(write)") }
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.prefix(3))")
        let check = try sandbox.shell(
            "sqlite3 '\(sandbox.database)' 'PRAGMA integrity_check; SELECT count(*) FROM items;'")
        #expect(check.stdout == "ok\n\(expected)\n", "\(check.stdout)")
        try sandbox.succeed(["verify"])
    }
}
