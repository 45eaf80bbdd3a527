import Foundation
import InventoryKit
import InventoryReport
import Plot
import Thumbnailer

/// A node of a page's body.
typealias BodyNode = Node<HTML.BodyContext>

/// An element with attributes (every value escaped; an empty one left out) and children: Plot's nodes, built by name
/// where Plot has no function of its own for the element.
func element(
    _ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: [BodyNode] = []
)
    -> BodyNode
{
    let attributes = attributes.filter { !$0.value.isEmpty }
    if voidElements.contains(name) {
        return .selfClosedElement(
            named: name, attributes: attributes.map { Attribute.safeAttribute($0.key, $0.value) })
    }
    return .element(
        named: name, nodes: attributes.map { BodyNode.safeAttribute($0.key, $0.value) } + children)
}

/// The elements HTML writes without an end tag.
private let voidElements: Set<String> = ["input", "img", "br", "hr", "meta", "link"]

/// A text node holding `text` exactly.
func text(_ text: String) -> BodyNode { .plain(text) }

/// The pages of the server, as HTML. Every text is escaped (see `HTMLText`); the only script
/// is `/static/app.js`, which the Content-Security-Policy allows and nothing else.
struct Pages: Sendable {
    let currency: Currency
    let title: String

    /// A page: the tabs of every view, then `main`. `live` pages follow the inventory
    /// (`app.js` opens the event stream from `sequence`).
    func layout(
        title pageTitle: String, tabs: [ViewTab], current: String?, session: Sessions.Session?,
        sequence: Int64?, main: [BodyNode], links: PageLinks = .house
    ) -> String {
        var bodyAttributes: [BodyNode] = []
        if let sequence { bodyAttributes.append(.safeAttribute("data-seq", String(sequence))) }
        if let session {
            bodyAttributes.append(.safeAttribute("data-csrf", session.csrf))
            // a viewer's page hides what it may not do (the server refuses it anyway)
            bodyAttributes.append(.safeAttribute("data-role", session.person.role.rawValue))
            // the installable app, which keeps the house's pages for reading offline
            bodyAttributes.append(.safeAttribute("data-app", "yes"))
        }
        let tabNodes: [BodyNode] = tabs.map { tab in
            element(
                "a",
                tab.name == current
                    ? [
                        "href": Paths.view(tab.name), "class": "tab current",
                        "aria-current": "page",
                    ]
                    : ["href": Paths.view(tab.name), "class": "tab"],
                [
                    element("span", ["class": "title"], [text(tab.title)]),
                    text(" "),
                    element(
                        "span", ["class": "count", "title": "items"], [text(String(tab.count))]),
                    text(" "),
                    element(
                        "span", ["class": "worth", "title": "worth"], [text(money(tab.total))]),
                ])
        }
        let header = element(
            "header", [:],
            [
                element("a", ["href": links.home, "class": "brand"], [text(title)]),
                session == nil
                    ? .empty
                    : element(
                        "nav", ["id": "tabs", "aria-label": "Views"],
                        tabNodes + [
                            tab("Due", href: "/due", current: current == "due"),
                            tab("Claims", href: "/claims", current: current == "claims"),
                            tab("Members", href: "/members", current: current == "members"),
                            tab(
                                "Add item", href: "/items/new", current: current == "add", add: true
                            ),
                        ]),
                session.map { session in
                    element(
                        "form", ["method": "post", "action": "/signout", "class": "signout"],
                        [
                            element(
                                "input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                            element("span", ["class": "who"], [text(session.person.name)]),
                            text(" "),
                            element("button", ["type": "submit"], [text("Sign out")]),
                        ])
                } ?? .empty,
            ])
        let document = HTML(
            .attribute(named: "lang", value: "en"),
            .head(
                .raw(
                    "<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, "
                        + "initial-scale=1\"><meta name=\"referrer\" content=\"no-referrer\">"),
                .element(named: "title", nodes: [.plain("\(pageTitle) — \(title)")]),
                // A share link's pages run no script at all (their policy allows none).
                .raw(
                    "<link rel=\"stylesheet\" href=\"/static/app.css\">"
                        + (links.isShare ? "" : "<script src=\"/static/app.js\" defer></script>")
                        // never on a share link's pages: they are not the household's app
                        + (links.isShare
                            ? ""
                            : "<link rel=\"manifest\" href=\"/manifest.webmanifest\">"
                                + "<meta name=\"theme-color\" content=\"#1d5fbf\">"
                                + "<link rel=\"icon\" href=\"/static/icon.svg\">"
                                + "<link rel=\"apple-touch-icon\" href=\"/static/icon-192.png\">")
                )),
            .body(
                .group(bodyAttributes), header,
                // shown by app.js when the page was kept by the service worker, not fetched
                links.isShare
                    ? .empty
                    : .raw(
                        "<p id=\"offline\" role=\"status\" hidden>Offline: this is the page as it "
                            + "was last seen here. Nothing can be saved until the server is "
                            + "reached again.</p>"),
                element("main", ["id": "main"], main))
        )
        return document.render()
    }

    /// A tab that is not a view's.
    private func tab(_ title: String, href: String, current: Bool, add: Bool = false) -> BodyNode {
        let classes = "tab" + (add ? " add" : "") + (current ? " current" : "")
        return element(
            "a",
            current
                ? ["href": href, "class": classes, "aria-current": "page"]
                : ["href": href, "class": classes],
            [text(title)])
    }

    /// A view's page: search, count and worth, the table of one page of rows, the pager.
    func view(
        _ page: ViewPage, links: PageLinks = .house, session: Sessions.Session? = nil,
        places: [String] = []
    ) -> [BodyNode] {
        let search = element(
            "form",
            [
                "class": "search", "method": "get", "action": links.view(page.name),
                "role": "search",
            ],
            [
                element(
                    "input",
                    [
                        "type": "search", "name": "q", "value": page.query,
                        "placeholder": "Search \(page.title.lowercased())", "aria-label": "Search",
                    ]),
                element("input", ["type": "hidden", "name": "sort", "value": page.sort.rawValue]),
                element("button", ["type": "submit"], [text("Search")]),
            ])
        let summary = element(
            "p", ["id": "summary"],
            [
                element("span", ["id": "count"], [text(plural(page.count, "item"))]),
                text(", worth "),
                element("span", ["id": "total"], [text(money(page.total))]),
                text(page.query.isEmpty ? "" : " matching “\(page.query)”"),
            ])
        let columns: [(label: String, sort: ItemSort.Field?, number: Bool)] =
            [("Photo", nil, false)] + [
                ("Name", .name, false), ("Location", nil, false), ("Qty", nil, true),
                ("Price", .price, true),
                ("Worth", .worth, true), ("Purchased", .purchased, false), ("Luxury", nil, false),
                ("Insured", nil, false),
            ]
        let head = element(
            "thead", [:],
            [
                element(
                    "tr", [:],
                    columns.map { column in
                        guard let field = column.sort else {
                            return element(
                                "th", ["scope": "col", "class": column.number ? "number" : ""],
                                [text(column.label)])
                        }
                        let isCurrent = page.sort.field == field
                        let next = ItemSort(field, descending: isCurrent && !page.sort.isDescending)
                        let arrow = isCurrent ? (page.sort.isDescending ? " ▼" : " ▲") : ""
                        return element(
                            "th",
                            isCurrent
                                ? [
                                    "scope": "col",
                                    "aria-sort": page.sort.isDescending
                                        ? "descending" : "ascending",
                                    "class": column.number ? "number" : "",
                                ]
                                : ["scope": "col", "class": column.number ? "number" : ""],
                            [
                                element(
                                    "a",
                                    ["href": links.view(page.name, sort: next, query: page.query)],
                                    [text(column.label + arrow)])
                            ])
                    })
            ])
        let rows = page.items.map { item in
            element(
                "tr", ["data-id": String(item.id), "id": "item-\(item.id)"],
                [thumbnailCell(item, links: links)] + [
                    element(
                        "td", ["class": "name"],
                        [element("a", ["href": links.item(item.id)], [text(item.name)])]),
                    element(
                        "td", ["class": "place"],
                        [
                            session.map { session in
                                placeEdit(
                                    item,
                                    back: Paths.view(page.name, sort: page.sort, query: page.query),
                                    session: session)
                            } ?? text(item.location ?? "")
                        ]),
                    element(
                        "td", ["class": item.quantity == 1 ? "number qty one" : "number qty"],
                        [text(String(item.quantity))]),
                    element("td", ["class": "number price"], [text(item.price?.formatted ?? "")]),
                    element("td", ["class": "number worth"], [text(item.worth?.formatted ?? "")]),
                    element("td", ["class": "day"], [text(item.purchaseDate?.description ?? "")]),
                    element("td", ["class": "flag"], [text(item.isLuxury ? "luxury" : "")]),
                    element(
                        "td", ["class": item.isInsured ? "flag" : "flag warn"],
                        [
                            session.map { session in
                                insuredSwitch(
                                    item,
                                    back: Paths.view(page.name, sort: page.sort, query: page.query),
                                    session: session)
                            } ?? text(item.isInsured ? "insured" : "not insured")
                        ]),
                ])
        }
        let table = element(
            "table", ["id": "items"],
            [head, element("tbody", [:], rows)])
        var nodes = [search, summary, table]
        // the places a row's place may become, offered as one types
        if session != nil, !places.isEmpty {
            nodes.append(
                element(
                    "datalist", ["id": "known-places"],
                    places.map { element("option", ["value": $0]) }))
        }
        if page.count == 0 {
            nodes.append(
                element(
                    "p", ["class": "empty"],
                    [text(page.query.isEmpty ? "Nothing here yet." : "Nothing matches.")]))
        }
        nodes.append(pager(page, links: links))
        return nodes
    }

    private func pager(_ page: ViewPage, links: PageLinks) -> BodyNode {
        let pages = max(1, (page.count + page.limit - 1) / page.limit)
        let number = page.offset / page.limit + 1
        var parts: [BodyNode] = []
        if number > 1 {
            parts.append(
                element(
                    "a",
                    [
                        "rel": "prev",
                        "href": links.view(
                            page.name, sort: page.sort, query: page.query, page: number - 1),
                    ], [text("← Previous")]))
        }
        parts.append(element("span", [:], [text("Page \(number) of \(pages)")]))
        if number < pages {
            parts.append(
                element(
                    "a",
                    [
                        "rel": "next",
                        "href": links.view(
                            page.name, sort: page.sort, query: page.query, page: number + 1),
                    ], [text("Next →")]))
        }
        return element("nav", ["class": "pager", "aria-label": "Pages"], parts)
    }

    /// An item's page: every field, its photo and files, its history; with the buttons to edit
    /// and delete it and the form to add a photo unless it is `readOnly` (a share link's).
    ///
    /// `trail` is where it is, outermost first, each place and box with its page; `moves` the
    /// places and boxes the form to move it offers (none on a share link's page).
    func item(
        _ item: HouseholdItem, history: [HistoryEntry], readOnly: Bool = false,
        links: PageLinks = .house, contents: [HouseholdItem] = [], label: InventoryLabel? = nil,
        trail: [(name: String, page: String?)] = [], moves: ItemMoves? = nil,
        session: Sessions.Session? = nil,
        maintenance: (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])? = nil,
        today: CalendarDate? = nil, ownFields: [CustomField] = [], claims: [ClaimReference] = [],
        authors: [Int64: String] = [:]
    ) -> [BodyNode] {
        var fields: [(String, String)] =
            [
                ("Price", item.price?.formatted ?? ""),
                ("Replacement value", item.replacementValue?.formatted ?? ""),
                ("Quantity", String(item.quantity)),
                ("Purchased", item.purchaseDate?.description ?? ""),
                ("Bought from", item.purchasedFrom ?? ""),
                ("Location", item.location ?? ""),
                ("Brand", item.brand ?? ""), ("Model", item.model ?? ""),
                ("Serial", item.serialNumber ?? ""),
                (
                    "Warranty",
                    item.hasLifetimeWarranty ? "lifetime" : item.warrantyUntil?.description ?? ""
                ),
                ("Luxury", item.isLuxury ? "yes" : "no"),
                ("Insured", item.isInsured ? "yes" : "no"),
                ("On a rider", item.isScheduled ? "yes" : "no"),
                ("Tags", item.tags.joined(separator: ", ")),
                ("Description", item.description ?? ""), ("Notes", item.notes ?? ""),
                ("Reviewed", item.reviewedAt?.description ?? ""),
                ("Label", readOnly ? "" : label?.text ?? ""),
                ("On loan", readOnly ? "" : item.loanText(today: today) ?? ""),
                ("Left the household", readOnly ? "" : item.departureText ?? ""),
            ] + ownFields.map { ($0.name, item.customFields[$0.key] ?? "") }
        fields.removeAll { $0.1.isEmpty }
        var nodes: [BodyNode] = [
            element("h1", ["data-item": String(item.id)], [text(item.name)]),
            readOnly
                ? .empty
                : element(
                    "p", ["class": "actions"],
                    [
                        element(
                            "a", ["href": Paths.item(item.id) + "/edit", "class": "button"],
                            [text("Edit")]),
                        element(
                            "a",
                            ["href": Paths.item(item.id) + "/delete", "class": "button danger"],
                            [text("Delete")]),
                    ]),
        ]
        // A box (what a scanned label opens): what it holds first, and the form to put more
        // in it. A labelled thing that holds nothing has that form further down.
        if !readOnly, !contents.isEmpty, let session {
            nodes.append(element("h2", [:], [text("Inside it")]))
            nodes.append(contentsList(contents, under: InventoryManager.path(inside: item)))
            nodes.append(moveHereForm(action: Paths.item(item.id) + "/move-here", session: session))
        }
        if let photo = item.photo {
            // A picture every browser shows (a phone's HEIC too), made from the photo, which it
            // links to; through a share link too.
            nodes.append(
                element(
                    "a", ["href": links.file(photo), "class": "photo"],
                    [
                        element(
                            "img",
                            [
                                "class": "photo",
                                "src": links.thumbnail(photo, size: .large),
                                "alt": "Photo of \(item.name)",
                            ])
                    ]))
        }
        nodes.append(
            element(
                "dl", ["class": "fields"],
                fields.map { field in
                    let value =
                        field.0 == "Location" && !trail.isEmpty && !readOnly
                        ? whereNodes(trail) : [text(field.1)]
                    return element(
                        "div", [:],
                        [element("dt", [:], [text(field.0)]), element("dd", [:], value)])
                }))
        // The claims it is on: a stolen or burnt thing's way to its claim.
        if !readOnly, !claims.isEmpty {
            var links: [BodyNode] = [text(claims.count == 1 ? "On the claim " : "On the claims ")]
            for (index, claim) in claims.enumerated() {
                if index > 0 { links.append(text(", ")) }
                links.append(
                    element(
                        "a", ["href": "/claims/\(claim.id)"], [text("\(claim.id) \(claim.title)")]))
            }
            nodes.append(element("p", ["class": "claims"], links))
        }
        if !readOnly, let moves, let session {
            nodes.append(moveForm(item, moves, session: session))
        }
        if !readOnly, contents.isEmpty, label != nil, let session {
            nodes.append(moveHereForm(action: Paths.item(item.id) + "/move-here", session: session))
        }
        nodes.append(element("h2", [:], [text("Photos and files")]))
        if item.attachments.isEmpty {
            nodes.append(element("p", ["class": "empty"], [text("None yet.")]))
        } else {
            nodes.append(
                element(
                    "ul", ["class": "files"],
                    item.attachments.map { file in
                        let label = file.caption ?? file.kind.rawValue.capitalized
                        // the gallery: each picture small, leading to itself
                        let picture: [BodyNode] =
                            file.kind != .photo
                            ? []
                            : [
                                element(
                                    "a", ["href": links.file(file.file), "class": "thumbnail"],
                                    [
                                        element(
                                            "img",
                                            [
                                                "src": links.thumbnail(file.file, size: .small),
                                                "alt": label, "loading": "lazy",
                                            ])
                                    ])
                            ]
                        // another photo may become the picture
                        var choose: [BodyNode] = []
                        if !readOnly, let session, file.kind == .photo, file.file != item.photo {
                            choose = [
                                itemForm(
                                    item, "/picture", "Make it the picture",
                                    [
                                        element(
                                            "input",
                                            [
                                                "type": "hidden", "name": "attachment",
                                                "value": String(file.id),
                                            ])
                                    ], session: session, formClass: "remove")
                            ]
                        } else if file.kind == .photo, file.file == item.photo {
                            choose = [text(" · the picture")]
                        }
                        return element(
                            "li", [:],
                            picture + [
                                element("a", ["href": links.file(file.file)], [text(label)]),
                                text(" (\(file.kind.rawValue))"),
                            ] + choose)
                    }))
        }
        if !readOnly { nodes.append(attachForm(item)) }
        if !readOnly, let session { nodes += lifeForms(item, session: session) }
        if let maintenance {
            let forms = readOnly ? nil : session
            if forms != nil || !maintenance.schedules.isEmpty || !maintenance.entries.isEmpty {
                nodes += maintenanceNodes(
                    item, maintenance.schedules, maintenance.entries, today: today, session: forms)
            }
        }
        nodes.append(element("h2", [:], [text("History")]))
        nodes.append(historyList(history, authors: authors))
        return nodes
    }

    /// A small form of the item page that posts to `action` under the item's address, with the
    /// session's form token and the version the page showed.
    private func itemForm(
        _ item: HouseholdItem, _ action: String, _ label: String, _ fields: [BodyNode],
        session: Sessions.Session, formClass: String = "life", title: String = ""
    ) -> BodyNode {
        element(
            "form",
            ["class": formClass, "method": "post", "action": Paths.item(item.id) + action],
            [
                element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                element(
                    "input",
                    ["type": "hidden", "name": "version", "value": String(item.version)]),
            ] + fields + [
                element("button", ["type": "submit", "aria-label": title], [text(label)])
            ])
    }

    /// A labelled input of one of the item page's small forms.
    private func formField(
        _ id: String, _ label: String, type: String, name: String, required: Bool = false,
        inputMode: String = ""
    ) -> [BodyNode] {
        [
            element("label", ["for": id], [text(label)]),
            element(
                "input",
                [
                    "type": type, "id": id, "name": name,
                    "required": required ? "required" : "",
                    "autocomplete": type == "text" ? "off" : "", "inputmode": inputMode,
                ]),
        ]
    }

    /// The forms of a loan and of leaving the household: lend it or take it back, record that
    /// it left or bring it back. Each carries the version the page showed.
    private func lifeForms(_ item: HouseholdItem, session: Sessions.Session) -> [BodyNode] {
        func form(_ action: String, _ label: String, _ fields: [BodyNode]) -> BodyNode {
            itemForm(item, action, label, fields, session: session)
        }
        if item.hasLeft {
            return [form("/bring-back", "Bring it back into the household", [])]
        }
        var nodes: [BodyNode] = []
        if let person = item.lentTo {
            nodes.append(form("/return", "Back from \(person)", []))
        } else {
            nodes.append(
                element(
                    "details", ["class": "life"],
                    [
                        element("summary", [:], [text("Lend it")]),
                        form(
                            "/lend", "Lend",
                            formField(
                                "lend-to", "To whom", type: "text", name: "to", required: true)
                                + formField("lend-due", "Due back", type: "date", name: "due")),
                    ]))
        }
        let ways = Departure.allCases.map { way in
            element("option", ["value": way.rawValue], [text(way.phrase)])
        }
        nodes.append(
            element(
                "details", ["class": "life"],
                [
                    element("summary", [:], [text("It left the household")]),
                    form(
                        "/leave", "Record that it left",
                        [
                            element("label", ["for": "leave-how"], [text("How")]),
                            element("select", ["id": "leave-how", "name": "how"], ways),
                        ]
                            + formField("leave-on", "On", type: "date", name: "on")
                            + formField("leave-to", "To whom", type: "text", name: "to")
                            + formField(
                                "leave-for", "Sold for", type: "text", name: "for",
                                inputMode: "decimal")),
                ]))
        return nodes
    }

    /// An item's maintenance: when each thing is next due, and what was done; with a
    /// `session`, the forms to record what was done, to schedule a thing, and to remove an
    /// entry or a schedule.
    private func maintenanceNodes(
        _ item: HouseholdItem, _ schedules: [MaintenanceSchedule], _ entries: [MaintenanceEntry],
        today: CalendarDate?, session: Sessions.Session?
    ) -> [BodyNode] {
        var nodes: [BodyNode] = [element("h2", ["id": "maintenance"], [text("Maintenance")])]
        func remove(_ action: String, _ what: String) -> [BodyNode] {
            guard let session else { return [] }
            return [
                itemForm(
                    item, action, "Remove", [], session: session, formClass: "remove",
                    title: "Remove \(what)")
            ]
        }
        if !schedules.isEmpty {
            nodes.append(
                element(
                    "ul", ["class": "schedules"],
                    schedules.map { schedule in
                        let next = schedule.nextDue
                        let overdue = next.map { day in today.map { day < $0 } ?? false } ?? false
                        return element(
                            "li", overdue ? ["class": "overdue"] : [:],
                            [
                                text(
                                    "\(schedule.what), \(schedule.rule): "
                                        + (next.map { "next \($0)\(overdue ? ", overdue" : "")" }
                                            ?? "done"))
                            ]
                                + remove(
                                    "/schedules/\(schedule.id)/remove",
                                    "the schedule \(schedule.what)"))
                    }))
        }
        if !entries.isEmpty {
            let headers = ["Done on", "What", "Cost", "By"] + (session == nil ? [] : [""])
            nodes.append(
                element(
                    "table", ["id": "maintenance-log"],
                    [
                        element(
                            "thead", [:],
                            [
                                element(
                                    "tr", [:],
                                    headers.map {
                                        element("th", ["scope": "col"], [text($0)])
                                    })
                            ]),
                        element(
                            "tbody", [:],
                            entries.reversed().map { entry in
                                var cells = [
                                    element("td", [:], [text(entry.doneOn.description)]),
                                    element(
                                        "td", [:],
                                        [text(entry.what)]
                                            + (entry.file.map { file in
                                                [
                                                    text(" · "),
                                                    element(
                                                        "a", ["href": "/files/\(file)"],
                                                        [text("receipt")]),
                                                ]
                                            } ?? [])),
                                    element(
                                        "td", ["class": "number"],
                                        [text(entry.cost?.formatted ?? "")]),
                                    element("td", [:], [text(entry.doneBy ?? "")]),
                                ]
                                if session != nil {
                                    cells.append(
                                        element(
                                            "td", [:],
                                            [receiptPicker(item, entry)]
                                                + remove(
                                                    "/maintenance/\(entry.id)/remove",
                                                    "\(entry.what) of \(entry.doneOn)")))
                                }
                                return element("tr", [:], cells)
                            }),
                    ]))
        }
        guard let session else { return nodes }
        nodes.append(
            element(
                "details", ["class": "life"],
                [
                    element("summary", [:], [text("Record what was done")]),
                    itemForm(
                        item, "/maintenance", "Record",
                        formField(
                            "done-what", "What", type: "text", name: "what", required: true)
                            + formField("done-on", "On", type: "date", name: "on")
                            + formField(
                                "done-cost", "Cost", type: "text", name: "cost",
                                inputMode: "decimal")
                            + formField("done-by", "By", type: "text", name: "by"),
                        session: session),
                ]))
        nodes.append(
            element(
                "details", ["class": "life"],
                [
                    element("summary", [:], [text("Schedule it")]),
                    itemForm(
                        item, "/schedules", "Schedule",
                        formField(
                            "plan-what", "What", type: "text", name: "what", required: true)
                            + formField("plan-every", "Every", type: "text", name: "every")
                            + [
                                element(
                                    "label", ["for": "plan-from-last"],
                                    [
                                        text("From the last time")
                                    ]),
                                element(
                                    "input",
                                    [
                                        "type": "checkbox", "id": "plan-from-last",
                                        "name": "from-last", "value": "yes",
                                    ]),
                            ]
                            + formField("plan-on", "First day", type: "date", name: "on"),
                        session: session),
                    element(
                        "p", ["class": "hint"],
                        [
                            text(
                                "Every: months or years (3m, 12 months, 1y); leave it empty for "
                                    + "once, on the first day.")
                        ]),
                ]))
        return nodes
    }

    /// The place of a list row, edited where it is shown: pressed, it opens a box to type
    /// another place (or a box's number) in, sent with the version the row showed (a change
    /// made since refuses it) and the page to come back to.
    private func placeEdit(_ item: HouseholdItem, back: String, session: Sessions.Session)
        -> BodyNode
    {
        element(
            "details", ["class": "place-edit"],
            [
                element(
                    "summary", ["title": "Move it: type another place"],
                    [text(item.location ?? "no place")]),
                element(
                    "form",
                    [
                        "class": "move-row", "method": "post",
                        "action": Paths.item(item.id) + "/move",
                    ],
                    [
                        element(
                            "input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                        element(
                            "input",
                            ["type": "hidden", "name": "version", "value": String(item.version)]),
                        element("input", ["type": "hidden", "name": "back", "value": back]),
                        element(
                            "input",
                            [
                                "type": "text", "name": "to", "list": "known-places",
                                "value": item.location ?? "", "required": "required",
                                "autocomplete": "off", "aria-label": "Move \(item.name) to",
                            ]),
                        element("button", ["type": "submit"], [text("Move")]),
                    ]),
            ])
    }

    /// The insured switch of a list row: a button that turns it over, carrying the version
    /// the row showed (a change made since refuses it) and the page to come back to.
    private func insuredSwitch(_ item: HouseholdItem, back: String, session: Sessions.Session)
        -> BodyNode
    {
        element(
            "form",
            [
                "class": "switch", "method": "post",
                "action": Paths.item(item.id) + "/insured",
            ],
            [
                element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                element(
                    "input", ["type": "hidden", "name": "version", "value": String(item.version)]),
                element(
                    "input",
                    ["type": "hidden", "name": "insured", "value": item.isInsured ? "no" : "yes"]),
                element("input", ["type": "hidden", "name": "back", "value": back]),
                element(
                    "button",
                    [
                        "type": "submit", "aria-pressed": item.isInsured ? "true" : "false",
                        "title": item.isInsured
                            ? "Insured: press to mark it not insured"
                            : "Not insured: press to mark it insured",
                    ],
                    [text(item.isInsured ? "insured" : "not insured")]),
            ])
    }

    /// A list row's picture: the item's photo small, or nothing.
    private func thumbnailCell(_ item: HouseholdItem, links: PageLinks) -> BodyNode {
        guard let photo = item.photo else { return element("td", ["class": "thumbnail"]) }
        return element(
            "td", ["class": "thumbnail"],
            [
                element(
                    "img",
                    [
                        "src": links.thumbnail(photo, size: .small), "alt": item.name,
                        "loading": "lazy", "decoding": "async",
                    ])
            ])
    }

    /// The picker of an entry's receipt or photo, which the page's script sends as it is
    /// chosen (a camera's photo on a phone).
    private func receiptPicker(_ item: HouseholdItem, _ entry: MaintenanceEntry) -> BodyNode {
        let id = "receipt-\(entry.id)"
        return element(
            "form",
            [
                "class": "receipt", "method": "post",
                "action": Paths.item(item.id) + "/maintenance/\(entry.id)/receipt",
            ],
            [
                element(
                    "label", ["for": id, "class": "button"],
                    [text(entry.file == nil ? "Add receipt" : "Replace receipt")]),
                element(
                    "input",
                    [
                        "type": "file", "id": id, "name": "receipt", "class": "upload",
                        "accept": "image/*,application/pdf",
                        "aria-label": "Receipt of \(entry.what) of \(entry.doneOn)",
                    ]),
                element("span", ["class": "problem", "role": "alert"]),
            ])
    }

    /// The form that adds a photo, from a phone's camera where there is one.
    private func attachForm(_ item: HouseholdItem) -> BodyNode {
        element(
            "form",
            [
                "class": "attach", "method": "post", "action": Paths.item(item.id) + "/photos",
            ],
            [
                element("label", ["for": "photo-input"], [text("Add photos")]),
                // several at once, from the camera or the library (a phone offers both)
                element(
                    "input",
                    [
                        "type": "file", "id": "photo-input", "name": "photo",
                        "accept": "image/*", "multiple": "multiple",
                    ]),
                element("p", ["class": "problem", "id": "photo-problem", "role": "alert"]),
            ])
    }

    /// An item's history, a line per change.
    private func historyList(_ history: [HistoryEntry], authors: [Int64: String]) -> BodyNode {
        element(
            "ol", ["class": "history"],
            history.map { merged in
                var nodes = [text(historyLine(merged))]
                if let author = authors[merged.writeID] {
                    nodes += [text(" "), element("span", ["class": "by"], [text("by \(author)")])]
                }
                return element("li", [:], nodes)
            })
    }

    /// A line of an item's history: when, and what happened.
    private func historyLine(_ merged: HistoryEntry) -> String {
        let entry: JournalEntry
        switch merged {
        case .item(let item): entry = item
        case .claimLine(let refresh):
            return "\(refresh.time.minuteText(in: .current))  claim \(refresh.claimID) "
                + "line \(refresh.line) took the item's values"
        case .maintenance(let event):
            return "\(event.time.minuteText(in: .current))  \(event.description)"
        }
        let change = entry.change
        var line = "\(entry.time.minuteText(in: .current))  \(change.kind.rawValue)"
        if change.kind == .edited, let before = change.before {
            if let event = change.item.lifeEvent(since: before) {
                line += ": " + event
            } else {
                let fields = change.item.changedFields(comparedTo: before)
                if !fields.isEmpty { line += ": " + fields.joined(separator: ", ") }
            }
        }
        return line
    }

    /// The add or edit form, with what was typed and each problem beside its field.
    func form(
        _ form: ItemFormController, ownFields: [CustomField] = [], templates: [String] = [],
        places: [String] = [], tags: [String] = [], added: HouseholdItem? = nil,
        session: Sessions.Session
    ) -> [BodyNode] {
        let action = form.original.map { Paths.item($0.id) } ?? "/items"
        var nodes: [BodyNode] = [
            element("h1", [:], [text(form.original.map { "Edit \($0.name)" } ?? "Add an item")])
        ]
        if let added {
            nodes.append(
                element(
                    "p", ["class": "added", "role": "status"],
                    [
                        text("Added "),
                        element("a", ["href": Paths.item(added.id)], [text(added.name)]),
                        text(". Next one:"),
                    ]))
        }
        // The templates first: each starts the form again with its defaults.
        if !templates.isEmpty {
            var links: [BodyNode] = [text("Start from a template: ")]
            for (index, name) in templates.enumerated() {
                if index > 0 { links.append(text(" · ")) }
                let query =
                    name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
                links.append(element("a", ["href": "/items/new?template=" + query], [text(name)]))
            }
            nodes.append(element("p", ["class": "templates"], links))
        }
        let general = form.problems(for: nil)
        if !general.isEmpty {
            nodes.append(
                element(
                    "div", ["class": "problems", "role": "alert"],
                    general.map { element("p", ["class": "problem"], [text($0.message)]) }))
        }
        var fields: [BodyNode] = [
            element("input", ["type": "hidden", "name": "csrf", "value": session.csrf])
        ]
        if let original = form.original {
            fields.append(
                element(
                    "input",
                    ["type": "hidden", "name": "version", "value": String(original.version)]))
        }
        for field in ItemFormField.allCases {
            let id = "field-\(field.rawValue)"
            let problems = form.problems(for: field)
            var children: [BodyNode] = []
            if field.isFlag {
                let checked = form[ticked: field]
                var attributes: [Attribute<HTML.BodyContext>] = [
                    .safeAttribute("type", "checkbox"), .safeAttribute("id", id),
                    .safeAttribute("name", field.rawValue), .safeAttribute("value", "on"),
                ]
                if checked { attributes.append(.safeAttribute("checked", "checked")) }
                children.append(.selfClosedElement(named: "input", attributes: attributes))
                children.append(element("label", ["for": id], [text(field.label)]))
            } else {
                children.append(element("label", ["for": id], [text(field.label)]))
                let value = form.texts[field] ?? ""
                var attributes: [Attribute<HTML.BodyContext>] = [
                    .safeAttribute("id", id), .safeAttribute("name", field.rawValue),
                ]
                if !problems.isEmpty {
                    attributes.append(.safeAttribute("aria-invalid", "true"))
                    attributes.append(
                        .safeAttribute("aria-describedby", "problem-\(field.rawValue)"))
                }
                if field == .name { attributes.append(.safeAttribute("required", "required")) }
                if field == .description || field == .notes {
                    children.append(
                        .element(
                            named: "textarea",
                            nodes: attributes.map { BodyNode.attribute($0) } + [text(value)]))
                } else {
                    attributes.append(.safeAttribute("value", value))
                    // a day with the phone's date picker; amounts and counts with its keypad
                    if case .date = field.itemField.kind {
                        attributes.append(.safeAttribute("type", "date"))
                    } else {
                        attributes.append(.safeAttribute("type", "text"))
                        attributes.append(.safeAttribute("inputmode", Self.inputMode(field)))
                    }
                    // places and tags chosen from those there are; a new one is typed
                    if field == .location, !places.isEmpty {
                        attributes.append(.safeAttribute("list", "known-places"))
                        attributes.append(.safeAttribute("autocomplete", "off"))
                    }
                    if field == .tags, !tags.isEmpty {
                        attributes.append(.safeAttribute("list", "known-tags"))
                        attributes.append(.safeAttribute("autocomplete", "off"))
                    }
                    children.append(.selfClosedElement(named: "input", attributes: attributes))
                }
            }
            if !problems.isEmpty {
                children.append(
                    element(
                        "p", ["class": "problem", "id": "problem-\(field.rawValue)"],
                        [text(problems.map(\.message).joined(separator: "; "))]))
            }
            fields.append(
                element("div", ["class": field.isFlag ? "field flag" : "field"], children))
        }
        fields += ownFields.map { ownField($0, value: form.ownTexts[$0.key] ?? "") }
        if !places.isEmpty {
            fields.append(
                element(
                    "datalist", ["id": "known-places"],
                    places.map { element("option", ["value": $0]) }))
        }
        if !tags.isEmpty {
            fields.append(
                element(
                    "datalist", ["id": "known-tags"], tags.map { element("option", ["value": $0]) }
                ))
        }
        fields.append(
            element(
                "p", ["class": "actions"],
                [
                    element(
                        "button", ["type": "submit"], [text(form.original == nil ? "Add" : "Save")]),
                    form.original == nil
                        ? element(
                            "button", ["type": "submit", "name": "then", "value": "another"],
                            [text("Add, then another here")])
                        : .empty,
                    element(
                        "a",
                        [
                            "href": form.original.map { Paths.item($0.id) } ?? "/",
                            "class": "button",
                        ],
                        [text("Cancel")]),
                ]))
        nodes.append(
            element("form", ["method": "post", "action": action, "class": "item-form"], fields))
        return nodes
    }

    /// The box of one of the household's own fields (`own-KEY`): a list to pick from for a
    /// choice or yes/no, a date picker for a day, the numeric keypad for a number or amount.
    private func ownField(_ field: CustomField, value: String) -> BodyNode {
        let id = "own-" + String(field.id)
        let name = "own-" + field.key
        let label = element(
            "label", ["for": id],
            [text(field.name + (field.ruleText.map { " (\($0))" } ?? ""))])
        func select(_ options: [String]) -> BodyNode {
            element(
                "select", ["id": id, "name": name],
                ([""] + options).map { option in
                    element(
                        "option",
                        TextFolding.fold(option) == TextFolding.fold(value) && !value.isEmpty
                            || (option.isEmpty && value.isEmpty)
                            ? ["value": option, "selected": "selected"] : ["value": option],
                        [text(option)])
                })
        }
        let input: BodyNode =
            switch field.kind {
            case .choice(let options): select(options)
            case .flag: select(["yes", "no"])
            case .date: element("input", ["type": "date", "id": id, "name": name, "value": value])
            case .number, .money:
                element(
                    "input",
                    [
                        "type": "text", "id": id, "name": name, "value": value,
                        "inputmode": "decimal",
                    ])
            case .text:
                element("input", ["type": "text", "id": id, "name": name, "value": value])
            }
        return element("div", ["class": "field own"], [label, input])
    }

    private static func inputMode(_ field: ItemFormField) -> String {
        switch field.itemField.kind {
        case .money: "decimal"
        case .count: "numeric"
        default: "text"
        }
    }

    /// The page that asks before deleting.
    func confirmDelete(_ item: HouseholdItem, session: Sessions.Session) -> [BodyNode] {
        [
            element("h1", [:], [text("Delete \(item.name)?")]),
            element(
                "p", [:],
                [text("It leaves every view; its history stays in the journal.")]),
            element(
                "form", ["method": "post", "action": Paths.item(item.id) + "/delete"],
                [
                    element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                    element(
                        "input",
                        ["type": "hidden", "name": "version", "value": String(item.version)]),
                    element("button", ["type": "submit", "class": "danger"], [text("Delete")]),
                    element(
                        "a", ["href": Paths.item(item.id), "class": "button"], [text("Keep it")]),
                ]),
        ]
    }

    /// Where a thing is, as links: each place and box of `trail` to its page.
    private func whereNodes(_ trail: [(name: String, page: String?)]) -> [BodyNode] {
        var nodes: [BodyNode] = []
        for (index, step) in trail.enumerated() {
            if index > 0 { nodes.append(text(PlacePath.separator)) }
            nodes.append(
                step.page.map { element("a", ["href": $0], [text(step.name)]) } ?? text(step.name))
        }
        return nodes
    }

    /// The form that moves an item: a place's path or a box (`#12`, a label), chosen from the
    /// places and boxes there are, or typed (a new place is made).
    private func moveForm(_ item: HouseholdItem, _ moves: ItemMoves, session: Sessions.Session)
        -> BodyNode
    {
        let options =
            moves.places.map { element("option", ["value": $0], []) }
            + moves.boxes.filter { $0.id != item.id }.map { box in
                element("option", ["value": "#\(box.id) \(box.name)"], [])
            }
        return element(
            "form",
            ["class": "move", "method": "post", "action": Paths.item(item.id) + "/move"],
            [
                element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                element("label", ["for": "to"], [text("Move to a place, or into a box")]),
                element(
                    "input",
                    [
                        "type": "text", "id": "to", "name": "to", "list": "destinations",
                        "required": "required", "autocomplete": "off",
                        "placeholder": "House / Garage, #12, 000-042",
                    ]),
                element("datalist", ["id": "destinations"], options),
                element("button", ["type": "submit"], [text("Move")]),
            ])
    }

    /// The sign-in form of a server with a household password.
    /// How the sign-in form signs in.
    enum PasswordSignIn: Sendable, Equatable {
        /// It does not: only a link signs in.
        case none
        /// With the household password.
        case household
        /// With a member's name and password.
        case name
        /// With a member's name and password, or the household password without a name.
        case nameOrHousehold
    }

    func passwordForm(problem: String?, way: PasswordSignIn = .household, name: String = "")
        -> String
    {
        var fields: [BodyNode] = []
        if way == .name || way == .nameOrHousehold {
            fields += [
                element("label", ["for": "name"], [text("Your name")]),
                way == .name
                    ? element(
                        "input",
                        [
                            "type": "text", "id": "name", "name": "name", "value": name,
                            "autocomplete": "username", "autocapitalize": "none",
                            "required": "required",
                        ])
                    : element(
                        "input",
                        [
                            "type": "text", "id": "name", "name": "name", "value": name,
                            "autocomplete": "username", "autocapitalize": "none",
                        ]),
            ]
            if way == .nameOrHousehold {
                fields.append(
                    element(
                        "p", ["class": "hint"],
                        [text("Leave your name empty to sign in with the household password.")]))
            }
        }
        fields += [
            element(
                "label", ["for": "password"],
                [text(way == .household ? "Household password" : "Password")]),
            element(
                "input",
                [
                    "type": "password", "id": "password", "name": "password",
                    "autocomplete": "current-password", "required": "required",
                ]),
        ]
        if let problem {
            fields.append(element("p", ["class": "problem", "role": "alert"], [text(problem)]))
        }
        fields.append(element("button", ["type": "submit"], [text("Sign in")]))
        return layout(
            title: "Sign in", tabs: [], current: nil, session: nil, sequence: nil,
            main: [
                element("h1", [:], [text("Sign in")]),
                element(
                    "form", ["method": "post", "action": "/signin", "class": "signin"], fields),
            ])
    }

    /// A page that only says something: an error, or how to sign in.
    func message(title: String, _ lines: [String], links: PageLinks = .house) -> String {
        layout(
            title: title, tabs: [], current: nil, session: nil, sequence: nil,
            main: [element("h1", [:], [text(title)])] + lines.map { element("p", [:], [text($0)]) },
            links: links)
    }

    func money(_ minorUnits: Int128) -> String {
        Money.format(minorUnits, currency: currency)
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// Where a page's links lead: the house's own pages, or a share link's read-only copies of
/// them (every address under the link's own, which carries its token).
struct PageLinks: Sendable {
    /// "" for the house; `/share/TOKEN` for a share link.
    let prefix: String

    /// The house's pages.
    static let house = PageLinks(prefix: "")

    /// The pages of the share link with `token`.
    static func share(token: String) -> PageLinks {
        PageLinks(prefix: "/share/" + Paths.encode(token))
    }

    /// Whether these are a share link's pages.
    var isShare: Bool { !prefix.isEmpty }

    /// Where the title leads.
    var home: String { isShare ? prefix : "/" }

    /// A view's page (a share link shows one view, at its own address).
    func view(_ name: String, sort: ItemSort? = nil, query: String = "", page: Int = 1)
        -> String
    {
        guard isShare else { return Paths.view(name, sort: sort, query: query, page: page) }
        return prefix + Paths.query(sort: sort, query: query, page: page)
    }

    func item(_ id: Int64) -> String { prefix + Paths.item(id) }

    func file(_ storedName: String) -> String { prefix + Paths.file(storedName) }

    /// A picture made from the stored photo `storedName`, at `size`.
    func thumbnail(_ storedName: String, size: ThumbnailSize) -> String {
        prefix + Paths.thumbnail(storedName, size: size)
    }

    /// The printable report of what the link shows.
    var report: String { prefix + "/report" }
}

/// The server's addresses, built in one place.
enum Paths {
    static func view(_ name: String, sort: ItemSort? = nil, query: String = "", page: Int = 1)
        -> String
    {
        "/views/" + encode(name) + self.query(sort: sort, query: query, page: page)
    }

    /// A view page's query: `?sort=…&q=…&page=…`, or nothing.
    static func query(sort: ItemSort?, query: String, page: Int) -> String {
        var parameters: [String] = []
        if let sort { parameters.append("sort=" + encode(sort.rawValue)) }
        if !query.isEmpty { parameters.append("q=" + encode(query)) }
        if page > 1 { parameters.append("page=\(page)") }
        return parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
    }

    static func item(_ id: Int64) -> String { "/items/\(id)" }
    static func place(_ id: Int64) -> String { "/places/\(id)" }

    static func file(_ storedName: String) -> String { "/files/" + encode(storedName) }

    /// The thumbnail at `size` of the stored picture `storedName`.
    static func thumbnail(_ storedName: String, size: ThumbnailSize) -> String {
        "/thumbnails/\(size.pixels)/" + encode(storedName)
    }

    /// RFC 3986's unreserved characters, ASCII only.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` percent-encoded for a path segment or a query value.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}

/// What an item's form to move it offers: every place's path, and the items holding others.
struct ItemMoves {
    var places: [String]
    var boxes: [HouseholdItem]
}
