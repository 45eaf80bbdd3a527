// Whole `inventory` processes against the `sqlite3` command running the same query with the
// same columns: the luxury view as CSV over a large inventory, and a cold JSON listing of a
// small one.
import Benchmark
import BenchmarkRows
import Foundation

/// The columns `inventory list --csv` prints, in its order, as SQL: the baseline does the same
/// work (every column of the insurer's item, `worth` computed, `files` as stored).
private let csvColumns = """
    id, name, description, price, 'USD' AS currency, purchase_date AS purchaseDate, luxury, \
    insured, quantity, location, brand, model, serial, notes, photo, created_at AS createdAt, \
    updated_at AS updatedAt, version, value, coalesce(value, price) AS worth, \
    purchased_from AS purchasedFrom, warranty_until AS warrantyUntil, \
    lifetime_warranty AS lifetimeWarranty, reviewed_at AS reviewedAt, tags, attachments AS files
    """

/// The keys of `inventory list --json`, in its order, as SQL.
private let jsonColumns = """
    id, name, description, price, 'USD' AS currency, purchase_date AS purchaseDate, luxury, \
    insured, quantity, location, brand, model, serial, notes, value, \
    coalesce(value, price) AS worth, purchased_from AS purchasedFrom, \
    warranty_until AS warrantyUntil, lifetime_warranty AS lifetimeWarranty, \
    reviewed_at AS reviewedAt, tags, photo, attachments AS files, created_at AS createdAt, \
    updated_at AS updatedAt, version
    """

private let listingInventory = Shared<String>()

func processBenchmark(
    _ name: String, inventorySize: Int, iterations: Int, units: BenchmarkTimeUnits,
    command: @escaping @Sendable (String) -> (String, [String])
) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: units,
            warmupIterations: BenchmarkSizes.warmups(2),
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: BenchmarkSizes.runs(iterations),
            setup: { listingInventory.value = try Fixtures.inventory(count: inventorySize) }
        )
    ) { benchmark in
        guard let path = listingInventory.value else { return }
        let (program, arguments) = command(path)
        for _ in benchmark.scaledIterations {
            try Fixtures.run(program, arguments)
        }
    }
}

func listingBenchmarks() {
    let large = BenchmarkSizes.large
    processBenchmark(
        "list luxury CSV, ours (\(large) items)", inventorySize: large, iterations: 10,
        units: .milliseconds
    ) { path in
        (Fixtures.inventoryBinary, ["list", "--view", "luxury", "--csv", "--db", path])
    }
    processBenchmark(
        "list luxury CSV, sqlite3 (\(large) items)", inventorySize: large, iterations: 10,
        units: .milliseconds
    ) { path in
        (
            Fixtures.sqlite3,
            [
                "-readonly", "-csv", "-header", path,
                "SELECT \(csvColumns) FROM items WHERE luxury = 1 ORDER BY name_key, id",
            ]
        )
    }
    // Cold listings, ours and sqlite3's in turns within each sample, so that a noisy moment
    // of the machine falls on both; each time is recorded on its own (the table shows the
    // median of each with the fewest and most).
    let small = BenchmarkSizes.listedItems
    Benchmark(
        "cold list JSON, ours and sqlite3 in turns (\(small) items)",
        configuration: .init(
            metrics: [coldOurs, coldSQLite, turnRatio],
            // whole microseconds in the export (the automatic unit, thousands, kept whole ms)
            units: [coldOurs: .count, coldSQLite: .count, turnRatio: .count],
            warmupIterations: BenchmarkSizes.warmups(3), scalingFactor: .one,
            maxDuration: .seconds(60),
            maxIterations: BenchmarkSizes.runs(BenchmarkSizes.coldListingRuns),
            setup: { listingInventory.value = try Fixtures.inventory(count: small) })
    ) { benchmark in
        guard let path = listingInventory.value else { return }
        let ours = try ContinuousClock().measure {
            _ = try Fixtures.run(Fixtures.inventoryBinary, ["list", "--json", "--db", path])
        }
        let sqlite = try ContinuousClock().measure {
            _ = try Fixtures.run(
                Fixtures.sqlite3,
                [
                    "-readonly", "-json", path,
                    "SELECT \(jsonColumns) FROM items ORDER BY name_key, id",
                ])
        }
        benchmark.measurement(coldOurs, Int(ours / .microseconds(1)))
        benchmark.measurement(coldSQLite, Int(sqlite / .microseconds(1)))
        benchmark.measurement(turnRatio, permille(ours, sqlite))
    }
}

/// Ours ÷ the baseline of one turn, in thousandths: the two ran one after the other, so the
/// machine was the same for both. This machine runs at two speeds and may change between
/// turns; the median of each side alone then falls on either speed (14.6 against 14.4 ms at
/// the first quartiles, 20.1 against 15.5 at the medians, in one run), the median of the
/// turns' ratios does not.
let turnRatio = BenchmarkMetric.custom(
    "turnRatioPermille", polarity: .prefersSmaller, useScalingFactor: false)

/// `ours ÷ baseline` in thousandths.
func permille(_ ours: Duration, _ baseline: Duration) -> Int {
    Int((ours / baseline * 1000).rounded())
}

/// The two programs' times of the cold listing, in microseconds.
let coldOurs = BenchmarkMetric.custom(
    "oursMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let coldSQLite = BenchmarkMetric.custom(
    "sqlite3Microseconds", polarity: .prefersSmaller, useScalingFactor: false)

/// Everyday use, as a household works: single-item commands, each its own process (adds and
/// edits in turn), while a `watch` keeps the inventory open. Then the cold JSON listing of
/// that file, in turns with the same file checkpointed (a copy of it and its `-wal`,
/// `PRAGMA wal_checkpoint(TRUNCATE)`, with a watch of its own), and the `-wal` file's size.
private final class EverydayUse: @unchecked Sendable {
    let folder: String
    let used: String
    let checkpointed: String
    let logBytes: Int
    private let watches: [Process]

    init(commands: Int) throws {
        folder = try Fixtures.scratchFolder("everyday")
        used = folder + "/used.sqlite"
        checkpointed = folder + "/checkpointed.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: 1_000), to: used)
        let first = try Self.watch(used)
        for command in 0..<commands {
            if command.isMultiple(of: 2) {
                try Fixtures.run(
                    Fixtures.inventoryBinary,
                    [
                        "add", "--name", "Everyday \(command)", "--price", "12.50", "--location",
                        "Shed", "--db", used,
                    ])
            } else {
                try Fixtures.run(
                    Fixtures.inventoryBinary,
                    ["edit", String(1 + command % 1_000), "--price", "\(command).25", "--db", used])
            }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: used + "-wal")
        logBytes = (attributes[.size] as? Int) ?? 0
        // No writer runs now: the file and its log copied together are one consistent state.
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: used + suffix, toPath: checkpointed + suffix)
        }
        try Fixtures.run(Fixtures.sqlite3, [checkpointed, "PRAGMA wal_checkpoint(TRUNCATE)"])
        watches = [first, try Self.watch(checkpointed)]
    }

    private static func watch(_ path: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.inventoryBinary)
        process.arguments = ["watch", "--json", "--timeout", "3600", "--db", path]
        process.environment = Fixtures.plainEnvironment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        return process
    }

    func close() {
        for process in watches {
            process.interrupt()
            process.waitUntilExit()
        }
        Fixtures.remove(folder)
    }
}

private let everydayUse = Shared<EverydayUse>()

func everydayUseBenchmarks() {
    let commands = BenchmarkSizes.everydayCommands
    Benchmark(
        "cold list JSON after \(commands) commands with a watch open, and checkpointed, in turns",
        configuration: .init(
            metrics: [coldOurs, coldCheckpointed, turnRatio, logSize],
            units: [
                coldOurs: .count, coldCheckpointed: .count, turnRatio: .count, logSize: .count,
            ],
            warmupIterations: BenchmarkSizes.warmups(3), scalingFactor: .one,
            maxDuration: .seconds(60),
            maxIterations: BenchmarkSizes.runs(BenchmarkSizes.coldListingRuns),
            setup: { everydayUse.value = try EverydayUse(commands: commands) },
            teardown: {
                everydayUse.value?.close()
                everydayUse.value = nil
            })
    ) { benchmark in
        guard let use = everydayUse.value else { return }
        let used = try ContinuousClock().measure {
            _ = try Fixtures.run(Fixtures.inventoryBinary, ["list", "--json", "--db", use.used])
        }
        let checkpointed = try ContinuousClock().measure {
            _ = try Fixtures.run(
                Fixtures.inventoryBinary, ["list", "--json", "--db", use.checkpointed])
        }
        benchmark.measurement(coldOurs, Int(used / .microseconds(1)))
        benchmark.measurement(coldCheckpointed, Int(checkpointed / .microseconds(1)))
        benchmark.measurement(turnRatio, permille(used, checkpointed))
        benchmark.measurement(logSize, use.logBytes)
    }
}

/// The listing of the checkpointed copy, in microseconds, and the `-wal` file's size in bytes.
let coldCheckpointed = BenchmarkMetric.custom(
    "checkpointedMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let logSize = BenchmarkMetric.custom(
    "logBytes", polarity: .prefersSmaller, useScalingFactor: false)
