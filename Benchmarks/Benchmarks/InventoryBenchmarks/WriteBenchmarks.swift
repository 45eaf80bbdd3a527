// Writing many items: a batch through InventoryManager with the three views live, against the
// C baseline writing the same rows; and insert-then-fetch through ItemStore (GRDB does the
// same in the GRDBBaseline target).
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit

/// An empty, migrated inventory, copied afresh for every sample.
private let emptyInventory = Shared<String>()

private func makeEmptyInventory() throws {
    let folder = try Fixtures.scratchFolder("write")
    let path = folder + "/empty.sqlite"
    _ = try InventoryManager(path: path, notificationCenter: NotificationCenter())
    try Fixtures.checkpoint(path)
    emptyInventory.value = path
}

private func removeEmptyInventory() {
    if let path = emptyInventory.value {
        Fixtures.remove(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}

/// A copy of the empty inventory beside it, for one sample.
private func freshInventory() throws -> String {
    guard let template = emptyInventory.value else { throw BenchmarkFailure("no template") }
    let path = template.replacingOccurrences(of: "empty.sqlite", with: "sample.sqlite")
    try Fixtures.copyDatabase(template, to: path)
    return path
}

func writeBenchmarks() {
    let large = BenchmarkSizes.large
    let batchConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        scalingFactor: .one,
        maxDuration: .seconds(BenchmarkSizes.isQuick ? 20 : 60),
        maxIterations: BenchmarkSizes.runs(3),
        setup: makeEmptyInventory,
        teardown: removeEmptyInventory
    )

    Benchmark("add batch, ours (\(large) items, 3 live views)", configuration: batchConfiguration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            let path = try freshInventory()
            let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
            let views = [
                try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
                try InventoryView.all(manager),
            ]
            // Drafts made as they are read, as an import would; the C program, too, makes each
            // row just before inserting it.
            benchmark.startMeasurement()
            let added = try manager.add(contentsOf: (0..<large).lazy.map(Fixtures.draft))
            benchmark.stopMeasurement()
            guard added?.count == large, views[2].count == large else {
                throw BenchmarkFailure("the batch did not reach the views")
            }
        }
    }

    // The C program three ways (Baselines/insert.c): row by row, 36 rows per statement, and
    // set-based (the rows, then the journal and indexes by INSERT … SELECT); the table judges
    // ours against the fastest.
    var cConfiguration = batchConfiguration
    cConfiguration.metrics = [.wallClock]
    for (way, label) in [("rows", ""), ("multirow", ", multi-row"), ("setbased", ", set-based")] {
        Benchmark("add batch, C baseline\(label) (\(large) items)", configuration: cConfiguration) {
            benchmark in
            for _ in benchmark.scaledIterations {
                let path = try freshInventory()
                benchmark.startMeasurement()
                try Fixtures.run(Fixtures.insertBaseline, [path, String(large), way])
                benchmark.stopMeasurement()
            }
        }
    }

    // The file a batch leaves: the inventory after adding `large` items (each view of it
    // VACUUMed), and the same file with its journal emptied, then VACUUMed.
    Benchmark(
        "inventory size after a batch of \(large), with and without its journal",
        configuration: .fewSamples(
            [withJournalBytes, withoutJournalBytes], runs: 1, setup: makeEmptyInventory,
            teardown: removeEmptyInventory)
    ) { benchmark in
        let path = try freshInventory()
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        guard try manager.add(contentsOf: (0..<large).lazy.map(Fixtures.draft))?.count == large
        else { throw BenchmarkFailure("the batch was not added") }
        manager.close()
        try Fixtures.run(Fixtures.sqlite3, [path, "VACUUM"])
        let without = path + ".without-journal"
        try Fixtures.copyDatabase(path, to: without)
        defer { Fixtures.remove(without) }
        try Fixtures.run(Fixtures.sqlite3, [without, "DELETE FROM journal; VACUUM"])
        func size(_ path: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        }
        benchmark.measurement(withJournalBytes, try size(path))
        benchmark.measurement(withoutJournalBytes, try size(without))
    }

    let stored = BenchmarkSizes.storedItems
    Benchmark(
        "insert then fetch, ours (\(stored) items)",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .milliseconds,
            warmupIterations: BenchmarkSizes.warmups(1),
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: BenchmarkSizes.runs(5),
            setup: makeEmptyInventory,
            teardown: removeEmptyInventory
        )
    ) { benchmark in
        let now = Timestamp(millisecondsSince1970: 1_700_000_000_000)
        let items = (0..<stored).map { Fixtures.item($0, now: now) }
        for _ in benchmark.scaledIterations {
            let path = try freshInventory()
            let store = try ItemStore(database: Database(path: path))
            benchmark.startMeasurement()
            try store.write { _ = try store.insert(items) }
            let fetched = try store.items(matching: .all, sortedBy: .id)
            benchmark.stopMeasurement()
            guard fetched.count == stored else {
                throw BenchmarkFailure("fetched \(fetched.count)")
            }
        }
    }
}

/// The size of an inventory file after a batch, and of the same file without its journal.
let withJournalBytes = BenchmarkMetric.custom(
    "withJournalBytes", polarity: .prefersSmaller, useScalingFactor: false)
let withoutJournalBytes = BenchmarkMetric.custom(
    "withoutJournalBytes", polarity: .prefersSmaller, useScalingFactor: false)
