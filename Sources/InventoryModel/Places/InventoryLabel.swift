/// A label: a short number printed with a QR code on a sticker, given to an item (a box too)
/// or a place on request, and never given twice.
public struct InventoryLabel: Sendable, Hashable {
    /// The label's number (from 1).
    public let number: Int64
    /// What it is on: an item, a place, or nothing any more (its thing was deleted).
    public var target: Target

    /// What a label is on.
    public enum Target: Sendable, Hashable {
        /// The item with this id.
        case item(Int64)
        /// The place with this id.
        case place(Int64)
        /// Nothing: its thing was deleted.
        case nothing
    }

    /// A label numbered `number`, on `target`.
    public init(number: Int64, target: Target) {
        self.number = number
        self.target = target
    }

    /// The label as printed and typed: at least six digits, a dash before the last three
    /// (`000-042`, `1234-567`), as Homebox writes its asset ids.
    public var text: String { Self.text(number) }

    /// The printed form of the label `number`.
    public static func text(_ number: Int64) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return padded.dropLast(3) + "-" + padded.suffix(3)
    }

    /// The number a typed label names: digits with or without the dash (`000-042`, `42`), or
    /// nil for anything else.
    public static func number(_ text: String) -> Int64? {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }),
            parts.count == 1 || parts[1].count == 3,
            trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D })
        else { return nil }
        guard let number = Int64(parts.joined()), number > 0 else { return nil }
        return number
    }
}
