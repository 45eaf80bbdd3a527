// One change reaching the three live views (luxury, non-insured, all) of inventories of 10k,
// 100k and 1M items: from the manager posting it to the last view having applied it. The
// change renames an item that is in all three views, so it moves in each of them. A sample
// times 1,000 changes in a row: one change takes about a microsecond, less than what timing a
// single sample adds (10–20 µs seen here).
import Benchmark
import BenchmarkRows
import Foundation
@_spi(Benchmarks) import InventoryKit

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

func viewBenchmarks() {
    for size in BenchmarkSizes.viewSizes {
        Benchmark(
            "1000 changes reach 3 views (\(size) items)",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal],
                timeUnits: .nanoseconds,
                warmupIterations: 3,
                scalingFactor: .one,
                maxDuration: .seconds(10),
                maxIterations: 300,
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
    }
}
