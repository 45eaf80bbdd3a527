import InventoryKit
import Testing

@testable import InventoryExchange

/// The one rule every CSV the tool writes follows, and its way back.
@Suite struct CSVWriterTests {
    private func written(_ field: String) -> String {
        var bytes: [UInt8] = []
        CSVWriter.appendField(field, to: &bytes)
        var output = OutputBytes()
        CSVWriter.appendField(field, to: &output)
        #expect(output.string == String(decoding: bytes, as: UTF8.self), "both writers agree")
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://evil\",\"x\")", "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""),
        ("+1", "'+1"), ("-20°C Freezer", "'-20°C Freezer"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"), ("\rCR", "\"'\rCR\""), ("'=A1", "''=A1"),
        ("Plain", "Plain"), (" padded", "\" padded\""), ("a,b", "\"a,b\""), ("", ""),
        ("'quoted'", "'quoted'"), ("=\u{301}x", "'=\u{301}x"),
    ])
    func aCellThatWouldStartAFormulaGetsAnApostropheFirst(field: String, expected: String) {
        #expect(written(field) == expected)
        // what an import reads back is the text itself
        #expect(CSVWriter.restoredCell(CSVWriter.neutralized(field)) == field)
    }

    @Test func aRecordWritesEveryFieldByTheRule() {
        var bytes: [UInt8] = []
        CSVWriter.appendRecord(["=1+2", "12.50", "-"], to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "'=1+2,12.50,'-\r\n")
    }
}
