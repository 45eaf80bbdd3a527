import InventoryTestSupport
import Testing

@testable import InventoryModel

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("printable ASCII takes a column a byte; other text goes by grapheme")
    func widths() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Red Lamp 12") == 11)
        #expect(DisplayWidth.of("Cafe\u{0301}") == 4)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("📷 camera") == 9)
        #expect(DisplayWidth.of("a\tb") == 3)
    }
}
