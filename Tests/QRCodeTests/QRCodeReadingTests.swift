import Testing

@testable import QRCode

@Suite struct QRCodeReadingTests {
    @Test func everySymbolReadsBackAsItsBytes() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix(seed: seed)
        for version in 1...40 {
            for level in QRCode.ErrorCorrection.allCases {
                let capacity = QRCode.capacity(.byte, errorCorrection: level, version: version)
                let count = Int(random.next() % UInt64(capacity + 1))
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let code = try QRCode(encoding: bytes, errorCorrection: level)
                #expect(code.readBack() == bytes, "seed \(seed), \(count) bytes at \(level)")
            }
        }
    }
}
