import InventoryKit

/// How a cell is drawn.
public struct CellStyle: OptionSet, Hashable, Sendable {
    /// The styles as bits.
    public let rawValue: UInt8
    /// The styles whose bits `rawValue` holds.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (bright) text.
    public static let bold = CellStyle(rawValue: 1)
    /// Foreground and background swapped, as for the cursor and the current tab.
    public static let inverse = CellStyle(rawValue: 2)
    /// Faint text, for labels and hints.
    public static let dim = CellStyle(rawValue: 4)
    /// The colour of a warning, such as an uninsured item or a question before deleting; shown
    /// only where the terminal may use colour.
    public static let warning = CellStyle(rawValue: 16)
    /// The colour of an error message; bold where the terminal may not use colour.
    public static let error = CellStyle(rawValue: 32)
}

/// One character cell of the screen. A wide character fills its cell and marks the next one
/// as its continuation (`text` empty).
public struct Cell: Hashable, Sendable {
    /// The character drawn in the cell, or empty for the continuation of a wide character.
    public var text: String
    /// How the character is drawn.
    public var style: CellStyle

    /// Creates a cell showing `text` drawn in `style` (a plain space by default).
    public init(_ text: String = " ", style: CellStyle = []) {
        self.text = text
        self.style = style
    }
}

/// A screen's worth of cells: what the browse screens draw into and the terminal shows.
public struct Grid: Hashable, Sendable {
    /// The number of columns, at least one.
    public let width: Int
    /// The number of rows, at least one.
    public let height: Int
    /// The cells row by row, `width` to a row.
    public private(set) var cells: [Cell]

    /// Creates a blank grid of `width` columns and `height` rows (at least one of each).
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
