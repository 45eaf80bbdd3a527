/// Text made safe to show on a terminal: a control character (an escape sequence that would
/// retitle or clear the terminal, a carriage return that would overwrite a line) is shown as
/// `\u{1b}` instead of being sent raw. What is stored is not changed.
public enum VisibleText {
    /// `text` with every control character written out as `\u{…}`; a line break and a tab are
    /// kept when `keepingLineBreaks` (for multi-line fields shown on their own lines), and are
    /// otherwise written out too.
    public static func of(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard
            text.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control
                    && !(keepingLineBreaks && ($0 == "\n" || $0 == "\t"))
            })
        else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control
                && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
            {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
