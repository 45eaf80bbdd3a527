public import InventoryKit
public import QRCode

/// A kind of label stock: its paper and the exact grid of its labels, as its maker states it.
public struct LabelStock: Sendable, Hashable {
    /// Its name on the command line: `avery-5160`.
    public let name: String
    /// What it is, for people.
    public let summary: String
    /// The paper, as CSS's `@page size` names it.
    public let paper: String
    /// The paper's width, in `unit`.
    public let paperWidth: Double
    /// The paper's height, in `unit`.
    public let paperHeight: Double
    /// The CSS unit of every length: `in` or `mm`.
    public let unit: String
    /// Labels across a page.
    public let columns: Int
    /// Labels down a page.
    public let rows: Int
    /// A label's width.
    public let labelWidth: Double
    /// A label's height.
    public let labelHeight: Double
    /// How far the first label's top edge is from the paper's.
    public let top: Double
    /// How far the first label's left edge is from the paper's.
    public let left: Double
    /// From one label's left edge to the next one's across.
    public let columnPitch: Double
    /// From one label's top edge to the next one's down.
    public let rowPitch: Double

    /// Labels on one page.
    public var perPage: Int { columns * rows }

    /// Every stock a sheet can be written for.
    public static let all: [LabelStock] = [
        LabelStock(
            name: "avery-5160", summary: "Avery 5160/8160, Letter, 30 labels of 2⅝ × 1 in",
            paper: "letter", paperWidth: 8.5, paperHeight: 11, unit: "in", columns: 3, rows: 10,
            labelWidth: 2.625, labelHeight: 1, top: 0.5, left: 0.1875, columnPitch: 2.75,
            rowPitch: 1),
        LabelStock(
            name: "avery-5163", summary: "Avery 5163/8163, Letter, 10 labels of 4 × 2 in",
            paper: "letter", paperWidth: 8.5, paperHeight: 11, unit: "in", columns: 2, rows: 5,
            labelWidth: 4, labelHeight: 2, top: 0.5, left: 0.15625, columnPitch: 4.1875,
            rowPitch: 2),
        LabelStock(
            name: "avery-l7160", summary: "Avery L7160, A4, 21 labels of 63.5 × 38.1 mm",
            paper: "A4", paperWidth: 210, paperHeight: 297, unit: "mm", columns: 3, rows: 7,
            labelWidth: 63.5, labelHeight: 38.1, top: 15.15, left: 7.25, columnPitch: 66.04,
            rowPitch: 38.1),
        LabelStock(
            name: "avery-l7163", summary: "Avery L7163, A4, 14 labels of 99.1 × 38.1 mm",
            paper: "A4", paperWidth: 210, paperHeight: 297, unit: "mm", columns: 2, rows: 7,
            labelWidth: 99.1, labelHeight: 38.1, top: 15.15, left: 4.65, columnPitch: 101.6,
            rowPitch: 38.1),
    ]

    /// The stock called `name`, or nil.
    public static func named(_ name: String) -> LabelStock? {
        all.first { $0.name == name.lowercased() }
    }
}

/// A page of labels ready to print on a stock: each label its QR code, its number and what it
/// is on. One HTML file with everything in it (each code an inline SVG), printed at the
/// stock's exact grid: print it at 100%, without the browser's margins, headers or footers.
public struct LabelSheet: Sendable {
    /// One label of the sheet.
    public struct Entry: Sendable, Hashable {
        /// The label.
        public var label: InventoryLabel
        /// What it is on, in a few words (an item's name, a place's path).
        public var title: String
        /// A second line (where an item is), if any.
        public var detail: String?

        /// A label for `title`, with `detail` below.
        public init(label: InventoryLabel, title: String, detail: String? = nil) {
            self.label = label
            self.title = title
            self.detail = detail
        }
    }

    /// The stock it is printed on.
    public var stock: LabelStock
    /// The labels, in order.
    public var entries: [Entry]
    /// The address a code opens: the label's page on `serve` under it (`BASE/L/000-042`); the
    /// code holds the label's number alone without one.
    public var baseURL: String?
    /// Positions of the first page left empty (labels already used).
    public var skip: Int

    /// A sheet of `entries` on `stock`.
    public init(stock: LabelStock, entries: [Entry], baseURL: String? = nil, skip: Int = 0) {
        self.stock = stock
        self.entries = entries
        self.baseURL = baseURL
        self.skip = skip
    }

    /// How many pages it takes.
    public var pageCount: Int {
        max(1, (skip + entries.count + stock.perPage - 1) / stock.perPage)
    }

    /// What the code of `label` holds: its address under `baseURL`, or its number. An
    /// address with nothing after its host is written in capitals, which a URL allows there
    /// (`HTTP://HOUSE.LAN:8080/L/000-042`): a QR code then holds it in its alphanumeric mode,
    /// in a smaller symbol of bigger modules.
    public func payload(of label: InventoryLabel) -> String {
        guard var base = baseURL else { return label.text }
        while base.hasSuffix("/") { base.removeLast() }
        let url = base + "/L/" + label.text
        let parts = base.split(separator: "/", omittingEmptySubsequences: false)
        // `scheme:`, ``, `host[:port]`: an address with no path, query or fragment.
        guard parts.count == 3, parts[0].hasSuffix(":"), parts[1].isEmpty,
            !base.contains("?"), !base.contains("#")
        else { return url }
        return url.uppercased()
    }

    /// The page.
    ///
    /// - Throws: `QRCodeError` for an address too long for a code.
    public func html() throws(QRCodeError) -> String {
        let unit = stock.unit
        func length(_ value: Double) -> String {
            let rounded = (value * 10_000).rounded() / 10_000
            return String(rounded) + unit
        }
        var html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"/>\
            <title>Labels</title><style>
            @page { size: \(stock.paper); margin: 0; }
            html, body { margin: 0; padding: 0; }
            .sheet { position: relative; width: \(length(stock.paperWidth)); \
            height: \(length(stock.paperHeight)); overflow: hidden; break-after: page; }
            .sheet:last-child { break-after: auto; }
            .label { position: absolute; box-sizing: border-box; \
            width: \(length(stock.labelWidth)); height: \(length(stock.labelHeight)); \
            padding: 1.5mm 2mm; display: flex; gap: 2mm; align-items: center; overflow: hidden; \
            font: 8pt system-ui, sans-serif; color: #000; }
            .label svg { height: 100%; width: auto; aspect-ratio: 1; flex: none; }
            .text { min-width: 0; }
            .id { font: bold 11pt ui-monospace, monospace; letter-spacing: 0.02em; }
            .title { overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; \
            -webkit-box-orient: vertical; overflow-wrap: anywhere; }
            .detail { color: #444; font-size: 6.5pt; white-space: nowrap; overflow: hidden; \
            text-overflow: ellipsis; }
            @media screen {
              body { background: #8a8a8a; }
              .sheet { background: #fff; margin: 8mm auto; }
              .label { outline: 1px dashed #bbb; }
            }
            </style></head><body>
            """
        var position = skip
        for page in 0..<pageCount {
            html += "<div class=\"sheet\">"
            while position < (page + 1) * stock.perPage, position - skip < entries.count {
                let entry = entries[position - skip]
                let slot = position % stock.perPage
                let (row, column) = (slot / stock.columns, slot % stock.columns)
                let code = try QRCode(encoding: payload(of: entry.label))
                html +=
                    "<div class=\"label\" style=\"left: "
                    + length(stock.left + Double(column) * stock.columnPitch) + "; top: "
                    + length(stock.top + Double(row) * stock.rowPitch) + "\">"
                    + code.svg(quietZone: 2) + "<div class=\"text\"><div class=\"id\">"
                    + entry.label.text + "</div><div class=\"title\">"
                    + HTMLText.escape(entry.title) + "</div>"
                    + (entry.detail.map {
                        "<div class=\"detail\">" + HTMLText.escape($0) + "</div>"
                    }
                        ?? "") + "</div></div>"
                position += 1
            }
            html += "</div>"
        }
        return html + "</body></html>\n"
    }
}
