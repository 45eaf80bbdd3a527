public import InventoryModel

extension InventoryManager {
    /// Where the household stands: its worth by room and by tag, insured and not, and the
    /// items that lack something a claim needs; what left the household is not counted. One
    /// pass over the items, by name.
    public func standing() throws -> HouseholdStanding {
        let check = ItemCheck(
            settings: try settings(), today: today(), ownFields: try customFields())
        var standing = HouseholdStanding(check: check)
        try forEachItem(matching: .all, sortedBy: .name) { standing.add($0) }
        standing.finish()
        return standing
    }
}
