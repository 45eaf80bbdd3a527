import CSQLite
public import InventoryModel

/// A fault the store finds itself, as opposed to one SQLite returns (`DatabaseError`): a value
/// read back that breaks a rule of the file, a row the schema promises that is missing, a
/// store used after it was closed. A value to branch on (`error.isDamage`,
/// `error == .closed`); `message` says what was found, for `--verbose` and the record of
/// damage.
public struct StoreError: Error, Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case damaged, closed, ending, noItemIDsLeft
    }

    private let kind: Kind
    /// What was found, in the store's words (never SQL).
    public let message: String

    private init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The file holds what no write of this program makes: `what` says what was found.
    public static func damaged(_ what: String) -> Self { .init(.damaged, what) }
    /// The connection was closed before this use.
    public static var closed: Self { .init(.closed, "the database is closed") }
    /// A signal is ending the process: the write was not committed.
    public static var ending: Self { .init(.ending, "the process is ending") }
    /// Every item id has been given: no item can be added.
    public static var noItemIDsLeft: Self { .init(.noItemIDsLeft, "no item ids are left") }

    /// Whether the file's content is damaged.
    public var isDamage: Bool { kind == .damaged }
}

// MARK: - CustomStringConvertible

extension StoreError: CustomStringConvertible {
    /// What was found, as `--verbose` shows it.
    public var description: String {
        kind == .damaged ? "damage: \(message)" : message
    }
}

// MARK: - StorageFailure

extension StoreError: StorageFailure {
    /// What the fault means for a user of the inventory.
    public var storageProblem: StorageProblem {
        switch kind {
        case .damaged: .damaged
        case .closed: .closed
        case .ending: .interrupted
        // SQLite says the same when a table's row ids run out.
        case .noItemIDsLeft: .other(code: SQLITE_FULL)
        }
    }
}

/// An error of the store that a user meets as a `StorageProblem`: SQLite's own
/// (`DatabaseError`) or the store's (`StoreError`).
public protocol StorageFailure: Error, Sendable, CustomStringConvertible {
    /// What the error means for a user of the inventory.
    var storageProblem: StorageProblem { get }
    /// The account of what happened, without the SQL.
    var message: String { get }
}

extension DatabaseError: StorageFailure {}
