// The symbol as it is drawn: function patterns, codewords in the zigzag, masks and their
// penalty, format and version information (ISO/IEC 18004, 6.3, 7.7–7.9).

extension QRCode {
    /// A symbol being drawn: its modules and which of them belong to function patterns.
    struct Symbol {
        let version: Int
        let size: Int
        /// 1 dark, 0 light, row by row.
        var modules: [UInt8]
        /// 1 where a function pattern or the format or version information is.
        var isFunction: [UInt8]

        init(version: Int) {
            precondition((1...40).contains(version), "version \(version)")
            self.version = version
            size = 17 + 4 * version
            modules = [UInt8](repeating: 0, count: size * size)
            isFunction = [UInt8](repeating: 0, count: size * size)
        }

        private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y * size + x] = dark ? 1 : 0
            isFunction[y * size + x] = 1
        }

        // MARK: - Function patterns

        /// Draws the timing, finder (with their separators) and alignment patterns, and
        /// reserves the format and version information (drawn with the mask).
        mutating func drawFunctionPatterns() {
            for index in 0..<size {
                setFunction(6, index, index % 2 == 0)
                setFunction(index, 6, index % 2 == 0)
            }
            drawFinder(3, 3)
            drawFinder(size - 4, 3)
            drawFinder(3, size - 4)
            let positions = Self.alignmentPositions(version: version)
            let last = positions.count - 1
            for (i, x) in positions.enumerated() {
                for (j, y) in positions.enumerated()
                where !(i == 0 && j == 0) && !(i == 0 && j == last) && !(i == last && j == 0) {
                    drawAlignment(x, y)
                }
            }
            drawFormat(errorCorrection: .medium, mask: 0)  // reserved; drawn again at the end
            drawVersion()
        }

        /// A finder pattern centred on (x, y), with its separator: 7 × 7 rings dark, light,
        /// dark 3 × 3, and the light ring around them.
        private mutating func drawFinder(_ x: Int, _ y: Int) {
            for dy in -4...4 {
                for dx in -4...4 {
                    let (column, row) = (x + dx, y + dy)
                    guard column >= 0, column < size, row >= 0, row < size else { continue }
                    let distance = max(abs(dx), abs(dy))
                    setFunction(column, row, distance != 2 && distance != 4)
                }
            }
        }

        /// An alignment pattern centred on (x, y): 5 × 5, dark ring, light ring, dark centre.
        private mutating func drawAlignment(_ x: Int, _ y: Int) {
            for dy in -2...2 {
                for dx in -2...2 {
                    setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1)
                }
            }
        }

        /// The rows and columns of the alignment patterns' centres in `version`.
        static func alignmentPositions(version: Int) -> [Int] {
            guard version > 1 else { return [] }
            let count = version / 7 + 2
            let size = 17 + 4 * version
            let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            var positions = [6]
            var position = size - 7
            while positions.count < count {
                positions.insert(position, at: 1)
                position -= step
            }
            return positions
        }

        /// Draws the 15 bits of format information (the level and the mask, BCH(15, 5),
        /// XOR 0x5412) in both of their places, and the dark module beside them.
        mutating func drawFormat(errorCorrection: ErrorCorrection, mask: Int) {
            Self.writeFormat(
                errorCorrection: errorCorrection, mask: mask, size: size, into: &modules)
            for (index, _) in Self.formatPlaces(size: size) { isFunction[index] = 1 }
            isFunction[(size - 8) * size + 8] = 1
        }

        /// Writes the format information of `errorCorrection` and `mask` into `modules`, a
        /// symbol of `size`, with the dark module beside it.
        static func writeFormat(
            errorCorrection: ErrorCorrection, mask: Int, size: Int, into modules: inout [UInt8]
        ) {
            let bits = formatBits(errorCorrection: errorCorrection, mask: mask)
            for (index, bit) in formatPlaces(size: size) {
                modules[index] = UInt8((bits >> bit) & 1)
            }
            modules[(size - 8) * size + 8] = 1
        }

        /// The 15 bits of format information of `errorCorrection` and `mask`: BCH(15, 5),
        /// XOR 0x5412.
        static func formatBits(errorCorrection: ErrorCorrection, mask: Int) -> Int {
            let data = errorCorrection.formatBits << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            return (data << 10 | remainder) ^ 0x5412
        }

        /// Where each bit of the format information goes in a symbol of `size` (row-major
        /// index, bit number): around the top left finder, and beside the other two.
        static func formatPlaces(size: Int) -> [(index: Int, bit: Int)] {
            var places: [(index: Int, bit: Int)] = []
            places.reserveCapacity(30)
            func place(_ x: Int, _ y: Int, _ bit: Int) { places.append((y * size + x, bit)) }
            for bit in 0...5 { place(8, bit, bit) }
            place(8, 7, 6)
            place(8, 8, 7)
            place(7, 8, 8)
            for bit in 9..<15 { place(14 - bit, 8, bit) }
            for bit in 0..<8 { place(size - 1 - bit, 8, bit) }
            for bit in 8..<15 { place(8, size - 15 + bit, bit) }
            return places
        }

        /// From version 7: the 18 bits of version information (BCH(18, 6)) in its two 6 × 3
        /// blocks.
        private mutating func drawVersion() {
            guard version >= 7 else { return }
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let dark = (bits >> index) & 1 != 0
                let (a, b) = (size - 11 + index % 3, index / 3)
                setFunction(a, b, dark)
                setFunction(b, a, dark)
            }
        }

        // MARK: - Data

        /// The indexes (row by row) of the modules that hold codewords, in the order they hold
        /// their bits: pairs of columns from the right, upwards then downwards, skipping the
        /// vertical timing column and every function module.
        func zigzag() -> [Int] {
            var indexes: [Int] = []
            indexes.reserveCapacity(size * size)
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upward = (right + 1) & 2 == 0
                for step in 0..<size {
                    let row = (upward ? size - 1 - step : step) * size
                    for x in stride(from: right, through: right - 1, by: -1)
                    where isFunction[row + x] == 0 {
                        indexes.append(row + x)
                    }
                }
                right -= 2
            }
            return indexes
        }

        /// Places `codewords` in the zigzag; the remainder bits stay light.
        mutating func place(_ codewords: [UInt8]) {
            let indexes = zigzag()
            precondition(indexes.count >= codewords.count * 8, "\(codewords.count) codewords")
            for (bit, index) in indexes.prefix(codewords.count * 8).enumerated() {
                modules[index] = (codewords[bit >> 3] >> (7 - UInt8(bit & 7))) & 1
            }
        }

        // MARK: - Masks

        /// Whether `mask` inverts the module in column `x` and row `y`.
        static func inverts(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
            switch mask {
            case 0: (x + y) % 2 == 0
            case 1: y % 2 == 0
            case 2: x % 3 == 0
            case 3: (x + y) % 3 == 0
            case 4: (x / 3 + y / 2) % 2 == 0
            case 5: x * y % 2 + x * y % 3 == 0
            case 6: (x * y % 2 + x * y % 3) % 2 == 0
            default: ((x + y) % 2 + x * y % 3) % 2 == 0
            }
        }

        /// Each mask over 12 × 12 modules, row by row (1 where it inverts): every mask repeats
        /// with periods that divide 12 across and down.
        private static let maskTiles: [[UInt8]] = (0..<8).map { mask in
            (0..<144).map { inverts(mask, $0 % 12, $0 / 12) ? 1 : 0 }
        }

        /// `modules` with `mask` applied to its data modules, written into `masked`.
        private func masked(_ mask: Int, into masked: inout [UInt8]) {
            let size = size
            Self.maskTiles[mask].withUnsafeBufferPointer { tile in
                modules.withUnsafeBufferPointer { modules in
                    isFunction.withUnsafeBufferPointer { isFunction in
                        masked.withUnsafeMutableBufferPointer { masked in
                            var index = 0
                            for y in 0..<size {
                                let row = y % 12 * 12
                                var column = 0
                                for _ in 0..<size {
                                    masked[index] =
                                        modules[index]
                                        ^ (tile[row &+ column] & (1 &- isFunction[index]))
                                    index &+= 1
                                    column &+= 1
                                    if column == 12 { column = 0 }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Applies `mask` to the data modules.
        mutating func apply(mask: Int) {
            var result = modules
            masked(mask, into: &result)
            modules = result
        }

        /// The mask whose symbol has the lowest penalty, format information included (the
        /// first of equals).
        func bestMask(errorCorrection: ErrorCorrection) -> Int {
            var best = 0
            var lowest = Int.max
            if size <= Self.largestPackedSize {
                let lines = packed()
                var (rows, columns) = (lines.rows, lines.columns)
                for mask in 0..<8 {
                    let penalty = Self.penalty(
                        lines, mask: mask, errorCorrection: errorCorrection, rows: &rows,
                        columns: &columns)
                    if penalty < lowest {
                        (best, lowest) = (mask, penalty)
                    }
                }
                return best
            }
            var candidate = modules
            var transposed = modules
            for mask in 0..<8 {
                masked(mask, into: &candidate)
                Self.writeFormat(
                    errorCorrection: errorCorrection, mask: mask, size: size, into: &candidate)
                let penalty = Self.penalty(candidate, transposed: &transposed, size: size)
                if penalty < lowest {
                    (best, lowest) = (mask, penalty)
                }
            }
            return best
        }

        /// The penalty of `modules`, a symbol of `size` (ISO/IEC 18004, 7.8.3): runs of five or
        /// more modules of one colour in a row or column (3, plus 1 a module past five), 2 × 2
        /// blocks of one colour (3 each), the finder-like 1:1:3:1:1 pattern with four light
        /// modules on one side (40 each), and 10 for every 5% the dark share is away from half.
        /// `transposed` is room for the columns as rows.
        static func penalty(_ modules: [UInt8], transposed: inout [UInt8], size: Int) -> Int {
            modules.withUnsafeBufferPointer { modules in
                transposed.withUnsafeMutableBufferPointer { transposed in
                    var penalty = 0
                    var dark = 0
                    for y in 0..<size {
                        let row = y &* size
                        penalty &+= linePenalty(modules, from: row, size)
                        for x in 0..<size {
                            let colour = modules[row &+ x]
                            transposed[x &* size &+ y] = colour
                            dark &+= Int(colour)
                        }
                        guard y < size - 1 else { continue }
                        let next = row &+ size
                        for x in 0..<size - 1 {
                            let colour = modules[row &+ x]
                            if colour == modules[row &+ x &+ 1] && colour == modules[next &+ x]
                                && colour == modules[next &+ x &+ 1]
                            {
                                penalty &+= 3
                            }
                        }
                    }
                    let columns = UnsafeBufferPointer(transposed)
                    for x in 0..<size { penalty &+= linePenalty(columns, from: x &* size, size) }
                    let total = size * size
                    return penalty + ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
                }
            }
        }

        /// The penalties of the `count` modules from `start` (a row, or a column transposed):
        /// its runs, and its finder-like patterns (dark light dark dark dark light dark with
        /// four light modules before or after, the outside counting as light).
        @inline(__always)
        private static func linePenalty(
            _ modules: UnsafeBufferPointer<UInt8>, from start: Int, _ count: Int
        ) -> Int {
            var penalty = 0
            var run = 0
            var previous: UInt8 = 2
            // The last 11 modules as bits, the newest lowest; the light outside before. The
            // finder-like patterns are 0000 1011101 (0x05D) and 1011101 0000 (0x5D0): neither
            // can match before the line holds its dark modules, so no position is checked.
            var window: UInt32 = 0
            for index in start..<start &+ count {
                let colour = modules[index]
                if colour == previous {
                    run &+= 1
                } else {
                    if run >= 5 { penalty &+= run &- 2 }
                    run = 1
                    previous = colour
                }
                window = (window << 1 | UInt32(colour)) & 0x7FF
                if window == 0x05D || window == 0x5D0 { penalty &+= 40 }
            }
            if run >= 5 { penalty &+= run &- 2 }
            // Patterns whose four light modules lie past the end, outside the symbol.
            for _ in 0..<4 {
                window = (window << 1) & 0x7FF
                if window == 0x5D0 { penalty &+= 40 }
            }
            return penalty
        }
    }
}
