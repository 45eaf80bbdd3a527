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

    @Test("a path cut from its start keeps its end, in columns, wide characters whole")
    func leadingCut() {
        #expect(DisplayWidth.truncateLeading("House / Garage", to: 20) == "House / Garage")
        #expect(
            DisplayWidth.truncateLeading("Home / Shed / Red toolbox", to: 20)
                == "… Shed / Red toolbox")
        #expect(DisplayWidth.truncateLeading("家 / 日本の箱", to: 8) == "…本の箱")
        #expect(DisplayWidth.of(DisplayWidth.truncateLeading("家 / 日本の箱", to: 7)) <= 7)
        #expect(DisplayWidth.truncateLeading("a\nb / c", to: 4, ellipsis: "~") == "~/ c")
    }
}
