// Data in and out, as whole processes: `inventory import` of a Homebox CSV against adding the
// same items from memory (AddBaseline), `inventory backup` against `sqlite3 .backup` of the
// same file plus `cp -r` of its photos, and `inventory report` (a folder, photos hard-linked)
// against `inventory export --format json` of the same inventory.
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit
import Synchronization

/// The two sides of the import row: microseconds and peak resident bytes.
let importOurs = BenchmarkMetric.custom(
    "importOursMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let importBaseline = BenchmarkMetric.custom(
    "importBaselineMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let importOursPeak = BenchmarkMetric.custom(
    "importOursPeakBytes", polarity: .prefersSmaller, useScalingFactor: false)
let importBaselinePeak = BenchmarkMetric.custom(
    "importBaselinePeakBytes", polarity: .prefersSmaller, useScalingFactor: false)

/// The import's samples so far: which side runs first alternates.
private let importSamples = Atomic<Int>(0)

/// The two sides of the backup row, in microseconds.
let backupOurs = BenchmarkMetric.custom(
    "backupOursMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let backupBaseline = BenchmarkMetric.custom(
    "backupBaselineMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

/// The 100,000-row Homebox CSV (about 20 MB), made once per run.
private func homeboxFile(rows: Int) throws -> String {
    let folder = NSTemporaryDirectory() + "inventory-bench-cache"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/homebox-\(rows).csv"
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = HomeboxRow.header + "\n"
    for index in 0..<rows { text += HomeboxRow(index).line + "\n" }
    try text.write(toFile: path + ".part", atomically: false, encoding: .utf8)
    try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
    return path
}

/// A 100,000-item inventory with a photo of 100 kB on one item in a hundred, made once.
func inventoryWithPhotos(items: Int, photos: Int) throws -> String {
    let folder = NSTemporaryDirectory() + "inventory-bench-cache/photos-\(items)"
    let path = folder + "/inventory.sqlite"
    if FileManager.default.fileExists(atPath: path) { return path }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Fixtures.makeInventory(at: path, count: items)
    let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
    var generator = SystemRandomNumberGenerator()
    for index in 0..<photos {
        // A PNG Homebox or a phone might hold: its header, 100 kB of image data, its end.
        let picture = folder + "/picture.png"
        var data = [UInt8](repeating: 0, count: 100_000)
        for offset in data.indices { data[offset] = UInt8.random(in: 0...255, using: &generator) }
        try Data(pngFile(data)).write(to: URL(fileURLWithPath: picture))
        try manager.attach(file: picture, toItem: Int64(1 + index * (items / photos)), as: .photo)
    }
    manager.close()
    Fixtures.remove(folder + "/picture.png")
    return path
}

private func pngFile(_ payload: [UInt8]) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
            UInt8(value & 0xFF),
        ]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        // The CRC is not checked by the inventory (nor by this benchmark).
        bigEndian(UInt32(data.count)) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    let header = bigEndian(1) + bigEndian(1) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", payload) + chunk("IEND", [])
}

/// An empty inventory for one sample of the import benchmarks.
private func emptyInventory() throws -> String {
    let folder = try Fixtures.scratchFolder("import")
    let path = folder + "/inventory.sqlite"
    _ = try InventoryManager(path: path, notificationCenter: NotificationCenter())
    try Fixtures.checkpoint(path)
    return path
}

func exchangeBenchmarks() {
    // The import and the same items added from memory, in turns within each sample (which one
    // goes first alternates): run apart, three of ours then three of the baseline, a slow
    // minute fell on one side and the ratio read 0.88x in one full run and 0.67x in the next
    // on the same code.
    let rows = BenchmarkSizes.importRows
    Benchmark(
        "import Homebox CSV, ours and add(contentsOf:) in turns (\(rows) rows)",
        configuration: .init(
            metrics: [importOurs, importBaseline, importOursPeak, importBaselinePeak],
            units: [importOurs: .count, importBaseline: .count],
            warmupIterations: 0, scalingFactor: .one,
            maxDuration: .seconds(90),
            maxIterations: BenchmarkSizes.runs(6),
            setup: { _ = try homeboxFile(rows: rows) })
    ) { benchmark in
        let file = try homeboxFile(rows: rows)
        typealias Sample = (microseconds: Int, peakBytes: Int)
        /// Runs `program` on an empty inventory: its microseconds and peak resident bytes.
        func timed(_ program: String, _ arguments: (String) -> [String]) throws -> Sample {
            let path = try emptyInventory()
            defer { Fixtures.remove(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
            var peak = 0
            let time = try ContinuousClock().measure {
                peak = try Fixtures.run(program, arguments(path))
            }
            return (Int(time / .microseconds(1)), peak)
        }
        func ours() throws -> Sample {
            try timed(Fixtures.inventoryBinary) { ["import", file, "--db", $0, "--quiet"] }
        }
        func baseline() throws -> Sample {
            try timed(Fixtures.addBaseline) { [$0, String(rows)] }
        }
        let oursResult: Sample
        let baselineResult: Sample
        if importSamples.add(1, ordering: .relaxed).newValue.isMultiple(of: 2) {
            baselineResult = try baseline()
            oursResult = try ours()
        } else {
            oursResult = try ours()
            baselineResult = try baseline()
        }
        benchmark.measurement(importOurs, oursResult.microseconds)
        benchmark.measurement(importBaseline, baselineResult.microseconds)
        benchmark.measurement(importOursPeak, oursResult.peakBytes)
        benchmark.measurement(importBaselinePeak, baselineResult.peakBytes)
    }

    let items = BenchmarkSizes.backupItems
    let photos = BenchmarkSizes.backupPhotos
    // In turns within each sample, so that the page cache and the disk's write-back fall on
    // both: run apart, the baseline swung from 189 to 509 ms between two runs a minute apart.
    Benchmark(
        "backup, ours and sqlite3 .backup + cp in turns (\(items) items, \(photos) photos)",
        configuration: .init(
            metrics: [backupOurs, backupBaseline],
            units: [backupOurs: .count, backupBaseline: .count],
            warmupIterations: BenchmarkSizes.warmups(1), scalingFactor: .one,
            maxDuration: .seconds(60),
            maxIterations: BenchmarkSizes.runs(10),
            setup: { _ = try inventoryWithPhotos(items: items, photos: photos) })
    ) { benchmark in
        let source = try inventoryWithPhotos(items: items, photos: photos)
        let photosFolder = URL(fileURLWithPath: source).deletingLastPathComponent().path + "/photos"
        let folder = try Fixtures.scratchFolder("backup")
        defer { Fixtures.remove(folder) }
        let archive = folder + "/backup.zip"
        Fixtures.remove(archive)
        Fixtures.remove(folder + "/copy.sqlite")
        Fixtures.remove(folder + "/photos")
        let ours = try ContinuousClock().measure {
            try Fixtures.run(Fixtures.inventoryBinary, ["backup", archive, "--db", source])
        }
        let baseline = try ContinuousClock().measure {
            try Fixtures.run(Fixtures.sqlite3, [source, ".backup '\(folder)/copy.sqlite'"])
            try Fixtures.run("/bin/cp", ["-r", photosFolder, folder + "/photos"])
        }
        benchmark.measurement(backupOurs, Int(ours / .microseconds(1)))
        benchmark.measurement(backupBaseline, Int(baseline / .microseconds(1)))
    }

    // The report: each sample a whole process writing a new folder (removed between
    // samples, outside the measure), against a whole process exporting the same items as JSON.
    let reportItems = BenchmarkSizes.reportItems
    let reportPhotos = BenchmarkSizes.reportPhotos
    let reportConfiguration = Benchmark.Configuration(
        metrics: [.wallClock],
        timeUnits: .milliseconds,
        warmupIterations: BenchmarkSizes.warmups(1),
        scalingFactor: .one,
        maxDuration: .seconds(20),
        maxIterations: BenchmarkSizes.runs(10),
        setup: { _ = try inventoryWithPhotos(items: reportItems, photos: reportPhotos) }
    )
    Benchmark(
        "report, ours (\(reportItems) items, \(reportPhotos) photos)",
        configuration: reportConfiguration
    ) { benchmark in
        let source = try inventoryWithPhotos(items: reportItems, photos: reportPhotos)
        let folder = try Fixtures.scratchFolder("report")
        for _ in benchmark.scaledIterations {
            Fixtures.remove(folder + "/report")
            benchmark.startMeasurement()
            try Fixtures.run(
                Fixtures.inventoryBinary,
                ["report", "--output", folder + "/report", "--db", source])
            benchmark.stopMeasurement()
        }
        Fixtures.remove(folder)
    }
    Benchmark(
        "export --format json, ours (\(reportItems) items, \(reportPhotos) photos)",
        configuration: reportConfiguration
    ) { benchmark in
        let source = try inventoryWithPhotos(items: reportItems, photos: reportPhotos)
        let folder = try Fixtures.scratchFolder("export")
        for _ in benchmark.scaledIterations {
            Fixtures.remove(folder + "/export.json")
            benchmark.startMeasurement()
            try Fixtures.run(
                Fixtures.inventoryBinary,
                ["export", "--format", "json", "--output", folder + "/export.json", "--db", source])
            benchmark.stopMeasurement()
        }
        Fixtures.remove(folder)
    }
}
