import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryExchange

@Suite struct CSVReaderTests {
    let folder = TemporaryFolder()

    /// The records of `bytes` written to a file, read back.
    func records(_ bytes: [UInt8], separator: UInt8? = nil) throws -> [[String]] {
        let path = folder.file("f-\(UUID().uuidString).csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let reader = try CSVReader(path: path, separator: separator)
        var all: [[String]] = []
        while let record = try reader.next() { all.append(record) }
        return all
    }

    func records(_ text: String) throws -> [[String]] { try records(Array(text.utf8)) }

    func error(_ bytes: [UInt8]) -> CSVError? {
        do {
            _ = try records(bytes)
            return nil
        } catch let error as CSVError {
            return error
        } catch {
            return nil
        }
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func everyLineEndEndsARecord(lineEnd: String) throws {
        let text = ["a,b", "1,2", "3,4"].joined(separator: lineEnd) + lineEnd
        #expect(try records(text) == [["a", "b"], ["1", "2"], ["3", "4"]])
        // And without a last line end.
        #expect(try records(String(text.dropLast(lineEnd.count))).count == 3)
    }

    @Test func quotedFieldsHoldSeparatorsQuotesAndLineBreaks() throws {
        let text = "name,notes\r\n\"Desk, oak\",\"says \"\"hi\"\"\r\nand more\"\r\nLamp,\"\"\r\n"
        #expect(
            try records(text) == [
                ["name", "notes"], ["Desk, oak", "says \"hi\"\r\nand more"], ["Lamp", ""],
            ])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstHeader() throws {
        let path = folder.file("bom.csv")
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data([0xEF, 0xBB, 0xBF] + Array("HB.import_ref,HB.name\n".utf8)))
        let reader = try CSVReader(path: path)
        #expect(reader.hadByteOrderMark)
        #expect(try reader.next() == ["HB.import_ref", "HB.name"])
    }

    @Test(arguments: [
        ("a,b;c\n1,2;3\n", ","), ("a\tb\tc,d\n", "\t"), ("a;b;c\n1;2,5;3\n", ";"),
        ("\"x;y\",b\n", ","), ("single\n", ","),
    ])
    func theSeparatorIsTheOneTheHeaderHoldsMostOf(text: String, separator: String) throws {
        let path = folder.file("s.csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        #expect(try CSVReader(path: path).separator == UInt8(ascii: Unicode.Scalar(separator)!))
    }

    @Test func blankLinesAreSkippedAndRowsCountAsASpreadsheetCountsThem() throws {
        let path = folder.file("rows.csv")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("h\n\n\"two\nlines\"\nlast\n".utf8))
        let reader = try CSVReader(path: path)
        _ = try reader.next()
        #expect(try reader.next() == ["two\nlines"])
        #expect(try reader.next() == ["last"])
        #expect(reader.row == 4, "the blank line is a row too")
        #expect(reader.line == 5)
    }

    @Test func aFileThatIsNotUTF8IsRefusedNamingTheRowAndColumn() {
        // Mac Roman "é" (0x8E) in row 3, column 2.
        let bytes = Array("name,notes\nLamp,ok\nChair,caf".utf8) + [0x8E] + Array("\n".utf8)
        #expect(error(bytes) == .notUTF8(row: 3, column: 2, byte: 0x8E, utf16: false))
        #expect(
            error(bytes)?.description.contains("row 3, column 2: byte 0x8E is not UTF-8") == true)
        #expect(error([0xFF, 0xFE, 0x61, 0x00])?.description.contains("UTF-16") == true)
    }

    @Test func badlyFormedFilesAreRefusedInWords() {
        #expect(error([]) == .empty)
        #expect(error(Array("a,b\n1,\"open\n".utf8)) == .unclosedQuote(row: 2, column: 2))
        #expect(error(Array("a,b\n\"x\"y,2\n".utf8)) == .textAfterQuote(row: 2, column: 1))
        #expect(error(Array("a,b\n1,".utf8) + [0, 1, 2]) == .binary(row: 2))
    }

    @Test func aRecordLongerThanTheLimitIsRefusedBeforeItFillsTheMemory() {
        let long = Array("a\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3 << 20)
        #expect(error(long) == .recordTooLong(row: 2, limit: CSVReader.maximumRecordBytes))
    }

    @Test func recordsLongerThanTheReadBufferAreReadWhole() throws {
        let field = String(repeating: "é", count: 100_000)  // 200,000 bytes
        #expect(try records("a,b\n\"\(field)\",\(field)\n") == [["a", "b"], [field, field]])
    }

    @Test func writtenFieldsReadBackTheSame() throws {
        let fields = ["plain", "with, comma", "with \"quotes\"", "two\nlines", " spaced ", "", "é"]
        var bytes: [UInt8] = []
        CSVWriter.appendRecord(fields, to: &bytes)
        CSVWriter.appendRecord(fields, lineEnd: "\n", to: &bytes)
        #expect(try records(bytes) == [fields, fields])
        var semicolons: [UInt8] = []
        CSVWriter.appendRecord(fields, separator: UInt8(ascii: ";"), to: &semicolons)
        #expect(try records(semicolons, separator: UInt8(ascii: ";")) == [fields])
    }

    @Test(arguments: [
        ("=SUM(A1:A3)", "'=SUM(A1:A3)"), ("-20°C Freezer", "'-20°C Freezer"), ("@home", "'@home"),
        ("+1 spare", "'+1 spare"), ("'=1+1", "''=1+1"), ("Desk", "Desk"), ("'quoted'", "'quoted'"),
    ])
    func formulasAreNeutralizedAndRestored(text: String, written: String) {
        #expect(CSVWriter.neutralized(text) == written)
        #expect(CSVWriter.restoredCell(written) == text)
    }
}
