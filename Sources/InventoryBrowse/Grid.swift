import InventoryKit

/// How a cell is drawn.
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellStyle(rawValue: 1)
    public static let inverse = CellStyle(rawValue: 2)
    public static let dim = CellStyle(rawValue: 4)
    /// Colours, shown only where the terminal may use colour.
    public static let warning = CellStyle(rawValue: 16)
    public static let error = CellStyle(rawValue: 32)
}

/// One character cell of the screen. A wide character fills its cell and marks the next one
/// as its continuation (`text` empty).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = []) {
        self.text = text
        self.style = style
    }
}

/// A screen's worth of cells: what the browse screens draw into and the terminal shows.
public struct Grid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// Writes `text` at `row`, `column`, cut to `maxWidth` columns (to the edge by default),
    /// ending in "…" (or "~") when cut. Returns the column after the text.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, style: CellStyle = [], maxWidth: Int? = nil,
        ellipsis: String = "…"
    ) -> Int {
        guard (0..<height).contains(row), column < width else { return column }
        let limit = min(width - column, maxWidth ?? width)
        let fitted =
            DisplayWidth.of(text) > limit
            ? DisplayWidth.truncate(text, to: limit, ellipsis: ellipsis) : text
        var position = column
        for character in fitted {
            let columns = max(1, DisplayWidth.width(of: character))
            guard position + columns <= column + limit, position >= 0 else { break }
            let shown =
                character.unicodeScalars.first?.properties.generalCategory == .control
                ? " " : String(character)
            cells[row * width + position] = Cell(shown, style: style)
            if columns == 2 { cells[row * width + position + 1] = Cell("", style: style) }
            position += columns
        }
        return position
    }

    /// Gives the cells of `row` from `column` (to the edge by default) the style `style`,
    /// filling with spaces.
    public mutating func fill(row: Int, from column: Int = 0, to end: Int? = nil, style: CellStyle)
    {
        guard (0..<height).contains(row) else { return }
        for position in max(0, column)..<min(width, end ?? width) {
            cells[row * width + position].style = style
        }
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * width)..<((row + 1) * width)]
    }

    /// One row as plain text, trailing spaces removed (for tests and the README).
    public func text(ofRow row: Int) -> String {
        var text = self.row(row).map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole screen as plain text.
    public var text: String {
        (0..<height).map { text(ofRow: $0) }.joined(separator: "\n")
    }
}
