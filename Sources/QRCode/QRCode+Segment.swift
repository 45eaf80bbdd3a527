// The data as one segment: its mode indicator, its character count and its characters in the
// mode's bits (ISO/IEC 18004, 7.4).

extension QRCode {
    /// Bytes to encode, in the most compact mode that writes every one of them.
    struct Segment {
        let bytes: [UInt8]
        let mode: Mode

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            mode =
                if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                    .numeric
                } else if bytes.allSatisfy({ Self.alphanumericValues[Int($0)] >= 0 }) {
                    .alphanumeric
                } else {
                    .byte
                }
        }

        /// The value of each byte in the alphanumeric mode, or -1 when it has none.
        static let alphanumericValues: [Int8] = {
            var values = [Int8](repeating: -1, count: 256)
            for (value, character) in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8
                .enumerated()
            {
                values[Int(character)] = Int8(value)
            }
            return values
        }()

        /// The mode indicator's four bits.
        private var indicator: UInt32 {
            switch mode {
            case .numeric: 0b0001
            case .alphanumeric: 0b0010
            case .byte: 0b0100
            }
        }

        /// How many bits the character count takes in a symbol of `version`.
        static func countBits(_ mode: Mode, version: Int) -> Int {
            let range = version <= 9 ? 0 : version <= 26 ? 1 : 2
            return switch mode {
            case .numeric: [10, 12, 14][range]
            case .alphanumeric: [9, 11, 13][range]
            case .byte: [8, 16, 16][range]
            }
        }

        /// How many bits `count` characters take in `mode`, without indicator and count.
        static func dataBits(_ mode: Mode, count: Int) -> Int {
            switch mode {
            case .numeric: count / 3 * 10 + [0, 4, 7][count % 3]
            case .alphanumeric: count / 2 * 11 + count % 2 * 6
            case .byte: count * 8
            }
        }

        /// How many bits the segment takes in a symbol of `version`, or `Int.max` when its
        /// count does not fit the count's bits there.
        func bitCount(version: Int) -> Int {
            let countBits = Self.countBits(mode, version: version)
            guard bytes.count < 1 << countBits else { return .max }
            return 4 + countBits + Self.dataBits(mode, count: bytes.count)
        }

        /// The most characters in `mode` that `bits` hold in a symbol of `version`.
        static func maximumCount(mode: Mode, bits: Int, version: Int) -> Int {
            let available = bits - 4 - countBits(mode, version: version)
            var count =
                switch mode {
                case .numeric: available / 10 * 3
                case .alphanumeric: available / 11 * 2
                case .byte: available / 8
                }
            while dataBits(mode, count: count + 1) <= available { count += 1 }
            return min(count, (1 << countBits(mode, version: version)) - 1)
        }

        /// The most characters in this segment's mode that `bits` hold in `version`.
        func maximumCount(bits: Int, version: Int) -> Int {
            Self.maximumCount(mode: mode, bits: bits, version: version)
        }

        /// Writes the mode indicator, the count and the characters.
        func write(to bits: inout BitBuffer, version: Int) {
            bits.append(indicator, count: 4)
            bits.append(UInt32(bytes.count), count: Self.countBits(mode, version: version))
            switch mode {
            case .numeric:
                var index = 0
                while index < bytes.count {
                    let digits = min(3, bytes.count - index)
                    var value: UInt32 = 0
                    for offset in 0..<digits {
                        value = value * 10 + UInt32(bytes[index + offset] - UInt8(ascii: "0"))
                    }
                    bits.append(value, count: [0, 4, 7, 10][digits])
                    index += digits
                }
            case .alphanumeric:
                var index = 0
                while index + 1 < bytes.count {
                    let first = UInt32(Self.alphanumericValues[Int(bytes[index])])
                    let second = UInt32(Self.alphanumericValues[Int(bytes[index + 1])])
                    bits.append(first * 45 + second, count: 11)
                    index += 2
                }
                if index < bytes.count {
                    bits.append(UInt32(Self.alphanumericValues[Int(bytes[index])]), count: 6)
                }
            case .byte:
                for byte in bytes { bits.append(UInt32(byte), count: 8) }
            }
        }
    }

    /// Bits appended most significant first, packed into bytes.
    struct BitBuffer {
        private(set) var bytes: [UInt8]
        private(set) var count = 0

        init(capacity: Int) {
            bytes = []
            bytes.reserveCapacity((capacity + 7) / 8)
        }

        /// Appends the `count` low bits of `value`, the most significant first.
        mutating func append(_ value: UInt32, count bitCount: Int) {
            precondition(bitCount >= 0 && bitCount <= 32, "\(bitCount) bits at once")
            for shift in stride(from: bitCount - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> UInt32(shift)) & 1 != 0 {
                    bytes[count / 8] |= 0x80 >> UInt8(count % 8)
                }
                count += 1
            }
        }
    }
}
