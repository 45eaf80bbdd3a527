// How long a change committed by one process takes to be printed by `inventory watch` running
// in another: each sample adds one item through InventoryKit and waits for watch's line.
import Benchmark
import BenchmarkRows
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
        // Watch prints only changes after it has read the inventory, and it may take a while
        // to start on a busy machine: add items until it prints one.
        var isReady = false
        for _ in 0..<60 where !isReady {
            try add()
            isReady = try waitForLine(milliseconds: 500)
        }
        guard isReady else { throw BenchmarkFailure("inventory watch printed nothing") }
        // Lines of items added while it started may still come.
        while try waitForLine(milliseconds: 500) {}
    }

    /// Adds an item and returns once watch has printed its line.
    func addAndWaitForWatch() throws {
        try add()
        guard try waitForLine(milliseconds: 10_000) else {
            throw BenchmarkFailure("inventory watch printed nothing for 10 s")
        }
    }

    private func add() throws {
        let number = counter.withLock { count -> Int in
            count += 1
            return count
        }
        try manager.add(ItemDraft(name: "Item \(number)"))
    }

    /// Reads one line of watch's output; false when none began within `milliseconds`.
    private func waitForLine(milliseconds: Int32) throws -> Bool {
        var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, milliseconds) == 1 else { return false }
        var byte: UInt8 = 0
        while true {
            guard read(descriptor, &byte, 1) == 1 else {
                throw BenchmarkFailure("inventory watch ended")
            }
            if byte == UInt8(ascii: "\n") { return true }
        }
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
            warmupIterations: BenchmarkSizes.warmups(10),
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: BenchmarkSizes.runs(500),
            setup: { fixture = try WatchFixture() },
            teardown: {
                fixture?.stop()
                fixture = nil
            }
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            try fixture?.addAndWaitForWatch()
        }
    }
}
