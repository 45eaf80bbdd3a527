import BenchmarkRows
import Foundation
import Testing

@testable import BenchmarkReporting

/// The report read from folders of exported results written here, as package-benchmark names
/// and writes them (`--format histogramPercentiles`).
@Suite struct BenchmarkReportTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmark-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes the distribution of `metric` for `benchmark`: a header naming the unit, then
    /// percentile and value lines.
    func export(
        _ benchmark: String, metric: String, header: String, _ values: [Double: Double]
    ) throws {
        let cleaned = benchmark.replacingOccurrences(of: " ", with: "_")
            .replacingOccurrences(of: "/", with: "_")
        let name = "Current_run.InventoryBenchmarks.\(cleaned).\(metric).histogram.percentiles.tsv"
        let lines = values.keys.sorted().map { "\(Int($0))\t\(values[$0]!)" }
        try ([header] + lines).joined(separator: "\n")
            .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func aDistributionIsReadInBaseUnitsWhateverItsHeaderSays() throws {
        try export(
            "a", metric: "wallClock", header: "Percentile\tTime (wall clock) (ms)", [50: 2, 99: 7])
        try export("b", metric: "wallClock", header: "Percentile\tTime (μs)", [50: 250])
        try export("c", metric: "throughput", header: "Percentile\tThroughput (# / s) (K)", [50: 3])
        try export(
            "d", metric: "oursMicroseconds", header: "Percentile\toursMicroseconds *", [50: 9_800])
        let results = try Results(folder: folder.path)
        #expect(results.distribution("a")?.median == 0.002)
        #expect(results.distribution("a")?.p99 == 0.007)
        #expect(results.distribution("b")?.median == 0.000_25)
        #expect(results.distribution("c", metric: "throughput")?.median == 3_000)
        #expect(results.distribution("d", metric: "oursMicroseconds")?.median == 9_800)
        #expect(results.distribution("e") == nil)
    }

    @Test func theColdListingComparesMediansInTurnsAndShowsTheirSpread() throws {
        let name = "cold list JSON, ours and sqlite3 in turns (\(BenchmarkSizes.listedItems) items)"
        let header = "Percentile\tMicroseconds *"
        try export(
            name, metric: "oursMicroseconds", header: header, [0: 5_400, 50: 5_800, 100: 7_000])
        try export(
            name, metric: "sqlite3Microseconds", header: header, [0: 3_900, 50: 4_000, 100: 4_400])
        let row = coldListing(try Results(folder: folder.path))
        #expect(row.ours == 5.8)
        #expect(row.baseline == 4.0)
        #expect(row.ratio == 1.45)
        #expect(row.met == true)  // the target is at most 1.5 ×
        #expect(row.oursRange == 5.4...7.0)
        #expect(row.isComplete)
        let table = table([row])
        #expect(
            table.contains(
                "| 5.80 (5.40–7.00) | 4.00 (3.90–4.40) (sqlite3 -json) | 1.45× | ≤ 1.50× "))
    }

    @Test func aComparisonInTurnsIsJudgedOnTheMedianOfItsTurnsRatios() throws {
        let commands = BenchmarkSizes.everydayCommands
        let name =
            "cold list JSON after \(commands) commands with a watch open, and checkpointed, in turns"
        // The machine changed speed during the run: each side's median fell on another speed
        // (20.1 against 15.5 ms), while in each turn the two took about the same time.
        try export(
            name, metric: "oursMicroseconds", header: "Percentile\toursMicroseconds *",
            [0: 13_824, 25: 14_631, 50: 20_079, 100: 26_783])
        try export(
            name, metric: "checkpointedMicroseconds",
            header: "Percentile\tcheckpointedMicroseconds *",
            [0: 13_873, 25: 14_407, 50: 15_479, 100: 28_633])
        let medians = everydayListing(try Results(folder: folder.path))
        #expect(medians.ratio.map { ($0 * 100).rounded() / 100 } == 1.3)  // none recorded
        try export(
            name, metric: "turnRatioPermille", header: "Percentile\tturnRatioPermille *",
            [0: 930, 50: 1_012, 100: 1_350])
        let row = everydayListing(try Results(folder: folder.path))
        #expect(row.ours == 20.079)
        #expect(row.baseline == 15.479)
        #expect(row.ratio == 1.012)
        #expect(row.met == true)  // at most 1.1 ×
        #expect(table([row]).contains("| 1.01× | ≤ 1.10× "))
    }

    @Test func theBatchIsJudgedAgainstTheFasterCWayOfTheSameSamples() throws {
        let large = BenchmarkSizes.large
        let name = "add batch, ours and C in turns (\(large) items, 3 live views)"
        let header = "Percentile\tNanoseconds *"
        // Medians of 10 s, 8 s (set-based) and 12.5 s (multi-row) for the batch.
        try export(name, metric: "oursNanoseconds", header: header, [50: 10e9])
        try export(name, metric: "cSetBasedNanoseconds", header: header, [50: 8e9])
        try export(name, metric: "cMultiRowNanoseconds", header: header, [50: 12.5e9])
        try export(
            "add batch, C baseline (\(large) items)", metric: "wallClock",
            header: "Percentile\tTime (wall clock) (s)", [50: 40])
        let rows = makeRows(try Results(folder: folder.path))
        let batch = try #require(rows.first)
        #expect(batch.ours == Double(large) / 10)
        #expect(batch.baseline == Double(large) / 8)
        #expect(batch.baselineName == "C set-based, -O2, in turns")
        #expect(batch.ratio == 0.8)
        #expect(batch.met == true)
        #expect(rows[1].baseline == Double(large) / 40)
        #expect(rows[1].ratio == 4)
    }

    @Test func theImportIsJudgedOnTheMediansOfBothSidesRunInTurns() throws {
        let rows = BenchmarkSizes.importRows
        let name = "import Homebox CSV, ours and add(contentsOf:) in turns (\(rows) rows)"
        let header = "Percentile\tMicroseconds *"
        // Medians of 5 s for ours and 4 s for the baseline; peaks of 90 MB and 60 MB.
        try export(
            name, metric: "importOursMicroseconds", header: header,
            [0: 4.5e6, 50: 5e6, 100: 7e6])
        try export(name, metric: "importBaselineMicroseconds", header: header, [50: 4e6])
        // As package-benchmark writes a custom metric with no unit of its own: in millions.
        try export(name, metric: "importOursPeakBytes", header: "Percentile\tBytes (M) *", [50: 90])
        try export(
            name, metric: "importBaselinePeakBytes", header: "Percentile\tBytes (M) *", [50: 60])
        let all = makeRows(try Results(folder: folder.path))
        let index = try #require(all.firstIndex { $0.measure.hasPrefix("import a ") })
        let speed = all[index]
        #expect(speed.unit == "rows/s")
        #expect(speed.ours == Double(rows) / 5)
        #expect(speed.baseline == Double(rows) / 4)
        #expect(speed.ratio == 0.8)
        #expect(speed.met == (BenchmarkSizes.isSmoke ? nil : true))  // at least 0.8 ×
        #expect(speed.baselineName == "add(contentsOf:) of the same items, in turns")
        let memory = all[index + 1]
        #expect(memory.unit == "MB")
        #expect(memory.ours == 90)
        #expect(memory.baseline == 60)
        #expect(memory.ratio == 1.5)
    }

    @Test func aRowWhoseBaselineIsSlowerThanItsTargetAllowsIsNotMet() throws {
        let name = "cold list JSON, ours and sqlite3 in turns (\(BenchmarkSizes.listedItems) items)"
        let header = "Percentile\tMicroseconds *"
        try export(name, metric: "oursMicroseconds", header: header, [50: 11_000])
        try export(name, metric: "sqlite3Microseconds", header: header, [50: 4_000])
        let row = coldListing(try Results(folder: folder.path))
        #expect(row.met == false)
        #expect(table([row]).hasSuffix("| NO  |"))
    }

    @Test func aBenchmarkThatDidNotRunLeavesItsRowIncompleteNeverMet() throws {
        let name = "cold list JSON, ours and sqlite3 in turns (\(BenchmarkSizes.listedItems) items)"
        try export(
            name, metric: "oursMicroseconds", header: "Percentile\tMicroseconds *", [50: 9_800])
        let rows = makeRows(try Results(folder: folder.path))
        #expect(rows.count >= 25)
        let listing = try #require(rows.first { $0.measure.hasPrefix("cold list --json, 1,000") })
        #expect(listing.ours == 9.8)
        #expect(listing.baseline == nil)
        #expect(!listing.isComplete)
        #expect(listing.met == nil)
        // Nothing else ran: no row is complete but those that say they were not run.
        #expect(rows.filter(\.isComplete).allSatisfy { $0.notRun != nil })
    }
}
