import InventoryKit

/// Items as an aligned table for people, ending with a count and total line.
struct ItemTable {
    let items: [HouseholdItem]
    let currency: Currency
    let style: Style

    static let maximumNameWidth = 40
    static let maximumLocationWidth = 20

    func render() -> String {
        let header = ["ID", "NAME", "PRICE", "QTY", "PURCHASED", "LOCATION", "LUXURY", "INSURED"]
        let rightAligned: Set<Int> = [0, 2, 3]
        let rows: [[String]] = items.map { item in
            [
                String(item.id),
                DisplayWidth.truncate(item.name, to: Self.maximumNameWidth),
                item.price?.formatted ?? "—",
                String(item.quantity),
                item.purchaseDate?.description ?? "—",
                DisplayWidth.truncate(item.location ?? "—", to: Self.maximumLocationWidth),
                item.isLuxury ? "yes" : "no",
                item.isInsured ? "yes" : "no",
            ]
        }
        var widths = header.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String], styled: (Int, String) -> String) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                let padded = rightAligned.contains(column) ? padding + cell : cell + padding
                return styled(column, padded)
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        var text = ""
        if !items.isEmpty {
            text += line(header) { _, cell in style.bold(cell) }
            for row in rows {
                text += line(row) { column, cell in
                    switch (column, cell.hasPrefix("yes")) {
                    case (6, true): style.magenta(cell)
                    case (7, false): style.yellow(cell)
                    default: cell
                    }
                }
            }
        }
        let total = items.reduce(Int128(0)) { $0 + ($1.value ?? 0) }
        let noun = items.count == 1 ? "item" : "items"
        text +=
            "\(items.count) \(noun) · total \(Money.format(total, currency: currency)) \(currency.code)\n"
        return text
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
