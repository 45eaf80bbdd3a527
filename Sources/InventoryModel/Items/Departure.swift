/// How an item left the household.
public enum Departure: String, Sendable, Hashable, CaseIterable {
    /// Sold (to someone, for an amount).
    case sold
    /// Given away.
    case given
    /// Thrown out or recycled.
    case discarded
    /// Lost.
    case lost
    /// Stolen: what a claim is made for.
    case stolen

    /// The way it reads after "the item was": `sold`, `given away`, `thrown out`.
    public var phrase: String {
        switch self {
        case .sold: "sold"
        case .given: "given away"
        case .discarded: "thrown out"
        case .lost: "lost"
        case .stolen: "stolen"
        }
    }
}
