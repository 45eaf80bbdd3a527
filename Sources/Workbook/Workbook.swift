/// A spreadsheet to write as an Excel workbook: sheets of typed cells, with what a reader
/// needs to see them right (column widths, a frozen header, how money is shown). It holds no
/// file format: `inventory-server workbook` writes it with libxlsxwriter (`WorkbookWriter`),
/// and the command line, which links no C library but SQLite, hands it over as JSON.
public struct Workbook: Codable, Sendable, Hashable {
    /// The sheets, in order.
    public var sheets: [Worksheet]
    /// The Excel number format of money cells, such as `#,##0.00 "USD"`.
    public var moneyFormat: String

    /// A workbook of `sheets`.
    public init(sheets: [Worksheet], moneyFormat: String) {
        self.sheets = sheets
        self.moneyFormat = moneyFormat
    }
}

/// One sheet: a header row of column titles, then rows of cells.
public struct Worksheet: Codable, Sendable, Hashable {
    /// A column: its title in the header row and its width in characters.
    public struct Column: Codable, Sendable, Hashable {
        /// The header's text.
        public var title: String
        /// The width, in characters of the default font.
        public var width: Double

        /// A column titled `title`, `width` characters wide.
        public init(_ title: String, width: Double) {
            self.title = title
            self.width = width
        }
    }

    /// The tab's name (at most 31 characters, none of `[]:*?/\`).
    public var name: String
    /// The columns.
    public var columns: [Column]
    /// The rows under the header.
    public var rows: [[Cell]]
    /// Whether the header row stays in view when the rows scroll.
    public var freezesHeader: Bool

    /// A sheet named `name`.
    public init(name: String, columns: [Column], rows: [[Cell]], freezesHeader: Bool = true) {
        self.name = name
        self.columns = columns
        self.rows = rows
        self.freezesHeader = freezesHeader
    }
}

/// A cell's value, typed as a spreadsheet types it.
public enum Cell: Codable, Sendable, Hashable {
    /// Nothing.
    case empty
    /// Text.
    case text(String)
    /// A count.
    case integer(Int)
    /// An amount of money, as a decimal string ("1234.50"), shown with the money format.
    case money(String)
    /// A fraction shown as a percentage: 0.525 is 52.5 %.
    case percent(Double)
    /// A day, `YYYY-MM-DD`, shown as one.
    case date(String)

    /// The cell as a CSV field or a plain reader shows it: money and days as written,
    /// percentages as their number ("52.5", "8.875").
    public var plainText: String {
        switch self {
        case .empty: ""
        case .text(let text): text
        case .integer(let value): String(value)
        case .money(let decimal): decimal
        case .percent(let fraction): Self.percentText(fraction)
        case .date(let day): day
        }
    }

    /// 0.525 → "52.5", 0.8 → "80", 0.08875 → "8.875": to four decimals of a percent.
    static func percentText(_ fraction: Double) -> String {
        let units = Int((fraction * 1_000_000).rounded())  // ten-thousandths of a percent
        var decimals = String(units % 10_000)
        guard decimals != "0" else { return String(units / 10_000) }
        decimals = String(repeating: "0", count: 4 - decimals.count) + decimals
        while decimals.last == "0" { decimals.removeLast() }
        return "\(units / 10_000).\(decimals)"
    }
}
