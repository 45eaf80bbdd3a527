import Foundation
import InventoryModel
import InventoryStore

extension Notification {
    static let changeSetKey = "InventoryChangeSet"

    /// The changes an `InventoryManager.didChangeNotification` carries; nil for any other.
    public var inventoryChangeSet: InventoryChangeSet? {
        userInfo?[Self.changeSetKey] as? InventoryChangeSet
    }
}
