// The off-site copy, on the backup's inventory (100,000 items, 1,000 photos of 100 kB) and a
// restic repository in a folder on the same disk:
//
// - a push after 10 edits: `inventory offsite push`, the whole process (staging the database
//   copy and the photos' links and manifest, restic's backup, the time recorded), against
//   restic backing up a folder of the same files directly (`restic backup FOLDER`, whose
//   database file was replaced by the same new copy beforehand, outside its measure) — restic
//   at its best at the same work. Each sample makes 10 edits, then ours, then restic's. The
//   bytes the push added to the repository (its folder's growth) are set against those of the
//   first push.
// - a restore of the last snapshot: `inventory offsite restore ID --force`, the whole process,
//   against `restic restore ID` (a process) plus our checks alone (in process: every file's
//   size and SHA-256, the database's integrity check and counts), in turns.
import Benchmark
import BenchmarkRows
import Foundation
@_spi(Benchmarks) import InventoryKit
import InventoryOffsite

private final class OffsiteFixture: @unchecked Sendable {  // one sample at a time
    let folder: String
    let database: String
    let restored: String
    let repository: String
    let password: String
    let baseline: String
    let manager: InventoryManager
    /// The repository's size after the first push, and what the first push added.
    var firstPushBytes: Int64 = 0
    var edits = 0

    init() throws {
        folder = try Fixtures.scratchFolder("offsite")
        let source = try inventoryWithPhotos(
            items: BenchmarkSizes.backupItems, photos: BenchmarkSizes.backupPhotos)
        database = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(source, to: database)
        // The photos as hard links: a push only reads them.
        try Fixtures.run(
            "/bin/cp", ["-al", (source as NSString).deletingLastPathComponent + "/photos", folder])
        repository = folder + "/repository"
        password = folder + "/password"
        try Data("correct horse battery staple\n".utf8).write(to: URL(fileURLWithPath: password))
        manager = try InventoryManager(path: database, notificationCenter: NotificationCenter())
        let environment = ["PATH": "/usr/bin:/bin", "HOME": NSHomeDirectory()]
        try OffsiteCopy.setUp(
            manager, repository: repository, passwordFile: password, passwordCommand: nil,
            environment: environment)
        let empty = Self.size(of: repository)
        _ = try OffsiteCopy(manager: manager, environment: environment).push(
            programVersion: "benchmark")
        firstPushBytes = Self.size(of: repository) - empty
        baseline = folder + "/baseline"
        restored = folder + "/restored.sqlite"
        // restic's own folder of the same files, backed up once as the push was.
        try Fixtures.run("/bin/cp", ["-al", folder + "/.inventory.sqlite.offsite", baseline])
        try refreshBaseline()
        try Fixtures.run(Fixtures.restic, restic(["backup", "--quiet", baseline]))
        // The inventory a restore replaces, set up to find the repository.
        let target = try InventoryManager(path: restored, notificationCenter: NotificationCenter())
        try OffsiteCopy.setUp(
            target, repository: repository, passwordFile: password, passwordCommand: nil,
            environment: environment)
        target.close()
    }

    func restic(_ arguments: [String]) -> [String] {
        ["--repo", repository, "--password-file", password] + arguments
    }

    /// The baseline's database: a new copy of the one the last push staged (a new file, as a
    /// push's is), and its manifest.
    func refreshBaseline() throws {
        let staged = folder + "/.inventory.sqlite.offsite"
        for name in ["inventory.sqlite", "manifest.json"] {
            Fixtures.remove(baseline + "/" + name + ".new")
            try FileManager.default.copyItem(
                atPath: staged + "/" + name, toPath: baseline + "/" + name + ".new")
            guard rename(baseline + "/" + name + ".new", baseline + "/" + name) == 0 else {
                throw BenchmarkFailure("cannot replace the baseline's \(name)")
            }
        }
    }

    /// Ten edits, each an item's price.
    func edit() throws {
        for _ in 0..<10 {
            edits += 1
            var patch = ItemPatch()
            patch.price = .some(try Money(minorUnits: Int64(1_000 + edits), currency: .usd))
            try manager.edit(id: Int64(1 + edits * 97 % BenchmarkSizes.backupItems), patch)
        }
    }

    /// The bytes of every file under `path`.
    static func size(of path: String) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
        var total: Int64 = 0
        while let name = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                total += (attributes?[.size] as? Int64) ?? 0
            }
        }
        return total
    }

    func lastSnapshot() throws -> OffsiteSnapshot {
        let copy = try OffsiteCopy(
            manager: manager, environment: ["PATH": "/usr/bin:/bin", "HOME": NSHomeDirectory()])
        guard let last = try copy.snapshots().last else {
            throw BenchmarkFailure("the repository holds no snapshot")
        }
        return last
    }

    func stop() {
        manager.close()
        Fixtures.remove(folder)
    }
}

private let offsiteFixture = Shared<OffsiteFixture>()

let offsitePushOurs = BenchmarkMetric.custom(
    "offsitePushOursMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let offsitePushBaseline = BenchmarkMetric.custom(
    "offsitePushBaselineMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let offsitePushBytes = BenchmarkMetric.custom(
    "offsitePushBytesPermille", polarity: .prefersSmaller, useScalingFactor: false)
let offsiteRestoreOurs = BenchmarkMetric.custom(
    "offsiteRestoreOursMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let offsiteRestoreBaseline = BenchmarkMetric.custom(
    "offsiteRestoreBaselineMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)

func offsiteBenchmarks() {
    guard FileManager.default.isExecutableFile(atPath: Fixtures.restic) else {
        print("offsite benchmarks left out: no restic at \(Fixtures.restic)")
        return
    }
    let items = BenchmarkSizes.backupItems
    let photos = BenchmarkSizes.backupPhotos
    Benchmark(
        "offsite push after 10 edits, ours and restic backup in turns (\(items) items, \(photos) photos)",
        configuration: .init(
            metrics: [offsitePushOurs, offsitePushBaseline, turnRatio, offsitePushBytes],
            units: [
                offsitePushOurs: .count, offsitePushBaseline: .count, turnRatio: .count,
                offsitePushBytes: .count,
            ],
            warmupIterations: BenchmarkSizes.warmups(1), scalingFactor: .one,
            maxDuration: .seconds(120),
            maxIterations: BenchmarkSizes.runs(8),
            setup: { offsiteFixture.value = try OffsiteFixture() },
            teardown: {
                offsiteFixture.value?.stop()
                offsiteFixture.value = nil
            })
    ) { benchmark in
        guard let fixture = offsiteFixture.value else { return }
        try fixture.edit()
        let before = OffsiteFixture.size(of: fixture.repository)
        let ours = try ContinuousClock().measure {
            try Fixtures.run(
                Fixtures.inventoryBinary, ["offsite", "push", "--db", fixture.database])
        }
        let added = OffsiteFixture.size(of: fixture.repository) - before
        try fixture.refreshBaseline()
        let baseline = try ContinuousClock().measure {
            try Fixtures.run(
                Fixtures.restic, fixture.restic(["backup", "--quiet", fixture.baseline]))
        }
        benchmark.measurement(offsitePushOurs, Int(ours / .microseconds(1)))
        benchmark.measurement(offsitePushBaseline, Int(baseline / .microseconds(1)))
        benchmark.measurement(turnRatio, permille(ours, baseline))
        benchmark.measurement(
            offsitePushBytes, Int(added * 1_000 / max(1, fixture.firstPushBytes)))
    }

    Benchmark(
        "offsite restore, ours and restic restore + checks in turns (\(items) items, \(photos) photos)",
        configuration: .init(
            metrics: [offsiteRestoreOurs, offsiteRestoreBaseline, turnRatio],
            units: [offsiteRestoreOurs: .count, offsiteRestoreBaseline: .count, turnRatio: .count],
            warmupIterations: BenchmarkSizes.warmups(1), scalingFactor: .one,
            maxDuration: .seconds(120),
            maxIterations: BenchmarkSizes.runs(6),
            setup: { offsiteFixture.value = try OffsiteFixture() },
            teardown: {
                offsiteFixture.value?.stop()
                offsiteFixture.value = nil
            })
    ) { benchmark in
        guard let fixture = offsiteFixture.value else { return }
        let snapshot = try fixture.lastSnapshot()
        let ours = try ContinuousClock().measure {
            try Fixtures.run(
                Fixtures.inventoryBinary,
                ["offsite", "restore", snapshot.id, "--force", "--db", fixture.restored])
        }
        let target = fixture.folder + "/restic-restore"
        Fixtures.remove(target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let baseline = try ContinuousClock().measure {
            try Fixtures.run(
                Fixtures.restic, fixture.restic(["restore", snapshot.id, "--target", target]))
            guard try OffsiteCopy.checkRestored(snapshot, in: target) == snapshot.items else {
                throw BenchmarkFailure("the restored copy does not hold what was pushed")
            }
        }
        benchmark.measurement(offsiteRestoreOurs, Int(ours / .microseconds(1)))
        benchmark.measurement(offsiteRestoreBaseline, Int(baseline / .microseconds(1)))
        benchmark.measurement(turnRatio, permille(ours, baseline))
    }
}
