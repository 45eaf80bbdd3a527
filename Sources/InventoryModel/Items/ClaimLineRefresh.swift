/// A claim line that took its item's values on purpose (`claim refresh`): when, which line,
/// and what it recorded before and after.
public struct ClaimLineRefresh: Sendable, Hashable {
    /// The entry's number; later entries have higher numbers.
    public let sequence: Int64
    /// When the line was refreshed.
    public let time: Timestamp
    /// The claim's id (the claim may have been deleted since).
    public let claimID: Int64
    /// The line's number in the claim then, from 1.
    public let line: Int
    /// What the line recorded before.
    public let before: ClaimedItem
    /// What it recorded after: the item as it was then.
    public let after: ClaimedItem

    /// Creates an entry as read from storage.
    public init(
        sequence: Int64, time: Timestamp, claimID: Int64, line: Int, before: ClaimedItem,
        after: ClaimedItem
    ) {
        self.sequence = sequence
        self.time = time
        self.claimID = claimID
        self.line = line
        self.before = before
        self.after = after
    }

    /// The item's id (the item may have been deleted since).
    public var itemID: Int64? { after.itemID }

    /// The fields the refresh changed, old and new.
    public var changes: [FieldChange] { before.changes(to: after) }
}
