// swift-tools-version: 6.1
// The benchmarks live in their own package so that building and testing the main package
// never waits for package-benchmark or GRDB. Run everything with ./run from this folder.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder ("inventory", "main", …): name it the same.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "InventoryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The server benchmarks' baseline, the "hello" route (the same version as the server).
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The rows every benchmark writes (Baselines/insert.c makes the same ones).
        .target(name: "BenchmarkRows", path: "Sources/BenchmarkRows"),
        // The comparison table: reads the exported results, makes the rows, renders them.
        .target(
            name: "BenchmarkReporting", dependencies: ["BenchmarkRows"],
            path: "Sources/BenchmarkReporting"),
        // Prints the table and writes it as JSON (Benchmarks/run runs it).
        .executableTarget(
            name: "BenchmarkReport", dependencies: ["BenchmarkReporting", "BenchmarkRows"],
            path: "Sources/BenchmarkReport"),
        // The report's tests, on results written as package-benchmark writes them, and the
        // fixtures' (the rows ours and the C baseline write, the Homebox CSV); they build
        // nothing of the inventory but its migrations, nor GRDB or package-benchmark.
        .testTarget(
            name: "BenchmarkReportTests",
            dependencies: [
                "BenchmarkReporting", "BenchmarkRows",
                .product(name: "InventoryMigrations", package: mainPackage),
            ],
            path: "Tests/BenchmarkReportTests"),
        // The import benchmark's baseline: add(contentsOf:) of the same items, in a process.
        .executableTarget(
            name: "AddBaseline",
            dependencies: ["BenchmarkRows", .product(name: "InventoryKit", package: mainPackage)],
            path: "Sources/AddBaseline"),
        // Hummingbird's "hello" route, which the server's throughput is compared with.
        .executableTarget(
            name: "HelloServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/HelloServer"),
        // A pseudo-terminal for the browse benchmark (posix_openpt and friends, from C).
        .target(name: "CPseudoTerminal", path: "Sources/CPseudoTerminal"),
        .executableTarget(
            name: "InventoryBenchmarks",
            dependencies: [
                "BenchmarkRows",
                "CPseudoTerminal",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "InventoryKit", package: mainPackage),
                .product(name: "InventoryBrowse", package: mainPackage),
                .product(name: "InventoryStore", package: mainPackage),
                .product(name: "InventoryOffsite", package: mainPackage),
                .product(name: "QRCode", package: mainPackage),
            ],
            path: "Benchmarks/InventoryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GRDBBaseline",
            dependencies: [
                "BenchmarkRows",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "InventoryMigrations", package: mainPackage),
            ],
            path: "Benchmarks/GRDBBaseline",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
