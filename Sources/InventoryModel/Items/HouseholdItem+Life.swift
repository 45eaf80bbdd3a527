// An item's loan and its leaving the household, said for people: `show`, `history`,
// `browse` and the web pages say them alike.
extension HouseholdItem {
    /// The loan or the departure that this version of the item began or ended since `before`,
    /// said as history says it (`lent to Sam, due back 2026-12-12`, `back from Sam`,
    /// `left: sold to Jo for 80.00 on 2026-11-28`, `brought back`), or nil for any other edit.
    public func lifeEvent(since before: HouseholdItem) -> String? {
        if let departureText, before.leftOn == nil { return "left: " + departureText }
        if leftOn == nil, before.leftOn != nil { return "brought back" }
        if let lentTo, before.lentTo == nil {
            return "lent to \(lentTo)" + (loanDue.map { ", due back \($0)" } ?? "")
        }
        if lentTo == nil, let person = before.lentTo { return "back from \(person)" }
        return nil
    }

    /// Who has the item and until when, for people: `Sam, since 2026-11-01, due back
    /// 2026-12-01 (overdue)` (overdue when `today` is past the day); nil when it is not lent.
    public func loanText(today: CalendarDate? = nil) -> String? {
        guard let lentTo else { return nil }
        var text = lentTo
        if let lentOn { text += ", since \(lentOn)" }
        if let loanDue {
            text += ", due back \(loanDue)"
            if let today, loanDue < today { text += " (overdue)" }
        }
        return text
    }

    /// How the item left, for people: `sold to Jo for 80.00 on 2026-11-28`; nil when it is
    /// still in the household.
    public var departureText: String? {
        guard let leftOn else { return nil }
        var text = departure?.phrase ?? "left"
        if let leftTo { text += " to \(leftTo)" }
        if let leftFor { text += " for \(leftFor.formatted)" }
        return text + " on \(leftOn)"
    }
}
