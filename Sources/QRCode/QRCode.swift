/// A QR Code symbol (ISO/IEC 18004, model 2): the dark and light modules of a square of
/// version 1 (21 × 21) to 40 (177 × 177), encoding bytes with one of four levels of error
/// correction, in the smallest version that holds them.
///
/// It is drawn as the standard says: the finder, separator, timing and alignment patterns, the
/// format information (the level and the mask, BCH-protected, in both copies), the version
/// information from version 7, the data and its Reed–Solomon error correction in blocks,
/// interleaved and placed in the two-column zigzag, then the one of the eight masks whose
/// penalty (the four rules of the standard) is lowest.
public struct QRCode: Sendable, Hashable {
    /// How much of a symbol may be damaged or hidden and still read: about 7%, 15%, 25% and
    /// 30% of its codewords.
    public enum ErrorCorrection: Int, Sendable, CaseIterable, Comparable {
        /// Level L: about 7%.
        case low
        /// Level M: about 15%.
        case medium
        /// Level Q: about 25%.
        case quartile
        /// Level H: about 30%.
        case high

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The two bits the format information gives this level (L 01, M 00, Q 11, H 10).
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// How the data is written: digits three to 10 bits, the 45 characters of the
    /// alphanumeric set two to 11 bits, anything else a byte to 8 bits.
    public enum Mode: Sendable, Hashable {
        /// Digits 0–9 only.
        case numeric
        /// Digits, capital letters A–Z, space and `$%*+-./:` only.
        case alphanumeric
        /// Any bytes (text as UTF-8).
        case byte
    }

    /// Its version, 1 to 40: its size is `17 + 4 × version` modules.
    public let version: Int
    /// Its level of error correction.
    public let errorCorrection: ErrorCorrection
    /// How its data is written.
    public let mode: Mode
    /// The mask applied to its data, 0 to 7.
    public let mask: Int
    /// Its width and height in modules (without the quiet zone around it).
    public let size: Int
    /// The modules, row by row: 1 dark, 0 light.
    let modules: [UInt8]

    /// Whether the module in column `x` and row `y` (from the top left, 0-based) is dark.
    ///
    /// - Precondition: both are in `0 ..< size`.
    public subscript(x: Int, y: Int) -> Bool {
        precondition(x >= 0 && x < size && y >= 0 && y < size, "module (\(x), \(y)) is outside")
        return modules[y * size + x] != 0
    }

    /// Encodes `text` as UTF-8 bytes (in the numeric or alphanumeric mode when every character
    /// allows it), in the smallest version that holds it at `errorCorrection`.
    ///
    /// - Parameters:
    ///   - errorCorrection: the least error correction wanted.
    ///   - raisingErrorCorrection: whether to use a higher level when it fits in the same
    ///     version (a symbol of the same size that survives more damage).
    /// - Throws: `QRCodeError` when it is too long for a version 40 symbol at that level.
    public init(
        encoding text: String, errorCorrection: ErrorCorrection = .medium,
        raisingErrorCorrection: Bool = true
    ) throws(QRCodeError) {
        try self.init(
            encoding: Array(text.utf8), errorCorrection: errorCorrection,
            raisingErrorCorrection: raisingErrorCorrection)
    }

    /// Encodes `bytes` (in the numeric or alphanumeric mode when every byte is a character of
    /// it) in the smallest version that holds them at `errorCorrection`.
    ///
    /// - Parameters:
    ///   - errorCorrection: the least error correction wanted.
    ///   - raisingErrorCorrection: whether to use a higher level when it fits in the same
    ///     version.
    /// - Throws: `QRCodeError` when they are too many for a version 40 symbol at that level.
    public init(
        encoding bytes: [UInt8], errorCorrection: ErrorCorrection = .medium,
        raisingErrorCorrection: Bool = true
    ) throws(QRCodeError) {
        let segment = Segment(bytes)
        guard
            let version = (1...40).first(where: {
                segment.bitCount(version: $0) <= Self.dataCodewords($0, errorCorrection) * 8
            })
        else {
            throw QRCodeError(
                byteCount: bytes.count, mode: segment.mode,
                maximum: segment.maximumCount(
                    bits: Self.dataCodewords(40, errorCorrection) * 8, version: 40),
                errorCorrection: errorCorrection)
        }
        var level = errorCorrection
        if raisingErrorCorrection {
            for higher in ErrorCorrection.allCases where higher > level {
                if segment.bitCount(version: version) <= Self.dataCodewords(version, higher) * 8 {
                    level = higher
                }
            }
        }
        let data = Self.dataCodewords(of: segment, version: version, errorCorrection: level)
        let codewords = Self.withErrorCorrection(data, version: version, errorCorrection: level)
        var symbol = Symbol(version: version)
        symbol.drawFunctionPatterns()
        symbol.place(codewords)
        let mask = symbol.bestMask(errorCorrection: level)
        symbol.apply(mask: mask)
        symbol.drawFormat(errorCorrection: level, mask: mask)
        self.version = version
        self.errorCorrection = level
        self.mode = segment.mode
        self.mask = mask
        self.size = symbol.size
        self.modules = symbol.modules
    }

    /// The most characters in `mode` (bytes, in the byte mode) a symbol of `version` holds at
    /// `errorCorrection`.
    ///
    /// - Precondition: `version` is 1 to 40.
    public static func capacity(
        _ mode: Mode, errorCorrection: ErrorCorrection, version: Int = 40
    ) -> Int {
        precondition((1...40).contains(version), "version \(version)")
        return Segment.maximumCount(
            mode: mode, bits: dataCodewords(version, errorCorrection) * 8, version: version)
    }
}

/// Why bytes cannot be encoded: there are more than the largest symbol holds.
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// How many bytes were to be encoded.
    public let byteCount: Int
    /// The mode they would have been written in.
    public let mode: QRCode.Mode
    /// The most a symbol holds in that mode at that level.
    public let maximum: Int
    /// The level asked for.
    public let errorCorrection: QRCode.ErrorCorrection

    public var description: String {
        "\(byteCount) characters are too many for a QR code: it holds at most \(maximum) "
            + "at this level of error correction"
    }
}

// MARK: - Codewords

extension QRCode {
    /// The data and padding codewords of `segment` in a symbol of `version` at
    /// `errorCorrection`: mode, count, data, terminator, zero bits to a byte, then the
    /// alternating pad bytes 0xEC 0x11.
    static func dataCodewords(
        of segment: Segment, version: Int, errorCorrection: ErrorCorrection
    ) -> [UInt8] {
        let capacity = dataCodewords(version, errorCorrection) * 8
        var bits = BitBuffer(capacity: capacity)
        segment.write(to: &bits, version: version)
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// `data` split into the blocks of `version` at `errorCorrection`, each followed by its
    /// Reed–Solomon codewords, interleaved: the first codeword of each block, then the second,
    /// and so on, the data of the longer blocks last, then their error correction likewise.
    static func withErrorCorrection(
        _ data: [UInt8], version: Int, errorCorrection: ErrorCorrection
    ) -> [UInt8] {
        let blockCount = Tables.blocks[errorCorrection.rawValue][version]
        let eccLength = Tables.eccPerBlock[errorCorrection.rawValue][version]
        let total = rawDataModules(version) / 8
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - eccLength
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var dataBlocks: [ArraySlice<UInt8>] = []
        var eccBlocks: [[UInt8]] = []
        dataBlocks.reserveCapacity(blockCount)
        eccBlocks.reserveCapacity(blockCount)
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            let slice = data[start..<start + length]
            dataBlocks.append(slice)
            eccBlocks.append(ReedSolomon.remainder(of: slice, divisor: divisor))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for index in 0...shortDataLength {
            for block in dataBlocks where index < block.count {
                result.append(block[block.startIndex + index])
            }
        }
        for index in 0..<eccLength {
            for block in eccBlocks { result.append(block[index]) }
        }
        precondition(result.count == total, "version \(version) has \(total) codewords")
        return result
    }

    /// How many data codewords a symbol of `version` holds at `errorCorrection`.
    static func dataCodewords(_ version: Int, _ errorCorrection: ErrorCorrection) -> Int {
        rawDataModules(version) / 8 - Tables.eccPerBlock[errorCorrection.rawValue][version]
            * Tables.blocks[errorCorrection.rawValue][version]
    }

    /// How many modules of a symbol of `version` hold codewords (and the remainder bits):
    /// all but the function patterns and the format and version information.
    static func rawDataModules(_ version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }
}
