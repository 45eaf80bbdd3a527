public import InventoryModel
import InventoryStore

// Loans, and items leaving the household. Each is a journaled edit of the item's own fields
// (`ItemField.all`: lentTo, lentOn, loanDue; leftOn, leftHow, leftTo, leftFor), so history,
// live views, exports and the web pages follow them as they follow any edit.
extension InventoryManager {
    /// Lends the item `id` to `person`, from `day` (today when nil), to come back by `due`.
    ///
    /// - Returns: the item, lent.
    /// - Throws: `InventoryError.itemsNotFound`; `.itemState` when it is lent already or has
    ///   left the household; `.invalidValue` for a blank or too long name, a day lent in the
    ///   future or a due day before it; `.editConflict` when it is no longer at
    ///   `expectedVersion`. Nothing is written then.
    @discardableResult
    public func lend(
        id: Int64, to person: String, on day: CalendarDate? = nil, due: CalendarDate? = nil,
        expectedVersion: Int? = nil
    ) throws -> HouseholdItem {
        let today = today()
        guard
            let person = try ItemValidation.text(
                person, field: .other("lent to"), limit: ItemValidation.maximumShortTextLength)
        else {
            throw InventoryError.invalidValue(
                field: .other("lent to"), value: person, reason: "say who has it")
        }
        let lentOn = try ItemValidation.pastDate(
            day ?? today, field: .other("lent on"), today: today)
        return try change(itemID: id, expectedVersion: expectedVersion) { item in
            if let lentTo = item.lentTo {
                throw InventoryError.itemState(
                    id: item.id, name: item.name, problem: .lent(to: lentTo))
            }
            if let leftOn = item.leftOn {
                throw InventoryError.itemState(
                    id: item.id, name: item.name, problem: .left(on: leftOn))
            }
            item.lentTo = person
            item.lentOn = lentOn
            item.loanDue = due
            try ItemValidation.relations(of: item)
        }
    }

    /// Records that the item `id` came back: it is no longer lent. History keeps the loan.
    ///
    /// - Throws: `InventoryError.itemsNotFound`; `.itemState` when it is not lent;
    ///   `.editConflict`. Nothing is written then.
    @discardableResult
    public func endLoan(id: Int64, expectedVersion: Int? = nil) throws -> HouseholdItem {
        try change(itemID: id, expectedVersion: expectedVersion) { item in
            guard item.lentTo != nil else {
                throw InventoryError.itemState(id: item.id, name: item.name, problem: .notLent)
            }
            item.lentTo = nil
            item.lentOn = nil
            item.loanDue = nil
        }
    }

    /// Records that the item `id` left the household on `day` (today when nil), `how`, to
    /// `person` and for `amount` if said. It leaves every view and total but the archive,
    /// and comes out of any container (its location stays where it was); a loan ends.
    ///
    /// - Throws: `InventoryError.itemsNotFound`; `.itemState` when it left already or holds
    ///   items; `.invalidValue` for a day in the future, an amount in another currency;
    ///   `.editConflict`. Nothing is written then.
    @discardableResult
    public func leave(
        id: Int64, how: Departure, on day: CalendarDate? = nil, to person: String? = nil,
        for amount: Money? = nil, expectedVersion: Int? = nil
    ) throws -> HouseholdItem {
        let today = today()
        let leftOn = try ItemValidation.pastDate(
            day ?? today, field: .other("left on"), today: today)
        let person = try ItemValidation.text(
            person, field: .other("left to"), limit: ItemValidation.maximumShortTextLength)
        let amount = try ItemValidation.price(amount, currency: currency)
        return try change(itemID: id, expectedVersion: expectedVersion) { item, items in
            if let left = item.leftOn {
                throw InventoryError.itemState(
                    id: item.id, name: item.name, problem: .left(on: left))
            }
            let held = try items.contentCount(of: item.id)
            if held > 0 {
                throw InventoryError.itemState(
                    id: item.id, name: item.name, problem: .holdsItems(held))
            }
            item.leftOn = leftOn
            item.leftHow = how.rawValue
            item.leftTo = person
            item.leftFor = amount
            item.lentTo = nil
            item.lentOn = nil
            item.loanDue = nil
            item.containerID = nil
        }
    }

    /// Brings the item `id` back into the household (it left by mistake, or came back): it
    /// is in every view again, where it was. History keeps that it left.
    ///
    /// - Throws: `InventoryError.itemsNotFound`; `.itemState` when it has not left;
    ///   `.editConflict`. Nothing is written then.
    @discardableResult
    public func bringBack(id: Int64, expectedVersion: Int? = nil) throws -> HouseholdItem {
        try change(itemID: id, expectedVersion: expectedVersion) { item in
            guard item.leftOn != nil else {
                throw InventoryError.itemState(id: item.id, name: item.name, problem: .notLeft)
            }
            item.leftOn = nil
            item.leftHow = nil
            item.leftTo = nil
            item.leftFor = nil
        }
    }
}
