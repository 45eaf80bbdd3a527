import Hummingbird
import InventoryKit

// The item page's forms for maintenance: record what was done, schedule a thing, remove an
// entry or a schedule. Each is one journaled write of the manager's (which does not ask for
// the item's version: a service logged does not make an open form out of date), refused
// with the manager's words; the page shows the result.
extension InventoryServer {
    func addMaintenanceRoutes(to router: Router<ServerContext>) {
        router.post("/items/:id/maintenance") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                let currency = self.manager.currency
                try self.manager.logMaintenance(
                    itemID: item.id,
                    MaintenanceDraft(
                        what: fields["what"] ?? "",
                        doneOn: try Self.typedDay(fields["on"], field: "on"),
                        cost: try Self.typed(fields["cost"]).map {
                            try Money(parsing: $0, currency: currency, field: .other("cost"))
                        },
                        doneBy: fields["by"]))
                return Self.redirect(Paths.item(item.id) + "#maintenance")
            }
        }
        router.post("/items/:id/schedules") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                let months = try Self.typed(fields["every"]).map { typed -> Int in
                    guard let months = MaintenanceSchedule.months(parsing: typed) else {
                        throw InventoryError.invalidValue(
                            field: .other("every"), value: typed,
                            reason: "a period is months or years, such as 3m, 12 months or 1y")
                    }
                    return months
                }
                let fromLast = fields["from-last"] == "yes"
                if fromLast && months == nil {
                    throw ServerError.badRequest("“From the last time” goes with a period.")
                }
                try self.manager.scheduleMaintenance(
                    itemID: item.id,
                    MaintenancePlan(
                        what: fields["what"] ?? "", everyMonths: months, fromLast: fromLast,
                        startsOn: try Self.typedDay(fields["on"], field: "on")))
                return Self.redirect(Paths.item(item.id) + "#maintenance")
            }
        }
        router.post("/items/:id/maintenance/:entry/remove") { request, context in
            _ = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                guard let entry = Int64(try Self.parameter("entry", context)) else {
                    throw ServerError.notFound("No such entry.")
                }
                try self.manager.removeMaintenanceEntry(itemID: item.id, id: entry)
                return Self.redirect(Paths.item(item.id) + "#maintenance")
            }
        }
        router.post("/items/:id/schedules/:schedule/remove") { request, context in
            _ = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                guard let schedule = Int64(try Self.parameter("schedule", context)) else {
                    throw ServerError.notFound("No such schedule.")
                }
                try self.manager.removeMaintenanceSchedule(itemID: item.id, id: schedule)
                return Self.redirect(Paths.item(item.id) + "#maintenance")
            }
        }
    }

    /// What was typed in a form's field, nil when blank.
    private static func typed(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    /// A day typed in a form's date field, nil when blank.
    private static func typedDay(_ text: String?, field: String) throws -> CalendarDate? {
        try typed(text).map { try CalendarDate(parsing: $0, field: .other(field)) }
    }
}
