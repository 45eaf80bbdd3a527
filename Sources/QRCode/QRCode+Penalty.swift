// The penalty of a small symbol (up to version 9, 53 modules a side), computed a row or a
// column at a time as the bits of one 64-bit word: what choosing a mask costs for a label's
// symbol, eight times over. Bit 4 + x of a row is column x (bit 4 + y of a column is row y);
// the four bits on each side stay 0, the light outside that the finder-like rule counts.

extension QRCode.Symbol {
    /// The largest size whose rows fit a word with four light bits on each side.
    static let largestPackedSize = 56

    /// The symbol's rows and columns as words, with the format information cleared and the
    /// data modules marked, ready to be masked eight times.
    struct PackedLines {
        let size: Int
        var rows: [UInt64]
        var columns: [UInt64]
        var dataRows: [UInt64]
        var dataColumns: [UInt64]
        /// The format information's modules (with the dark module), as (x, y, bit), where
        /// bit 15 is the dark module.
        let formatPlaces: [(x: Int, y: Int, bit: Int)]
    }

    /// Each mask over 12 rows (or columns) of 56 modules as words: every mask repeats with
    /// periods that divide 12 down (and across).
    static let maskRows: [[UInt64]] = (0..<8).map { mask in
        (0..<12).map { y in
            var word: UInt64 = 0
            for x in 0..<largestPackedSize where inverts(mask, x, y) { word |= 1 << UInt64(x + 4) }
            return word
        }
    }
    static let maskColumns: [[UInt64]] = (0..<8).map { mask in
        (0..<12).map { x in
            var word: UInt64 = 0
            for y in 0..<largestPackedSize where inverts(mask, x, y) { word |= 1 << UInt64(y + 4) }
            return word
        }
    }

    func packed() -> PackedLines {
        precondition(size <= Self.largestPackedSize, "a symbol of \(size) modules packed")
        var places = Self.formatPlaces(size: size).map {
            (x: $0.index % size, y: $0.index / size, bit: $0.bit)
        }
        places.append((x: 8, y: size - 8, bit: 15))
        var isFormat = [Bool](repeating: false, count: size * size)
        for place in places { isFormat[place.y * size + place.x] = true }
        var lines = PackedLines(
            size: size, rows: .init(repeating: 0, count: size),
            columns: .init(repeating: 0, count: size), dataRows: .init(repeating: 0, count: size),
            dataColumns: .init(repeating: 0, count: size), formatPlaces: places)
        for y in 0..<size {
            for x in 0..<size {
                let index = y * size + x
                if modules[index] != 0 && !isFormat[index] {
                    lines.rows[y] |= 1 << UInt64(x + 4)
                    lines.columns[x] |= 1 << UInt64(y + 4)
                }
                if isFunction[index] == 0 {
                    lines.dataRows[y] |= 1 << UInt64(x + 4)
                    lines.dataColumns[x] |= 1 << UInt64(y + 4)
                }
            }
        }
        return lines
    }

    /// The penalty `penalty(_:transposed:size:)` gives the symbol with `mask` and the format
    /// information of `errorCorrection` and `mask`.
    static func penalty(
        _ lines: PackedLines, mask: Int, errorCorrection: QRCode.ErrorCorrection,
        rows: inout [UInt64], columns: inout [UInt64]
    ) -> Int {
        let size = lines.size
        let maskRows = Self.maskRows[mask]
        let maskColumns = Self.maskColumns[mask]
        for index in 0..<size {
            rows[index] = lines.rows[index] ^ (maskRows[index % 12] & lines.dataRows[index])
            columns[index] =
                lines.columns[index] ^ (maskColumns[index % 12] & lines.dataColumns[index])
        }
        let format = formatBits(errorCorrection: errorCorrection, mask: mask) | 1 << 15
        for place in lines.formatPlaces where (format >> place.bit) & 1 != 0 {
            rows[place.y] |= 1 << UInt64(place.x + 4)
            columns[place.x] |= 1 << UInt64(place.y + 4)
        }
        let valid: UInt64 = ((1 << UInt64(size)) - 1) << 4
        // Starts of an 11-module window from 4 before the symbol to 4 past it.
        let windowStarts: UInt64 = (1 << UInt64(size - 2)) - 1
        let pairs: UInt64 = ((1 << UInt64(size - 1)) - 1) << 4
        var penalty = 0
        var dark = 0
        for index in 0..<size {
            penalty &+= linePenalty(rows[index], valid: valid, windowStarts: windowStarts)
            penalty &+= linePenalty(columns[index], valid: valid, windowStarts: windowStarts)
            dark &+= rows[index].nonzeroBitCount
            if index + 1 < size {
                let (a, b) = (rows[index], rows[index + 1])
                let sameDown = ~(a ^ b)
                let sameAcross = ~(a ^ (a >> 1))
                penalty &+= 3 * (sameDown & (sameDown >> 1) & sameAcross & pairs).nonzeroBitCount
            }
        }
        let total = size * size
        return penalty + ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
    }

    /// The penalty of the runs of five or more in `colour`, the modules of one colour of a
    /// packed line.
    @inline(__always)
    private static func runPenalty(_ colour: UInt64) -> Int {
        // Bit p: the five modules from p are all of this colour.
        let five = colour & (colour >> 1) & (colour >> 2) & (colour >> 3) & (colour >> 4)
        // A run of n ≥ 5 is n − 4 bits of `five` and one start: 3 + (n − 5) = (n − 4) + 2.
        return five.nonzeroBitCount + 2 * (five & ~(five << 1)).nonzeroBitCount
    }

    /// The run and finder-like penalties of one packed line.
    @inline(__always)
    private static func linePenalty(_ line: UInt64, valid: UInt64, windowStarts: UInt64) -> Int {
        let penalty = runPenalty(line & valid) &+ runPenalty(~line & valid)
        // 0000 1011101 and 1011101 0000, the first module lowest.
        let light = ~line
        var before = windowStarts
        var after = windowStarts
        for k in 0..<11 {
            let dark = line >> UInt64(k)
            let notDark = light >> UInt64(k)
            before &= (0b101_1101_0000 >> k) & 1 != 0 ? dark : notDark
            after &= (0b000_0101_1101 >> k) & 1 != 0 ? dark : notDark
        }
        return penalty &+ 40 * (before.nonzeroBitCount + after.nonzeroBitCount)
    }
}
