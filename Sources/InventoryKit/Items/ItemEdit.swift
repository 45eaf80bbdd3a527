import InventoryModel

/// One item a write changed (edited, moved, or carried along by its box): before and after.
struct ItemEdit: Sendable {
    let before: HouseholdItem
    let after: HouseholdItem

    /// The changes of `moves`, numbered from `first` in write order.
    static func changes(_ moves: [ItemEdit], from first: Int64) -> [InventoryChange] {
        moves.enumerated().map { offset, move in
            InventoryChange(
                kind: .edited, item: move.after, before: move.before,
                sequence: first + Int64(offset))
        }
    }
}
