import Foundation
public import InventoryModel
import InventoryStore

/// What was done, to record in an item's maintenance log (`InventoryManager.logMaintenance`).
public struct MaintenanceDraft: Sendable, Hashable {
    /// What was done: "Annual service".
    public var what: String
    /// The day; nil is today.
    public var doneOn: CalendarDate?
    /// What it cost.
    public var cost: Money?
    /// Who did it.
    public var doneBy: String?
    /// A receipt or a photo to store with it: a file's path.
    public var file: String?
    /// The schedule it counts for; nil: the item's schedule for the same thing (by its words,
    /// in any case), if it has one.
    public var scheduleID: Int64?

    /// An entry of `what`.
    public init(
        what: String, doneOn: CalendarDate? = nil, cost: Money? = nil, doneBy: String? = nil,
        file: String? = nil, scheduleID: Int64? = nil
    ) {
        self.what = what
        self.doneOn = doneOn
        self.cost = cost
        self.doneBy = doneBy
        self.file = file
        self.scheduleID = scheduleID
    }
}

/// How often a thing is to be done (`InventoryManager.scheduleMaintenance`).
public struct MaintenancePlan: Sendable, Hashable {
    /// What is to be done.
    public var what: String
    /// Every how many months; nil: once.
    public var everyMonths: Int?
    /// Whether the months run from the last time it was done.
    public var fromLast: Bool
    /// The first day it is due; nil: today (once: required).
    public var startsOn: CalendarDate?

    /// A plan of `what`.
    public init(
        what: String, everyMonths: Int?, fromLast: Bool = false, startsOn: CalendarDate? = nil
    ) {
        self.what = what
        self.everyMonths = everyMonths
        self.fromLast = fromLast
        self.startsOn = startsOn
    }
}

extension InventoryManager {
    /// Every item's maintenance schedules and log, by item id: what an export writes.
    public func allMaintenance() throws
        -> [Int64: (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])]
    {
        try withStore { store in
            try store.database.read { try store.database.maintenance.everything() }
        }
    }

    /// The item's maintenance schedules (each with its next day) and its log, oldest first.
    ///
    /// - Throws: `InventoryError.itemNotFound`.
    public func maintenance(itemID: Int64) throws
        -> (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])
    {
        try withStore { store in
            try store.database.read {
                guard try store.database.items.item(id: itemID) != nil else {
                    throw InventoryError.itemNotFound(itemID)
                }
                return (
                    try store.database.maintenance.schedules(itemID: itemID),
                    try store.database.maintenance.entries(itemID: itemID)
                )
            }
        }
    }

    /// Adds a maintenance schedule to an item.
    ///
    /// - Returns: the schedule as saved.
    /// - Throws: `InventoryError.itemNotFound`, `.invalidValue` (a blank or long what, a
    ///   period out of range, a one-time schedule without its day); nothing is written then.
    @discardableResult
    public func scheduleMaintenance(itemID: Int64, _ plan: MaintenancePlan) throws
        -> MaintenanceSchedule
    {
        let what = try Self.maintenanceWhat(plan.what)
        if let months = plan.everyMonths, !(1...1200).contains(months) {
            throw InventoryError.invalidValue(
                field: .other("period"), value: String(months),
                reason: "a period is 1 month to 100 years")
        }
        guard plan.everyMonths != nil || plan.startsOn != nil else {
            throw InventoryError.invalidValue(
                field: .other("day"), value: "", reason: "a one-time schedule needs its day")
        }
        let now = Timestamp(clock())
        var startsOn = plan.startsOn ?? today()
        try Self.checkMaintenanceDay(startsOn)
        // A calendar long begun starts at its latest day up to today: the days before are
        // history, not a backlog.
        if let months = plan.everyMonths, !plan.fromLast, startsOn < today() {
            var step = 0
            while startsOn.adding(months: (step + 1) * months) <= today() { step += 1 }
            startsOn = startsOn.adding(months: step * months)
        }
        return try maintenanceWrite(itemID: itemID, at: now) { store in
            let id = try store.database.maintenance.insertSchedule(
                itemID: itemID, what: what, everyMonths: plan.everyMonths,
                fromLast: plan.fromLast && plan.everyMonths != nil, startsOn: startsOn,
                at: now)
            // what was logged of it before counts for it
            try store.database.maintenance.link(scheduleID: id, itemID: itemID, what: what)
            return try store.database.maintenance.schedules(itemID: itemID).first {
                $0.id == id
            }!
        }
    }

    /// Removes one of an item's schedules; the entries that counted for it stay in its log.
    ///
    /// - Throws: `InventoryError.itemNotFound`, `.invalidValue` when the item has no schedule
    ///   `id`.
    public func removeMaintenanceSchedule(itemID: Int64, id: Int64) throws {
        try maintenanceWrite(itemID: itemID, at: Timestamp(clock())) { store in
            guard try store.database.maintenance.deleteSchedule(id: id, itemID: itemID) else {
                throw InventoryError.invalidValue(
                    field: .other("schedule"), value: String(id),
                    reason: "item \(itemID) has no schedule \(id)")
            }
        }
    }

    /// Records what was done to an item, with its receipt or photo stored as the item's files
    /// are.
    ///
    /// - Returns: the entry as saved.
    /// - Throws: `InventoryError.itemNotFound`, `.invalidValue` (a blank what, a day in the
    ///   future, a schedule the item does not have), `.invalidFile`; nothing is written then
    ///   (a file stored for it is removed).
    @discardableResult
    public func logMaintenance(itemID: Int64, _ draft: MaintenanceDraft) throws
        -> MaintenanceEntry
    {
        let what = try Self.maintenanceWhat(draft.what)
        let day = draft.doneOn ?? today()
        try Self.checkMaintenanceDay(day)
        if day > today() {
            throw InventoryError.invalidValue(
                field: .other("day"), value: day.description,
                reason: "it is in the future (today is \(today()))")
        }
        if let cost = draft.cost, cost.minorUnits < 0 {
            throw InventoryError.invalidValue(
                field: .other("cost"), value: cost.decimalString, reason: "a cost is not negative")
        }
        let doneBy = try ItemValidation.text(draft.doneBy, field: .other("by"), limit: 200)
        let now = Timestamp(clock())
        let stored = try draft.file.map { try photos.importFile(from: $0, as: .receipt) }
        do {
            return try maintenanceWrite(itemID: itemID, at: now) { store in
                let schedules = try store.database.maintenance.schedules(itemID: itemID)
                var scheduleID: Int64?
                if let wanted = draft.scheduleID {
                    guard schedules.contains(where: { $0.id == wanted }) else {
                        throw InventoryError.invalidValue(
                            field: .other("schedule"), value: String(wanted),
                            reason: "item \(itemID) has no schedule \(wanted)")
                    }
                    scheduleID = wanted
                } else {
                    let folded = TextFolding.fold(what)
                    scheduleID = schedules.first { TextFolding.fold($0.what) == folded }?.id
                }
                let id = try store.database.maintenance.insertEntry(
                    itemID: itemID, scheduleID: scheduleID, doneOn: day, what: what,
                    cost: draft.cost, doneBy: doneBy, file: stored?.name, at: now)
                return try store.database.maintenance.entries(itemID: itemID).first {
                    $0.id == id
                }!
            }
        } catch {
            if let stored, stored.created { removeUnusedFiles([stored.name]) }
            throw error
        }
    }

    /// Gives an entry of the item's log its receipt or photo, stored as the item's files are,
    /// in place of the one it had (which goes unless something else uses it).
    ///
    /// - Returns: the entry as saved.
    /// - Throws: `InventoryError.itemNotFound`, `.invalidValue` when the item has no entry
    ///   `entryID`, `.invalidFile`; nothing is written then.
    @discardableResult
    public func attachMaintenanceFile(itemID: Int64, entryID: Int64, file path: String) throws
        -> MaintenanceEntry
    {
        let stored = try photos.importFile(from: path, as: .receipt)
        do {
            let (entry, replaced) = try maintenanceWrite(itemID: itemID, at: Timestamp(clock())) {
                store in
                guard
                    let replaced = try store.database.maintenance.setFile(
                        stored.name, ofEntry: entryID, itemID: itemID)
                else {
                    throw InventoryError.invalidValue(
                        field: .other("entry"), value: String(entryID),
                        reason: "item \(itemID) has no maintenance entry \(entryID)")
                }
                let entry = try store.database.maintenance.entries(itemID: itemID).first {
                    $0.id == entryID
                }!
                return (entry, replaced)
            }
            if let replaced, replaced != stored.name { removeUnusedFiles([replaced]) }
            return entry
        } catch {
            if stored.created { removeUnusedFiles([stored.name]) }
            throw error
        }
    }

    /// Removes an entry recorded by mistake (its file goes unless something else uses it).
    ///
    /// - Throws: `InventoryError.itemNotFound`, `.invalidValue` when the item has no entry `id`.
    public func removeMaintenanceEntry(itemID: Int64, id: Int64) throws {
        let removed = try maintenanceWrite(itemID: itemID, at: Timestamp(clock())) { store in
            guard let entry = try store.database.maintenance.deleteEntry(id: id, itemID: itemID)
            else {
                throw InventoryError.invalidValue(
                    field: .other("entry"), value: String(id),
                    reason: "item \(itemID) has no maintenance entry \(id)")
            }
            return entry
        }
        if let file = removed.file { removeUnusedFiles([file]) }
    }

    /// What is due from today to `days` days on, and what is overdue: scheduled maintenance,
    /// warranties ending (from the household's warranty notice ahead, or `days` if more),
    /// loans due back, and items not reviewed within the review interval; by day, then item.
    /// Items that left the household are not asked of.
    public func due(withinDays days: Int) throws -> [DueThing] {
        let today = today()
        let horizon = today.adding(days: days)
        return try withStore { store in
            try store.database.read {
                var things: [DueThing] = []
                for (schedule, name) in try store.database.maintenance.allSchedules() {
                    guard let next = schedule.nextDue, next <= horizon else { continue }
                    things.append(
                        DueThing(
                            kind: .maintenance, itemID: schedule.itemID, itemName: name,
                            date: next, what: schedule.what,
                            identity: "maintenance-\(schedule.id)"))
                }
                let settings = try store.database.settings.current()
                let notice = max(days, settings.warrantyNoticeDays)
                for (id, name, until) in try store.database.maintenance.warrantiesEnding(
                    from: today, through: today.adding(days: notice))
                {
                    things.append(
                        DueThing(
                            kind: .warranty, itemID: id, itemName: name, date: until,
                            what: "warranty ends", identity: "warranty-\(id)"))
                }
                for (id, name, lentTo, due) in try store.database.maintenance.loansDue(
                    through: horizon)
                {
                    things.append(
                        DueThing(
                            kind: .loan, itemID: id, itemName: name, date: due,
                            what: "back from \(lentTo)", identity: "loan-\(id)"))
                }
                let reviewDays = settings.reviewDays
                // due the day `check` asks for it: once more than the interval has passed
                for (id, name, seen) in try store.database.maintenance.unreviewed(
                    before: horizon.adding(days: -reviewDays - 1))
                {
                    things.append(
                        DueThing(
                            kind: .review, itemID: id, itemName: name,
                            date: seen.adding(days: reviewDays + 1), what: "review",
                            identity: "review-\(id)"))
                }
                // Sorted by keys of plain values, then put in that order: a sort of the things
                // themselves copied (and retained) their texts at every step, a third of a
                // `due` of 100,000 schedules.
                let kinds = Dictionary(
                    uniqueKeysWithValues: DueThing.Kind.allCases.sorted {
                        $0.rawValue < $1.rawValue
                    }
                    .enumerated().map { ($1, $0) })
                let keys = things.enumerated().map { index, thing in
                    (
                        date: thing.date, item: thing.itemID, kind: kinds[thing.kind] ?? 0,
                        index: index
                    )
                }.sorted {
                    ($0.date, $0.item, $0.kind, $0.index) < ($1.date, $1.item, $1.kind, $1.index)
                }
                return keys.map { things[$0.index] }
            }
        }
    }

    /// Runs `body` in one journaled write that touches the item's row too: its `updated_at`,
    /// not its version (a form open on the item is not out of date because a service was
    /// logged). The item journal's edit is how every view, process and browser following the
    /// inventory learns of it; the maintenance journal's triggers record what was done.
    ///
    /// - Throws: `InventoryError.itemNotFound`, or what `body` throws; nothing is written then.
    private func maintenanceWrite<Result: Sendable>(
        itemID: Int64, at now: Timestamp, _ body: (inout Store) throws -> Result
    ) throws -> Result {
        try write(at: now) { store -> MaintenanceWritten<Result> in
            guard let before = try store.database.items.item(id: itemID) else {
                throw InventoryError.itemNotFound(itemID)
            }
            let result = try body(&store)
            var after = before
            // a later time, even within the same millisecond, so that the row is written
            after.updatedAt = max(
                now, Timestamp(millisecondsSince1970: before.updatedAt.millisecondsSince1970 + 1))
            try store.database.items.update(&after, from: before)
            return MaintenanceWritten(
                result: result, edit: ItemEdit(before: before, after: after))
        } changes: { written, first in
            ItemEdit.changes([written.edit], from: first)
        }.result
    }

    /// Refuses a day before 1900: a year mistyped.
    private static func checkMaintenanceDay(_ day: CalendarDate) throws {
        guard day.year >= 1900 else {
            throw InventoryError.invalidValue(
                field: .other("day"), value: day.description, reason: "a day is from 1900 on")
        }
    }

    private static func maintenanceWhat(_ text: String) throws -> String {
        guard let what = try ItemValidation.text(text, field: .other("what"), limit: 200) else {
            throw InventoryError.invalidValue(
                field: .other("what"), value: text, reason: "say what was or is to be done")
        }
        return what
    }
}

/// A maintenance write's result, with the edit of its item's row.
private struct MaintenanceWritten<Result: Sendable>: Sendable {
    let result: Result
    let edit: ItemEdit
}
