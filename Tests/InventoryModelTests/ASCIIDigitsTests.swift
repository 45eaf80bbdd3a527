import Testing

@testable import InventoryModel

/// Decimal digits written into bytes: what every listing and export writes its numbers with.
@Suite struct ASCIIDigitsTests {
    func digits(_ write: (inout OutputBytes) -> Void) -> String {
        var bytes = OutputBytes()
        write(&bytes)
        return bytes.string
    }

    @Test func intsAndInt64sAreWrittenAsDescriptionWritesThem() {
        let values: [Int64] = [0, 7, -7, 10, 999, 1_000, -1_234_567, .max, .min]
        for value in values {
            #expect(digits { ASCIIDigits.append(value, to: &$0) } == String(value))
            #expect(digits { ASCIIDigits.append(Int(value), to: &$0) } == String(value))
            // A wider type than any the listings write.
            #expect(digits { ASCIIDigits.append(Int128(value), to: &$0) } == String(value))
        }
        #expect(digits { ASCIIDigits.append(UInt128.max, to: &$0) } == String(UInt128.max))
    }

    @Test func aWidthPadsWithZerosAfterTheSign() {
        #expect(digits { ASCIIDigits.append(7, width: 2, to: &$0) } == "07")
        #expect(digits { ASCIIDigits.append(Int64(2026), width: 4, to: &$0) } == "2026")
        #expect(digits { ASCIIDigits.append(12_345, width: 3, to: &$0) } == "12345")
        #expect(digits { ASCIIDigits.append(-5, width: 3, to: &$0) } == "-005")
        #expect(digits { ASCIIDigits.append(UInt8(5), width: 3, to: &$0) } == "005")
    }

    @Test func groupedMagnitudesHaveACommaEveryThreeDigits() {
        #expect(
            digits { ASCIIDigits.appendMagnitude(1_234_567, grouped: true, to: &$0) } == "1,234,567"
        )
        #expect(digits { ASCIIDigits.appendMagnitude(999, grouped: true, to: &$0) } == "999")
        #expect(digits { ASCIIDigits.appendMagnitude(1_000, grouped: true, to: &$0) } == "1,000")
    }

    /// Every size of number, grouped or not, against a reference made from `String(_:)`; and
    /// the digits go after what the buffer held.
    @Test func everyLengthOfNumberIsWrittenAfterWhatWasThere() {
        func reference(_ text: String, grouped: Bool) -> String {
            guard grouped else { return text }
            var out = ""
            for (index, character) in text.enumerated() {
                if index > 0, (text.count - index) % 3 == 0 { out.append(",") }
                out.append(character)
            }
            return out
        }
        var value: UInt128 = 0
        for _ in 0...39 {
            for grouped in [false, true] {
                var bytes = OutputBytes(capacity: 0)
                bytes.append("x=")
                ASCIIDigits.appendMagnitude(value, grouped: grouped, to: &bytes)
                #expect(bytes.string == "x=" + reference(String(value), grouped: grouped))
            }
            value = value == 0 ? 9 : value &* 10 &+ 9
        }
        #expect(
            digits { ASCIIDigits.appendMagnitude(.max, grouped: true, to: &$0) }
                == reference(String(UInt128.max), grouped: true))
        // A width past the longest number is padded all the same.
        #expect(
            digits { ASCIIDigits.appendMagnitude(5, width: 45, to: &$0) }
                == String(repeating: "0", count: 44) + "5")
        #expect(
            digits { ASCIIDigits.appendMagnitude(1, width: 7, grouped: true, to: &$0) }
                == "0,000,001")
    }
}
