// The symbol read back without a camera: its format and version information checked, its
// mask taken off, its codewords read from the zigzag, each block checked against its error
// correction, and its one segment parsed. For the tests and the fuzzer, which prove that
// every symbol written holds what it was given (a real decoder, zbarimg, checks it too).

extension QRCode {
    /// The bytes the symbol holds, read from its modules as a decoder would read a perfect
    /// image; nil when anything read disagrees with the standard (format or version
    /// information, a block's error correction, the segment's header or padding).
    func readBack() -> [UInt8]? {
        var symbol = Symbol(version: version)
        symbol.drawFunctionPatterns()
        // The format information, in both copies, with its dark module.
        let places = Symbol.formatPlaces(size: size)
        var copies = [0, 0]
        for (number, place) in places.enumerated() where modules[place.index] != 0 {
            copies[number / 15] |= 1 << place.bit
        }
        guard copies[0] == copies[1], modules[(size - 8) * size + 8] != 0 else { return nil }
        let format = copies[0]
        guard
            let level = ErrorCorrection.allCases.first(where: {
                Symbol.formatBits(errorCorrection: $0, mask: (format ^ 0x5412) >> 10 & 7)
                    == format
            }), level == errorCorrection, (format ^ 0x5412) >> 10 & 7 == mask
        else { return nil }
        // The function patterns and the version information, as drawn for this version.
        for index in 0..<size * size where symbol.isFunction[index] != 0 {
            let isFormat = places.contains { $0.index == index } || index == (size - 8) * size + 8
            if !isFormat && symbol.modules[index] != modules[index] { return nil }
        }
        // The codewords, unmasked (a mask applied again comes off), in zigzag order.
        var unmasked = symbol
        unmasked.modules = modules
        unmasked.apply(mask: mask)
        var codewords = [UInt8](repeating: 0, count: Self.rawDataModules(version) / 8)
        for (bit, index) in symbol.zigzag().prefix(codewords.count * 8).enumerated() {
            codewords[bit >> 3] |= unmasked.modules[index] << (7 - UInt8(bit & 7))
        }
        guard let data = Self.checkedData(codewords, version: version, errorCorrection: level)
        else { return nil }
        return Self.parse(data, version: version, mode: mode)
    }

    /// The data codewords of `codewords` as placed (interleaved), each block's checked against
    /// its error correction; nil when one disagrees.
    private static func checkedData(
        _ codewords: [UInt8], version: Int, errorCorrection: ErrorCorrection
    ) -> [UInt8]? {
        let blockCount = Tables.blocks[errorCorrection.rawValue][version]
        let eccLength = Tables.eccPerBlock[errorCorrection.rawValue][version]
        let shortBlocks = blockCount - codewords.count % blockCount
        let shortDataLength = codewords.count / blockCount - eccLength
        var blocks = (0..<blockCount).map { _ in [UInt8]() }
        var index = 0
        for position in 0...shortDataLength {
            for block in 0..<blockCount where position < shortDataLength || block >= shortBlocks {
                blocks[block].append(codewords[index])
                index += 1
            }
        }
        var eccBlocks = (0..<blockCount).map { _ in [UInt8]() }
        for _ in 0..<eccLength {
            for block in 0..<blockCount {
                eccBlocks[block].append(codewords[index])
                index += 1
            }
        }
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var data: [UInt8] = []
        for (block, ecc) in zip(blocks, eccBlocks) {
            guard ecc == ReedSolomon.remainder(of: block[...], divisor: divisor) else {
                return nil
            }
            data += block
        }
        return data
    }

    /// The bytes of the one segment at the start of `data`, checked: its mode, count,
    /// characters, terminator and padding; nil when they are not what the writer writes.
    private static func parse(_ data: [UInt8], version: Int, mode: Mode) -> [UInt8]? {
        var position = 0
        func read(_ count: Int) -> Int? {
            guard position + count <= data.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(data[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }
        let indicator = [Mode.numeric: 1, .alphanumeric: 2, .byte: 4][mode]!
        guard read(4) == indicator,
            let count = read(Segment.countBits(mode, version: version))
        else { return nil }
        var bytes: [UInt8] = []
        let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
        switch mode {
        case .numeric:
            var left = count
            while left > 0 {
                let digits = min(3, left)
                guard let value = read([0, 4, 7, 10][digits]), value < [1, 10, 100, 1000][digits]
                else { return nil }
                let text = String(value)
                bytes += Array(repeating: UInt8(ascii: "0"), count: digits - text.count)
                bytes += Array(text.utf8)
                left -= digits
            }
        case .alphanumeric:
            var left = count
            while left >= 2 {
                guard let value = read(11), value < 45 * 45 else { return nil }
                bytes += [alphanumeric[value / 45], alphanumeric[value % 45]]
                left -= 2
            }
            if left == 1 {
                guard let value = read(6), value < 45 else { return nil }
                bytes.append(alphanumeric[value])
            }
        case .byte:
            for _ in 0..<count {
                guard let value = read(8) else { return nil }
                bytes.append(UInt8(value))
            }
        }
        // The terminator (up to four zero bits), zero bits to a byte, then 0xEC 0x11 ….
        let terminator = min(4, data.count * 8 - position)
        guard read(terminator) == 0 else { return nil }
        let toByte = (8 - position % 8) % 8
        guard read(toByte) == 0 else { return nil }
        var pad: UInt8 = 0xEC
        for byte in data[(position / 8)...] {
            guard byte == pad else { return nil }
            pad ^= 0xEC ^ 0x11
        }
        return bytes
    }
}
