// Every benchmark of InventoryKit and the inventory tool. `Benchmarks/run` runs them with the
// baselines and prints the comparison table; see README.md, "Performance".
import Benchmark

let benchmarks: @Sendable () -> Void = {
    writeBenchmarks()
    viewBenchmarks()
    listingBenchmarks()
    everydayUseBenchmarks()
    browseBenchmarks()
    browseTerminalBenchmarks()
    watchBenchmarks()
    exchangeBenchmarks()
    serverBenchmarks()
    assistantBenchmarks()
    thumbnailThroughputBenchmarks()
    photoBenchmarks()
    labelBenchmarks()
    placeBenchmarks()
    offsiteBenchmarks()
    lifeBenchmarks()
}
