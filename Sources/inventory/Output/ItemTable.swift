import InventoryKit

/// Items as an aligned table for people, ending with a count and the total worth.
struct ItemTable {
    let items: [HouseholdItem]
    let currency: Currency
    let style: Style
    /// The terminal's width, when printing to one: the columns that do not fit are left out,
    /// the least needed first.
    var width: Int?
    /// Fields of the household's own shown as columns, last (`list --columns`).
    var ownFields: [CustomField] = []

    static let maximumNameWidth = 40
    static let maximumLocationWidth = 20
    static let maximumTagsWidth = 24

    /// A column: its header, whether it is right-aligned, its cell for an item, and how narrow
    /// it may be cut before a column is left out (nil: never cut).
    private struct Column {
        let header: String
        let isRightAligned: Bool
        var narrowest: Int? = nil
        let cell: (HouseholdItem) -> String
    }

    /// Every column, text cut to `widths` (by header) where given, else to its usual width.
    private func columns(widths: [String: Int] = [:]) -> [Column] {
        func cut(_ text: String, _ header: String, _ usual: Int) -> String {
            DisplayWidth.truncate(text, to: widths[header] ?? usual)
        }
        return [
            Column(header: "ID", isRightAligned: true) { String($0.id) },
            Column(header: "NAME", isRightAligned: false, narrowest: 16) {
                cut($0.name, "NAME", Self.maximumNameWidth)
            },
            Column(header: "PRICE", isRightAligned: true) { $0.price?.formatted ?? "—" },
            Column(header: "VALUE", isRightAligned: true) { $0.replacementValue?.formatted ?? "—" },
            // What the total adds up: PRICE and VALUE in one column when both do not fit.
            Column(header: "WORTH", isRightAligned: true) { $0.worth?.formatted ?? "—" },
            Column(header: "QTY", isRightAligned: true) { String($0.quantity) },
            Column(header: "PURCHASED", isRightAligned: false) {
                $0.purchaseDate?.description ?? "—"
            },
            Column(header: "LOCATION", isRightAligned: false, narrowest: 10) {
                // The end of a path says the most: the room, the box.
                DisplayWidth.truncateLeading(
                    $0.location ?? "—", to: widths["LOCATION"] ?? Self.maximumLocationWidth)
            },
            Column(header: "TAGS", isRightAligned: false, narrowest: 10) {
                $0.tags.isEmpty
                    ? "—" : cut($0.tags.joined(separator: ", "), "TAGS", Self.maximumTagsWidth)
            },
            Column(header: "LUXURY", isRightAligned: false) { $0.isLuxury ? "yes" : "no" },
            Column(header: "INSURED", isRightAligned: false) { $0.isInsured ? "yes" : "no" },
        ]
            + ownFields.map { field in
                let header = field.name.uppercased()
                var isNumber = false
                if case .number = field.kind { isNumber = true }
                if case .money = field.kind { isNumber = true }
                return Column(header: header, isRightAligned: isNumber, narrowest: 8) {
                    cut($0.customFields[field.key] ?? "—", header, 24)
                }
            }
    }

    /// The columns cut narrower first when the terminal is too narrow, the most cut first.
    private static let cutFirst = ["TAGS", "LOCATION", "NAME"]
    /// The headers left out, in this order, when cutting was not enough: never an amount.
    private static let leftOutFirst = ["TAGS", "LOCATION", "PURCHASED", "QTY"]

    func render() -> String {
        var text = ""
        var leftOut: [String] = []
        if !items.isEmpty {
            // A column no item fills is left out, and WORTH stands in for PRICE and VALUE
            // only when they do not fit.
            let hasValues = items.contains { $0.replacementValue != nil }
            var shown = columns().filter { column in
                switch column.header {
                case "VALUE": hasValues
                case "WORTH": false
                case "TAGS": items.contains { !$0.tags.isEmpty }
                default: true
                }
            }
            var caps: [String: Int] = [:]
            if let width {
                func measure(_ column: Column) -> Int {
                    items.reduce(DisplayWidth.of(column.header)) {
                        max($0, DisplayWidth.of(VisibleText.of(column.cell($1))))
                    }
                }
                var widths = Dictionary(
                    uniqueKeysWithValues: shown.map { ($0.header, measure($0)) })
                func total() -> Int {
                    shown.reduce(0) { $0 + widths[$1.header]! } + 2 * (shown.count - 1)
                }
                // First the long texts are cut, down to their narrowest.
                for header in Self.cutFirst where total() > width {
                    guard let column = shown.first(where: { $0.header == header }),
                        let narrowest = column.narrowest, let current = widths[header],
                        current > narrowest
                    else { continue }
                    let cut = max(narrowest, current - (total() - width))
                    widths[header] = cut
                    caps[header] = cut
                }
                // Then one amount column instead of two.
                if total() > width, hasValues,
                    let worth = columns().first(where: { $0.header == "WORTH" }),
                    let price = shown.firstIndex(where: { $0.header == "PRICE" })
                {
                    shown.removeAll { $0.header == "VALUE" }
                    shown[price] = worth
                    widths["PRICE"] = nil
                    widths["VALUE"] = nil
                    widths["WORTH"] = measure(worth)
                    // What the merge freed goes back to the texts cut before it.
                    for header in Self.cutFirst.reversed() where total() < width {
                        guard let cut = caps[header],
                            let column = shown.first(where: { $0.header == header })
                        else { continue }
                        let full = measure(column)
                        let wider = min(full, cut + (width - total()))
                        widths[header] = wider
                        caps[header] = wider == full ? nil : wider
                    }
                }
                // Then the least needed columns go, each named in a note under the table.
                for header in Self.leftOutFirst where total() > width {
                    guard shown.contains(where: { $0.header == header }) else { continue }
                    shown.removeAll { $0.header == header }
                    widths[header] = nil
                    leftOut.append(header)
                }
            }
            let final = columns(widths: caps).filter { column in
                shown.contains { $0.header == column.header }
            }
            text = makeTable(final).render()
        }
        let total = items.reduce(Int128(0)) { $0 + ($1.totalWorth ?? 0) }
        let noun = items.count == 1 ? "item" : "items"
        text +=
            "\(items.count) \(noun) · worth \(Money.format(total, currency: currency)) "
            + "\(currency.code)\n"
        if !leftOut.isEmpty {
            let note =
                "(not shown at this width: \(leftOut.joined(separator: ", ")); a wider "
                + "window or --json shows every column)"
            text += Self.wrapped(note, width: width ?? note.count)
        }
        return text
    }

    /// `text` in lines of at most `width` columns, broken between words.
    private static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func makeTable(_ shown: [Column]) -> TextTable {
        let rows = items.map { item in shown.map { $0.cell(item) } }
        let rightAligned = Set(shown.indices.filter { shown[$0].isRightAligned })
        var table = TextTable(
            header: shown.map(\.header), rows: rows, rightAligned: rightAligned, style: style)
        let luxury = shown.firstIndex { $0.header == "LUXURY" }
        let insured = shown.firstIndex { $0.header == "INSURED" }
        table.colour = { [style] _, column, cell in
            switch (column, cell.hasPrefix("yes")) {
            case (luxury, true): style.magenta(cell)
            case (insured, false): style.yellow(cell)
            default: cell
            }
        }
        return table
    }
}
