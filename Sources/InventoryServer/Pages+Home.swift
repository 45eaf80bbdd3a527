import Foundation
import InventoryKit
import Plot

extension Pages {
    /// The home page: where the household stands at a glance — a search of everything, what it
    /// is worth insured and not, by room and by tag, what is due soon, what lacks something a
    /// claim needs, and what changed last. Live like the lists.
    func home(
        _ standing: HouseholdStanding, due: [DueThing], recent: [HistoryEntry],
        today: CalendarDate, searchView: String
    ) -> [BodyNode] {
        var nodes: [BodyNode] = [
            element("h1", [:], [text("Where the household stands")]),
            element(
                "form",
                [
                    "class": "search", "method": "get", "action": Paths.view(searchView),
                    "role": "search",
                ],
                [
                    element(
                        "input",
                        [
                            "type": "search", "name": "q", "placeholder": "Search everything",
                            "aria-label": "Search everything",
                        ]),
                    element("button", ["type": "submit"], [text("Search")]),
                ]),
        ]
        let all = standing.all
        nodes.append(
            element(
                "dl", ["class": "standing", "id": "summary"],
                [
                    figure("Items", String(all.items)),
                    figure("Worth", money(all.total)),
                    figure("Insured", money(all.insured)),
                    figure("Not insured", money(all.notInsured), warn: all.notInsured > 0),
                ]))
        if !due.isEmpty {
            nodes.append(element("h2", [:], [element("a", ["href": "/due"], [text("Due soon")])]))
            nodes.append(
                element(
                    "ul", ["class": "due"],
                    due.prefix(8).map { thing in
                        let late = thing.isOverdue(on: today)
                        return element(
                            "li", late ? ["class": "overdue"] : [:],
                            [
                                text("\(thing.date)\(late ? " (overdue)" : "") "),
                                element(
                                    "a", ["href": Paths.item(thing.itemID)], [text(thing.itemName)]),
                                text(": \(thing.what)"),
                            ])
                    }))
        }
        if standing.needingCount > 0 {
            nodes.append(
                element(
                    "h2", [:],
                    [
                        text(
                            "\(standing.needingCount) item\(standing.needingCount == 1 ? "" : "s") "
                                + "lack\(standing.needingCount == 1 ? "s" : "") what a claim needs")
                    ]))
            nodes.append(
                element(
                    "ul", ["class": "needing"],
                    standing.needing.map { item in
                        element(
                            "li", [:],
                            [
                                element("a", ["href": Paths.item(item.id)], [text(item.name)]),
                                text(": \(item.missing)"),
                            ])
                    }))
        }
        if !standing.rooms.isEmpty {
            nodes.append(element("h2", [:], [text("By room")]))
            nodes.append(
                worthTable(
                    "rooms", "Room", standing.rooms.map { ($0.name ?? "No room", $0.worth) }))
        }
        if !standing.tags.isEmpty {
            nodes.append(element("h2", [:], [text("By tag")]))
            nodes.append(worthTable("tags", "Tag", standing.tags.map { ($0.name, $0.worth) }))
        }
        let changes = recent.compactMap { entry -> (String, HouseholdItem, String)? in
            guard case .item(let journal) = entry else { return nil }
            let change = journal.change
            return (
                journal.time.minuteText(in: .current), change.item,
                change.kind == .added ? "added" : change.kind == .deleted ? "deleted" : "changed"
            )
        }
        if !changes.isEmpty {
            nodes.append(element("h2", [:], [text("Added and changed lately")]))
            nodes.append(
                element(
                    "ul", ["class": "recent"],
                    changes.map { time, item, what in
                        element(
                            "li", [:],
                            [
                                text("\(time) "),
                                what == "deleted"
                                    ? text(item.name)
                                    : element(
                                        "a", ["href": Paths.item(item.id)], [text(item.name)]),
                                text(" \(what)"),
                            ])
                    }))
        }
        if all.items == 0 {
            nodes.append(
                element(
                    "p", ["class": "empty"],
                    [
                        text("Nothing here yet: "),
                        element("a", ["href": "/items/new"], [text("add the first thing")]),
                        text("."),
                    ]))
        }
        return nodes
    }

    private func figure(_ label: String, _ value: String, warn: Bool = false) -> BodyNode {
        element(
            "div", warn ? ["class": "warn"] : [:],
            [element("dt", [:], [text(label)]), element("dd", [:], [text(value)])])
    }

    /// A table of worth, insured and not, a row per name.
    private func worthTable(
        _ id: String, _ heading: String, _ rows: [(String, HouseholdStanding.Worth)]
    ) -> BodyNode {
        element(
            "table", ["id": id, "class": "worth"],
            [
                element(
                    "thead", [:],
                    [
                        element(
                            "tr", [:],
                            [element("th", ["scope": "col"], [text(heading)])]
                                + ["Items", "Insured", "Not insured", "Worth"].map {
                                    element("th", ["scope": "col", "class": "number"], [text($0)])
                                })
                    ]),
                element(
                    "tbody", [:],
                    rows.map { name, worth in
                        element(
                            "tr", [:],
                            [
                                element("td", [:], [text(name)]),
                                element("td", ["class": "number"], [text(String(worth.items))]),
                                element("td", ["class": "number"], [text(money(worth.insured))]),
                                element(
                                    "td",
                                    ["class": worth.notInsured > 0 ? "number warn" : "number"],
                                    [text(money(worth.notInsured))]),
                                element("td", ["class": "number"], [text(money(worth.total))]),
                            ])
                    }),
            ])
    }
}
