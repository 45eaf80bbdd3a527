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

/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks none. Control characters are shown as spaces.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .control { return 1 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
            || character.unicodeScalars.contains(where: { $0 == "\u{FE0F}" })
        {
            return 2
        }
        return isWide(first) ? 2 : 1
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut; controls become spaces.
    static func truncate(_ text: String, to width: Int) -> String {
        let clean = String(
            text.map { character -> Character in
                character.unicodeScalars.first?.properties.generalCategory == .control
                    ? " " : character
            })
        guard of(clean) > width else { return clean }
        var result = ""
        var used = 0
        for character in clean {
            let next = self.width(of: character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
