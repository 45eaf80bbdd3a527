public import Foundation
public import InventoryModel
import InventoryStore

extension Notification {
    /// Boxed once: a `String` key is boxed into an `AnyHashable` at every read, and each of
    /// the views reads every change set. (`AnyHashable` is not `Sendable`; this one is a
    /// constant holding a `String`, never mutated.)
    nonisolated(unsafe) static let changeSetKey: AnyHashable = "InventoryChangeSet"

    /// The changes an `InventoryManager.didChangeNotification` carries; nil for any other.
    public var inventoryChangeSet: InventoryChangeSet? {
        userInfo?[Self.changeSetKey] as? InventoryChangeSet
    }
}
