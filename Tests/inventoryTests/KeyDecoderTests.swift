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
        #expect(decoder.keys(from: [0xC3]) == [])
        #expect(decoder.keys(from: [0xA9]) == [.character("é")], "a character split across reads")
    }

    /// An ESC at the end of a read waits for the caller's verdict: more bytes make it a
    /// sequence, none make it the Escape key.
    @Test func anEscapeAtTheEndOfAReadIsDecidedByWhatFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]) == [])
        #expect(decoder.awaitsLoneEscape && decoder.awaitsEscapeSequence)
        #expect(decoder.keys(from: Array("[B".utf8)) == [.down], "a sequence cut after ESC")
        #expect(!decoder.awaitsEscapeSequence)

        #expect(decoder.keys(from: [0x1B]) == [])
        #expect(decoder.flush() == [.escape], "nothing followed: the Escape key")
        #expect(decoder.flush() == [])

        #expect(decoder.keys(from: Array("j\u{1B}[6".utf8)) == [.character("j")])
        #expect(decoder.awaitsEscapeSequence && !decoder.awaitsLoneEscape)
        #expect(decoder.keys(from: Array("~".utf8)) == [.pageDown], "a sequence cut inside")

        #expect(decoder.keys(from: Array("\u{1B}[1".utf8)) == [])
        #expect(
            decoder.flush() == [.escape, .character("["), .character("1")],
            "a sequence that never ends is typed text after an Escape")
        #expect(
            decoder.keys(from: Array("\u{1B}j\u{1B}\u{1B}[A".utf8)) == [
                .escape, .character("j"), .escape, .up,
            ], "Escape, then a key, in one read")
        let long = [0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 40)
        #expect(decoder.keys(from: long).count == 42, "past 32 bytes it is not a sequence")
    }
}
