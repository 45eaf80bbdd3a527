/// A problem a user or a file can cause. Each prints as one line that names the problem and
/// the input that caused it.
public enum InventoryError: Error, Sendable, Hashable {
    /// A field's value was refused: `invalid price "-3": a price cannot be negative`.
    case invalidValue(field: ValueField, value: String, reason: String)
    /// An item has no name, or only white space.
    case missingName
    /// No items have these ids (nothing was changed).
    case itemsNotFound([Int64])
    /// No item has this id (said by a command that only reads).
    case itemNotFound(Int64)
    /// A photo could not be used.
    case invalidPhoto(path: String, reason: String)
    /// A file to attach could not be used.
    case invalidFile(path: String, reason: String)
    /// An item has no attachment with this number.
    case attachmentNotFound(itemID: Int64, attachmentID: Int)
    /// The currency cannot change once the inventory holds amounts.
    case currencyInUse(Currency)
    /// A money amount is in a currency other than the inventory's.
    case currencyMismatch(expected: Currency, given: Currency)
    /// The database file cannot be opened or is not an inventory, for `reason`. `detail` is
    /// SQLite's own account, for `--verbose`.
    case cannotOpen(path: String, reason: OpenFailure, detail: String? = nil)
    /// The inventory could not be read or written once open. `detail` is SQLite's own account
    /// (with the SQL), for `--verbose`.
    case storage(path: String, problem: StorageProblem, detail: String)
    /// A file the user asked for could not be written; nothing of it was left behind.
    case cannotWrite(path: String, reason: String)
    /// A file or folder the user asked for exists, and was not to be replaced; nothing was
    /// written.
    case outputExists(path: String, isFolder: Bool)
    /// No claim has this id.
    case claimNotFound(Int64)
    /// No share link has this id.
    case shareLinkNotFound(Int64)
    /// A claim cannot be saved; nothing was written.
    case claimRefused([ClaimProblem])
    /// Items are listed in claims, so deleting them would lose them from the claims.
    case itemsInClaims([ClaimedItemReference])
    /// Places cannot be changed so, or items cannot move there.
    case place(PlaceProblem)
    /// An edit was made from a copy read at `expectedVersion`, but the item has changed since.
    case editConflict(
        id: Int64, name: String, expectedVersion: Int, currentVersion: Int, changedFields: [String])
    /// An item is not in a state that allows the change (lent already, not lent, gone).
    case itemState(id: Int64, name: String, problem: ItemStateProblem)
    /// A member, an invitation or a session that is not there, or a name taken.
    case member(MemberProblem)
}

/// Why a loan, a return, a departure or a bringing back does not apply to an item as it is.
public enum ItemStateProblem: Sendable, Hashable {
    /// It is lent already, to this person.
    case lent(to: String)
    /// It is not lent.
    case notLent
    /// It left the household on this day.
    case left(on: CalendarDate)
    /// It has not left the household.
    case notLeft
    /// It holds this many items, which would be left behind.
    case holdsItems(Int)

    /// The problem as the end of a sentence about the item: `is lent to Sam already`.
    public var description: String {
        switch self {
        case .lent(let person): "is lent to \(person) already"
        case .notLent: "is not lent to anyone"
        case .left(let day): "left the household on \(day)"
        case .notLeft: "has not left the household"
        case .holdsItems(let count):
            "holds \(count) item\(count == 1 ? "" : "s"); move them out first"
        }
    }
}

// MARK: - CustomStringConvertible

extension InventoryError: CustomStringConvertible {
    /// The error as a sentence for the user.
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
        case .itemNotFound(let id):
            "no item has id \(id)"
        case .invalidPhoto(let path, let reason):
            "cannot use photo \(quoted(path)): \(reason)"
        case .invalidFile(let path, let reason):
            "cannot attach \(quoted(path)): \(reason)"
        case .attachmentNotFound(let itemID, let attachmentID):
            "item \(itemID) has no file \(attachmentID); nothing was changed"
        case .currencyInUse(let currency):
            "this inventory already holds amounts in \(currency.code) entered or claimed here; "
                + "its currency can only be chosen while it holds none, or only amounts imported "
                + "from files"
        case .currencyMismatch(let expected, let given):
            "this inventory keeps amounts in \(expected.code), not \(given.code)"
        case .cannotOpen(let path, let reason, _):
            "cannot open inventory \(quoted(path)): \(reason)"
        case .storage(let path, let problem, _):
            problem.description(path: path)
        case .cannotWrite(let path, let reason):
            "cannot write \(quoted(path)): \(reason)"
        case .outputExists(let path, let isFolder):
            "cannot write \(quoted(path)): the \(isFolder ? "folder" : "file") exists"
        case .claimNotFound(let id):
            "no claim has id \(id)"
        case .shareLinkNotFound(let id):
            "no share link has id \(id)"
        case .claimRefused(let problems):
            "cannot save the claim: " + problems.map(\.message).joined(separator: "; ")
        case .itemsInClaims(let references):
            references.map { reference in
                "item \(reference.itemID) \(quoted(reference.itemName)) is in "
                    + reference.claims.map { "claim \($0.id) \(quoted($0.title))" }
                    .joined(separator: ", ")
            }.joined(separator: "; ")
                + "; nothing was deleted"
        case .place(let problem):
            problem.refusesAChange ? "\(problem); nothing was changed" : "\(problem)"
        case .editConflict(let id, let name, let expected, let current, let fields):
            "item \(id) \(quoted(name)) was changed by someone else since version \(expected) "
                + "(now version \(current)"
                + (fields.isEmpty ? "" : "; changed: \(fields.joined(separator: ", "))")
                + "); nothing was changed — look at it again and redo the edit"
        case .itemState(let id, let name, let problem):
            "item \(id) \(quoted(name)) \(problem.description); nothing was changed"
        case .member(let problem):
            problem.description
        }
    }
}

extension InventoryError {
    /// What lies under the error in SQLite's own words (with the SQL), for `--verbose`.
    public var detail: String? {
        switch self {
        case .cannotOpen(_, _, let detail): detail
        case .storage(_, _, let detail): detail
        default: nil
        }
    }
}

/// Why the inventory could not be read or written, in words a user can act on.
public enum StorageProblem: Sendable, Hashable {
    /// The file's content is damaged.
    case damaged
    /// The file, its folder or the disk cannot be written.
    case readOnly
    /// Another process held the lock for longer than the wait.
    case busy
    /// The disk is full.
    case diskFull
    /// The system could not read or write the file.
    case inputOutput
    /// The work was interrupted (by a signal) and rolled back.
    case interrupted
    /// The inventory was closed.
    case closed
    /// Something else, with SQLite's result code.
    case other(code: Int32)

    /// The sentence for the inventory at `path`; without naming the file when `path` is nil
    /// (for a reader who is not its owner: a browser).
    public func description(path: String?) -> String {
        let file = path.map(quoted) ?? "file"
        return switch self {
        case .damaged:
            "the inventory \(file) is damaged"
        case .readOnly: "the inventory \(file) is read-only; nothing was changed"
        case .busy:
            "the inventory \(file) is busy: another process kept it locked; nothing was changed, "
                + "try again"
        case .diskFull: "the disk holding the inventory \(file) is full; nothing was changed"
        case .inputOutput:
            "the inventory \(file) could not be read or written (an input/output error)"
        case .interrupted: "interrupted; nothing was changed"
        case .closed: "the inventory \(file) is closed"
        case .other(let code):
            "the inventory \(file) could not be used (SQLite error \(code))"
        }
    }
}

/// An item and the claims that list it.
public struct ClaimedItemReference: Sendable, Hashable {
    /// The item's id.
    public let itemID: Int64
    /// The item's name.
    public let itemName: String
    /// The claims that list the item.
    public let claims: [ClaimReference]

    /// Creates a reference to the item `itemID`, called `itemName`, listed by `claims`.
    public init(itemID: Int64, itemName: String, claims: [ClaimReference]) {
        self.itemID = itemID
        self.itemName = itemName
        self.claims = claims
    }
}

/// A claim's id and title.
public struct ClaimReference: Sendable, Hashable {
    /// The claim's id.
    public let id: Int64
    /// The claim's title.
    public let title: String

    /// Creates a reference to the claim `id`, titled `title`.
    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
    }
}

/// `text` in double quotes, with control characters escaped, so an error stays on one line.
package func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.properties.generalCategory == .control:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
