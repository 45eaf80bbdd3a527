// Writing many items: a batch through InventoryManager with the three views live, against the
// C baseline writing the same rows; and insert-then-fetch through the store's ItemTable (GRDB
// does the same in the GRDBBaseline target).
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit
import InventoryStore

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

    // Ours, then the C program's set-based and multi-row ways (Baselines/insert.c: the rows,
    // then the journal and indexes by INSERT … SELECT; or 36 rows per statement), in each
    // sample, so that the machine's moments fall on all three: run one after the other, a slow
    // minute of this shared machine had taken the ratio from 0.93× to 0.73×. The table judges
    // ours against the faster C way. The peak memory is this process's: ours (C runs apart).
    var turnsConfiguration = batchConfiguration
    turnsConfiguration.metrics = [
        .peakMemoryResident, oursBatchNanoseconds, cSetBasedBatchNanoseconds,
        cMultiRowBatchNanoseconds,
    ]
    turnsConfiguration.maxDuration = .seconds(BenchmarkSizes.isQuick ? 60 : 400)
    Benchmark(
        "add batch, ours and C in turns (\(large) items, 3 live views)",
        configuration: turnsConfiguration
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                let path = try freshInventory()
                let manager = try InventoryManager(
                    path: path, notificationCenter: NotificationCenter())
                defer { manager.close() }
                let views = [
                    try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
                    try InventoryView.all(manager),
                ]
                // Drafts made as they are read, as an import would; the C program, too, makes
                // each row just before inserting it. Only the batch is timed.
                let ours = try ContinuousClock().measure {
                    let added = try manager.add(contentsOf: (0..<large).lazy.map(Fixtures.draft))
                    guard added?.count == large, views[2].count == large else {
                        throw BenchmarkFailure("the batch did not reach the views")
                    }
                }
                benchmark.measurement(oursBatchNanoseconds, Int(ours / .nanoseconds(1)))
            }
            for (way, metric) in [
                ("setbased", cSetBasedBatchNanoseconds), ("multirow", cMultiRowBatchNanoseconds),
            ] {
                let path = try freshInventory()
                let c = try ContinuousClock().measure {
                    try Fixtures.run(Fixtures.insertBaseline, [path, String(large), way])
                }
                benchmark.measurement(metric, Int(c / .nanoseconds(1)))
            }
        }
    }

    // The C program row by row (the triggers write the journal and indexes per row): far
    // from its target, and as slow as the three others together, so in samples of its own.
    var cConfiguration = batchConfiguration
    cConfiguration.metrics = [.wallClock]
    Benchmark("add batch, C baseline (\(large) items)", configuration: cConfiguration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            let path = try freshInventory()
            benchmark.startMeasurement()
            try Fixtures.run(Fixtures.insertBaseline, [path, String(large), "rows"])
            benchmark.stopMeasurement()
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
            let store = try InventoryDatabase(database: Database(path: path))
            benchmark.startMeasurement()
            try store.write { _ = try store.items.insert(items) }
            let fetched = try store.items.items(matching: .all, sortedBy: .id)
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

/// The nanoseconds of one batch of `BenchmarkSizes.large` additions: ours, and the C program's
/// set-based and multi-row ways, timed in turns within each sample.
let oursBatchNanoseconds = BenchmarkMetric.custom(
    "oursNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)
let cSetBasedBatchNanoseconds = BenchmarkMetric.custom(
    "cSetBasedNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)
let cMultiRowBatchNanoseconds = BenchmarkMetric.custom(
    "cMultiRowNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)
