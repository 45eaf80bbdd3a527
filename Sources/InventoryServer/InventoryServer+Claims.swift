import Foundation
import Hummingbird
import InventoryExchange
import InventoryKit
import InventoryReport
import NIOCore
import Plot
import WorkbookWriter

// Claims in the browser: the blog's first scenario. The claim form passes its selection
// forward to a multi-select item list (`ProductListController`), which reports the selection
// back through its delegate, the form; the form submits to `ClaimSaver`, which validates.
// HTTP keeps no state between pages, so each page carries the form's fields along. Each route
// runs on `blocking`'s threads once its form is read.
extension InventoryServer {
    /// The most rows the item list shows at once; a search narrows it.
    static let pickerRows = 300

    func addClaimRoutes(to router: Router<ServerContext>) {
        router.get("/claims") { _, context in
            try await self.blocking.run {
                let claims = try self.manager.claims()
                return Self.html(
                    self.pages.layout(
                        title: "Claims", tabs: try self.pager.tabs(), current: "claims",
                        session: context.session, sequence: nil, main: self.pages.claims(claims)))
            }
        }
        router.get("/claims/new") { _, context in
            try await self.blocking.run {
                let form = try self.claimForm(fields: [:])
                return try self.claimFormPage(form, context, status: .ok)
            }
        }
        router.post("/claims") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let form = try self.claimForm(fields: fields)
                let saver = ClaimSaver(manager: self.manager)
                form.delegate = saver
                if form.submit(), let claim = form.savedClaim {
                    return Self.redirect("/claims/\(claim.id)")
                }
                return try self.claimFormPage(form, context, status: .unprocessableContent)
            }
        }
        // The form hands its selection forward to the list…
        router.post("/claims/pick") { request, context in
            let pairs = try await Self.formPairs(request, context)
            return try await self.blocking.run {
                let fields = Dictionary(pairs, uniquingKeysWith: { $1 })
                let form = try self.claimForm(fields: fields)
                let list = form.presentProductList()
                list.narrow(to: fields["q"])
                return Self.html(
                    self.pages.layout(
                        title: "Choose the items", tabs: try self.pager.tabs(), current: "claims",
                        session: context.session, sequence: nil,
                        main: self.pages.picker(
                            list, fields: fields, rows: Self.pickerRows,
                            session: context.session!)))
            }
        }
        // …and the list reports the selection back to the form through its delegate.
        router.post("/claims/picked") { request, context in
            let pairs = try await Self.formPairs(request, context)
            return try await self.blocking.run {
                let fields = Dictionary(pairs, uniquingKeysWith: { $1 })
                let form = try self.claimForm(fields: fields)
                let list = form.presentProductList()
                list.narrow(to: fields["q"])
                if fields["cancel"] != nil {
                    list.cancel()
                } else {
                    let picked = Set(
                        pairs.filter { $0.name == "pick" }.compactMap { Int64($0.value) })
                    let shown = list.visibleItems(in: 0..<Self.pickerRows)
                    for (row, item) in shown.enumerated()
                    where list.isSelected(item.id) != picked.contains(item.id) {
                        list.toggle(row: row)
                    }
                    list.finish()
                }
                return try self.claimFormPage(form, context, status: .ok)
            }
        }
        router.get("/claims/:claim") { _, context in
            try await self.blocking.run {
                let claim = try self.claim(context)
                return Self.html(
                    self.pages.layout(
                        title: claim.title, tabs: try self.pager.tabs(), current: "claims",
                        session: context.session, sequence: nil,
                        main: self.pages.claim(
                            claim, balance: try self.balance(claim), session: context.session))
                )
            }
        }
        router.post("/claims/:claim/payments") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let claim = try self.claim(context)
                let amount = try Money(
                    parsing: fields["amount"] ?? "", currency: self.manager.currency,
                    field: .other("amount"))
                let day = try (fields["receivedOn"]).flatMap {
                    $0.isEmpty ? nil : try CalendarDate(parsing: $0, field: .other("received on"))
                }
                guard let kind = ClaimPaymentKind(rawValue: fields["kind"] ?? "payment") else {
                    throw ServerError.badRequest("A payment is an advance or a payment.")
                }
                let memo = fields["memo"].flatMap { $0.isEmpty ? nil : $0 }
                try self.manager.addClaimPayment(
                    claimID: claim.id,
                    ClaimPaymentDraft(amount: amount, receivedOn: day, kind: kind, memo: memo))
                return Self.redirect("/claims/\(claim.id)#payments")
            }
        }
        router.get("/claims/:claim/adjuster.csv") { _, context in
            try await self.blocking.run {
                let claim = try self.claim(context)
                return Self.download(
                    try self.adjusterSheet(claim).csv(), type: "text/csv; charset=utf-8",
                    name: "claim-\(claim.id)-adjuster.csv")
            }
        }
        router.get("/claims/:claim/adjuster.xlsx") { _, context in
            try await self.blocking.run {
                let claim = try self.claim(context)
                let folder = try FileManager.default.url(
                    for: .itemReplacementDirectory, in: .userDomainMask,
                    appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let path = folder.appendingPathComponent("claim.xlsx").path
                try WorkbookWriter.write(try self.adjusterSheet(claim).workbook, to: path)
                return Self.download(
                    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
                    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    name: "claim-\(claim.id).xlsx")
            }
        }
        router.get("/claims/:claim/report") { _, context in
            try await self.blocking.run { try self.claimReport(try self.claim(context)) }
        }
    }

    /// The report of `claim` for the insurer, one document with its photos inside (read on
    /// `blocking`'s threads).
    func claimReport(_ claim: Claim) throws -> Response {
        let report = Report(
            claim: claim, settings: try manager.settings(), today: manager.today(),
            currency: manager.currency)
        let html = ReportWriter(manager: manager).singleFile(report, page: "claim-\(claim.id).html")
            .html
        return Self.report(html)
    }

    /// A report's answer: a document of its own, whose style is inline and which has no script.
    static func report(_ html: String) -> Response {
        var response = Self.html(html)
        response.headers[.contentSecurityPolicy] = reportSecurityPolicy
        return response
    }

    /// A claim form over the inventory, filled from posted fields (`title`, `incidentDate`,
    /// `kind`, `notes`, `items`: ids separated by commas).
    private func claimForm(fields: [String: String]) throws -> ClaimFormController {
        let form = ClaimFormController(manager: manager, view: try pager.liveView(named: "all"))
        form.title = fields["title"] ?? ""
        form.incidentDateText = fields["incidentDate"] ?? ""
        form.notes = fields["notes"] ?? ""
        if let kind = fields["kind"], !kind.isEmpty {
            guard let value = ClaimKind(rawValue: kind) else {
                throw ServerError.badRequest("Unknown kind of loss \"\(kind)\".")
            }
            form.kind = value
        }
        let ids = (fields["items"] ?? "").split(separator: ",").compactMap { Int64($0) }
        form.chooseItems(ids)
        return form
    }

    private func claimFormPage(
        _ form: ClaimFormController, _ context: ServerContext, status: HTTPResponse.Status
    ) throws -> Response {
        Self.html(
            pages.layout(
                title: "New claim", tabs: try pager.tabs(), current: "claims",
                session: context.session, sequence: nil,
                main: pages.claimForm(form, session: context.session!)),
            status: status)
    }

    /// The adjuster's sheet of `claim` (read on `blocking`'s threads), its photos named by their
    /// stored names (a path on the server means nothing to whoever downloads it).
    func adjusterSheet(_ claim: Claim) throws -> AdjusterSheet {
        AdjusterSheet(
            claim, table: try manager.settings().depreciationTable, currency: manager.currency,
            today: manager.today(), imagePath: { $0 })
    }

    /// A file to save, never kept by a cache (a claim is private).
    static func download(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// What `claim`'s ledger makes payable and what was paid (read on `blocking`'s threads).
    func balance(_ claim: Claim) throws -> ClaimBalance {
        let table = try manager.settings().depreciationTable
        return ClaimBalance(
            LedgerTotals(claim.ledger(table: table, today: manager.today())),
            payments: claim.payments)
    }

    private func claim(_ context: ServerContext) throws -> Claim {
        let text = try Self.parameter("claim", context)
        guard let id = Int64(text), let claim = try manager.claim(id: id) else {
            throw ServerError.notFound("There is no claim \(text).")
        }
        return claim
    }
}

extension Pages {
    /// Every claim, newest first, with its total.
    func claims(_ claims: [Claim]) -> [BodyNode] {
        var nodes: [BodyNode] = [
            element("h1", [:], [text("Claims")]),
            element(
                "p", ["class": "actions"],
                [element("a", ["href": "/claims/new", "class": "button"], [text("New claim")])]),
        ]
        if claims.isEmpty {
            nodes.append(element("p", ["class": "empty"], [text("No claim yet.")]))
            return nodes
        }
        nodes.append(
            element(
                "table", ["id": "claims"],
                [
                    element(
                        "thead", [:],
                        [
                            element(
                                "tr", [:],
                                ["Claim", "Kind", "Incident", "Items", "Total"].map {
                                    element("th", ["scope": "col"], [text($0)])
                                })
                        ]),
                    element(
                        "tbody", [:],
                        claims.map { claim in
                            element(
                                "tr", ["data-id": String(claim.id)],
                                [
                                    element(
                                        "td", [:],
                                        [
                                            element(
                                                "a", ["href": "/claims/\(claim.id)"],
                                                [text(claim.title)])
                                        ]),
                                    element("td", [:], [text(claim.kind.rawValue)]),
                                    element(
                                        "td", [:], [text(claim.incidentDate?.description ?? "")]),
                                    element(
                                        "td", ["class": "number"],
                                        [text(String(claim.totals.itemCount))]),
                                    element(
                                        "td", ["class": "number"], [text(money(claim.totals.total))]
                                    ),
                                ])
                        }),
                ]))
        return nodes
    }

    /// The claim form: its fields, the chosen items with their total, and the buttons that
    /// open the item list and save.
    func claimForm(_ form: ClaimFormController, session: Sessions.Session) -> [BodyNode] {
        func problem(_ field: ClaimField) -> [BodyNode] {
            let problems = form.problems(for: field)
            guard !problems.isEmpty else { return [] }
            return [
                element(
                    "p", ["class": "problem", "id": "problem-\(field.rawValue)"],
                    [text(problems.map(\.message).joined(separator: "; "))])
            ]
        }
        let items = form.selectedItems
        let totals = form.totals
        var fields: [BodyNode] = [
            element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
            element(
                "input",
                [
                    "type": "hidden", "name": "items",
                    "value": form.selectedItemIDs.map(String.init).joined(separator: ","),
                ]),
            element(
                "div", ["class": "field"],
                [
                    element("label", ["for": "claim-title"], [text("Title")]),
                    element(
                        "input",
                        ["type": "text", "id": "claim-title", "name": "title", "value": form.title]),
                ] + problem(.title)),
            element(
                "div", ["class": "field"],
                [
                    element("label", ["for": "claim-date"], [text("Incident date")]),
                    element(
                        "input",
                        [
                            "type": "date", "id": "claim-date", "name": "incidentDate",
                            "value": form.incidentDateText,
                        ]),
                ] + problem(.incidentDate)),
            element(
                "div", ["class": "field"],
                [
                    element("label", ["for": "claim-kind"], [text("Kind of loss")]),
                    element(
                        "select", ["id": "claim-kind", "name": "kind"],
                        ClaimKind.allCases.map { kind in
                            element(
                                "option",
                                kind == form.kind
                                    ? ["value": kind.rawValue, "selected": "selected"]
                                    : ["value": kind.rawValue],
                                [text(kind.rawValue)])
                        }),
                ]),
            element(
                "div", ["class": "field"],
                [
                    element("label", ["for": "claim-notes"], [text("Notes")]),
                    element(
                        "textarea", ["id": "claim-notes", "name": "notes"], [text(form.notes)]),
                ]),
            element("h2", [:], [text("Items (\(totals.itemCount), worth \(money(totals.total)))")]),
        ]
        fields += problem(.items)
        if items.isEmpty {
            fields.append(element("p", ["class": "empty"], [text("No item chosen yet.")]))
        } else {
            fields.append(
                element(
                    "ul", ["id": "claim-items"],
                    items.map { item in
                        element("li", [:], [text("\(item.name) × \(item.quantity)")])
                    }))
        }
        fields.append(
            element(
                "p", ["class": "actions"],
                [
                    element(
                        "button",
                        ["type": "submit", "formaction": "/claims/pick", "id": "choose-items"],
                        [text("Choose items…")]),
                    element(
                        "button", ["type": "submit", "id": "save-claim"], [text("Save claim")]),
                ]))
        return [
            element("h1", [:], [text("New claim")]),
            element("form", ["method": "post", "action": "/claims", "class": "item-form"], fields),
        ]
    }

    /// The multi-select item list, carrying the claim form's fields along.
    func picker(
        _ list: ProductListController, fields: [String: String], rows: Int,
        session: Sessions.Session
    ) -> [BodyNode] {
        var hidden: [BodyNode] = [
            element("input", ["type": "hidden", "name": "csrf", "value": session.csrf])
        ]
        for name in ["title", "incidentDate", "kind", "notes", "items"] {
            hidden.append(
                element("input", ["type": "hidden", "name": name, "value": fields[name] ?? ""]))
        }
        let shown = list.visibleItems(in: 0..<rows)
        let boxes = shown.map { item in
            let id = "pick-\(item.id)"
            var attributes: KeyValuePairs<String, String> = [
                "type": "checkbox", "id": id, "name": "pick", "value": String(item.id),
            ]
            if list.isSelected(item.id) {
                attributes = [
                    "type": "checkbox", "id": id, "name": "pick", "value": String(item.id),
                    "checked": "checked",
                ]
            }
            return element(
                "li", [:],
                [
                    element("input", attributes),
                    element(
                        "label", ["for": id],
                        [text("\(item.name) — \(item.worth?.formatted ?? "no price")")]),
                ])
        }
        var nodes: [BodyNode] =
            hidden + [
                element(
                    "p", ["class": "search"],
                    [
                        element(
                            "input",
                            [
                                "type": "search", "name": "q", "value": list.searchText ?? "",
                                "aria-label": "Search the items",
                            ]),
                        element(
                            "button", ["type": "submit", "formaction": "/claims/pick"],
                            [text("Search")]),
                    ]),
                element(
                    "p", [:],
                    [
                        text(
                            "\(list.selectedIDs.count) chosen; showing \(shown.count) of \(list.visibleCount)"
                        )
                    ]),
                element("ul", ["class": "picker"], boxes),
                element(
                    "p", ["class": "actions"],
                    [
                        element("button", ["type": "submit", "id": "picker-done"], [text("Done")]),
                        element(
                            "button", ["type": "submit", "name": "cancel", "value": "1"],
                            [text("Cancel")]),
                    ]),
            ]
        nodes = [
            element("h1", [:], [text("Choose the items")]),
            element("form", ["method": "post", "action": "/claims/picked"], nodes),
        ]
        return nodes
    }

    /// What changed of a claimed item since it was claimed (the page shows the claim's
    /// record), or nothing.
    private func changedSince(_ item: ClaimedItem) -> BodyNode {
        guard !item.changesSince.isEmpty else { return .empty }
        return element(
            "p", ["class": "changed"],
            [
                text(
                    "Changed since it was claimed (the claim keeps what it recorded): "
                        + item.changesSince.map(\.description).joined(separator: ", "))
            ])
    }

    /// What the insurer paid on `claim` and what it still owes, with the form that records a
    /// payment (for a signed-in member, not on a shared page).
    private func payments(_ claim: Claim, balance: ClaimBalance, session: Sessions.Session?)
        -> BodyNode
    {
        let rows = claim.payments.map { payment in
            element(
                "tr", [:],
                [
                    element("td", [:], [text(payment.receivedOn.description)]),
                    element("td", [:], [text(payment.kind.rawValue)]),
                    element("td", ["class": "number"], [text(payment.amount.formatted)]),
                    element("td", [:], [text(payment.memo ?? "")]),
                ])
        }
        let owed =
            balance.owed < 0
            ? "Paid ahead of what is payable now: \(money(-balance.owed))"
            : "Still owed: \(money(balance.owed))"
        var nodes: [BodyNode] = [
            element("h2", ["id": "payments"], [text("Payments")]),
            element(
                "p", [:],
                [
                    text(
                        "Payable now \(money(balance.payable)) · received "
                            + "\(money(balance.received)) · \(owed)")
                ]),
        ]
        if !rows.isEmpty {
            nodes.append(
                element(
                    "table", ["id": "claim-payments"],
                    [
                        element(
                            "thead", [:],
                            [
                                element(
                                    "tr", [:],
                                    ["Received", "Kind", "Amount", "For"].map {
                                        element("th", ["scope": "col"], [text($0)])
                                    })
                            ]),
                        element("tbody", [:], rows),
                    ]))
        }
        if let session {
            nodes.append(element("h3", [:], [text("Record a payment")]))
            nodes.append(
                element(
                    "form",
                    [
                        "class": "payment", "method": "post",
                        "action": "/claims/\(claim.id)/payments",
                    ],
                    [
                        element(
                            "input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                        element("label", ["for": "amount"], [text("Amount received")]),
                        element(
                            "input",
                            [
                                "type": "text", "id": "amount", "name": "amount",
                                "inputmode": "decimal", "required": "required",
                                "autocomplete": "off",
                            ]),
                        element("label", ["for": "receivedOn"], [text("Received on")]),
                        element(
                            "input", ["type": "date", "id": "receivedOn", "name": "receivedOn"]),
                        element("label", ["for": "kind"], [text("Kind")]),
                        element(
                            "select", ["id": "kind", "name": "kind"],
                            [
                                element("option", ["value": "payment"], [text("payment")]),
                                element("option", ["value": "advance"], [text("advance")]),
                            ]),
                        element("label", ["for": "memo"], [text("For")]),
                        element(
                            "input",
                            ["type": "text", "id": "memo", "name": "memo", "maxlength": "500"]),
                        element("button", ["type": "submit"], [text("Record the payment")]),
                    ]))
        }
        return element("section", ["class": "payments"], nodes)
    }

    /// A saved claim: its fields, its items and total, its report, and (on the household's
    /// own page) its payments and their form.
    func claim(
        _ claim: Claim, balance: ClaimBalance? = nil, session: Sessions.Session? = nil,
        links: PageLinks = .house
    ) -> [BodyNode] {
        [
            element("h1", [:], [text(claim.title)]),
            element(
                "p", [:],
                [
                    text(
                        "\(claim.kind.rawValue.capitalized) · \(claim.incidentDate?.description ?? "no incident date") · \(claim.totals.itemCount) item\(claim.totals.itemCount == 1 ? "" : "s"), worth \(money(claim.totals.total))"
                    )
                ]),
            element(
                "p", ["class": "actions"],
                [
                    element(
                        "a",
                        [
                            "href": links.isShare ? links.report : "/claims/\(claim.id)/report",
                            "class": "button",
                        ],
                        [text("The report for the insurer")])
                ]
                    + (links.isShare
                        ? []
                        : [
                            element(
                                "a",
                                ["href": "/claims/\(claim.id)/adjuster.xlsx", "class": "button"],
                                [text("The adjuster's spreadsheet (Excel)")]),
                            element(
                                "a",
                                ["href": "/claims/\(claim.id)/adjuster.csv", "class": "button"],
                                [text("… as CSV")]),
                        ])),
            element(
                "table", ["id": "claim-items"],
                [
                    element(
                        "thead", [:],
                        [
                            element(
                                "tr", [:],
                                ["Item", "Qty", "Worth", "Insured"].map {
                                    element("th", ["scope": "col"], [text($0)])
                                })
                        ]),
                    element(
                        "tbody", [:],
                        claim.items.map { item in
                            element(
                                "tr", [:],
                                [
                                    element(
                                        "td", [:],
                                        [
                                            item.itemID.map {
                                                element(
                                                    "a", ["href": links.item($0)], [text(item.name)]
                                                )
                                            } ?? text(item.name + " (deleted)"),
                                            changedSince(item),
                                        ]),
                                    element(
                                        "td", ["class": "number"], [text(String(item.quantity))]),
                                    element(
                                        "td", ["class": "number"],
                                        [
                                            text(
                                                (item.replacementValue ?? item.price)?.formatted
                                                    ?? "")
                                        ]),
                                    element(
                                        "td", [:],
                                        [text(item.isInsured ? "insured" : "not insured")]),
                                ])
                        }),
                ]),
            claim.notes.map { element("p", ["class": "notes"], [text($0)]) } ?? .empty,
            balance.map { payments(claim, balance: $0, session: links.isShare ? nil : session) }
                ?? .empty,
        ]
    }
}
