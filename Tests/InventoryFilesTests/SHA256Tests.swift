import Foundation
import Testing

@testable import InventoryFiles

/// SHA-256 by libcrypto: the standard's answers, and the same digest however the bytes come.
@Suite struct SHA256Tests {
    /// FIPS 180-2's examples, and the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theStandardsAnswers(message: String, digest: String) {
        #expect(SHA256.hash(data: Array(message.utf8)).hexadecimal == digest)
        #expect(SHA256.hash(data: Data(message.utf8)).hexadecimal == digest)
        #expect(SHA256.hash(data: message.utf8).hexadecimal == digest)
    }

    /// 3 MB hashed at once, in pieces of odd sizes (empty ones too), and from Data: one
    /// digest, the one Python's hashlib gives for these bytes.
    @Test func piecesMakeTheSameDigestAsTheWhole() {
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = SHA256.hash(data: bytes)
        #expect(
            whole.hexadecimal
                == "743fd190d8ee22d6c4146e71a2cb8dfb25746a0fec3d453def83406d51e1b443")
        var pieces = SHA256()
        let sizes = [0, 1, 63, 64, 65, 0, 4096, 1 << 20]
        var start = 0
        var turn = 0
        while start < bytes.count {
            let end = min(start + sizes[turn % sizes.count], bytes.count)
            bytes[start..<end].withUnsafeBytes { pieces.update(bufferPointer: $0) }
            start = end
            turn += 1
        }
        #expect(pieces.finalize() == whole)
        var fromData = SHA256()
        fromData.update(data: Data(bytes[..<1_000_000]))
        fromData.update(data: Data(bytes[1_000_000...]))
        #expect(fromData.finalize() == whole)
        #expect(whole.bytes.count == 32)
    }
}
