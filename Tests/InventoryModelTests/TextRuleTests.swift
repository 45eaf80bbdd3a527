import Testing

@testable import InventoryModel

/// `ItemValidation.text` reads plain ASCII without Unicode tables; what it says of such text
/// must be what the whole rule says.
@Suite struct TextRuleTests {
    /// The text as stored, "<none>" for no text, nil when refused.
    func rule(_ text: String, multiline: Bool, limit: Int = 20) -> String? {
        do {
            return try ItemValidation.text(text, field: .notes, limit: limit, multiline: multiline)
                ?? "<none>"
        } catch {
            return nil
        }
    }

    @Test(
        arguments: [
            ("Desk", "Desk", "Desk"), (" Desk ", "Desk", "Desk"), ("a\tb", nil, "a\tb"),
            ("a\nb", nil, "a\nb"), ("a\r\nb", nil, "a\nb"), ("a\rb", nil, nil),
            ("\u{7F}x", nil, nil), ("x\u{1B}[31m", nil, nil), ("", "<none>", "<none>"),
            ("   ", "<none>", "<none>"), ("Desk\n", "Desk", "Desk"), ("~!", "~!", "~!"),
        ] as [(String, String?, String?)])
    func plainASCIIIsReadAsTheWholeRuleReadsIt(text: String, oneLine: String?, long: String?) {
        #expect(rule(text, multiline: false) == oneLine, "\(text.debugDescription)")
        #expect(rule(text, multiline: true) == long, "\(text.debugDescription)")
    }

    @Test func theLimitCountsCharactersEitherWay() {
        #expect(rule(String(repeating: "x", count: 20), multiline: false) != nil)
        #expect(rule(String(repeating: "x", count: 21), multiline: false) == nil)
        #expect(rule(String(repeating: "é", count: 20), multiline: false) != nil)
        #expect(rule(String(repeating: "é", count: 21), multiline: false) == nil)
    }
}
