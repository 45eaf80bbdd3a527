/// One row of the change journal: one item changed by one write.
public struct JournalEntry: Sendable, Hashable {
    /// The write it belongs to; the entries of one write share it.
    public let writeID: Int64
    /// When the write was made.
    public let time: Timestamp
    /// What happened, with the entry's sequence number.
    public let change: InventoryChange

    /// Creates an entry.
    public init(writeID: Int64, time: Timestamp, change: InventoryChange) {
        self.writeID = writeID
        self.time = time
        self.change = change
    }

    /// The entry's sequence number, strictly increasing in commit order.
    public var sequence: Int64 { change.sequence }
}
