import InventoryKit

/// An aligned table for people: a bold header, then rows, columns two spaces apart, measured
/// in terminal columns (wide characters count twice). Control characters in a cell are shown
/// written out, never sent raw.
struct TextTable {
    let header: [String]
    let rows: [[String]]
    let rightAligned: Set<Int>
    let style: Style
    /// Colours one padded cell, given its row and column (identity by default).
    var colour: (_ row: Int, _ column: Int, _ cell: String) -> String = { _, _, cell in cell }

    /// The table, one line per row, each ending in a line feed.
    func render() -> String {
        let rows = rows.map { $0.map { VisibleText.of($0) } }
        var widths = header.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String], styled: (Int, String) -> String) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                return styled(
                    column, rightAligned.contains(column) ? padding + cell : cell + padding)
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return line(header) { _, cell in style.bold(cell) }
            + rows.enumerated().map { index, row in line(row) { colour(index, $0, $1) } }.joined()
    }
}

extension String {
    /// The string without its trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
