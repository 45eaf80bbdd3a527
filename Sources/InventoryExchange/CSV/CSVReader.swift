import Foundation

/// Reads a CSV or TSV file record by record, without holding more than one record: RFC 4180
/// quoting (fields in double quotes may hold separators, quotes doubled, and line breaks),
/// CRLF, LF or CR line ends, a UTF-8 byte-order mark, and a comma, TAB or semicolon separator
/// found from the header line.
///
/// Written by hand rather than with a kept CSV library: yaslab/CSV.swift 2.5.2 read a large
/// Homebox file more slowly than the whole write of the same items (it decodes through an
/// `AnyIterator` of Unicode scalars), where the import's target leaves parsing a small part
/// of that; it also cannot say where a file stops being UTF-8, and reads an unclosed quote to
/// the end of the file without a word. SwiftCSV 0.10.0 loads the whole file into one string.
/// This reader works on bytes, checks UTF-8 field by field, and names the row and column of
/// every problem.
public final class CSVReader {
    /// The separator between fields.
    public let separator: UInt8
    /// Whether the file began with a UTF-8 byte-order mark (which is not part of the data).
    public let hadByteOrderMark: Bool
    /// The row the last record returned started on, counted as a spreadsheet counts them
    /// (the header is row 1; a record whose quoted field spans lines is one row).
    public private(set) var row = 0
    /// The physical line the last record started on.
    public private(set) var line = 0
    /// How many bytes have been read so far (for progress).
    public private(set) var bytesRead: Int64 = 0

    /// When set, only the columns marked true are made into text; the others are read as
    /// empty (and not checked as UTF-8): for a pass that looks at a few columns of every row.
    public var keptColumns: [Bool]?

    /// The longest record read: a longer one is refused before it fills the memory.
    public static let maximumRecordBytes = 1 << 20

    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var nextLine = 1

    /// Opens `path`. With `separator` nil, the separator is the one of comma, TAB and semicolon
    /// that the first line holds most of outside quotes (a comma when it holds none).
    ///
    /// - Throws: `CSVError` when the file cannot be read, is empty, is UTF-16 or is not text.
    public init(path: String, separator: UInt8? = nil) throws(CSVError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw .unreadable(reason: "it is a folder")
        }
        self.descriptor = descriptor
        self.path = path
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Fill the first buffer to look at the start of the file.
        var bom = false
        var found: UInt8 = UInt8(ascii: ",")
        do throws(CSVError) {
            try Self.fill(descriptor, &buffer, &start, &end, &atEnd)
            if end == 0 { throw CSVError.empty }
            if end >= 2,
                (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF)
            {
                throw CSVError.notUTF8(row: 1, column: 1, byte: buffer[0], utf16: true)
            }
            if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                bom = true
                start = 3
            }
            found = separator ?? Self.guessSeparator(buffer[start..<end])
        } catch {
            close(descriptor)
            throw error
        }
        hadByteOrderMark = bom
        self.separator = found
        bytesRead = Int64(end)
    }

    deinit {
        close(descriptor)
    }

    /// The separator of comma, TAB and semicolon the first line holds most of outside quotes.
    static func guessSeparator(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [
            UInt8(ascii: ","): 0, UInt8(ascii: "\t"): 0, UInt8(ascii: ";"): 0,
        ]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                if byte == 0x0A || byte == 0x0D { break }
                counts[byte]? += 1
            }
        }
        // Ties go to the comma, then TAB.
        let order: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: ";")]
        return order.max {
            counts[$0]! < counts[$1]!
                || (counts[$0]! == counts[$1]!
                    && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!)
        }!
    }

    private static func fill(
        _ descriptor: Int32, _ buffer: inout [UInt8], _ start: inout Int, _ end: inout Int,
        _ atEnd: inout Bool
    ) throws(CSVError) {
        // Keep what is left, then read after it.
        if start > 0 {
            let left = end - start
            if left > 0 {
                buffer.withUnsafeMutableBufferPointer { pointer in
                    let base = pointer.baseAddress!
                    base.update(from: base + start, count: left)
                }
            }
            start = 0
            end = left
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                read(descriptor, pointer.baseAddress! + end, pointer.count - end)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            if count == 0 { atEnd = true }
            end += count
            return
        }
    }

    /// The next record's fields, or nil at the end of the file. Blank lines are skipped.
    ///
    /// - Throws: `CSVError` naming the row (and column) of a record that is not well formed.
    public func next() throws(CSVError) -> [String]? {
        while true {
            guard let record = try nextRecord() else { return nil }
            if record.count == 1 && record[0].isEmpty { continue }
            return record
        }
    }

    private func nextRecord() throws(CSVError) -> [String]? {
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false  // inside quotes
        var wasQuoted = false  // this field was quoted, and its closing quote was read
        var recordBytes = 0
        var started = false
        let separator = self.separator
        let quote = UInt8(ascii: "\"")

        let kept = keptColumns
        func finishField() throws(CSVError) {
            if let kept, fields.count >= kept.count || !kept[fields.count] {
                fields.append("")
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
                return
            }
            // ASCII is valid as it is: String(validating:) looked up its generic metadata
            // for every field.
            if field.allSatisfy({ $0 < 0x80 }) {
                fields.append(String(decoding: field, as: UTF8.self))
            } else {
                guard let text = String(validating: field, as: UTF8.self) else {
                    let bad = Self.firstInvalidByte(field)
                    throw .notUTF8(row: row, column: fields.count + 1, byte: bad, utf16: false)
                }
                fields.append(text)
            }
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }

        while true {
            if start == end {
                if atEnd {
                    if !started { return nil }
                    if quoted { throw .unclosedQuote(row: row, column: fields.count + 1) }
                    try finishField()
                    return fields
                }
                try Self.fill(descriptor, &buffer, &start, &end, &atEnd)
                bytesRead += Int64(end - start)
                continue
            }
            if !started {
                started = true
                row += 1
                line = nextLine
            }
            let byte = buffer[start]
            start += 1
            recordBytes += 1
            if recordBytes > Self.maximumRecordBytes {
                throw .recordTooLong(row: row, limit: Self.maximumRecordBytes)
            }
            if byte == 0 { throw .binary(row: row) }
            if quoted {
                if byte == quote {
                    // A doubled quote is one quote; a single one closes the field.
                    if start == end && !atEnd {
                        try Self.fill(descriptor, &buffer, &start, &end, &atEnd)
                        bytesRead += Int64(end - start)
                    }
                    if start < end && buffer[start] == quote {
                        field.append(quote)
                        start += 1
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if byte == 0x0A || (byte == 0x0D && (start == end || buffer[start] != 0x0A)) {
                        nextLine += 1
                    }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case separator:
                try finishField()
            case 0x0A, 0x0D:
                if byte == 0x0D {
                    if start == end && !atEnd {
                        try Self.fill(descriptor, &buffer, &start, &end, &atEnd)
                        bytesRead += Int64(end - start)
                    }
                    if start < end && buffer[start] == 0x0A { start += 1 }
                }
                nextLine += 1
                try finishField()
                return fields
            case quote where field.isEmpty && !wasQuoted:
                quoted = true
            default:
                if wasQuoted {
                    throw .textAfterQuote(row: row, column: fields.count + 1)
                }
                field.append(byte)
            }
        }
    }

    /// The first byte of `bytes` that does not start or continue valid UTF-8.
    static func firstInvalidByte(_ bytes: [UInt8]) -> UInt8 {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length =
                lead < 0x80
                ? 1
                : lead >> 5 == 0b110
                    ? 2
                    : lead >> 4 == 0b1110
                        ? 3
                        : lead >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else { return lead }
            index += length
        }
        return bytes.last ?? 0
    }
}

/// Why a CSV file could not be read: every case names where.
public enum CSVError: Error, Sendable, Hashable {
    /// The file cannot be opened or read (it is missing, a folder, not readable), and why.
    case unreadable(reason: String)
    /// The file holds nothing.
    case empty
    /// The file is not text: `row` holds a NUL byte.
    case binary(row: Int)
    /// A field is not UTF-8: the first bad `byte` at `row`, `column`; `utf16` when the whole
    /// file is UTF-16 text instead.
    case notUTF8(row: Int, column: Int, byte: UInt8, utf16: Bool)
    /// The quoted field that starts at `row`, `column` is never closed.
    case unclosedQuote(row: Int, column: Int)
    /// The quoted field at `row`, `column` has text after its closing quote.
    case textAfterQuote(row: Int, column: Int)
    /// The record that starts at `row` is longer than `limit` bytes.
    case recordTooLong(row: Int, limit: Int)
}

extension CSVError: CustomStringConvertible {
    /// The error as a sentence for the user, naming the row and column where it can.
    public var description: String {
        switch self {
        case .unreadable(let reason):
            "cannot read it: \(reason)"
        case .empty:
            "the file is empty"
        case .binary(let row):
            "it is not a text file (a NUL byte in row \(row))"
        case .notUTF8(_, _, _, true):
            "it is UTF-16 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet) and import that"
        case .notUTF8(let row, let column, let byte, false):
            "row \(row), column \(column): byte 0x\(String(byte, radix: 16, uppercase: true)) is "
                + "not UTF-8; save the file as UTF-8 (CSV UTF-8 in a spreadsheet) and import that"
        case .unclosedQuote(let row, let column):
            "row \(row), column \(column): a quoted field is never closed"
        case .textAfterQuote(let row, let column):
            "row \(row), column \(column): text after the closing quote of a quoted field "
                + "(a quote inside a quoted field is written twice: \"\")"
        case .recordTooLong(let row, let limit):
            "row \(row) is longer than \(limit / (1 << 20)) MB; is it a CSV file?"
        }
    }
}
