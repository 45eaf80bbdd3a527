// Reed–Solomon error correction over GF(2^8) with the QR Code's polynomial
// x^8 + x^4 + x^3 + x^2 + 1 (0x11D), and the standard's table of blocks (ISO/IEC 18004,
// table 9).

extension QRCode {
    enum Tables {
        /// Error correction codewords in each block, by level (L, M, Q, H) and version (the
        /// entry for version 0 is unused).
        static let eccPerBlock: [[Int]] = [
            [
                0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
                28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
            [
                0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
                26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            ],
            [
                0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
                28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
            [
                0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
                30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
        ]

        /// Blocks the codewords are split into, by level (L, M, Q, H) and version.
        static let blocks: [[Int]] = [
            [
                0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12,
                12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
            ],
            [
                0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
                21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
            ],
            [
                0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25,
                27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
            ],
            [
                0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30,
                32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
            ],
        ]
    }

    /// Reed–Solomon codes over GF(256), with the tables of logarithms and powers of 2.
    enum ReedSolomon {
        /// 2^i for i in 0..<255 (twice over, so that a sum of two logarithms needs no modulo).
        static let powers: [UInt8] = {
            var powers = [UInt8](repeating: 0, count: 510)
            var value = 1
            for index in 0..<255 {
                powers[index] = UInt8(value)
                powers[index + 255] = UInt8(value)
                value <<= 1
                if value & 0x100 != 0 { value ^= 0x11D }
            }
            return powers
        }()

        /// The logarithm base 2 of each non-zero value.
        static let logarithms: [Int] = {
            var logarithms = [Int](repeating: 0, count: 256)
            for index in 0..<255 { logarithms[Int(powers[index])] = index }
            return logarithms
        }()

        /// The product of `a` and `b` in GF(256).
        @inline(__always)
        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            a == 0 || b == 0 ? 0 : powers[logarithms[Int(a)] + logarithms[Int(b)]]
        }

        /// The generator polynomial of `degree`, (x − 2^0)(x − 2^1)…(x − 2^(degree−1)),
        /// without its leading 1, highest power first.
        static func divisor(degree: Int) -> [UInt8] {
            precondition(degree >= 1 && degree <= 30, "a divisor of degree \(degree)")
            return divisors[degree]
        }

        /// The divisors of every degree a block uses (up to 30), made once.
        private static let divisors: [[UInt8]] = (0...30).map { degree in
            guard degree > 0 else { return [] }
            var result = [UInt8](repeating: 0, count: degree)
            result[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for index in 0..<degree {
                    result[index] = multiply(result[index], root)
                    if index + 1 < degree { result[index] ^= result[index + 1] }
                }
                root = multiply(root, 0x02)
            }
            return result
        }

        /// The remainder of `data` (times x^degree) divided by `divisor`: the error
        /// correction codewords.
        static func remainder(of data: ArraySlice<UInt8>, divisor: [UInt8]) -> [UInt8] {
            let degree = divisor.count
            // The divisor's logarithms (its coefficients are never 0: the roots are distinct).
            let logDivisor = divisor.map { logarithms[Int($0)] }
            var result = [UInt8](repeating: 0, count: degree)
            result.withUnsafeMutableBufferPointer { result in
                for byte in data {
                    let factor = byte ^ result[0]
                    for index in 0..<degree - 1 { result[index] = result[index + 1] }
                    result[degree - 1] = 0
                    guard factor != 0 else { continue }
                    let logFactor = logarithms[Int(factor)]
                    for index in 0..<degree {
                        result[index] ^= powers[logDivisor[index] + logFactor]
                    }
                }
            }
            return result
        }
    }
}
