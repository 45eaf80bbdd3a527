import InventoryBrowse

/// Turns the bytes a terminal sends into keys (UTF-8 text and the usual escape sequences).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`, with any incomplete UTF-8 or escape sequence kept for the next
    /// call. A lone ESC at the end of a read is the Escape key.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                if let (key, length) = Self.escapeSequence(pending[index...]) {
                    if let key { keys.append(key) }
                    index += length
                } else {
                    keys.append(.escape)
                    index += 1
                }
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x03: keys.append(.controlC); index += 1
            case 0x00..<0x20: index += 1
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                let text = String(decoding: pending[index..<index + length], as: UTF8.self)
                keys.append(contentsOf: text.map { .character($0) })
                index += length
            }
        }
        pending.removeAll()
        return keys
    }

    /// The key of the escape sequence at the start of `bytes` and its length; nil key for an
    /// unknown but complete sequence; nil when it is not a sequence.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O"), start + 2 < bytes.endIndex {
            let key: Key? =
                switch bytes[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: nil
                }
            return (key, 3)
        }
        guard introducer == UInt8(ascii: "[") else { return nil }
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let key: Key? =
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), _): .up
            case (UInt8(ascii: "B"), _): .down
            case (UInt8(ascii: "C"), _): .right
            case (UInt8(ascii: "D"), _): .left
            case (UInt8(ascii: "H"), _): .home
            case (UInt8(ascii: "F"), _): .end
            case (UInt8(ascii: "Z"), _): .backTab
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
            case (UInt8(ascii: "~"), "3"): .delete
            case (UInt8(ascii: "~"), "5"): .pageUp
            case (UInt8(ascii: "~"), "6"): .pageDown
            default: nil
            }
        return (key, end - start + 1)
    }
}
