/// Which items a view or a listing shows. Every condition that is set must hold.
public struct ItemFilter: Sendable, Hashable {
    /// Only items whose luxury flag equals this.
    public var isLuxury: Bool?
    /// Only items whose insured flag equals this.
    public var isInsured: Bool?

    /// Creates a filter; with no conditions it matches every item.
    public init(isLuxury: Bool? = nil, isInsured: Bool? = nil) {
        self.isLuxury = isLuxury
        self.isInsured = isInsured
    }

    /// Every item.
    public static let all = ItemFilter()
    /// Items with the luxury flag set.
    public static let luxury = ItemFilter(isLuxury: true)
    /// Items with the insured flag clear (the blog's "non-insured items").
    public static let nonInsured = ItemFilter(isInsured: false)

    /// Whether `item` passes the filter.
    @inlinable
    public func matches(_ item: HouseholdItem) -> Bool {
        if let isLuxury, item.isLuxury != isLuxury { return false }
        if let isInsured, item.isInsured != isInsured { return false }
        return true
    }
}
