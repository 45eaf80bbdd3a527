/// Reads `application/x-www-form-urlencoded` text into names and values, as typed.
///
/// Hummingbird's `URLEncodedFormDecoder` decodes into a `Decodable` type and refuses a form
/// with a stray `%`; a form must come back with what was typed, whatever it holds, so it is
/// read here (and fuzzed: `Fuzz/`).
enum FormDecoding {
    /// The fields of `text`: `+` is a space, `%XX` a byte (a bad escape is kept as typed);
    /// when a name repeats, the last value wins.
    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in pairs(text) { fields[name] = value }
        return fields
    }

    /// Every name and value of `text`, in order, repeated names and all (a list of boxes).
    static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let first = iterator.next()
                let second = first == nil ? nil : iterator.next()
                if let first, let second, let high = hex(first), let low = hex(second) {
                    bytes.append(high << 4 | low)
                } else {
                    bytes.append(byte)
                    if let first { bytes.append(first) }
                    if let second { bytes.append(second) }
                }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
