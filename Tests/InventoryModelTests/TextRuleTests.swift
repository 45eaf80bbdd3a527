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

    @Test(
        arguments: [
            "Zero\u{200B}width", "Soft\u{AD}hyphen", "\u{FEFF}Mark", "Word\u{2060}joiner",
            "Right\u{202E}left", "Iso\u{2066}late", "Hangul\u{3164}filler", "Tag\u{E0041}",
            "Left\u{200E}mark",
        ])
    func everyInvisibleCharacterIsRefusedAlike(text: String) throws {
        #expect(rule(text, multiline: false) == nil, "\(text.debugDescription)")
        #expect(rule(text, multiline: true) == nil, "\(text.debugDescription)")
        let error = #expect(throws: InventoryError.self) {
            try ItemValidation.text(text, field: .name)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("invisible character (U+"))
    }

    @Test(
        arguments: [
            "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "Heart \u{2764}\u{FE0F}",
            "Flag \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0645}",
        ])
    func theInvisibleCharactersWritingNeedsAreKept(text: String) {
        #expect(rule(text, multiline: false, limit: 200) == text, "\(text.debugDescription)")
    }
}
