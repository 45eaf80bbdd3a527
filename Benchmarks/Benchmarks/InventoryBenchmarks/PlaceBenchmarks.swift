// Where things are, at the large size (1,000,000 items, 100,000 when quick):
//
// - moving a box that holds 10,000 things from one room to another with the three built-in
//   views live: one `InventoryManager.move`, from the call to its return — the box and each
//   thing's location rewritten and journaled in one transaction, committed, and the change set
//   of 10,001 edits applied by the three views. A sample is one move; the box goes back and
//   forth between two rooms.
// - `list --in Kitchen --csv` (a sixth of the items) against `list --view kitchen --csv`, a
//   view of yours selecting the same items by their location: whole processes, to /dev/null.
// - a sheet of 1,000 labels written by `inventory labels`, the whole process.
import Benchmark
import BenchmarkRows
import Foundation
@_spi(Benchmarks) import InventoryKit

/// The things in the box (100 in a smoke run).
let boxedItems = BenchmarkSizes.fixed(10_000)

private final class MoveFixture: @unchecked Sendable {  // one sample at a time
    let folder: String
    let manager: InventoryManager
    let views: [InventoryView]
    let box: Int64
    let size: Int
    var moves = 0

    init(size: Int) throws {
        self.size = size
        folder = try Fixtures.scratchFolder("move-\(size)")
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: size), to: path)
        manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        box = try manager.add(ItemDraft(name: "Moving box", location: "Kitchen")).id
        try manager.move(ids: Array(1...Int64(boxedItems)), to: .container(box))
        views = [
            try InventoryView.luxury(manager), try InventoryView.nonInsured(manager),
            try InventoryView.all(manager),
        ]
    }

    func moveOnce() throws {
        moves += 1
        try manager.move(ids: [box], to: .place(moves % 2 == 1 ? "Garage" : "Kitchen"))
    }

    func check() throws {
        let room = moves % 2 == 1 ? "Garage" : "Kitchen"
        guard let thing = try manager.item(id: 1),
            thing.location == "\(room) / Moving box",
            views[2].count == size + 1,
            views.allSatisfy({ $0.sequence == views[2].sequence })
        else { throw BenchmarkFailure("the move did not reach every view") }
    }

    func stop() {
        manager.close()
        Fixtures.remove(folder)
    }
}

private let moveFixture = Shared<MoveFixture>()

func placeBenchmarks() {
    labelSheetBenchmark()
    let large = BenchmarkSizes.large
    Benchmark(
        "move a box of \(boxedItems) things (\(large) items, 3 live views)",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .milliseconds,
            warmupIterations: BenchmarkSizes.warmups(1),
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: BenchmarkSizes.runs(10),
            setup: { moveFixture.value = try MoveFixture(size: large) },
            teardown: {
                moveFixture.value?.stop()
                moveFixture.value = nil
            }
        )
    ) { benchmark in
        guard let fixture = moveFixture.value else { return }
        for _ in benchmark.scaledIterations { try fixture.moveOnce() }
        try fixture.check()
    }

    let views = NSTemporaryDirectory() + "inventory-bench-kitchen-view-\(getpid()).json"
    processBenchmark(
        "list in place CSV, ours (\(large) items)", inventorySize: large, iterations: 10,
        units: .milliseconds
    ) { path in
        (Fixtures.inventoryBinary, ["list", "--in", "Kitchen", "--csv", "--db", path])
    }
    processBenchmark(
        "list view of the same place CSV, ours (\(large) items)", inventorySize: large,
        iterations: 10, units: .milliseconds
    ) { path in
        let definition = """
            {"kitchen": {"Type": "FilteredList",
                "Dependencies": {"title": "@Kitchen", "filter": {"location": "Kitchen"}}}}
            """
        _ = FileManager.default.createFile(atPath: views, contents: Data(definition.utf8))
        return (
            Fixtures.inventoryBinary,
            ["list", "--view", "kitchen", "--views", views, "--csv", "--db", path]
        )
    }
}

/// A sheet of 1,000 labels (the listed items, each labelled on the first run, a warm-up):
/// `inventory labels --view all --url … --output FILE`, the whole process, on a copy of the
/// fixture so that the labels given stay out of the other benchmarks' file.
func labelSheetBenchmark() {
    let count = BenchmarkSizes.listedItems
    processBenchmark(
        "label sheet, ours (\(count) labels)", inventorySize: count, iterations: 20,
        units: .milliseconds
    ) { path in
        let folder = NSTemporaryDirectory() + "inventory-bench-labels-\(getpid())"
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/inventory.sqlite"
        try? Fixtures.copyDatabase(path, to: copy)
        return (
            Fixtures.inventoryBinary,
            [
                "labels", "--view", "all", "--url", "http://house.lan:8080", "--output",
                folder + "/labels.html", "--force", "--db", copy,
            ]
        )
    }
}
