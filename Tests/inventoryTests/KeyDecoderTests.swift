import InventoryBrowse
import Testing

@testable import inventory

@Suite struct KeyDecoderTests {
    @Test func keysAreDecodedFromTerminalBytes() {
        var decoder = KeyDecoder()
        #expect(
            decoder.keys(from: Array("a/é".utf8)) == [
                .character("a"), .character("/"), .character("é"),
            ])
        #expect(
            decoder.keys(from: [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x36, 0x7E, 0x1B, 0x4F, 0x48]) == [
                .up, .pageDown, .home,
            ])
        #expect(
            decoder.keys(from: [0x0D, 0x7F, 0x09, 0x1B, 0x5B, 0x5A, 0x03]) == [
                .enter, .backspace, .tab, .backTab, .controlC,
            ])
        #expect(decoder.keys(from: [0x1B]) == [.escape])
        #expect(decoder.keys(from: [0xC3]) == [])
        #expect(decoder.keys(from: [0xA9]) == [.character("é")], "a character split across reads")
    }
}
