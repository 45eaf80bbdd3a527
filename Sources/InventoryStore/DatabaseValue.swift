import InventoryModel

/// A value SQLite stores: null, a 64-bit integer, a double, text or a blob.
public enum DatabaseValue: Sendable, Hashable {
    /// No value: SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double-precision floating-point number.
    case real(Double)
    /// Text, stored as UTF-8.
    case text(String)
    /// Bytes stored as they are.
    case blob([UInt8])
}

// MARK: - Conversions

extension DatabaseValue {
    /// `.text(value)`, or `.null` when `value` is nil.
    public static func text(_ value: String?) -> DatabaseValue {
        value.map { .text($0) } ?? .null
    }

    /// `.integer(value)`, or `.null` when `value` is nil.
    public static func integer(_ value: Int64?) -> DatabaseValue {
        value.map { .integer($0) } ?? .null
    }

    /// `.integer(1)` or `.integer(0)`.
    public static func bool(_ value: Bool) -> DatabaseValue {
        .integer(value ? 1 : 0)
    }
}
