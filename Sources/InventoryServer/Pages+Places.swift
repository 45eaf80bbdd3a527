import Foundation
import InventoryKit
import Plot

extension Pages {
    /// A place's page (what its label opens): what is in it and under it, the places in it,
    /// and the forms to add a thing here or move things here.
    func place(
        _ summary: PlaceSummary, label: InventoryLabel?, places: [PlaceSummary],
        items: [HouseholdItem],
        session: Sessions.Session
    ) -> [BodyNode] {
        let place = summary.place
        var nodes: [BodyNode] = [
            element("h1", ["data-place": String(place.id)], [text(place.path)]),
            element(
                "p", ["class": "summary"],
                [
                    text(
                        "\(summary.itemCount) item\(summary.itemCount == 1 ? "" : "s") · worth "
                            + Money.format(summary.worth, currency: currency) + " "
                            + currency.code + (label.map { " · label \($0.text)" } ?? ""))
                ]),
            element(
                "p", ["class": "actions"],
                [
                    element(
                        "a",
                        [
                            "href": "/items/new?location="
                                + (place.path.addingPercentEncoding(
                                    withAllowedCharacters: .alphanumerics) ?? ""),
                            "class": "button",
                        ], [text("Add here")])
                ]),
        ]
        if !places.isEmpty {
            nodes.append(element("h2", [:], [text("Places in it")]))
            nodes.append(
                element(
                    "ul", ["class": "places"],
                    places.map { inner in
                        element(
                            "li", [:],
                            [
                                element(
                                    "a", ["href": Paths.place(inner.place.id)],
                                    [text(inner.place.name)]),
                                text(
                                    " · \(inner.itemCount) item\(inner.itemCount == 1 ? "" : "s")"),
                            ])
                    }))
        }
        nodes.append(element("h2", [:], [text("What is here")]))
        nodes.append(contentsList(items, under: place.path))
        nodes.append(moveHereForm(action: Paths.place(place.id) + "/move", session: session))
        return nodes
    }

    /// The things of `items`, each a link to its page with where it is under `path`.
    func contentsList(_ items: [HouseholdItem], under path: String) -> BodyNode {
        guard !items.isEmpty else {
            return element("p", ["class": "empty"], [text("Nothing yet.")])
        }
        return element(
            "ul", ["class": "contents"],
            items.map { item in
                var shownWhere = item.location ?? ""
                if shownWhere.hasPrefix(path + PlacePath.separator) {
                    shownWhere = String(
                        shownWhere.dropFirst(path.count + PlacePath.separator.count))
                } else if shownWhere == path {
                    shownWhere = ""
                }
                return element(
                    "li", [:],
                    [
                        element("a", ["href": Paths.item(item.id)], [text(item.name)]),
                        shownWhere.isEmpty
                            ? .empty
                            : element("span", ["class": "where"], [text(" · " + shownWhere)]),
                    ])
            })
    }

    /// The form that moves things here: their numbers or labels, typed or scanned.
    func moveHereForm(action: String, session: Sessions.Session) -> BodyNode {
        element(
            "form", ["class": "move-here", "method": "post", "action": action],
            [
                element("input", ["type": "hidden", "name": "csrf", "value": session.csrf]),
                element("label", ["for": "things"], [text("Move here (item numbers or labels)")]),
                element(
                    "input",
                    [
                        "type": "text", "id": "things", "name": "things", "required": "required",
                        "inputmode": "numeric", "placeholder": "12, 000-042", "autocomplete": "off",
                    ]),
                element("button", ["type": "submit"], [text("Move here")]),
            ])
    }
}
