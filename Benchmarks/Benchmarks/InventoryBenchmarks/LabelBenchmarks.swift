// QR codes for labels: the symbols of 1,000 label URLs ("https://house.example:8080/l/000-042",
// byte mode, level M, version 3), made by our encoder in this process and by libqrencode
// (Baselines/qrencode.c, the library behind Debian's `qrencode`) in its own, in turns. Each
// side times its own loop: the symbols made, from the text to the modules, nothing printed.
import Benchmark
import BenchmarkRows
import Foundation
import QRCode

/// Labels a sample encodes, on each side.
private let labelsPerSample = 1_000

let oursLabelNanoseconds = BenchmarkMetric.custom(
    "oursNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)
let cLabelNanoseconds = BenchmarkMetric.custom(
    "cNanoseconds", polarity: .prefersSmaller, useScalingFactor: false)

func labelBenchmarks() {
    Benchmark(
        "QR codes of \(labelsPerSample) label URLs, ours and libqrencode in turns",
        configuration: .init(
            metrics: [oursLabelNanoseconds, cLabelNanoseconds],
            warmupIterations: BenchmarkSizes.warmups(1),
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: BenchmarkSizes.runs(15))
    ) { benchmark in
        var dark = 0
        let ours = try ContinuousClock().measure {
            for index in 0..<labelsPerSample {
                let code = try QRCode(
                    encoding: labelURL(index), errorCorrection: .medium,
                    raisingErrorCorrection: false)
                dark += code[0, 0] ? 1 : 0
            }
        }
        guard dark == labelsPerSample else { throw BenchmarkFailure("a symbol without a finder") }
        let output = try Fixtures.output(Fixtures.qrencodeBaseline, [String(labelsPerSample)])
        guard let c = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkFailure("qrencode printed \(output)")
        }
        benchmark.measurement(oursLabelNanoseconds, Int(ours / .nanoseconds(1)))
        benchmark.measurement(cLabelNanoseconds, c)
    }
}

/// The label URL of item `index`, as the C baseline spells it.
private func labelURL(_ index: Int) -> String {
    func three(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }
    return "https://house.example:8080/l/\(three(index / 1_000 % 1_000))-\(three(index % 1_000))"
}
