import InventoryFiles
import Testing

@Suite struct HexadecimalTests {
    @Test func everyByteIsTwoLowercaseDigitsAndReadsBack() {
        let all = (0...255).map { UInt8($0) }
        let text = Hexadecimal.string(all)
        #expect(text.count == 512)
        #expect(text.hasPrefix("000102030405060708090a0b0c0d0e0f10"))
        #expect(text.hasSuffix("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"))
        #expect(Hexadecimal.bytes(text) == all)
        #expect(Hexadecimal.bytes(text.uppercased()) == all)
        #expect(Hexadecimal.string([UInt8]()) == "")
        #expect(Hexadecimal.bytes("") == [])
    }

    @Test(arguments: ["0", "abc", "0g", "+f", "-0", " 0f", "0f ", "éé", "0x0f"])
    func onlyAnEvenNumberOfDigitsReads(text: String) {
        #expect(Hexadecimal.bytes(text) == nil)
    }

    @Test func aDigestIsSpelledAsStoredFilesAreNamed() {
        #expect(
            SHA256.hash(data: Array("abc".utf8)).hexadecimal
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func secretsAreRandomAndOfTheirLength() {
        let first = Hexadecimal.randomSecret(byteCount: 32)
        let second = Hexadecimal.randomSecret(byteCount: 32)
        #expect(first.count == 64 && second.count == 64)
        #expect(first != second)
        #expect(Hexadecimal.bytes(first)?.count == 32)
        #expect(Hexadecimal.randomBytes(count: 16).count == 16)
    }
}
