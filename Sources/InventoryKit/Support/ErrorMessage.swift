import InventoryModel
import InventoryStore

/// How an error reads in a form or a message line: in the user's words, never SQL, and never
/// the inventory's path (a form may be a page in the browser of someone else than the owner).
public enum ErrorMessage {
    /// The error as one sentence.
    public static func text(_ error: any Error) -> String {
        switch error {
        case InventoryError.storage(_, let problem, _):
            return problem.description(path: nil)
        case InventoryError.cannotOpen(_, let reason, _):
            return "the inventory cannot be opened: \(reason)"
        case let error as InventoryError:
            return error.description
        case let error as any StorageFailure:
            return error.storageProblem.description(path: nil)
        default:
            return "something went wrong; nothing was changed"
        }
    }
}
