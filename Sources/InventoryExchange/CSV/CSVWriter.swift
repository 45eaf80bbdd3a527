public import InventoryKit

/// Writes CSV records, the one rule for every CSV the tool writes (exports, `list --csv`, a
/// claim's loss inventory, an import's rejected rows): a text that a spreadsheet would run as
/// a formula gets an apostrophe before it (`neutralized`), and a field is quoted as RFC 4180
/// does when it holds the separator, a quote, a line break, or begins or ends with a space or
/// a tab; quotes inside are doubled.
public enum CSVWriter {
    /// Appends one record and its line end to `bytes`.
    public static func appendRecord(
        _ fields: [String], separator: UInt8 = UInt8(ascii: ","), lineEnd: String = "\r\n",
        to bytes: inout [UInt8]
    ) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(separator) }
            appendField(field, separator: separator, to: &bytes)
        }
        bytes.append(contentsOf: lineEnd.utf8)
    }

    /// Appends one field: neutralized, and quoted if it must be.
    public static func appendField(
        _ field: String, separator: UInt8 = UInt8(ascii: ","), to bytes: inout [UInt8]
    ) {
        let utf8 = field.utf8
        let (apostrophe, quotes) = layout(of: utf8, separator: separator)
        if quotes { bytes.append(0x22) }
        if apostrophe { bytes.append(UInt8(ascii: "'")) }
        guard quotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    /// Appends one field to an output buffer, as `appendField(_:separator:to:)` does.
    public static func appendField(
        _ field: String, separator: UInt8 = UInt8(ascii: ","), to bytes: inout OutputBytes
    ) {
        let utf8 = field.utf8
        let (apostrophe, quotes) = layout(of: utf8, separator: separator)
        if quotes { bytes.append(0x22) }
        if apostrophe { bytes.append(UInt8(ascii: "'")) }
        guard quotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    /// Whether a field is written with an apostrophe before it, and whether it is quoted.
    private static func layout(of utf8: String.UTF8View, separator: UInt8) -> (Bool, Bool) {
        let apostrophe = startsFormula(utf8)
        let quotes =
            utf8.contains { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || (!apostrophe && (utf8.first == 0x20 || utf8.first == 0x09))
            || utf8.last == 0x20 || utf8.last == 0x09
        return (apostrophe, quotes)
    }

    /// Whether `utf8`, after any apostrophes, begins with a character that makes a spreadsheet
    /// read the cell as a formula (= + - @, a tab or a carriage return).
    static func startsFormula(_ utf8: String.UTF8View) -> Bool {
        guard let first = utf8.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        return first == UInt8(ascii: "=") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: "-") || first == UInt8(ascii: "@") || first == 0x09
            || first == 0x0D
    }

    /// A text cell made safe to open in a spreadsheet: when its first character after any
    /// apostrophes would start a formula (`=SUM(…)`, `-20°C Freezer`), an apostrophe is put
    /// before it, as newer Homebox does; `restoredCell` takes exactly that one off again.
    /// `appendField` writes every field so.
    public static func neutralized(_ text: String) -> String {
        startsFormula(text.utf8) ? "'" + text : text
    }

    /// A cell as it was before `neutralized`.
    public static func restoredCell(_ text: String) -> String {
        guard text.utf8.first == UInt8(ascii: "'"), startsFormula(text.utf8) else { return text }
        return String(text.unicodeScalars.dropFirst())
    }
}
