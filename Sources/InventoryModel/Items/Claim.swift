/// What kind of loss a claim is for.
public enum ClaimKind: String, Sendable, Hashable, CaseIterable {
    case theft, fire, water, other
}

/// A saved insurance claim.
public struct Claim: Sendable, Hashable, Identifiable {
    public let id: Int64
    public let title: String
    public let incidentDate: CalendarDate?
    public let kind: ClaimKind
    public let notes: String?
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    /// The items, in the order they were chosen.
    public let items: [ClaimedItem]

    public init(
        id: Int64, title: String, incidentDate: CalendarDate?, kind: ClaimKind, notes: String?,
        createdAt: Timestamp, updatedAt: Timestamp, items: [ClaimedItem]
    ) {
        self.id = id
        self.title = title
        self.incidentDate = incidentDate
        self.kind = kind
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.items = items
    }

    /// The claim's sums.
    public var totals: ClaimTotals { ClaimTotals(items) }
}
