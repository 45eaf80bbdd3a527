import Testing

@testable import QRCode

@Suite struct QRCodeSymbolTests {
    @Test func thePackedPenaltyIsTheModuleByModuleOneForEveryMaskOfSmallSymbols() throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SplitMix(seed: seed)
        for version in 1...9 {
            for _ in 0..<4 {
                let level = QRCode.ErrorCorrection.allCases[Int(random.next() % 4)]
                let count = Int(
                    random.next()
                        % UInt64(
                            QRCode.capacity(.byte, errorCorrection: level, version: version) + 1))
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let code = try QRCode(
                    encoding: bytes, errorCorrection: level, raisingErrorCorrection: false)
                var symbol = QRCode.Symbol(version: code.version)
                symbol.drawFunctionPatterns()
                let data = QRCode.dataCodewords(
                    of: .init(bytes), version: code.version, errorCorrection: level)
                symbol.place(
                    QRCode.withErrorCorrection(data, version: code.version, errorCorrection: level))
                let lines = symbol.packed()
                var (rows, columns) = (lines.rows, lines.columns)
                for mask in 0..<8 {
                    var candidate = symbol
                    candidate.apply(mask: mask)
                    candidate.drawFormat(errorCorrection: level, mask: mask)
                    var transposed = candidate.modules
                    let slow = QRCode.Symbol.penalty(
                        candidate.modules, transposed: &transposed, size: candidate.size)
                    let fast = QRCode.Symbol.penalty(
                        lines, mask: mask, errorCorrection: level, rows: &rows, columns: &columns)
                    #expect(fast == slow, "seed \(seed), version \(code.version), mask \(mask)")
                }
            }
        }
    }
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
