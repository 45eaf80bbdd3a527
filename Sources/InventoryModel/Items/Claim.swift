/// What kind of loss a claim is for.
public enum ClaimKind: String, Sendable, Hashable, CaseIterable {
    /// Things stolen.
    case theft
    /// Fire or smoke damage.
    case fire
    /// Water damage, such as a flood or a leak.
    case water
    /// Any other loss.
    case other
}

/// A saved insurance claim.
public struct Claim: Sendable, Hashable, Identifiable {
    /// The claim's number.
    public let id: Int64
    /// What the claim is called, such as "Burglary".
    public let title: String
    /// The day the loss happened, if known.
    public let incidentDate: CalendarDate?
    /// What kind of loss it is for.
    public let kind: ClaimKind
    /// Free notes.
    public let notes: String?
    /// When it was created.
    public let createdAt: Timestamp
    /// When it was last changed.
    public let updatedAt: Timestamp
    /// The items, in the order they were chosen.
    public let items: [ClaimedItem]
    /// The sales tax added to every line's replacement cost (a line may have its own).
    public var salesTax: SalesTaxRate?
    /// The depreciation categories whose lines exports list as one line each, with a count.
    public var groupedCategories: [String] = []
    /// What the insurer paid, oldest first.
    public var payments: [ClaimPayment] = []

    /// Creates a claim as read from storage; use `InventoryManager.createClaim` to make one.
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
