// One change reaching the three live views (luxury, non-insured, all) of inventories of 10k,
// 100k and 1M items, two ways:
//
// - delivery only: from the manager posting a change it did not write to the last view having
//   applied it. A sample times 1,000 changes in a row: one takes about a microsecond, less
//   than what timing a single sample adds (10–20 µs seen here).
// - an edit as a user makes one: `InventoryManager.edit` validating, writing the row and its
//   journal entry in a transaction, committing, and the three views applying the change,
//   against a C program making the same UPDATE in its own transaction on a copy of the same
//   file (Baselines/edit.c). A sample is 200 edits on each side.
//
// The change renames an item that is in all three views, so it moves in each of them.
import Benchmark
import BenchmarkRows
import Foundation
@_spi(Benchmarks) import InventoryKit
import Synchronization

private final class ViewFixture: @unchecked Sendable {
    let folder: String
    let manager: InventoryManager
    let views: [InventoryView]
    /// The item in its stored form and renamed, delivered in turn.
    let versions: [HouseholdItem]
    var sequence: Int64

    init(size: Int) throws {
        folder = try Fixtures.scratchFolder("views-\(size)")
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: size), to: path)
        manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        views = [
            try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
            try InventoryView.all(manager),
        ]
        // Item index size/2 rounded to a multiple of 12: luxury and not insured.
        let index = size / 2 / 12 * 12
        guard var item = try manager.item(id: Int64(index + 1)), item.isLuxury, !item.isInsured
        else { throw BenchmarkFailure("no luxury, non-insured item at \(index)") }
        let stored = item
        item.name = "Zz " + item.name
        versions = [item, stored]
        sequence = views.map(\.sequence).max() ?? 0
    }

    /// Delivers the next version of the item as an edit.
    func deliverOne() {
        sequence += 1
        let after = versions[Int(sequence % 2)]
        let before = versions[Int((sequence + 1) % 2)]
        manager.deliverUnwritten(
            InventoryChangeSet(
                writeID: sequence,
                changes: [
                    InventoryChange(kind: .edited, item: after, before: before, sequence: sequence)
                ]
            ))
    }

    func check() throws {
        let id = versions[0].id
        guard views.allSatisfy({ $0.sequence == sequence && $0.index(of: id) != nil }) else {
            throw BenchmarkFailure("a view missed the change")
        }
    }
}

private let viewFixture = Shared<ViewFixture>()

/// Edits made through the manager with the three views live, and the C program's edits of the
/// same item on a copy of the same inventory.
private final class EditFixture: @unchecked Sendable {  // one sample at a time
    let folder: String
    let manager: InventoryManager
    let views: [InventoryView]
    let id: Int64
    let names: [String]
    let copyForC: String
    var count = 0

    init(size: Int) throws {
        folder = try Fixtures.scratchFolder("edits-\(size)")
        let path = folder + "/inventory.sqlite"
        let source = try Fixtures.inventory(count: size)
        try Fixtures.copyDatabase(source, to: path)
        copyForC = folder + "/c.sqlite"
        try Fixtures.copyDatabase(source, to: copyForC)
        manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        views = [
            try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
            try InventoryView.all(manager),
        ]
        // The same item as the delivery benchmark's: luxury and not insured.
        id = Int64(size / 2 / 12 * 12 + 1)
        guard let item = try manager.item(id: id), item.isLuxury, !item.isInsured else {
            throw BenchmarkFailure("no luxury, non-insured item \(id)")
        }
        names = ["Zz " + item.name, item.name]
    }

    func editOnce() throws {
        var patch = ItemPatch()
        patch.name = names[count % 2]
        count += 1
        try manager.edit(id: id, patch)
    }

    func check() throws {
        guard let item = try manager.item(id: id),
            views.allSatisfy({ $0.index(of: id) != nil && $0.sequence == views[0].sequence }),
            item.name == names[(count - 1) % 2]
        else { throw BenchmarkFailure("a view missed an edit") }
    }

    func stop() {
        manager.close()
        Fixtures.remove(folder)
    }
}

private let editFixture = Shared<EditFixture>()

/// Edits per sample, on each side.
private let editsPerSample = 200

/// The C program's nanoseconds for the edits of one sample.
let cEditNanoseconds = BenchmarkMetric.custom(
    "cNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)
let oursEditNanoseconds = BenchmarkMetric.custom(
    "oursNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)

/// The resident bytes per item the three built-in views hold.
let viewBytesPerItem = BenchmarkMetric.custom(
    "viewBytesPerItem", polarity: .prefersSmaller, useScalingFactor: false)

/// How far above its resting memory a following process goes while it catches up.
let followerPeakBytes = BenchmarkMetric.custom(
    "followerPeakBytes", polarity: .prefersSmaller, useScalingFactor: false)

/// The highest resident memory of this process while `body` runs, sampled every 2 ms.
private func peakResidentBytes(during body: () throws -> Void) rethrows -> Int {
    final class Sampling: Sendable {
        let peak = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }
    let sampling = Sampling()
    let sampler = Thread {
        while !sampling.stopped.load(ordering: .acquiring) {
            _ = sampling.peak.max(Fixtures.residentBytes(), ordering: .relaxed)
            usleep(2_000)
        }
    }
    sampler.start()
    defer { sampling.stopped.store(true, ordering: .releasing) }
    try body()
    return max(sampling.peak.load(ordering: .relaxed), Fixtures.residentBytes())
}

func viewBenchmarks() {
    // A process following the file (the three views live, as browse, watch and the server
    // have them) while another process adds a batch of `large` items: how far its resident
    // memory goes above where it rested before, until its views hold every item.
    Benchmark(
        "a follower catches up on \(BenchmarkSizes.large) additions, peak above resting",
        configuration: .fewSamples([followerPeakBytes], runs: 2)
    ) { benchmark in
        let large = BenchmarkSizes.large
        let folder = try Fixtures.scratchFolder("follower")
        defer { Fixtures.remove(folder) }
        let path = folder + "/inventory.sqlite"
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        defer { manager.close() }
        let views = [
            try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
            try InventoryView.all(manager),
        ]
        manager.startFollowing(fallbackInterval: .milliseconds(20))
        defer { manager.stopFollowing() }
        let resting = Fixtures.residentBytesAfterTrim()
        let peak = try peakResidentBytes {
            try Fixtures.run(Fixtures.addBaseline, [path, String(large)])
            let deadline = ContinuousClock.now + .seconds(600)
            while views[2].count < large {
                guard ContinuousClock.now < deadline else {
                    throw BenchmarkFailure("the follower did not catch up")
                }
                usleep(5_000)
            }
        }
        benchmark.measurement(followerPeakBytes, max(0, peak - resting))
    }

    // What the three views hold, measured as the process's resident memory after malloc_trim
    // before and after loading them (on a manager that has already read the file once, so that
    // its page cache is warm on both sides).
    let large = BenchmarkSizes.large
    Benchmark(
        "3 views' resident bytes per item (\(large) items)",
        configuration: .fewSamples([viewBytesPerItem], runs: 3)
    ) { benchmark in
        let folder = try Fixtures.scratchFolder("view-memory")
        defer { Fixtures.remove(folder) }
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: large), to: path)
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        defer { manager.close() }
        guard try manager.count() == large else { throw BenchmarkFailure("not \(large) items") }
        let before = Fixtures.residentBytesAfterTrim()
        let views = [
            try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
            try InventoryView.all(manager),
        ]
        let after = Fixtures.residentBytesAfterTrim()
        guard views[2].count == large else { throw BenchmarkFailure("the views did not load") }
        benchmark.measurement(viewBytesPerItem, (after - before) / large)
        withExtendedLifetime(views) {}
    }

    for size in BenchmarkSizes.viewSizes {
        Benchmark(
            "1000 changes reach 3 views (\(size) items)",
            configuration: .init(
                metrics: [.wallClock],
                timeUnits: .nanoseconds,
                warmupIterations: BenchmarkSizes.warmups(3),
                scalingFactor: .one,
                maxDuration: .seconds(10),
                maxIterations: BenchmarkSizes.runs(300),
                setup: { viewFixture.value = try ViewFixture(size: size) },
                teardown: {
                    if let fixture = viewFixture.value { Fixtures.remove(fixture.folder) }
                    viewFixture.value = nil
                }
            )
        ) { benchmark in
            guard let fixture = viewFixture.value else { return }
            benchmark.startMeasurement()
            for _ in 0..<1_000 {
                fixture.deliverOne()
            }
            benchmark.stopMeasurement()
            try fixture.check()
        }

        // Ours, then C's, in each sample, so that the machine's moments fall on both.
        Benchmark(
            "\(editsPerSample) edits, ours and C in turns (\(size) items)",
            configuration: .init(
                metrics: [oursEditNanoseconds, cEditNanoseconds],
                warmupIterations: BenchmarkSizes.warmups(1),
                scalingFactor: .one,
                maxDuration: .seconds(30),
                maxIterations: BenchmarkSizes.runs(15),
                setup: { editFixture.value = try EditFixture(size: size) },
                teardown: {
                    editFixture.value?.stop()
                    editFixture.value = nil
                }
            )
        ) { benchmark in
            guard let fixture = editFixture.value else { return }
            let ours = try ContinuousClock().measure {
                for _ in 0..<editsPerSample { try fixture.editOnce() }
            }
            try fixture.check()
            let output = try Fixtures.output(
                Fixtures.editBaseline,
                [fixture.copyForC, String(fixture.id), String(editsPerSample)])
            guard let c = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("edit printed \(output)")
            }
            benchmark.measurement(oursEditNanoseconds, Int(ours / .nanoseconds(1)))
            benchmark.measurement(cEditNanoseconds, c)
        }
    }
}
