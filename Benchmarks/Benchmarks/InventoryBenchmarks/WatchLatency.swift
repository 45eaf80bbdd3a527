// How long a change committed by one process takes to be printed by `inventory watch` running
// in another: each sample adds one item through InventoryKit and waits for watch's line.
import Benchmark
import Foundation
import InventoryKit
import Synchronization

/// The watch process and the writing manager, shared by every sample.
final class WatchFixture: Sendable {
    let manager: InventoryManager
    let folder: String
    private let process: Process
    private let descriptor: Int32
    private let counter = Mutex(0)

    init() throws {
        folder = try Fixtures.scratchFolder("watch")
        let database = folder + "/inventory.sqlite"
        manager = try InventoryManager(path: database, notificationCenter: NotificationCenter())
        let binary = Fixtures.inventoryBinary
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["watch", "--db", database, "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        descriptor = pipe.fileHandleForReading.fileDescriptor
        try process.run()
        usleep(500_000)  // let watch open the inventory and start following
    }

    /// Adds an item and returns once watch has printed its line.
    func addAndWaitForWatch() {
        let number = counter.withLock { count -> Int in
            count += 1
            return count
        }
        _ = try? manager.add(ItemDraft(name: "Item \(number)"))
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {}
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

nonisolated(unsafe) var fixture: WatchFixture?  // set in setup, read by the one running sample

func watchBenchmarks() {
    Benchmark(
        "change reaches watch in another process",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .microseconds,
            warmupIterations: 10,
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: 500,
            setup: { fixture = try WatchFixture() },
            teardown: {
                fixture?.stop()
                fixture = nil
            }
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            fixture?.addAndWaitForWatch()
        }
    }
}
