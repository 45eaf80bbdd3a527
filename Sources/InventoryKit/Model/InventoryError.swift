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
    /// No claim has this id.
    case claimNotFound(Int64)
    /// A claim cannot be saved; nothing was written.
    case claimRefused([ClaimProblem])
    /// Items are listed in claims, so deleting them would lose them from the claims.
    case itemsInClaims([ClaimedItemReference])
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
        case .claimNotFound(let id):
            "no claim has id \(id)"
        case .claimRefused(let problems):
            "cannot save the claim: " + problems.map(\.message).joined(separator: "; ")
        case .itemsInClaims(let references):
            references.map { reference in
                "item \(reference.itemID) \(quoted(reference.itemName)) is in "
                    + reference.claims.map { "claim \($0.id) \(quoted($0.title))" }
                    .joined(separator: ", ")
            }.joined(separator: "; ")
                + "; nothing was deleted (delete with --force to keep a copy of it in the claim)"
        case .editConflict(let id, let name, let expected, let current, let fields):
            "item \(id) \(quoted(name)) was changed by someone else since version \(expected) "
                + "(now version \(current)"
                + (fields.isEmpty ? "" : "; changed: \(fields.joined(separator: ", "))")
                + "); nothing was changed — look at it again and redo the edit"
        }
    }
}

/// An item and the claims that list it.
public struct ClaimedItemReference: Sendable, Hashable {
    public let itemID: Int64
    public let itemName: String
    public let claims: [ClaimReference]

    public init(itemID: Int64, itemName: String, claims: [ClaimReference]) {
        self.itemID = itemID
        self.itemName = itemName
        self.claims = claims
    }
}

/// A claim's id and title.
public struct ClaimReference: Sendable, Hashable {
    public let id: Int64
    public let title: String

    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
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
