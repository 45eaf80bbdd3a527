/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks none. Control characters are shown as spaces.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        // Printable ASCII, most text, is one column a byte: no grapheme breaking needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one character takes: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .control { return 1 }
        if first.properties.generalCategory == .nonspacingMark { return 0 }
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

    /// `text` cut to at most `width` columns, ending in `ellipsis` when cut; controls become
    /// spaces.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
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
        return result + ellipsis
    }

    /// `text` cut to at most `width` columns from its start, beginning with `ellipsis` when cut
    /// (the end of a path says the most: `…/ Red toolbox`); controls become spaces.
    public static func truncateLeading(_ text: String, to width: Int, ellipsis: String = "…")
        -> String
    {
        let clean = String(
            text.map { character -> Character in
                character.unicodeScalars.first?.properties.generalCategory == .control
                    ? " " : character
            })
        guard of(clean) > width else { return clean }
        var kept: [Character] = []
        var used = of(ellipsis)
        for character in clean.reversed() {
            let next = self.width(of: character)
            if used + next > width { break }
            kept.append(character)
            used += next
        }
        return ellipsis + String(kept.reversed())
    }
}
