import CLibCrypto
import Foundation
import InventoryFiles

/// The household password that lets browsers of other machines sign in: stored only as a
/// salted scrypt hash (RFC 7914, by OpenSSL's libcrypto), checked in constant time.
public enum HouseholdPassword {
    /// scrypt's cost: 2^15 rounds of 8 × 128-byte blocks (32 MiB, and a core for a noticeable
    /// fraction of a second), so a stolen hash costs a guesser the same per guess.
    static let rounds = 1 << 15
    static let blockSize = 8
    static let parallelism = 1

    /// The shortest password taken.
    public static let minimumLength = 8

    /// Why a password is refused, if it is; `what` names it in the sentence.
    public static func problem(with password: String, of what: String = "a household password")
        -> String?
    {
        if password.count < minimumLength {
            return "\(what) has at least \(minimumLength) characters"
        }
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "\(what) has no control characters"
        }
        return nil
    }

    /// The hash to store: `scrypt$ROUNDS$BLOCK$PARALLEL$SALT$KEY`, salt and key in hex.
    public static func hash(_ password: String) throws -> String {
        let salt = Hexadecimal.randomBytes(count: 16)
        let key = try derive(
            password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return [
            "scrypt", String(rounds), String(blockSize), String(parallelism),
            Hexadecimal.string(salt),
            Hexadecimal.string(key),
        ]
        .joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from.
    public static func matches(_ password: String, stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let rounds = Int(parts[1]),
            let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
            let salt = Hexadecimal.bytes(parts[4]), let expected = Hexadecimal.bytes(parts[5]),
            // a stored hash edited by hand: costs that are no costs, or a key too short to
            // tell one password from another, match nothing
            rounds > 1, blockSize > 0, parallelism > 0, expected.count >= 16,
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
        _ password: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int,
        length: Int = 32
    ) throws -> [UInt8] {
        var key = [UInt8](repeating: 0, count: length)
        let password = Array(password.utf8)
        let done = password.withUnsafeBufferPointer { password in
            salt.withUnsafeBytes { salt in
                password.withMemoryRebound(to: CChar.self) { password in
                    EVP_PBE_scrypt(
                        password.baseAddress, password.count,
                        salt.baseAddress?.assumingMemoryBound(to: UInt8.self), salt.count,
                        UInt64(rounds), UInt64(blockSize), UInt64(parallelism), 256 << 20,
                        &key, length)
                }
            }
        }
        guard done == 1 else { throw ScryptRefused() }
        return key
    }
}

/// libcrypto refused to derive a key: costs beyond its memory limit, or rounds not a power of
/// two (only a stored hash written by hand has those).
struct ScryptRefused: Error, CustomStringConvertible {
    var description: String { "the password could not be hashed" }
}
