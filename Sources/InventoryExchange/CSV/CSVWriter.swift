/// Writes CSV records as RFC 4180 does: a field is quoted when it holds the separator, a
/// quote, a line break, or begins or ends with a space; quotes inside are doubled.
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

    /// Appends one field, quoted if it must be.
    public static func appendField(
        _ field: String, separator: UInt8 = UInt8(ascii: ","), to bytes: inout [UInt8]
    ) {
        let utf8 = field.utf8
        let needsQuotes =
            utf8.contains { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || utf8.first == 0x20 || utf8.last == 0x20 || utf8.first == 0x09
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// A text cell made safe to open in a spreadsheet: when its first character after any
    /// apostrophes would start a formula (`=SUM(…)`, `-20°C Freezer`), an apostrophe is put
    /// before it, as newer Homebox does; `restoredCell` takes exactly that one off again.
    public static func neutralized(_ text: String) -> String {
        guard let first = text.first(where: { $0 != "'" }), formulaStarts.contains(first)
        else { return text }
        return "'" + text
    }

    /// A cell as it was before `neutralized`.
    public static func restoredCell(_ text: String) -> String {
        guard text.first == "'", let first = text.first(where: { $0 != "'" }),
            formulaStarts.contains(first)
        else { return text }
        return String(text.dropFirst())
    }
}
