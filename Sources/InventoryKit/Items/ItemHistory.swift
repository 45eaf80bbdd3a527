public import InventoryModel
import InventoryStore

/// One line of what happened: an item added, edited or deleted; a claim line that took its
/// item's values; a change of an item's maintenance.
public enum HistoryEntry: Sendable, Hashable {
    /// An item's change, from the item journal.
    case item(JournalEntry)
    /// A claim line refreshed on purpose (`InventoryManager.refreshClaimLine`).
    case claimLine(ClaimLineRefresh)
    /// An entry logged or removed, a schedule made or dropped.
    case maintenance(MaintenanceEvent)

    /// The write it was part of; 0 when not known (a claim line's, what an earlier release
    /// recorded of maintenance).
    public var writeID: Int64 {
        switch self {
        case .item(let entry): entry.writeID
        case .claimLine: 0
        case .maintenance(let event): event.writeID
        }
    }

    /// When it happened.
    public var time: Timestamp {
        switch self {
        case .item(let entry): entry.time
        case .claimLine(let refresh): refresh.time
        case .maintenance(let event): event.time
        }
    }
}

extension InventoryManager {
    /// What happened to one item, or to the whole inventory, newest first: its changes, the
    /// claim lines that took its values and its maintenance, merged by time, then write
    /// (within a write, maintenance, then an item's change; then a claim line). The item
    /// journal's edit a maintenance write makes of its item (its time only) is left out: the
    /// maintenance line says what was done.
    ///
    /// - Parameters:
    ///   - itemID: the item, or nil for every item.
    ///   - limit: the most entries to return, or nil for all.
    public func fullHistory(itemID: Int64? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        let (items, refreshes, events) = try withStore { store in
            try store.database.read {
                let events = try store.database.maintenance.journal(itemID: itemID, limit: limit)
                return (
                    // as many more as maintenance writes may have touched items
                    try store.database.journal.history(
                        itemID: itemID, limit: limit.map { $0 + events.count }),
                    try store.database.claims.journal(itemID: itemID, limit: limit),
                    events
                )
            }
        }
        let maintenanceWrites = Set(events.map(\.writeID))
        let changes = items.filter { entry in
            let change = entry.change
            guard change.kind == .edited, maintenanceWrites.contains(entry.writeID),
                let before = change.before
            else { return true }
            return change.item.lifeEvent(since: before) != nil
                || !change.item.fieldChanges(from: before).isEmpty
        }
        // Newest first: by time, then by write (two writes in one millisecond), and within
        // one write the maintenance is the newer (an import adds an item, then its log). A
        // claim line's write is not known: it comes after an item's change of its time.
        var merged =
            events.map(HistoryEntry.maintenance) + changes.map(HistoryEntry.item)
            + refreshes.map(HistoryEntry.claimLine)
        merged = merged.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.time != b.time { return a.time > b.time }
            if a.writeID != b.writeID { return a.writeID > b.writeID }
            return left.offset < right.offset
        }.map(\.element)
        if let limit { merged = Array(merged.prefix(limit)) }
        return merged
    }
}
