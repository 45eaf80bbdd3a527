import Foundation
import InventoryModel
import Testing

@testable import InventoryExchange

/// Strings as the JSON listings and exports write them: escaped where JSON or a terminal needs
/// it, and read back by any JSON reader as they were.
@Suite struct ItemJSONStringTests {
    func json(_ text: String?) -> String {
        var bytes = OutputBytes()
        ItemJSON.appendString(text, to: &bytes)
        return bytes.string
    }

    @Test func plainTextGoesInAsItIs() {
        #expect(json("Red Lamp 0") == #""Red Lamp 0""#)
        #expect(json("é 📷 € …") == #""é 📷 € …""#)
        #expect(json("") == #""""#)
        #expect(json(nil) == "null")
    }

    @Test func whatJSONOrATerminalCannotTakeRawIsEscaped() {
        #expect(json("a\"b\\c") == #""a\"b\\c""#)
        #expect(json("\n\r\t") == #""\n\r\t""#)
        #expect(json("bell\u{7} del\u{7F}") == #""bell\u0007 del\u007f""#)
        #expect(json("c1\u{85}") == #""c1\u0085""#)
        #expect(json("line\u{2028}para\u{2029}") == #""line\u2028para\u2029""#)
        // Lead bytes of sequences that need nothing: written as they are.
        #expect(json("\u{A0}é\u{2026}\u{20AC}") == "\"\u{A0}é\u{2026}\u{20AC}\"")
    }

    @Test func everyStringReadsBackAsItWas() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", " ", "\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{A0}", "é",
            "\u{2028}", "\u{2029}", "\u{2026}", "€", "📷", "\u{E2}",
        ]
        for _ in 0..<500 {
            let count = Int.random(in: 0..<12, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let read = try JSONSerialization.jsonObject(
                with: Data(json(text).utf8), options: .fragmentsAllowed)
            #expect(read as? String == text, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
