import Hummingbird
import InventoryKit

// The item page's forms for maintenance: record what was done, schedule a thing, remove an
// entry or a schedule. Each is one journaled write of the manager's (which does not ask for
// the item's version: a service logged does not make an open form out of date), refused
// with the manager's words; the page shows the result.
extension InventoryServer {
    func addMaintenanceRoutes(to router: Router<ServerContext>) {
        // What is due, as `inventory due` lists it: live like the lists.
        router.get("/due") { request, context in
            let typed = request.uri.queryParameters["within"].map(String.init) ?? "30d"
            return try await self.blocking.run {
                guard let days = CalendarDate.days(inPeriod: typed) else {
                    throw ServerError.badRequest(
                        "A period is days, weeks, months or years, such as 30d, 2w or 3m.")
                }
                let (sequence, things) = try (
                    self.manager.lastSequence(), self.manager.due(withinDays: days)
                )
                return Self.html(
                    self.pages.layout(
                        title: "Due", tabs: try self.pager.tabs(), current: "due",
                        session: context.session, sequence: sequence,
                        main: self.pages.due(
                            things, within: typed, today: self.manager.today())))
            }
        }
        router.post("/items/:id/maintenance") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                let currency = self.manager.currency
                try self.manager.logMaintenance(
                    itemID: item.id,
                    MaintenanceDraft(
                        what: fields["what"] ?? "",
                        doneOn: try Self.day(fields["on"], field: "day"),
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
                            field: .other("period"), value: typed,
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
                        startsOn: try Self.day(fields["on"], field: "day")))
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
        // A receipt or photo for an entry: its bytes, sent by the page's script as a photo is.
        router.post("/items/:id/maintenance/:entry/receipt") { request, context in
            let item = try await self.blocking.run { try self.item(context) }
            guard let entry = Int64(try Self.parameter("entry", context)) else {
                throw ServerError.notFound("No such entry.")
            }
            let extensions = [
                "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp",
                "image/heic": "heic", "image/heif": "heic", "application/pdf": "pdf",
            ]
            guard
                let saved = try await self.uploads.ifAdmitted({
                    try await self.receivedFile(
                        request, context, extensions: extensions,
                        refusal: "A receipt is sent as its bytes, with Content-Type "
                            + "application/pdf or an image's."
                    ) { path in
                        do {
                            return try self.manager.attachMaintenanceFile(
                                itemID: item.id, entryID: entry, file: path)
                        } catch InventoryError.invalidFile(_, let reason) {
                            throw ServerError.badRequest(
                                "That is not a receipt the inventory can keep: \(reason).")
                        }
                    }
                })
            else { return Self.uploadsBusy("files") }
            return Self.json(
                "{\"entry\":\(saved.id),\"file\":\"\(saved.file ?? "")\"}", status: .created)
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
}

extension Pages {
    /// What is due within a period and what is overdue, by day: maintenance, warranties
    /// ending, loans due back, reviews; each thing linking to its item.
    func due(_ things: [DueThing], within: String, today: CalendarDate) -> [BodyNode] {
        var nodes: [BodyNode] = [
            element("h1", [:], [text("Due")]),
            element(
                "form", ["method": "get", "action": "/due", "class": "within"],
                [
                    element("label", ["for": "due-within"], [text("Within")]),
                    element(
                        "input",
                        [
                            "type": "text", "id": "due-within", "name": "within", "value": within,
                            "size": "5", "autocomplete": "off",
                        ]),
                    element("button", ["type": "submit"], [text("Show")]),
                ]),
        ]
        if things.isEmpty {
            nodes.append(
                element("p", ["class": "empty"], [text("Nothing is due within \(within).")]))
            return nodes
        }
        let overdue = things.count { $0.isOverdue(on: today) }
        nodes.append(
            element(
                "p", ["id": "summary"],
                [
                    text(
                        "\(things.count) thing\(things.count == 1 ? "" : "s") due"
                            + (overdue > 0 ? ", \(overdue) overdue" : ""))
                ]))
        nodes.append(
            element(
                "table", ["id": "due"],
                [
                    element(
                        "thead", [:],
                        [
                            element(
                                "tr", [:],
                                ["Day", "Item", "What", "Kind"].map {
                                    element("th", ["scope": "col"], [text($0)])
                                })
                        ]),
                    element(
                        "tbody", [:],
                        things.map { thing in
                            let late = thing.isOverdue(on: today)
                            return element(
                                "tr", late ? ["class": "overdue"] : [:],
                                [
                                    element(
                                        "td", [:],
                                        [text(thing.date.description + (late ? " (overdue)" : ""))]
                                    ),
                                    element(
                                        "td", [:],
                                        [
                                            element(
                                                "a", ["href": Paths.item(thing.itemID)],
                                                [text(thing.itemName)])
                                        ]),
                                    element("td", [:], [text(thing.what)]),
                                    element("td", [:], [text(thing.kind.rawValue)]),
                                ])
                        }),
                ]))
        return nodes
    }
}
