/// A JSON value that keeps the order of object members and every duplicate, so a
/// configuration file's mistakes (a name given twice) can be reported instead of lost.
public indirect enum JSONDocument: Sendable, Hashable {
    /// An object: its members in the order written, duplicates included.
    case object([(key: String, value: JSONDocument)])
    /// An array of values.
    case array([JSONDocument])
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// Two documents are equal when they are the same kind of value with equal contents; two
    /// objects must have equal members in the same order.
    public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Hashes the contents, object members in order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let values): hasher.combine(values)
        case .string(let text): hasher.combine(text)
        case .number(let number): hasher.combine(number)
        case .bool(let flag): hasher.combine(flag)
        case .null: hasher.combine(0)
        }
    }

    /// What kind of value it is, for messages: "an object", "a string", …
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// Parses `text` as one JSON value.
    ///
    /// - Throws: `JSONDocument.SyntaxError` with the line and column of the problem.
    public init(parsing text: String) throws {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected text after the value")
        }
        self = value
    }

    /// Where and why a text is not JSON.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line of the problem, counting from 1.
        public let line: Int
        /// The column of the problem, counting from 1.
        public let column: Int
        /// What is wrong, in words.
        public let reason: String

        /// Where and why: `line 3, column 7: unexpected character`.
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ reason: String) -> SyntaxError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            }
        }

        mutating func expect(_ literal: String) throws {
            let expected = Array(literal.utf8)
            guard bytes.count - index >= expected.count,
                Array(bytes[index..<index + expected.count]) == expected
            else { throw error("expected \(literal)") }
            index += expected.count
        }

        mutating func parseValue(depth: Int) throws -> JSONDocument {
            guard depth < 100 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            default:
                throw error("unexpected character")
            }
        }

        mutating func parseObject(depth: Int) throws -> JSONDocument {
            index += 1
            var members: [(key: String, value: JSONDocument)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a member name in double quotes")
                }
                let key = try parseString()
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                members.append((key, try parseValue(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else {
                    throw error("unexpected end of the file in an object")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    throw error("expected , or } in an object")
                }
            }
        }

        mutating func parseArray(depth: Int) throws -> JSONDocument {
            index += 1
            var values: [JSONDocument] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            while true {
                skipWhitespace()
                values.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else {
                    throw error("unexpected end of the file in an array")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(values)
                } else {
                    throw error("expected , or ] in an array")
                }
            }
        }

        mutating func parseString() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var start = index
            func flush(_ end: Int) {
                scalars.append(
                    contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("a control character inside a string") }
                if byte == UInt8(ascii: "\\") {
                    flush(index)
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try parseHex()
                        if (0xD800...0xDBFF).contains(code) {
                            try expect("\\u")
                            let low = try parseHex()
                            guard (0xDC00...0xDFFF).contains(low) else {
                                throw error("an unpaired surrogate")
                            }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else {
                            throw error("an invalid \\u escape")
                        }
                        scalars.append(scalar)
                    default:
                        throw error("an invalid escape")
                    }
                    start = index
                    continue
                }
                index += 1
            }
            throw error("a string that never ends")
        }

        mutating func parseHex() throws -> UInt32 {
            guard bytes.count - index >= 4,
                let value = UInt32(
                    String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error("an invalid \\u escape") }
            index += 4
            return value
        }

        mutating func parseNumber() throws -> Double {
            let start = index
            while index < bytes.count,
                "+-0123456789.eE".utf8.contains(bytes[index])
            {
                index += 1
            }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw error("an invalid number")
            }
            return number
        }
    }
}
