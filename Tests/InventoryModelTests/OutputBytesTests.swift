import Testing

@testable import InventoryModel

/// The buffer every listing, amount and date is written into: whatever is appended, in any
/// sizes, comes out as it went in, across every growth of the buffer.
@Suite struct OutputBytesTests {
    @Test func whatIsAppendedComesOutInOrderAcrossGrowth() {
        var random = SystemRandomNumberGenerator()
        var bytes = OutputBytes(capacity: 0)
        var reference: [UInt8] = []
        for round in 0..<2_000 {
            switch round % 5 {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &random)
                bytes.append(byte)
                reference.append(byte)
            case 1:
                let run = (0..<Int.random(in: 0...300, using: &random)).map { UInt8($0 % 251) }
                run.withUnsafeBufferPointer { bytes.append($0) }
                reference += run
            case 2:
                bytes.append(",\"name\":")
                reference += Array(",\"name\":".utf8)
            case 3:
                let text = String(repeating: "é📷", count: round % 7)
                bytes.append(contentsOf: text.utf8)
                reference += Array(text.utf8)
            default:
                let text = "x" + String(round)
                bytes.append(contentsOf: text.utf8.lazy.map { $0 })  // not contiguous
                bytes.append(contentsOf: text.utf8)
                reference += Array(text.utf8) + Array(text.utf8)
            }
        }
        let count = bytes.count
        #expect(count == reference.count)
        bytes.withUnsafeBytes { #expect(Array($0) == reference) }
        #expect(bytes.string == String(decoding: reference, as: UTF8.self))
    }

    @Test func removingAllKeepsTheBufferUsable() {
        var bytes = OutputBytes(capacity: 4)
        bytes.append("a longer text than the room")
        bytes.removeAll()
        let count = bytes.count
        #expect(count == 0)
        #expect(bytes.string == "")
        bytes.append("again")
        #expect(bytes.string == "again")
        bytes.append(UnsafeBufferPointer(start: nil, count: 0))
        let final = bytes.count
        #expect(final == 5)
    }
}
