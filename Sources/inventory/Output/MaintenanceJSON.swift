import InventoryExchange
import InventoryKit

/// Maintenance and what is due as JSON, keys in a fixed order.
enum MaintenanceJSON {
    private static func string(_ text: String?) -> String {
        var json = ""
        ItemJSON.appendString(text, to: &json)
        return json
    }

    /// A schedule: its rule and its next day.
    static func schedule(_ schedule: MaintenanceSchedule) -> String {
        "{\"number\":\(schedule.id),\"what\":\(string(schedule.what))"
            + ",\"everyMonths\":\(schedule.everyMonths.map(String.init) ?? "null")"
            + ",\"fromLast\":\(schedule.fromLast),\"startsOn\":\"\(schedule.startsOn)\""
            + ",\"lastDone\":\(string(schedule.lastDone?.description))"
            + ",\"nextDue\":\(string(schedule.nextDue?.description))}"
    }

    /// An entry of the log.
    static func entry(_ entry: MaintenanceEntry, manager: InventoryManager) -> String {
        "{\"number\":\(entry.id),\"doneOn\":\"\(entry.doneOn)\",\"what\":\(string(entry.what))"
            + ",\"cost\":\(string(entry.cost?.decimalString)),\"by\":\(string(entry.doneBy))"
            + ",\"file\":\(string(entry.file))"
            + ",\"schedule\":\(entry.scheduleID.map(String.init) ?? "null")}"
    }

    /// An item's schedules and log.
    static func object(
        item: HouseholdItem, _ schedules: [MaintenanceSchedule], _ entries: [MaintenanceEntry],
        manager: InventoryManager
    ) -> String {
        "{\"itemId\":\(item.id),\"name\":\(string(item.name))"
            + ",\"currency\":\"\(manager.currency.code)\",\"schedules\":["
            + schedules.map(schedule).joined(separator: ",") + "],\"log\":["
            + entries.map { entry($0, manager: manager) }.joined(separator: ",") + "]}"
    }

    /// A change of an item's maintenance, as `history --json` lists it: the change is
    /// `maintenance-logged`, `-removed`, `-scheduled` or `-unscheduled`.
    static func event(_ event: MaintenanceEvent) -> String {
        var json =
            "{\"seq\":\(event.sequence),\"at\":\"\(event.time.iso8601)\""
            + ",\"change\":\"maintenance-\(event.kind.rawValue)\",\"id\":\(event.itemID)"
            + ",\"what\":\(string(event.what))"
        if let entry = event.entry {
            json +=
                ",\"doneOn\":\"\(entry.doneOn)\",\"cost\":\(string(entry.cost?.decimalString))"
                + ",\"by\":\(string(entry.doneBy))"
        }
        if let schedule = event.schedule {
            json +=
                ",\"everyMonths\":\(schedule.everyMonths.map(String.init) ?? "null")"
                + ",\"fromLast\":\(schedule.fromLast),\"startsOn\":\"\(schedule.startsOn)\""
        }
        return json + "}"
    }

    /// A thing due.
    static func due(_ thing: DueThing, today: CalendarDate) -> String {
        "{\"kind\":\"\(thing.kind.rawValue)\",\"itemId\":\(thing.itemID)"
            + ",\"name\":\(string(thing.itemName)),\"what\":\(string(thing.what))"
            + ",\"date\":\"\(thing.date)\",\"overdue\":\(thing.isOverdue(on: today))}"
    }
}
