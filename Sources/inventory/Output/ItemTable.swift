import InventoryKit

/// Items as an aligned table for people, ending with a count and the total worth.
struct ItemTable {
    let items: [HouseholdItem]
    let currency: Currency
    let style: Style
    /// The terminal's width, when printing to one: the columns that do not fit are left out,
    /// the least needed first.
    var width: Int?

    static let maximumNameWidth = 40
    static let maximumLocationWidth = 20
    static let maximumTagsWidth = 24

    /// A column: its header, whether it is right-aligned, and its cell for an item.
    private struct Column {
        let header: String
        let isRightAligned: Bool
        let cell: (HouseholdItem) -> String
    }

    private var columns: [Column] {
        [
            Column(header: "ID", isRightAligned: true) { String($0.id) },
            Column(header: "NAME", isRightAligned: false) {
                DisplayWidth.truncate($0.name, to: Self.maximumNameWidth)
            },
            Column(header: "PRICE", isRightAligned: true) { $0.price?.formatted ?? "—" },
            Column(header: "VALUE", isRightAligned: true) { $0.replacementValue?.formatted ?? "—" },
            Column(header: "QTY", isRightAligned: true) { String($0.quantity) },
            Column(header: "PURCHASED", isRightAligned: false) {
                $0.purchaseDate?.description ?? "—"
            },
            Column(header: "LOCATION", isRightAligned: false) {
                DisplayWidth.truncate($0.location ?? "—", to: Self.maximumLocationWidth)
            },
            Column(header: "TAGS", isRightAligned: false) {
                $0.tags.isEmpty
                    ? "—"
                    : DisplayWidth.truncate(
                        $0.tags.joined(separator: ", "), to: Self.maximumTagsWidth)
            },
            Column(header: "LUXURY", isRightAligned: false) { $0.isLuxury ? "yes" : "no" },
            Column(header: "INSURED", isRightAligned: false) { $0.isInsured ? "yes" : "no" },
        ]
    }

    /// The headers left out first when the terminal is too narrow.
    private static let leftOutFirst = ["TAGS", "LOCATION", "PURCHASED", "VALUE", "QTY"]

    func render() -> String {
        var text = ""
        if !items.isEmpty {
            // A column no item fills is left out.
            var shown = columns.filter { column in
                switch column.header {
                case "VALUE": items.contains { $0.replacementValue != nil }
                case "TAGS": items.contains { !$0.tags.isEmpty }
                default: true
                }
            }
            if let width {
                // Measured once; then the least needed columns go until the rest fits.
                var widths = Dictionary(
                    uniqueKeysWithValues: shown.map { column in
                        (
                            column.header,
                            items.reduce(DisplayWidth.of(column.header)) {
                                max($0, DisplayWidth.of(VisibleText.of(column.cell($1))))
                            }
                        )
                    })
                func total() -> Int {
                    shown.reduce(0) { $0 + widths[$1.header]! } + 2 * (shown.count - 1)
                }
                for header in Self.leftOutFirst where total() > width {
                    shown.removeAll { $0.header == header }
                    widths[header] = nil
                }
            }
            text = makeTable(shown).render()
        }
        let total = items.reduce(Int128(0)) { $0 + ($1.totalWorth ?? 0) }
        let noun = items.count == 1 ? "item" : "items"
        text +=
            "\(items.count) \(noun) · worth \(Money.format(total, currency: currency)) "
            + "\(currency.code)\n"
        return text
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
