/// A problem a user or a file can cause. Each prints as one line that names the problem and
/// the input that caused it.
public enum InventoryError: Error, Sendable, Hashable {
    /// A field's value was refused: `invalid price "-3": a price cannot be negative`.
    case invalidValue(field: String, value: String, reason: String)
    /// An item has no name, or only white space.
    case missingName
    /// No items have these ids (nothing was changed).
    case itemsNotFound([Int64])
    /// A photo could not be used.
    case invalidPhoto(path: String, reason: String)
    /// A money amount is in a currency other than the inventory's.
    case currencyMismatch(expected: Currency, given: Currency)
    /// The database file cannot be opened or is not an inventory.
    case cannotOpen(path: String, reason: String)
    /// An edit was made from a copy read at `expectedVersion`, but the item has changed since.
    case editConflict(
        id: Int64, name: String, expectedVersion: Int, currentVersion: Int, changedFields: [String])
}

// MARK: - CustomStringConvertible

extension InventoryError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidValue(let field, let value, let reason):
            "invalid \(field) \(quoted(value)): \(reason)"
        case .missingName:
            "an item needs a name, and it cannot be blank"
        case .itemsNotFound(let ids) where ids.count == 1:
            "no item has id \(ids[0]); nothing was changed"
        case .itemsNotFound(let ids):
            "no items have ids \(ids.map(String.init).joined(separator: ", ")); nothing was changed"
        case .invalidPhoto(let path, let reason):
            "cannot use photo \(quoted(path)): \(reason)"
        case .currencyMismatch(let expected, let given):
            "this inventory keeps amounts in \(expected.code), not \(given.code)"
        case .cannotOpen(let path, let reason):
            "cannot open inventory \(quoted(path)): \(reason)"
        case .editConflict(let id, let name, let expected, let current, let fields):
            "item \(id) \(quoted(name)) was changed by someone else since version \(expected) "
                + "(now version \(current)"
                + (fields.isEmpty ? "" : "; changed: \(fields.joined(separator: ", "))")
                + "); nothing was changed — look at it again and redo the edit"
        }
    }
}

/// `text` in double quotes, with control characters escaped, so an error stays on one line.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
