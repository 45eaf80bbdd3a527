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
        var text = ""
        if !items.isEmpty {
            var table = TextTable(
                header: header, rows: rows, rightAligned: [0, 2, 3], style: style)
            table.colour = { _, column, cell in
                switch (column, cell.hasPrefix("yes")) {
                case (6, true): style.magenta(cell)
                case (7, false): style.yellow(cell)
                default: cell
                }
            }
            text = table.render()
        }
        let total = items.reduce(Int128(0)) { $0 + ($1.value ?? 0) }
        let noun = items.count == 1 ? "item" : "items"
        text +=
            "\(items.count) \(noun) · total \(Money.format(total, currency: currency)) \(currency.code)\n"
        return text
    }
}
