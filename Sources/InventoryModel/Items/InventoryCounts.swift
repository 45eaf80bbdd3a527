/// How many items, claims and journal entries an inventory holds.
public struct InventoryCounts: Sendable, Hashable, Codable {
    /// Items.
    public var items: Int
    /// Claims.
    public var claims: Int
    /// Journal entries (the history).
    public var journalEntries: Int

    /// Creates counts.
    public init(items: Int, claims: Int, journalEntries: Int) {
        self.items = items
        self.claims = claims
        self.journalEntries = journalEntries
    }
}
