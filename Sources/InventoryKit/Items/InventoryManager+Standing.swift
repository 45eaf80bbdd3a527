public import InventoryModel

extension InventoryManager {
    /// Where the household stands: its worth by room and by tag, insured and not, and the
    /// items that lack something a claim needs; what left the household is not counted. One
    /// pass over the items, by name.
    public func standing() throws -> HouseholdStanding {
        try standing(reusing: nil).standing
    }

    /// What `standing()` depends on besides the items' order: the journal's last change (every
    /// change of an item or its maintenance moves it), the day, the settings and the own
    /// fields. Two readings with the same key stand the same.
    public struct StandingKey: Sendable, Hashable {
        let sequence: Int64
        let today: CalendarDate
        let settings: InventorySettings
        let ownFields: [CustomField]
    }

    /// Where the household stands, and its key; `known` is given back without reading the
    /// items when its key is still the inventory's (a home page asked for again, nothing
    /// changed).
    public func standing(reusing known: (key: StandingKey, standing: HouseholdStanding)?)
        throws -> (key: StandingKey, standing: HouseholdStanding)
    {
        let key = StandingKey(
            sequence: try lastSequence(), today: today(), settings: try settings(),
            ownFields: try customFields())
        if let known, known.key == key { return known }
        let check = ItemCheck(settings: key.settings, today: key.today, ownFields: key.ownFields)
        var standing = HouseholdStanding(check: check)
        try forEachItem(matching: .all, sortedBy: .name) { standing.add($0) }
        standing.finish()
        return (key, standing)
    }
}
