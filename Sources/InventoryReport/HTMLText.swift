package import Plot

/// Text made safe for HTML and CSS. Plot 0.14 writes attribute values as given and, in text,
/// keeps what looks like an entity (`&amp;` stays `&amp;`, so a name typed as `&lt;b&gt;`
/// would show as `<b>`), so every text of the report goes through here instead: what was
/// typed is what is shown, whatever it holds.
package enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references: safe in text
    /// and in a quoted attribute value alike.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `text` as a quoted CSS string: every character but letters, digits, spaces and common
    /// punctuation written as a CSS escape, so it can neither end the string nor the
    /// `<style>` element it is in.
    package static func cssString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let plain =
                (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x61 && value <= 0x7A)
                || " .,:;-_()!?#%+=@".unicodeScalars.contains(scalar)
                || value >= 0xA0
            if plain {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\" + String(value, radix: 16) + " "
            }
        }
        return result + "\""
    }
}

extension Node {
    /// A text node holding `text` exactly (see `HTMLText`).
    package static func plain(_ text: String) -> Node { .raw(HTMLText.escape(text)) }

    /// An attribute whose value is `value` exactly (see `HTMLText`).
    package static func safeAttribute(_ name: String, _ value: String) -> Node {
        .attribute(named: name, value: HTMLText.escape(value))
    }
}

extension Attribute {
    /// An attribute whose value is `value` exactly (see `HTMLText`).
    package static func safeAttribute(_ name: String, _ value: String) -> Attribute {
        Attribute(name: name, value: HTMLText.escape(value))
    }
}
