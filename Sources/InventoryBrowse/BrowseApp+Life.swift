import Foundation
import InventoryKit

extension BrowseApp {
    /// A few lines to type, then Enter: lending a thing (`o`), recording that it left (`x`),
    /// recording what was done to it (`r`). Refused input leaves the prompt open with the
    /// manager's words on the status line, and what was typed kept.
    final class LinePrompt {
        /// What Enter on the last line does.
        enum Purpose {
            case lend
            case leave
            case logMaintenance
            case schedule
        }

        let purpose: Purpose
        let item: HouseholdItem
        /// The screen it came from, shown again when it ends.
        let returnTo: Modal?
        let labels: [String]
        /// Under each line, dimmed: what it takes.
        let hints: [String]
        var values: [String]
        var cursor = 0

        init(
            _ purpose: Purpose, item: HouseholdItem, returnTo: Modal?, lines: [(String, String)]
        ) {
            self.purpose = purpose
            self.item = item
            self.returnTo = returnTo
            labels = lines.map(\.0)
            hints = lines.map(\.1)
            values = Array(repeating: "", count: lines.count)
        }

        var title: String {
            switch purpose {
            case .lend: "Lend #\(item.id) \(item.name)"
            case .leave: "#\(item.id) \(item.name) left the household"
            case .logMaintenance: "Record what was done to #\(item.id) \(item.name)"
            case .schedule: "Schedule maintenance of #\(item.id) \(item.name)"
            }
        }

        /// What was typed on the line labelled `label`, nil when blank.
        func typed(_ label: String) -> String? {
            guard let index = labels.firstIndex(of: label) else { return nil }
            let text = values[index].trimmingWhitespace()
            return text.isEmpty ? nil : text
        }
    }

    /// `o`: lends the item, or takes it back when it is lent.
    func lendOrTakeBack(_ item: HouseholdItem?, returnTo: Modal?) {
        guard let item else { return }
        if let person = item.lentTo {
            do {
                try manager.endLoan(id: item.id)
                message = ("#\(item.id) \(item.name) is back from \(person)", false)
            } catch {
                message = (ErrorMessage.text(error), true)
            }
            return
        }
        if item.hasLeft {
            message = ("#\(item.id) \(item.name) left the household: x brings it back", true)
            return
        }
        modal = .prompt(
            LinePrompt(
                .lend, item: item, returnTo: returnTo,
                lines: [
                    ("To whom", "a name"),
                    ("Due back", "a day (2027-01-15) or a period (2w, 30d); blank: no day"),
                ]))
    }

    /// `x`: records that the item left the household, or brings it back when it did.
    func leaveOrBringBack(_ item: HouseholdItem?, returnTo: Modal?) {
        guard let item else { return }
        if item.hasLeft {
            do {
                try manager.bringBack(id: item.id)
                message = ("#\(item.id) \(item.name) is back in the household", false)
            } catch {
                message = (ErrorMessage.text(error), true)
            }
            return
        }
        modal = .prompt(
            LinePrompt(
                .leave, item: item, returnTo: returnTo,
                lines: [
                    ("How", Departure.allCases.map(\.rawValue).joined(separator: ", ")),
                    ("To whom", "blank: not said"),
                    ("For", "what it brought in; blank: nothing"),
                    ("On", "a day (2026-11-01); blank: today"),
                ]))
    }

    /// `r`: records what was done to the item.
    func startLogging(_ item: HouseholdItem?, returnTo: Modal?) {
        guard let item else { return }
        modal = .prompt(
            LinePrompt(
                .logMaintenance, item: item, returnTo: returnTo,
                lines: [
                    ("What", "Annual service"),
                    ("On", "a day (2026-11-01); blank: today"),
                    ("Cost", "blank: none"),
                    ("By", "a person or a firm; blank: not said"),
                    ("File", "a receipt or photo: its path; blank: none"),
                ]))
    }

    /// `s`: schedules something to be done to the item.
    func startScheduling(_ item: HouseholdItem?, returnTo: Modal?) {
        guard let item else { return }
        modal = .prompt(
            LinePrompt(
                .schedule, item: item, returnTo: returnTo,
                lines: [
                    ("What", "Boiler service"),
                    ("Every", "months or years: 3m, 12 months, 1y; blank: once"),
                    ("From last", "y: the period runs from the last time it was done"),
                    ("First day", "a day (2027-04-01); blank: today (once: required)"),
                ]))
    }

    /// What is due within 30 days and what is overdue, as `inventory due` lists it: Enter
    /// opens the thing's item.
    final class DueList {
        let things: [DueThing]
        var cursor = 0
        var top = 0

        init(_ things: [DueThing]) {
            self.things = things
        }
    }

    /// How far ahead `u` looks.
    static let dueDays = 30

    /// `u`: opens what is due.
    func showDue() {
        do {
            modal = .due(DueList(try manager.due(withinDays: Self.dueDays)))
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }

    /// Feeds a key to the list of what is due.
    func handleDue(_ list: DueList, _ key: Key) {
        message = nil
        let visible = max(1, listRows - 1)
        switch key {
        case .escape, .character("q"), .character("u"):
            modal = nil
            return
        case .up: list.cursor -= 1
        case .down: list.cursor += 1
        case .pageUp: list.cursor -= visible
        case .pageDown: list.cursor += visible
        case .home: list.cursor = 0
        case .end: list.cursor = list.things.count - 1
        case .enter:
            if list.things.indices.contains(list.cursor) {
                openDetail(list.things[list.cursor].itemID)
            }
            return
        default: break
        }
        list.cursor = max(0, min(list.things.count - 1, list.cursor))
        if list.cursor < list.top { list.top = list.cursor }
        if list.cursor >= list.top + visible { list.top = list.cursor - visible + 1 }
    }

    /// Feeds a key to the prompt: Up/Down or Tab move, Enter on the last line (or twice)
    /// saves, Esc goes back.
    func handlePrompt(_ prompt: LinePrompt, _ key: Key) {
        message = nil
        switch key {
        case .escape:
            modal = prompt.returnTo
        case .up, .backTab:
            prompt.cursor = max(0, prompt.cursor - 1)
        case .down, .tab:
            prompt.cursor = min(prompt.labels.count - 1, prompt.cursor + 1)
        case .backspace:
            prompt.values[prompt.cursor].removeLast(prompt.values[prompt.cursor].isEmpty ? 0 : 1)
        case .character(let character):
            prompt.values[prompt.cursor].append(character)
        case .enter:
            if prompt.cursor < prompt.labels.count - 1 {
                prompt.cursor += 1
            } else {
                save(prompt)
            }
        default: break
        }
    }

    private func save(_ prompt: LinePrompt) {
        let item = prompt.item
        do {
            let today = manager.today()
            let day = try prompt.typed("On").map {
                try CalendarDate(parsing: $0, field: .other("day"))
            }
            switch prompt.purpose {
            case .lend:
                let due = try prompt.typed("Due back").map {
                    try CalendarDate(dayOrPeriod: $0, from: today, field: .other("due back"))
                }
                let saved = try manager.lend(
                    id: item.id, to: prompt.typed("To whom") ?? "", due: due,
                    expectedVersion: item.version)
                message = (
                    "Lent #\(saved.id) \(saved.name) to \(saved.lentTo ?? "")"
                        + (saved.loanDue.map { ", due back \($0)" } ?? ""), false
                )
            case .leave:
                let typedHow = prompt.typed("How") ?? ""
                guard let how = Departure(rawValue: typedHow.lowercased()) else {
                    throw InventoryError.invalidValue(
                        field: .other("way it left"), value: typedHow,
                        reason: "say sold, given, discarded, lost or stolen")
                }
                let amount = try prompt.typed("For").map {
                    try Money(parsing: $0, currency: manager.currency, field: .other("amount"))
                }
                let saved = try manager.leave(
                    id: item.id, how: how, on: day, to: prompt.typed("To whom"), for: amount,
                    expectedVersion: item.version)
                message = ("#\(saved.id) \(saved.name): \(saved.departureText ?? "left")", false)
            case .logMaintenance:
                let cost = try prompt.typed("Cost").map {
                    try Money(parsing: $0, currency: manager.currency, field: .other("cost"))
                }
                let entry = try manager.logMaintenance(
                    itemID: item.id,
                    MaintenanceDraft(
                        what: prompt.typed("What") ?? "", doneOn: day, cost: cost,
                        doneBy: prompt.typed("By"),
                        file: prompt.typed("File").map {
                            ($0 as NSString).expandingTildeInPath
                        }))
                message = (
                    "#\(item.id) \(item.name): recorded \(entry.what) on \(entry.doneOn)", false
                )
            case .schedule:
                let months = try prompt.typed("Every").map { typed -> Int in
                    guard let months = MaintenanceSchedule.months(parsing: typed) else {
                        throw InventoryError.invalidValue(
                            field: .other("period"), value: typed,
                            reason: "a period is months or years, such as 3m, 12 months or 1y")
                    }
                    return months
                }
                let fromLast = ["y", "yes"].contains(prompt.typed("From last")?.lowercased() ?? "")
                if fromLast && months == nil {
                    throw InventoryError.invalidValue(
                        field: .other("from last"), value: "y",
                        reason: "the period runs from the last time only with Every")
                }
                let saved = try manager.scheduleMaintenance(
                    itemID: item.id,
                    MaintenancePlan(
                        what: prompt.typed("What") ?? "", everyMonths: months, fromLast: fromLast,
                        startsOn: try prompt.typed("First day").map {
                            try CalendarDate(parsing: $0, field: .other("first day"))
                        }))
                message = (
                    "#\(item.id) \(item.name): \(saved.what), \(saved.rule); next due "
                        + (saved.nextDue?.description ?? "never"), false
                )
            }
            modal = prompt.returnTo
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }
}
