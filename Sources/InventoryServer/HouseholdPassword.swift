import Crypto
import Foundation
import _CryptoExtras

/// The household password that lets browsers of other machines sign in: stored only as a
/// salted scrypt hash (swift-crypto), checked in constant time.
public enum HouseholdPassword {
    /// scrypt's cost: 2^15 rounds of 8 × 128-byte blocks (32 MiB, and a core for a noticeable
    /// fraction of a second), so a stolen hash costs a guesser the same per guess.
    static let rounds = 1 << 15
    static let blockSize = 8
    static let parallelism = 1

    /// The shortest password taken.
    public static let minimumLength = 8

    /// Why a password is refused, if it is.
    public static func problem(with password: String) -> String? {
        if password.count < minimumLength {
            return "a household password has at least \(minimumLength) characters"
        }
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a household password has no control characters"
        }
        return nil
    }

    /// The hash to store: `scrypt$ROUNDS$BLOCK$PARALLEL$SALT$KEY`, salt and key in hex.
    public static func hash(_ password: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try derive(
            password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return [
            "scrypt", String(rounds), String(blockSize), String(parallelism), hex(salt), hex(key),
        ]
        .joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from.
    public static func matches(_ password: String, stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let rounds = Int(parts[1]),
            let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
            let salt = bytes(parts[4]), let expected = bytes(parts[5]),
            let key = try? derive(
                password, salt: salt, rounds: rounds, blockSize: blockSize,
                parallelism: parallelism,
                length: expected.count)
        else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(key, expected) { difference |= a ^ b }
        return difference == 0 && key.count == expected.count
    }

    private static func derive(
        _ password: String, salt: Data, rounds: Int, blockSize: Int, parallelism: Int,
        length: Int = 32
    ) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(password.utf8), salt: salt, outputByteCount: length, rounds: rounds,
            blockSize: blockSize, parallelism: parallelism, maxMemory: 256 << 20)
        return key.withUnsafeBytes { Data($0) }
    }

    private static func hex(_ data: Data) -> String {
        data.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
    }

    private static func bytes(_ hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var data = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard
                let byte = UInt8(
                    String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
            else { return nil }
            data.append(byte)
        }
        return data
    }
}
