// A page of a list as a phone loads it: `inventory-server` (release) on an inventory of 50
// things, each with a phone's photo (4000 × 3000 JPEG, each its own), and this process as the
// browser: the page's HTML, then every thumbnail it names, six at a time (a browser's
// connections to one host), each on a connection of its own over loopback.
//
// - cold: the thumbnails folder emptied first, so each is made from its photo (libvips);
// - warm: the same page again, the thumbnails made (the browser's cache empty);
// - the bytes of it all: the page and its thumbnails, bodies and headers.
import Benchmark
import BenchmarkRows
import Foundation
import InventoryKit
import Synchronization

/// Things on the page, each with its photo.
private let photographed = 50

/// The custom metrics of the photo page.
let photoPageCold = BenchmarkMetric.custom(
    "photoPageColdMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let photoPageWarm = BenchmarkMetric.custom(
    "photoPageWarmMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
let photoPageBytes = BenchmarkMetric.custom(
    "photoPageBytes", polarity: .prefersSmaller, useScalingFactor: false)

/// The served inventory of photographed things.
final class PhotoPage: @unchecked Sendable {  // used by one sample at a time
    let served: ServedInventory
    let thumbnails: String

    init() throws {
        let folder = try Fixtures.scratchFolder("photos")
        let database = folder + "/inventory.sqlite"
        let photos = try Self.phonePhotos(count: photographed, in: folder + "/made")
        let manager = try InventoryManager(path: database, notificationCenter: NotificationCenter())
        for (index, photo) in photos.enumerated() {
            let item = try manager.add(Fixtures.draft(index))
            try manager.attach(file: photo, toItem: item.id, as: .photo)
        }
        manager.close()
        Fixtures.remove(folder + "/made")
        served = try ServedInventory(serving: database, ownsFolder: true)
        thumbnails = folder + "/thumbnails"
    }

    /// `count` photo-like pictures, each its own: crops of one picture of three fractal
    /// surfaces (a phone's detail at every scale), as JPEGs of 4000 × 3000 (800 × 600 in a
    /// smoke run).
    static func phonePhotos(count: Int, in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (width, height) = BenchmarkSizes.isSmoke ? (800, 600) : (4000, 3000)
        let vips = "/usr/bin/vips"
        var bands: [String] = []
        for (band, dimension) in ["r", "g", "b"].enumerated().map({ ($1, 2.6 + Double($0) * 0.1) })
        {
            let path = "\(folder)/\(band).v"
            _ = try Fixtures.run(
                vips,
                [
                    "fractsurf", path, String(width + 2 * count), String(height + count),
                    String(dimension),
                ])
            bands.append(path)
        }
        _ = try Fixtures.run(vips, ["bandjoin", bands.joined(separator: " "), "\(folder)/rgb.v"])
        _ = try Fixtures.run(vips, ["scale", "\(folder)/rgb.v", "\(folder)/base.v"])
        return try (0..<count).map { index in
            let path = "\(folder)/photo-\(index).jpg"
            _ = try Fixtures.run(
                vips,
                [
                    "crop", "\(folder)/base.v", path + "[Q=90]", String(2 * index),
                    String(index), String(width), String(height),
                ])
            return path
        }
    }

    /// Loads the page of every thing and its thumbnails; the time from the first byte asked
    /// to the last byte read, and the bytes read.
    func load() throws -> (microseconds: Int, bytes: Int) {
        let start = ContinuousClock.now
        let page = try LoopbackHTTP.get(
            port: served.port, path: "/views/all", cookie: served.cookie)
        guard page.status == 200 else {
            throw BenchmarkFailure("GET /views/all answered \(page.status)")
        }
        let html = String(decoding: page.body, as: UTF8.self)
        let sources = html.components(separatedBy: "<img src=\"").dropFirst().compactMap {
            $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
        guard sources.count == photographed else {
            throw BenchmarkFailure("the page names \(sources.count) thumbnails")
        }
        let next = Atomic(0)
        let bytes = Atomic(Self.size(of: page))
        let failure = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < sources.count else { return }
                do {
                    let picture = try LoopbackHTTP.get(
                        port: served.port, path: sources[index], cookie: served.cookie)
                    guard picture.status == 200 else {
                        throw BenchmarkFailure("\(sources[index]) answered \(picture.status)")
                    }
                    bytes.wrappingAdd(Self.size(of: picture), ordering: .relaxed)
                } catch {
                    failure.withLock { $0 = "\(error)" }
                    return
                }
            }
        }
        if let problem = failure.withLock({ $0 }) { throw BenchmarkFailure(problem) }
        let elapsed = ContinuousClock.now - start
        return (
            Int(
                elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds
                    / 1_000_000_000_000),
            bytes.load(ordering: .relaxed)
        )
    }

    /// The bytes of an answer: its body, its headers (as sent: name, ": ", value, CRLF).
    private static func size(of answer: LoopbackHTTP.Answer) -> Int {
        answer.body.count + answer.headers.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 }
    }

    func stop() { served.stop() }
}

private let photoPage = Shared<PhotoPage>()

func photoBenchmarks() {
    Benchmark(
        "serve: a page of \(photographed) phone photos, cold and warm thumbnails",
        configuration: .init(
            metrics: [photoPageCold, photoPageWarm, photoPageBytes], warmupIterations: 0,
            scalingFactor: .one, maxDuration: .seconds(60), maxIterations: BenchmarkSizes.runs(10),
            setup: { photoPage.value = try PhotoPage() },
            teardown: {
                photoPage.value?.stop()
                photoPage.value = nil
            })
    ) { benchmark in
        guard let page = photoPage.value else { return }
        Fixtures.remove(page.thumbnails)
        let cold = try page.load()
        let warm = try page.load()
        benchmark.measurement(photoPageCold, cold.microseconds)
        benchmark.measurement(photoPageWarm, warm.microseconds)
        benchmark.measurement(photoPageBytes, max(cold.bytes, warm.bytes))
    }
}

// MARK: - Thumbnails of many photos

/// The photos whose thumbnails are made, ours and vipsthumbnail's, in turns (1,000).
private let manyPhotos = BenchmarkSizes.fixed(1_000)

/// An inventory of `manyPhotos` things, each with its phone photo; the thumbnails made of its
/// stored photos by `inventory thumbnails`, and by Debian's `vipsthumbnail` (libvips' own
/// command) making the same two sizes at the same qualities, without their metadata.
final class ManyPhotos: @unchecked Sendable {  // used by one sample at a time
    let folder: String
    let database: String
    let stored: [String]

    init() throws {
        folder = try Fixtures.scratchFolder("many-photos")
        database = folder + "/inventory.sqlite"
        let photos = try PhotoPage.phonePhotos(count: manyPhotos, in: folder + "/made")
        let manager = try InventoryManager(path: database, notificationCenter: NotificationCenter())
        for (index, photo) in photos.enumerated() {
            let item = try manager.add(Fixtures.draft(index))
            try manager.attach(file: photo, toItem: item.id, as: .photo)
        }
        stored = try manager.items(matching: ItemFilter()).compactMap(\.photo).map {
            manager.photos.path(of: $0)
        }
        manager.close()
        Fixtures.remove(folder + "/made")
    }

    /// Makes every thumbnail with `inventory thumbnails` (through `inventory-server`).
    func ours() throws {
        Fixtures.remove(folder + "/thumbnails")
        _ = try Fixtures.run(Fixtures.inventoryBinary, ["thumbnails", "--db", database])
    }

    /// Makes the same thumbnails with vipsthumbnail, one process a size.
    func vipsthumbnail() throws {
        let output = folder + "/vips"
        Fixtures.remove(output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for (size, quality) in [(160, 70), (1600, 75)] {
            _ = try Fixtures.run(
                "/usr/bin/vipsthumbnail",
                stored + [
                    "-s", "\(size)x\(size)", "-o", "\(output)/%s-\(size).jpg[Q=\(quality),strip]",
                ])
        }
    }

    func stop() { Fixtures.remove(folder) }
}

private let manyPhotosFixture = Shared<ManyPhotos>()

let oursThumbnailsPerSecond = BenchmarkMetric.custom(
    "oursThumbnailsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
let vipsThumbnailsPerSecond = BenchmarkMetric.custom(
    "vipsthumbnailThumbnailsPerSecond", polarity: .prefersLarger, useScalingFactor: false)

func thumbnailThroughputBenchmarks() {
    Benchmark(
        "thumbnails of \(manyPhotos) phone photos, ours and vipsthumbnail in turns",
        configuration: .init(
            metrics: [oursThumbnailsPerSecond, vipsThumbnailsPerSecond],
            warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(600),
            maxIterations: BenchmarkSizes.runs(2),
            setup: { manyPhotosFixture.value = try ManyPhotos() },
            teardown: {
                manyPhotosFixture.value?.stop()
                manyPhotosFixture.value = nil
            })
    ) { benchmark in
        guard let fixture = manyPhotosFixture.value else { return }
        let made = Double(fixture.stored.count * 2)
        let ours = try ContinuousClock().measure { try fixture.ours() }
        let vips = try ContinuousClock().measure { try fixture.vipsthumbnail() }
        benchmark.measurement(oursThumbnailsPerSecond, Int((made / (ours / .seconds(1))).rounded()))
        benchmark.measurement(vipsThumbnailsPerSecond, Int((made / (vips / .seconds(1))).rounded()))
    }
}
