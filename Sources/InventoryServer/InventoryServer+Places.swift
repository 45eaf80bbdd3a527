import Foundation
import Hummingbird
import InventoryKit

// Labels and places: what a label's QR code opens (`/L/000-042`: its item's page, or its
// place's contents), a place's page, and moving things into a place or a box from a phone.
extension InventoryServer {
    func addPlaceRoutes(to router: Router<ServerContext>) {
        // A code holds the address in capitals when it can (see `LabelSheet.payload`).
        for prefix in ["/L", "/l"] {
            router.get("\(prefix)/:label") { _, context in
                let text = try Self.parameter("label", context)
                return try await self.blocking.run {
                    let found: (label: InventoryLabel, thing: InventoryManager.LabeledThing)
                    do {
                        found = try self.manager.find(label: text)
                    } catch InventoryError.place(let problem) {
                        throw ServerError.notFound("\(problem).")
                    }
                    switch found.thing {
                    case .item(let item): return Self.redirect(Paths.item(item.id))
                    case .place(let place): return Self.redirect(Paths.place(place.id))
                    case .nothing:
                        throw ServerError.notFound(
                            "Label \(found.label.text) is on nothing any more: its thing was deleted."
                        )
                    }
                }
            }
        }
        router.get("/places/:id") { _, context in
            try await self.blocking.run {
                let sequence = try self.manager.lastSequence()
                let place = try self.place(context)
                // One read of the items: the place's totals and its places' come from them.
                let items = try self.manager.items(matching: ItemFilter(location: place.path))
                let inside = try self.manager.placeList().filter { $0.parentID == place.id }
                    .map { inner in
                        Self.summary(of: inner, among: items)
                    }
                let summary = Self.summary(of: place, among: items)
                let label = try self.manager.labels(ofPlaces: [summary.place.id])[
                    summary.place.id]
                return Self.html(
                    self.pages.layout(
                        title: summary.place.path, tabs: try self.pager.tabs(), current: nil,
                        session: context.session, sequence: sequence,
                        main: self.pages.place(
                            summary, label: label, places: inside, items: items,
                            session: context.session!)))
            }
        }
        router.post("/places/:id/move") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let place = try self.place(context)
                let ids = try self.things(fields["things"] ?? "")
                try self.manager.move(ids: ids, to: .place(place.path))
                return Self.redirect(Paths.place(place.id))
            }
        }
        router.post("/items/:id/move") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                // from the version the page showed, when it says
                try self.manager.move(
                    ids: [item.id], to: try self.destination(fields["to"] ?? ""),
                    expectedVersions: Self.version(fields).map { [item.id: $0] } ?? [:])
                return Self.redirect(Self.ownPath(fields["back"]) ?? Paths.item(item.id))
            }
        }
        router.post("/items/:id/move-here") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let box = try self.item(context)
                let ids = try self.things(fields["things"] ?? "")
                try self.manager.move(ids: ids, to: .container(box.id))
                return Self.redirect(Paths.item(box.id))
            }
        }
    }

    /// Where the move form sends a thing: a box by `#12` (what its list offers, `#12 Red
    /// toolbox`), its number or its label; a place by its label or its path, made if missing.
    private func destination(_ typed: String) throws -> ItemDestination {
        let text = typed.trimmingWhitespace()
        guard !text.isEmpty else {
            throw ServerError.badRequest("Say where it goes: a place, or a box's number or label.")
        }
        // "#12 Red toolbox" or "12"; a place may start with a number ("12 Oak Street").
        let first = text.split(separator: " ").first.map(String.init) ?? text
        if first.hasPrefix("#"), let id = Int64(first.dropFirst()), id > 0 {
            return .container(id)
        }
        if let id = Int64(text), id > 0 { return .container(id) }
        // A label names its thing, or nothing (never a new place called 000-042).
        if InventoryLabel.number(text) != nil {
            switch try manager.find(label: text).thing {
            case .item(let item): return .container(item.id)
            case .place(let place): return .place(place.path)
            case .nothing:
                throw ServerError.notFound(
                    "Label \(text) is on nothing any more: its thing was deleted.")
            }
        }
        if let place = try manager.place(path: text) { return .place(place.path) }
        return .place(try manager.addPlace(path: text).path)
    }

    /// Where `item` is, outermost first: the places of its location (each with its page) and
    /// the boxes around it (each with theirs); the place of the outermost box is theirs.
    func trail(of item: HouseholdItem, places: [Place]) throws -> [(name: String, page: String?)] {
        var boxes: [HouseholdItem] = []
        var next = item.containerID
        while let id = next, boxes.count < 1_000, let box = try manager.item(id: id) {
            boxes.insert(box, at: 0)
            next = box.containerID
        }
        let byPath = Dictionary(places.map { ($0.path, $0.id) }) { first, _ in first }
        let names = PlacePath.names(of: (boxes.first ?? item).location ?? "")
        var trail: [(name: String, page: String?)] = names.indices.map { index in
            (names[index], byPath[PlacePath.path(Array(names[...index]))].map(Paths.place))
        }
        trail += boxes.map { ($0.name, Paths.item($0.id)) }
        return trail
    }

    /// The place the route's `id` names.
    private func place(_ context: ServerContext) throws -> Place {
        let text = try Self.parameter("id", context)
        guard let id = Int64(text),
            let place = try manager.placeList().first(where: { $0.id == id })
        else { throw ServerError.notFound("There is no place \(text): it may have been deleted.") }
        return place
    }

    /// `place` with the count and worth of those of `items` that are at it or under it.
    private static func summary(of place: Place, among items: [HouseholdItem]) -> PlaceSummary {
        let path = TextFolding.fold(place.path)
        let inside = items.filter {
            $0.location.map { PlacePath.location($0, isWithinFolded: path) } ?? false
        }
        return PlaceSummary(
            place: place, itemCount: inside.count,
            worth: inside.reduce(0) { $0 + ($1.totalWorth ?? 0) })
    }

    /// The items a "move here" form names: item numbers or labels (`000-042`), separated by
    /// spaces or commas.
    private func things(_ text: String) throws -> [Int64] {
        let words = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        guard !words.isEmpty else {
            throw ServerError.badRequest("Say what to move: item numbers or labels.")
        }
        return try words.map { word in
            if !word.contains("-"), let id = Int64(word), id > 0 { return id }
            guard case .item(let item) = try? manager.find(label: String(word)).thing else {
                throw ServerError.badRequest("\(word) is neither an item's number nor its label.")
            }
            return item.id
        }
    }
}
