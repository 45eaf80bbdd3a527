// Prints the comparison table of a run and writes the same rows as JSON; in a smoke run
// (`INVENTORY_BENCH_SMOKE=1`) it judges no target but fails when a row has no measure.
//
// Usage: BenchmarkReport RESULTS_FOLDER JSON_FILE
import BenchmarkReporting
import BenchmarkRows
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: BenchmarkReport RESULTS_FOLDER JSON_FILE\n".utf8))
    exit(64)
}
do {
    let rows = makeRows(try Results(folder: arguments[1]))
    print(table(rows))
    if BenchmarkSizes.isSmoke {
        // A smoke run judges no target but proves that every row is still produced.
        let missing = rows.filter { !$0.isComplete }.map(\.measure)
        if !missing.isEmpty {
            FileHandle.standardError.write(
                Data(
                    "BenchmarkReport: rows without a measure: \(missing.joined(separator: "; "))\n"
                        .utf8))
            exit(1)
        }
        print("smoke: every row produced (\(rows.count)); sizes are tiny, no target judged")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    struct Report: Encodable {
        let date: String
        let quick: Bool
        let smoke: Bool
        let rows: [Row]
    }
    let report = Report(
        date: Date().formatted(.iso8601), quick: BenchmarkSizes.isQuick,
        smoke: BenchmarkSizes.isSmoke, rows: rows)
    try encoder.encode(report).write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("BenchmarkReport: \(error)\n".utf8))
    exit(1)
}
