import Foundation
import InventoryKit
import Testing

/// `watch`, `history`, conflicts and concurrent writers, across real processes.
@Suite struct SyncTests {
    let sandbox = Sandbox()

    private func decode(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Waits until `watch --json` follows the file: adds an item named "Ready" and waits for
    /// the watch to print it (an add made before the watch started is not shown, so it adds
    /// another until one is). Returns the lines printed, one per item added.
    @discardableResult
    private func waitUntilFollowing(_ watch: RunningCommand) throws -> [String] {
        for attempt in 1...20 {
            try sandbox.add("Ready \(attempt)")
            let lines = watch.waitForLines(1, seconds: 3)
            if !lines.isEmpty { return lines }
        }
        Issue.record("the watch never printed a change")
        return []
    }

    /// Everyday use with a `watch` open: one process per add or edit, 300 of them. The `-wal`
    /// file never passes 8 MiB (it grew with every command when a reader held a snapshot open
    /// throughout), and the watch printed every change.
    @Test func theLogStaysSmallThroughHundredsOfCommandsWithAWatchOpen() throws {
        let first = try sandbox.add("First")
        let watch = try RunningCommand(["watch", "--json", "--timeout", "300"], in: sandbox)
        defer { watch.killIfRunning() }
        let ready = try waitUntilFollowing(watch).count
        var largest = 0
        for command in 1...300 {
            if command.isMultiple(of: 2) {
                try sandbox.add("Item \(command)", "--price", "12.50", "--location", "Shed")
            } else {
                let result = try sandbox.run(["edit", String(first), "--price", "\(command).25"])
                try #require(result.status == 0, "\(result.stderr)")
            }
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: sandbox.database + "-wal")
            largest = max(largest, (attributes?[.size] as? Int) ?? 0)
        }
        #expect(largest > 0, "the watch keeps the log in use")
        #expect(largest <= 8 << 20, "the -wal file reached \(largest) bytes")
        #expect(watch.waitForLines(ready + 300).count == ready + 300)
        watch.send(SIGINT)
        #expect(watch.wait() == 0)
    }

    @Test func watchPrintsTheViewThenEachChangeAnotherProcessMakes() throws {
        try sandbox.add("Anchor", "--luxury")
        let watch = try RunningCommand(
            ["watch", "--view", "non-insured", "--timeout", "120"], in: sandbox)
        let table = watch.waitForLines(3)
        #expect(table.last == "1 item · worth 0.00 USD")
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.succeed(["edit", "2", "--price", "24000"])
        try sandbox.succeed(["edit", "2", "--insured"])
        try sandbox.add("Ring", "--insured")  // never in the view: no line
        try sandbox.succeed(["delete", "1"])
        let lines = watch.waitForLines(7)
        #expect(
            Array(lines.dropFirst(3)) == [
                "entered  #2 Boat · 25,000.00 USD",
                "changed  #2 Boat · price 25,000.00 -> 24,000.00",
                "left     #2 Boat · insured no -> yes",
                "left     #1 Anchor · deleted",
            ])
        watch.send(SIGINT)
        #expect(watch.wait() == 0)
        #expect(watch.stderr.isEmpty)
    }

    @Test func watchJSONPrintsOneObjectPerChangeAndStopsAtItsLimit() throws {
        try sandbox.createInventory()
        let watch = try RunningCommand(
            ["watch", "--json", "--limit", "3", "--timeout", "120"], in: sandbox)
        let ready = try waitUntilFollowing(watch)  // the first of the three lines
        let boat = try sandbox.add("Boat", "--price", "25000")
        try sandbox.succeed(["edit", String(boat), "--insured"])
        try sandbox.add("Oar")
        #expect(watch.wait() == 0)
        let lines = watch.lines
        #expect(lines.count == 3 && lines.first == ready.first)
        let first = try decode(lines[1])
        let second = try decode(lines[2])
        #expect(Set(first.keys) == ["seq", "change", "item"])
        #expect(first["change"] as? String == "entered")
        #expect(first["seq"] as? Int == (try decode(lines[0])["seq"] as? Int ?? 0) + 1)
        #expect((first["item"] as? [String: Any])?["price"] as? String == "25000.00")
        #expect(second["change"] as? String == "changed")
        #expect((second["item"] as? [String: Any])?["insured"] as? Bool == true)
    }

    /// An import of more than a thousand rows reaches another process's manager as a named
    /// batch (ids, not items): the watch reads the items itself, a page at a time, as they were
    /// imported, even when an edit and a delete come before it reads them.
    @Test func watchPrintsEveryItemOfABigImportAsItWasImported() throws {
        try sandbox.createInventory()
        let count = InventoryManager.namedAdditions + 300
        var rows = "name,price\n"
        for index in 1...count { rows += "Thing \(index),\(index).50\n" }
        _ = FileManager.default.createFile(
            atPath: sandbox.file("rows.csv"), contents: Data(rows.utf8))
        let watch = try RunningCommand(["watch", "--json", "--timeout", "120"], in: sandbox)
        defer { watch.killIfRunning() }
        let ready = try waitUntilFollowing(watch).count
        // Stopped, the watch cannot catch up before the edit and the delete are committed.
        watch.send(SIGSTOP)
        try sandbox.succeed(["import", "rows.csv"])
        let first = Int64(ready) + 1
        try sandbox.succeed(["edit", String(first + 4), "--name", "Renamed"])
        try sandbox.succeed(["delete", String(first + 5)])
        watch.send(SIGCONT)
        let lines = watch.waitForLines(ready + count + 2)
        try #require(lines.count == ready + count + 2)
        let imported = try lines[ready..<(ready + count)].map(decode)
        #expect(imported.allSatisfy { $0["change"] as? String == "entered" })
        let names = imported.map { ($0["item"] as? [String: Any])?["name"] as? String }
        #expect(names == (1...count).map { "Thing \($0)" })
        let sequences = imported.compactMap { $0["seq"] as? Int }
        #expect(sequences == Array(sequences[0]..<(sequences[0] + count)))
        let last = try lines.suffix(2).map(decode).map { $0["change"] as? String }
        #expect(last == ["changed", "left"])
        watch.send(SIGINT)
        #expect(watch.wait() == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func watchEndsCleanlyOnASignal(signal: Int32) throws {
        try sandbox.createInventory()
        let watch = try RunningCommand(["watch"], in: sandbox)
        #expect(watch.waitForLines(1) == ["0 items · worth 0.00 USD"])
        watch.send(signal)
        #expect(watch.wait() == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.database + "-wal"))
    }

    @Test func watchSaysSoAndStopsWhenTheFileIsReplaced() throws {
        try sandbox.add("Boat")
        let other = sandbox.file("other.sqlite")
        #expect(
            try sandbox.run(["add", "--name", "Car", "--db", other], useDatabase: false).status == 0
        )
        let watch = try RunningCommand(["watch", "--timeout", "120"], in: sandbox)
        #expect(watch.waitForLines(3).last == "1 item · worth 0.00 USD")
        #expect(rename(other, sandbox.database) == 0)
        #expect(watch.wait() == 1)
        #expect(
            watch.stderr.contains(
                "was deleted, replaced by another file or restored from a backup; stopped watching")
        )
    }

    @Test func watchEndsByItselfAfterItsTimeout() throws {
        try sandbox.createInventory()
        let watch = try RunningCommand(["watch", "--json", "--timeout", "0.5"], in: sandbox)
        #expect(watch.wait() == 0)
        #expect(watch.lines.isEmpty)
    }

    @Test func historyTellsWhatHappenedToAnItemFieldByField() throws {
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.succeed(["edit", "1", "--price", "24000", "--location", "Marina"])
        try sandbox.succeed(["edit", "1", "--insured"])
        try sandbox.succeed(["delete", "1"])
        let lines = try sandbox.succeed(["history", "1"]).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // each change made at the terminal is the local user's
        let by = "  (by \(NSUserName()))"
        #expect(lines[0].hasSuffix("#1 Boat  deleted" + by))
        #expect(lines[1].hasSuffix("#1 Boat  edited: insured no -> yes" + by))
        #expect(
            lines[2].hasSuffix(
                "#1 Boat  edited: price 25,000.00 -> 24,000.00, location — -> Marina" + by))
        #expect(lines[3].hasSuffix("#1 Boat  added: price 25,000.00, luxury yes, insured no" + by))
        let entries = try #require(
            try sandbox.json(["history", "1", "--json"]) as? [[String: Any]])
        #expect(
            entries.map { $0["change"] as? String } == ["deleted", "edited", "edited", "added"])
        #expect(entries.map { $0["seq"] as? Int } == [4, 3, 2, 1])
        #expect(entries[2]["fields"] as? [String] == ["price", "location"])
        #expect(entries[0]["after"] is NSNull && entries[3]["before"] is NSNull)
        #expect(try sandbox.succeed(["history", "--limit", "1"]).contains("deleted"))
        let missing = try sandbox.run(["history", "99"])
        #expect(
            missing.status == 1
                && missing.stderr == "inventory: no item has id 99\n")
    }

    @Test func anEditFromAStaleVersionIsRefusedAndChangesNothing() throws {
        try sandbox.add("Boat", "--price", "25000")
        try sandbox.succeed(["edit", "1", "--price", "24000"])
        let before = try sandbox.dump()
        let refused = try sandbox.run(["edit", "1", "--location", "Marina", "--if-version", "1"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "inventory: item 1 \"Boat\" was changed by someone else since version 1 (now "
                + "version 2; changed: price); nothing was changed — look at it again and redo "
                + "the edit\n")
        #expect(try sandbox.dump() == before)
        try sandbox.succeed(["edit", "1", "--location", "Marina", "--if-version", "2"])
        let usage = try sandbox.run(["edit", "1", "2", "--insured", "--if-version", "2"])
        #expect(usage.status == 64)
    }

    /// Four processes each add 500 items while a fifth edits and deletes; a watch started
    /// before them must print every change exactly once, in order, and nobody may see
    /// "database is locked".
    @Test func concurrentWritersLoseNothingAndAWatchSeesEveryChangeInOrder() throws {
        try sandbox.add("Seed")
        let watch = try RunningCommand(["watch", "--json", "--timeout", "600"], in: sandbox)
        let ready = try waitUntilFollowing(watch)
        // The seed and the Ready items: every item so far, one journal entry each.
        let readySeq = try ready.first.map { try decode($0)["seq"] as? Int ?? 0 } ?? 0
        let binary = inventoryBinary
        let db = sandbox.database
        func loop(_ body: String) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", body]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.file("home")]
                .merging(sanitizerEnvironment) { $1 }
            return process
        }
        var writers = (1...4).map { writer in
            loop(
                """
                i=0; while [ $i -lt 500 ]; do
                  '\(binary)' add --db '\(db)' --name "writer \(writer) item $i" >/dev/null 2>>'\(db).err' || echo "add failed" >>'\(db).err'
                  i=$((i+1)); done
                """)
        }
        // The fifth edits items 2..101 as they appear and deletes 102..151; a missing id is
        // retried (it was not added yet), anything else is recorded.
        writers.append(
            loop(
                """
                for id in $(seq 2 151); do
                  while true; do
                    if [ $id -le 101 ]; then out=$('\(binary)' edit "$id" --db '\(db)' --insured --notes "checked" 2>&1 >/dev/null)
                    else out=$('\(binary)' delete "$id" --db '\(db)' 2>&1 >/dev/null); fi
                    [ -z "$out" ] && break
                    case "$out" in *"no item has id"*) sleep 0.01 ;; *) echo "$out" >>'\(db).err'; break ;; esac
                  done
                done
                """))
        for writer in writers { try writer.run() }
        for writer in writers { writer.waitUntilExit() }
        let errors = (try? String(contentsOfFile: db + ".err", encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "\(errors.prefix(500))")

        let manager = try InventoryManager(path: db, notificationCenter: NotificationCenter())
        let journal = Array(try manager.history().reversed())
        #expect(journal.map(\.sequence) == Array(1...Int64(journal.count)))
        #expect(journal.count == readySeq + 2_000 + 100 + 50)
        var replayed: [Int64: HouseholdItem] = [:]
        for entry in journal {
            switch entry.change.kind {
            case .added, .edited: replayed[entry.change.item.id] = entry.change.item
            case .deleted: replayed[entry.change.item.id] = nil
            }
        }
        let table = try manager.entireHouseholdInventory()
        #expect(table.count == readySeq + 2_000 - 50)
        #expect(replayed == Dictionary(uniqueKeysWithValues: table.map { ($0.id, $0) }))

        let lines = watch.waitForLines(journal.count - readySeq + 1, seconds: 120)
        watch.send(SIGTERM)
        #expect(watch.wait() == 0)
        let printed = try lines.map { try decode($0)["seq"] as? Int ?? -1 }
        #expect(printed == Array(readySeq...journal.count), "every change once, in order")
    }

    /// Four processes add items while a fifth kills one of them with SIGKILL every few hundred
    /// milliseconds, often in the middle of its transaction: every add that said it succeeded
    /// is there, the journal has no gap and replays to the table, the watch prints every
    /// committed change once, in order, and nobody sees "database is locked".
    @Test func aWriterKilledMidTransactionLosesNothingCommitted() throws {
        try sandbox.add("Seed")
        let watch = try RunningCommand(["watch", "--json", "--timeout", "600"], in: sandbox)
        let ready = try waitUntilFollowing(watch)
        let readySeq = try ready.first.map { try decode($0)["seq"] as? Int ?? 0 } ?? 0
        let binary = inventoryBinary
        let db = sandbox.database
        func loop(_ body: String) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", body]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.file("home")]
                .merging(sanitizerEnvironment) { $1 }
            return process
        }
        let writers = (1...4).map { writer in
            loop(
                """
                i=0; while [ $i -lt 120 ]; do
                  out=$('\(binary)' add --db '\(db)' --name "writer \(writer) item $i" 2>'\(db).\(writer).err')
                  status=$?
                  [ $status -eq 0 ] && echo "$out" >>'\(db).added'
                  [ $status -ne 0 ] && [ $status -ne 137 ] && cat '\(db).\(writer).err' >>'\(db).err'
                  i=$((i+1)); done
                """)
        }
        let killer = loop(
            """
            while [ ! -f '\(db).done' ]; do
              sleep 0.2
              pkill -KILL -n -f "add --db \(db) --name writer" 2>/dev/null
              echo kill >>'\(db).kills'
            done
            """)
        try killer.run()
        for writer in writers { try writer.run() }
        for writer in writers { writer.waitUntilExit() }
        _ = FileManager.default.createFile(atPath: db + ".done", contents: nil)
        killer.waitUntilExit()
        let errors = (try? String(contentsOfFile: db + ".err", encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "\(errors.prefix(500))")
        let added = Set(
            ((try? String(contentsOfFile: db + ".added", encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { Int64($0) })
        let kills = ((try? String(contentsOfFile: db + ".kills", encoding: .utf8)) ?? "")
            .split(separator: "\n").count
        print("writers killed: \(kills) tries; \(added.count) adds said they succeeded")

        let manager = try InventoryManager(path: db, notificationCenter: NotificationCenter())
        let journal = Array(try manager.history().reversed())
        #expect(journal.map(\.sequence) == Array(1...Int64(journal.count)), "no gap")
        var replayed: [Int64: HouseholdItem] = [:]
        for entry in journal where entry.change.kind != .deleted {
            replayed[entry.change.item.id] = entry.change.item
        }
        let table = try manager.entireHouseholdInventory()
        #expect(replayed == Dictionary(uniqueKeysWithValues: table.map { ($0.id, $0) }))
        #expect(added.isSubset(of: Set(table.map(\.id))), "every add that succeeded is there")
        #expect(table.count >= added.count + readySeq)

        let lines = watch.waitForLines(journal.count - readySeq + 1, seconds: 120)
        watch.send(SIGTERM)
        #expect(watch.wait() == 0)
        let printed = try lines.map { try decode($0)["seq"] as? Int ?? -1 }
        #expect(
            printed == Array(readySeq...journal.count), "every committed change once, in order")
    }
}
