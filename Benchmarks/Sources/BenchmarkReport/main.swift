// Reads the percentiles package-benchmark exported (`--format histogramPercentiles`) and prints
// one table, ours against each baseline with the target, and writes the same rows as JSON.
//
// Usage: BenchmarkReport RESULTS_FOLDER JSON_FILE
import BenchmarkRows
import Foundation

/// One measured distribution: its percentiles, in base units (seconds, bytes).
struct Distribution {
    let percentiles: [Double: Double]

    var median: Double { percentiles[50] ?? .nan }
    var p99: Double { percentiles[99] ?? .nan }

    /// Parses a `.histogram.percentiles.tsv` file: a header naming the unit, then
    /// "percentile<TAB>value" lines.
    init(file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var lines = text.split(separator: "\n")
        guard !lines.isEmpty else { throw ReportError("\(file) is empty") }
        let header = lines.removeFirst()
        let scale = Self.scale(ofHeader: String(header))
        var percentiles: [Double: Double] = [:]
        for line in lines {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let percentile = Double(fields[0]),
                let value = Double(fields[1])
            else { continue }
            percentiles[percentile] = value * scale
        }
        self.percentiles = percentiles
    }

    /// The factor to base units of the last "(unit)" in the header.
    private static func scale(ofHeader header: String) -> Double {
        guard let open = header.lastIndex(of: "("), let close = header.lastIndex(of: ")"),
            open < close
        else { return 1 }
        let unit = header[header.index(after: open)..<close]
        return switch unit {
        case "ns": 1e-9
        case "μs", "us": 1e-6
        case "ms": 1e-3
        case "s": 1
        case "K": 1e3
        case "M": 1e6
        case "G": 1e9
        default: 1
        }
    }
}

struct ReportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The exported results of one run.
struct Results {
    let folder: String
    let files: [String]

    init(folder: String) throws {
        self.folder = folder
        files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".histogram.percentiles.tsv") }
    }

    /// The distribution of `metric` for the benchmark named `name`, if it ran.
    func distribution(_ name: String, metric: String = "wallClock") -> Distribution? {
        let cleaned = name.replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: " ", with: "_")
        let suffix = ".\(cleaned).\(metric).histogram.percentiles.tsv"
        guard let file = files.first(where: { $0.hasSuffix(suffix) }) else { return nil }
        return try? Distribution(file: folder + "/" + file)
    }
}

/// One line of the table.
struct Row: Encodable {
    enum Direction: String, Encodable {
        /// The measure must be at least the target (throughput, or ours ÷ baseline speed).
        case atLeast = "≥"
        /// At most the target (time, memory, ours ÷ baseline time).
        case atMost = "≤"
    }

    let measure: String
    let unit: String
    let ours: Double?
    let baseline: Double?
    let baselineName: String?
    /// What the target is compared with: `ratio` when there is a baseline, else `ours`.
    let ratio: Double?
    let direction: Direction
    let target: Double
    let targetApplies: Bool
    var met: Bool? {
        guard targetApplies, let compared = baseline != nil ? ratio : ours, compared.isFinite
        else { return nil }
        return direction == .atLeast ? compared >= target : compared <= target
    }

    enum CodingKeys: String, CodingKey {
        case measure, unit, ours, baseline, baselineName, ratio, direction, target, met
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(measure, forKey: .measure)
        try container.encode(unit, forKey: .unit)
        try container.encode(ours, forKey: .ours)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(baselineName, forKey: .baselineName)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(direction, forKey: .direction)
        try container.encode(targetApplies ? target : nil, forKey: .target)
        try container.encode(met, forKey: .met)
    }
}

func makeRows(_ results: Results) -> [Row] {
    var rows: [Row] = []
    let large = BenchmarkSizes.large
    let largeText = large.formatted()

    // Batch add, rows per second.
    let ours = results.distribution("add batch, ours (\(large) items, 3 live views)")
    let c = results.distribution("add batch, C baseline (\(large) items)")
    let oursRate = ours.map { Double(large) / $0.median }
    let cRate = c.map { Double(large) / $0.median }
    rows.append(
        Row(
            measure: "add \(largeText) items in one batch, 3 live views", unit: "rows/s",
            ours: oursRate, baseline: cRate, baselineName: "C, -O2",
            ratio: ratio(oursRate, cRate), direction: .atLeast, target: 0.7, targetApplies: true))

    // One change reaching the three views.
    let sizes = BenchmarkSizes.viewSizes
    var medians: [Int: Double] = [:]
    for size in sizes {
        let median = results.distribution("1000 changes reach 3 views (\(size) items)")
            .map { $0.median / 1_000 }
        medians[size] = median
        rows.append(
            Row(
                measure: "one change reaching 3 live views, \(size.formatted()) items (median)",
                unit: "µs", ours: median.map { $0 * 1e6 }, baseline: nil, baselineName: nil,
                ratio: nil, direction: .atMost, target: 20, targetApplies: size == 1_000_000))
    }
    if let smallest = sizes.first, let largest = sizes.last, let low = medians[smallest],
        let high = medians[largest]
    {
        rows.append(
            Row(
                measure: "  the same at \(largest.formatted()) ÷ at \(smallest.formatted())",
                unit: "×", ours: high / low, baseline: nil, baselineName: nil, ratio: nil,
                direction: .atMost, target: 2, targetApplies: true))
    }

    // Listings, whole processes.
    let csv = results.distribution("list luxury CSV, ours (\(large) items)")?.median
    let csvBase = results.distribution("list luxury CSV, sqlite3 (\(large) items)")?.median
    rows.append(
        Row(
            measure: "list --view luxury --csv, \(largeText) items, to /dev/null", unit: "ms",
            ours: csv.map { $0 * 1e3 }, baseline: csvBase.map { $0 * 1e3 },
            baselineName: "sqlite3 -csv", ratio: ratio(csv, csvBase), direction: .atMost,
            target: 1.5, targetApplies: true))
    let json = results.distribution("cold list JSON, ours (1000 items)")?.median
    let jsonBase = results.distribution("cold list JSON, sqlite3 (1000 items)")?.median
    rows.append(
        Row(
            measure: "cold list --json, 1,000 items, whole process", unit: "ms",
            ours: json.map { $0 * 1e3 }, baseline: jsonBase.map { $0 * 1e3 },
            baselineName: "sqlite3 -json", ratio: ratio(json, jsonBase), direction: .atMost,
            target: 2.5, targetApplies: true))

    // Insert then fetch, items per second.
    let stored = 100_000
    let store = results.distribution("insert then fetch, ours (\(stored) items)")
        .map { Double(stored) / $0.median }
    let grdb = results.distribution("insert then fetch, GRDB (\(stored) items)")
        .map { Double(stored) / $0.median }
    rows.append(
        Row(
            measure: "insert then fetch \(stored.formatted()) items", unit: "items/s", ours: store,
            baseline: grdb, baselineName: "GRDB 7.10", ratio: ratio(store, grdb),
            direction: .atLeast, target: 1.0, targetApplies: true))

    // Memory, watch, browse.
    let memory = results.distribution(
        "add batch, ours (\(large) items, 3 live views)", metric: "peakMemoryResident")
    rows.append(
        Row(
            measure: "peak memory, batch of \(largeText) items, 3 live views", unit: "MB",
            ours: memory.map { $0.median / 1e6 }, baseline: nil, baselineName: nil, ratio: nil,
            direction: .atMost, target: 200, targetApplies: large == 1_000_000))
    let watch = results.distribution("change reaches watch in another process")
    rows.append(
        Row(
            measure: "change reaching watch in another process (p99)", unit: "ms",
            ours: watch.map { $0.p99 * 1e3 }, baseline: nil, baselineName: nil, ratio: nil,
            direction: .atMost, target: 20, targetApplies: true))
    let browse = results.distribution("browse keystroke (100000 items)")
    rows.append(
        Row(
            measure: "browse, one keystroke, 100,000 items (p99)", unit: "ms",
            ours: browse.map { $0.p99 * 1e3 }, baseline: nil, baselineName: nil, ratio: nil,
            direction: .atMost, target: 16, targetApplies: true))
    return rows
}

func ratio(_ ours: Double?, _ baseline: Double?) -> Double? {
    guard let ours, let baseline, baseline > 0 else { return nil }
    return ours / baseline
}

func format(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    switch abs(value) {
    case 100_000...: return value.formatted(.number.precision(.fractionLength(0)))
    case 100...: return value.formatted(.number.precision(.fractionLength(0)).grouping(.never))
    case 10...: return value.formatted(.number.precision(.fractionLength(1)).grouping(.never))
    default: return value.formatted(.number.precision(.fractionLength(2)).grouping(.never))
    }
}

func table(_ rows: [Row]) -> String {
    var lines = [["measure", "unit", "ours", "baseline", "ratio", "target", "met"]]
    for row in rows {
        let baseline = row.baseline.map { "\(format($0)) (\(row.baselineName ?? ""))" } ?? "–"
        let target: String
        if !row.targetApplies {
            target = "–"
        } else if row.baseline != nil {
            target = "\(row.direction.rawValue) \(format(row.target))×"
        } else {
            target =
                "\(row.direction.rawValue) \(format(row.target))"
                + (row.unit == "×" ? "×" : " \(row.unit)")
        }
        let met = row.met.map { $0 ? "yes" : "NO" } ?? "–"
        lines.append([
            row.measure, row.unit, format(row.ours), baseline,
            row.ratio.map { format($0) + "×" } ?? "–", target, met,
        ])
    }
    let widths = (0..<lines[0].count).map { column in
        lines.map { $0[column].count }.max() ?? 0
    }
    func render(_ line: [String]) -> String {
        let cells = line.enumerated().map { column, text in
            text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }
        return "| " + cells.joined(separator: " | ") + " |"
    }
    let rule =
        "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    var output = [render(lines[0]), rule]
    for line in lines.dropFirst() { output.append(render(line)) }
    return output.joined(separator: "\n")
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: BenchmarkReport RESULTS_FOLDER JSON_FILE\n".utf8))
    exit(64)
}
do {
    let rows = makeRows(try Results(folder: arguments[1]))
    print(table(rows))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    struct Report: Encodable {
        let date: String
        let quick: Bool
        let rows: [Row]
    }
    let report = Report(
        date: Date().formatted(.iso8601), quick: BenchmarkSizes.isQuick, rows: rows)
    try encoder.encode(report).write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("BenchmarkReport: \(error)\n".utf8))
    exit(1)
}
