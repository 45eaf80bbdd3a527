// swift-tools-version: 6.1
// The benchmarks live in their own package so that building and testing the main package
// never waits for package-benchmark. Run them with ./run from this folder.
import PackageDescription

let package = Package(
    name: "InventoryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "WatchLatency",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "InventoryKit", package: "main"),
            ],
            path: "Benchmarks/WatchLatency",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
