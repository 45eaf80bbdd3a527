/// Bytes spelled in hexadecimal, two lowercase digits a byte, and read back: how a stored file
/// is named by its digest, a backup's manifest lists checksums, and tokens, their digests and a
/// password's salt are written. Also the secrets those tokens are made of.
public enum Hexadecimal {
    /// Whether `given` is `kept`, compared in time that does not depend on where they differ:
    /// how a token sent by someone is checked against one kept (a CSRF token, a digest).
    public static func isSame(_ given: String, as kept: String) -> Bool {
        let (a, b) = (Array(given.utf8), Array(kept.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// `bytes` as lowercase hexadecimal digits, two a byte.
    ///
    /// Inlinable: a session's digest is spelled on every request.
    @inlinable
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            var index = 0
            for byte in bytes {
                text[index] = digit(byte &>> 4)
                text[index + 1] = digit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    /// The bytes `text` spells, two digits a byte (either case), or nil unless it is an even
    /// number of hexadecimal digits and nothing else.
    public static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// `count` bytes from the system's generator (the kernel's, `getrandom`): a salt, or a
    /// secret no one can guess.
    public static func randomBytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A secret of `byteCount` random bytes, in hexadecimal: a session's or a link's token.
    public static func randomSecret(byteCount: Int) -> String {
        string(randomBytes(count: byteCount))
    }

    /// The ASCII digit of `value` (0–15).
    @usableFromInline
    static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") - 10 + value
    }

    /// The value of an ASCII hexadecimal digit, or nil.
    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension SHA256.Digest {
    /// The digest in lowercase hexadecimal: 64 digits, as stored files are named.
    public var hexadecimal: String { Hexadecimal.string(bytes) }
}
