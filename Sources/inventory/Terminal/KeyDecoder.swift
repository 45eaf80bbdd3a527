public import InventoryBrowse

/// Turns the bytes a terminal sends into keys (UTF-8 text and the usual escape sequences).
///
/// A sequence or character cut at the end of the bytes given is kept until more come, so the
/// keys never depend on where reads were cut. An ESC at the end is kept too: it may begin a
/// sequence or be the Escape key, and only the caller knows whether more input is waiting
/// (`awaitsEscapeSequence`, `flush()`).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// The longest control sequence waited for; past it the bytes are taken as typed.
    static let longestSequence = 32

    public init() {}

    /// Whether the bytes kept for later begin with ESC: an Escape key or the start of a
    /// sequence, which more input decides.
    public var awaitsEscapeSequence: Bool { pending.first == 0x1B }

    /// Whether the bytes kept for later are one ESC alone.
    public var awaitsLoneEscape: Bool { pending == [0x1B] }

    /// The keys in `bytes`, with any incomplete UTF-8 or escape sequence at the end kept for
    /// the next call.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// The keys of whatever was kept: no more input is coming for it, so an ESC is the Escape
    /// key and the bytes after it are typed text (an incomplete character is dropped).
    public mutating func flush() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                switch Self.escapeSequence(pending[index...]) {
                case .key(let key, let length):
                    if let key { keys.append(key) }
                    index += length
                case .incomplete where !final:
                    pending.removeFirst(index)
                    return keys
                case .incomplete, .notASequence:
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
                    if final {
                        index = pending.count
                        continue
                    }
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

    private enum Escape {
        /// A complete sequence: its key (nil for one we do not use) and its length.
        case key(Key?, Int)
        /// The bytes end before the sequence does.
        case incomplete
        /// The ESC begins no sequence: it is the Escape key, and what follows is typed.
        case notASequence
    }

    /// What the escape sequence at the start of `bytes` is.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> Escape {
        let start = bytes.startIndex
        guard start + 1 < bytes.endIndex else { return .incomplete }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            guard start + 2 < bytes.endIndex else { return .incomplete }
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
            return .key(key, 3)
        }
        guard introducer == UInt8(ascii: "[") else { return .notASequence }
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) {
            // Parameter and intermediate bytes only; anything else ends it as typed text.
            guard (0x20...0x3F).contains(bytes[end]), end - start < longestSequence else {
                return .notASequence
            }
            end += 1
        }
        guard end < bytes.endIndex else { return .incomplete }
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
        return .key(key, end - start + 1)
    }
}
