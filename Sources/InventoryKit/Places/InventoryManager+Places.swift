import InventoryStore

/// Places and containers: the tree of places, what is in each, and moving things.
///
/// An item's `location` is the path of where it is (`House / Garage / Red toolbox`): its
/// place's path, then the names of the containers around it. Every write that changes where
/// something is — a move, a place renamed or moved, a container renamed — rewrites the paths
/// of everything under it in the same transaction, as edits of those items: one change set,
/// which every live view and every other process follows.
extension InventoryManager {
    // MARK: - Reading

    /// Every place, parents before their children (by path), each with the items at it or
    /// under it and their total worth.
    public func places() throws -> [PlaceSummary] {
        let (places, totals) = try withStore { store in
            try store.database.read {
                (
                    try store.database.places.all(),
                    try store.database.places.locationTotals()
                )
            }
        }
        var summaries = places.map { PlaceSummary(place: $0, itemCount: 0, worth: 0) }
        var index: [String: Int] = [:]
        for (offset, summary) in summaries.enumerated() { index[summary.place.path] = offset }
        for (location, total) in totals {
            // Every place a location starts with counts its items: its own place and those
            // above it (the names after its place's are containers').
            var names = PlacePath.names(of: location)
            while !names.isEmpty {
                if let offset = index[PlacePath.path(names)] {
                    summaries[offset].itemCount += total.count
                    summaries[offset].worth += total.worth
                }
                names.removeLast()
            }
        }
        return summaries
    }

    /// What every item is worth together (replacement value, else price, times quantity), in
    /// minor units of the inventory's currency.
    public func totalWorth() throws -> Int128 {
        try withStore { try $0.database.places.totalWorth() }
    }

    /// Every place, parents before their children (by path), without totals: no item is read.
    public func placeList() throws -> [Place] {
        try withStore { try $0.database.places.all() }
    }

    /// The place at `path` (any case or spacing), or nil.
    public func place(path: String) throws -> Place? {
        try withStore { store in
            try PlaceResolver(store.database.places, at: Timestamp(clock())).place(path: path)
        }
    }

    // MARK: - Changing places

    /// Makes the place at `path`, with the places above it that are missing.
    ///
    /// - Returns: the place.
    /// - Throws: `InventoryError.place(.exists)` when it exists; `.invalidValue` for a name
    ///   that cannot be a place's.
    @discardableResult
    public func addPlace(path text: String) throws -> Place {
        let names = try PlacePath.names(of: text).map(Place.validatedName)
        guard !names.isEmpty else {
            throw InventoryError.invalidValue(
                field: .other("place"), value: text, reason: "a place needs a name")
        }
        let now = Timestamp(clock())
        return try write(at: now, keepingUnjournaled: true) { store -> Place in
            let places = try PlaceResolver(store.database.places, at: now)
            if let existing = places.place(path: PlacePath.path(names)) {
                throw InventoryError.place(.exists(existing.path))
            }
            _ = try places.location(PlacePath.path(names))
            return try places.existingPlace(path: PlacePath.path(names))
        } changes: { _, _ in
            []
        }
    }

    /// Renames the place at `path`; the locations of everything under it follow.
    ///
    /// - Returns: the place as renamed.
    /// - Throws: `InventoryError.place(.notFound)`, `.place(.exists)` when a place beside it
    ///   has the name; `.invalidValue` for the name.
    @discardableResult
    public func renamePlace(path: String, to name: String) throws -> Place {
        let name = try Place.validatedName(name)
        return try changePlace(path: path) { place, places in
            (name, place.parentID.flatMap { places.places[$0] })
        }
    }

    /// Moves the place at `path` into the place at `parentPath` (to the top for nil); the
    /// locations of everything under it follow.
    ///
    /// - Throws: `InventoryError.place(.notFound)`; `.place(.loop)` for a place moved into
    ///   itself or a place under it; `.place(.exists)` when the new parent has a place of
    ///   that name.
    @discardableResult
    public func movePlace(path: String, into parentPath: String?) throws -> Place {
        try changePlace(path: path) { place, places in
            guard let parentPath else { return (place.name, nil) }
            let parent = try places.existingPlace(path: parentPath)
            if parent.path == place.path || parent.path.hasPrefix(place.path + PlacePath.separator)
            {
                throw InventoryError.place(
                    .loop(PlacePath.names(of: parent.path) + [place.name]))
            }
            return (place.name, parent)
        }
    }

    /// Renames or moves a place: `change` gives its new name and parent.
    private func changePlace(
        path: String, _ change: (Place, PlaceResolver) throws -> (String, Place?)
    ) throws -> Place {
        let now = Timestamp(clock())
        return try write(at: now, keepingUnjournaled: true) { store -> (Place, [ItemEdit]) in
            let places = try PlaceResolver(store.database.places, at: now)
            let place = try places.existingPlace(path: path)
            let (name, parent) = try change(place, places)
            let newPath = parent.map { $0.path + PlacePath.separator + name } ?? name
            if newPath == place.path { return (place, []) }
            if let other = places.place(path: newPath), other.id != place.id {
                throw InventoryError.place(.exists(other.path))
            }
            let oldPath = place.path
            try places.update(place, name: name, parent: parent)
            let moves = try Self.rewriteLocations(
                under: oldPath, to: newPath, in: store.database.items, at: now)
            return (try places.existingPlace(path: newPath), moves)
        } changes: { result, first in
            ItemEdit.changes(result.1, from: first)
        }.0
    }

    /// Deletes the place at `path`. The items in it move to the place at `destination`
    /// (containers with what they hold); without one, a place holding items is kept.
    ///
    /// - Throws: `InventoryError.place(.notFound)`; `.place(.holdsPlaces)` for a place with
    ///   places in it; `.place(.holdsItems)` for one holding items and no destination;
    ///   `.place(.loop)` for a destination under the place.
    public func deletePlace(path: String, movingItemsTo destination: String? = nil) throws {
        let now = Timestamp(clock())
        _ = try write(at: now, keepingUnjournaled: true) { store -> [ItemEdit] in
            let places = try PlaceResolver(store.database.places, at: now)
            let place = try places.existingPlace(path: path)
            let inside = places.children(of: place.id)
            guard inside.isEmpty else {
                throw InventoryError.place(
                    .holdsPlaces(path: place.path, places: inside.map(\.path)))
            }
            let items = try Self.items(at: place.path, in: store.database.items)
            var moves: [ItemEdit] = []
            if !items.isEmpty {
                guard let destination else {
                    throw InventoryError.place(
                        .holdsItems(path: place.path, count: items.count))
                }
                let target = try places.existingPlace(path: destination)
                guard target.id != place.id else {
                    throw InventoryError.place(.loop([place.path, target.path]))
                }
                moves = try Self.rewriteLocations(
                    under: place.path, to: target.path, in: store.database.items, at: now)
            }
            try places.delete(place)
            return moves
        } changes: { moves, first in
            ItemEdit.changes(moves, from: first)
        }
    }

    // MARK: - Moving things

    /// Moves items into a place or inside another item, with everything they hold: one write,
    /// one change set (a box of 200 things moved is one entry in each thing's history).
    ///
    /// - Returns: the items after the move, in the order of `ids` (repeated ids count once).
    /// - Throws: `InventoryError.itemsNotFound`; `.place(.notFound)` for a place that does not
    ///   exist; `.place(.loop)` for an item moved inside itself or something it holds;
    ///   `.editConflict` for an item no longer at its version in `expectedVersions`.
    ///   Nothing changes then.
    @discardableResult
    public func move(
        ids: [Int64], to destination: ItemDestination, expectedVersions: [Int64: Int] = [:]
    ) throws -> [HouseholdItem] {
        var seen: Set<Int64> = []
        let ids = ids.filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return [] }
        let now = Timestamp(clock())
        let moves = try write(at: now) { store -> [ItemEdit] in
            let table = store.database.items
            var items: [HouseholdItem] = []
            var missing: [Int64] = []
            for id in ids {
                if let item = try table.item(id: id) {
                    if let expected = expectedVersions[id], expected != item.version {
                        throw try Self.versionProblem(
                            of: item, expected: expected, in: store.database.journal)
                    }
                    items.append(item)
                } else {
                    missing.append(id)
                }
            }
            guard missing.isEmpty else { throw InventoryError.itemsNotFound(missing) }
            let location: String?
            let containerID: Int64?
            switch destination {
            case .place(let path):
                let places = try PlaceResolver(store.database.places, at: now)
                location = try places.existingPlace(path: path).path
                containerID = nil
            case .container(let id):
                guard let container = try table.item(id: id) else {
                    throw InventoryError.itemsNotFound([id])
                }
                try Self.refuseLoop(moving: seen, into: container, in: table)
                location = Self.path(inside: container)
                containerID = container.id
            }
            var moves: [ItemEdit] = []
            for item in items {
                try Self.relocate(
                    item, to: location, container: containerID, in: table, at: now,
                    moves: &moves)
            }
            return moves
        } changes: { moves, first in
            ItemEdit.changes(moves, from: first)
        }
        let after = Dictionary(moves.map { ($0.after.id, $0.after) }) { _, last in last }
        return try ids.map { id in
            if let item = after[id] { return item }
            guard let item = try item(id: id) else { throw InventoryError.itemsNotFound([id]) }
            return item
        }
    }

    /// Every item inside another, by id: the item it is directly inside, and the place of the
    /// outermost one (where a program without containers puts it).
    public func containment() throws -> [Int64: Containment] {
        try withStore { store in
            try store.database.items.containment().mapValues {
                Containment(container: $0.container, place: $0.place)
            }
        }
    }

    /// The items that hold other items (boxes, toolboxes, drawer units), by name.
    public func holders() throws -> [HouseholdItem] {
        try withStore { try $0.database.items.holders() }
    }

    /// The items directly inside the item `id`, by id.
    public func contents(of id: Int64) throws -> [HouseholdItem] {
        try withStore { try $0.database.items.contents(of: id) }
    }

    // MARK: - Helpers for writes

    /// The location of what is inside `container`: its location, then its name.
    public static func path(inside container: HouseholdItem) -> String {
        PlacePath.path([container.location, container.name].compactMap { $0 })
    }

    /// The items at `path` itself, not under a place below it; containers count, what they
    /// hold does not.
    static func items(at path: String, in table: ItemTable) throws -> [HouseholdItem] {
        try table.items(matching: ItemFilter(location: path)).filter {
            $0.location == path && $0.containerID == nil
        }
    }

    /// Refuses to put the items `moved` inside `container` when the container, or a container
    /// around it, is one of them.
    ///
    /// - Throws: `InventoryError.place(.loop)`, naming the loop outermost first.
    static func refuseLoop(
        moving moved: Set<Int64>, into container: HouseholdItem, in table: ItemTable
    ) throws {
        try refuseLoop(moving: moved, into: container) { try table.item(id: $0) }
    }

    /// Refuses to put the items `moved` inside `container` when the container, or a container
    /// around it (found by `item`), is one of them: what `move(ids:to:)` and an import check.
    ///
    /// - Throws: `InventoryError.place(.loop)`, naming the loop outermost first.
    public static func refuseLoop(
        moving moved: Set<Int64>, into container: HouseholdItem,
        item: (Int64) throws -> HouseholdItem?
    ) throws {
        var chain = [container]
        while let outer = chain.last?.containerID, chain.count <= 10_000,
            let item = try item(outer)
        {
            chain.append(item)
        }
        if let index = chain.firstIndex(where: { moved.contains($0.id) }) {
            throw InventoryError.place(
                .loop(chain[...index].reversed().map(\.name) + [chain[index].name]))
        }
    }

    /// Moves `item` to `location` (inside `containerID`, or in a place for nil), and what it
    /// holds with it; appends each item written to `moves`, in write order.
    static func relocate(
        _ item: HouseholdItem, to location: String?, container containerID: Int64?,
        in table: ItemTable, at now: Timestamp, moves: inout [ItemEdit]
    ) throws {
        var after = item
        after.location = location
        after.containerID = containerID
        guard after != item else { return }
        after.version = item.version + 1
        after.updatedAt = max(now, item.updatedAt)
        try table.update(&after, from: item)
        moves.append(ItemEdit(before: item, after: after))
        if item.location != after.location {
            try relocateContents(of: after, in: table, at: now, moves: &moves)
        }
    }

    /// Rewrites the location of everything inside `container` (as it is now) to follow it:
    /// what it holds directly in one statement, then what each box among them holds.
    static func relocateContents(
        of container: HouseholdItem, in table: ItemTable, at now: Timestamp,
        moves: inout [ItemEdit]
    ) throws {
        let inside = path(inside: container)
        let contents = try table.contents(of: container.id).filter { $0.location != inside }
        guard !contents.isEmpty else { return }
        try table.setLocation(inside, ofContentsOf: container.id, at: now)
        var moved: [Int64: HouseholdItem] = [:]
        for before in contents {
            var after = before
            after.location = inside
            after.version = before.version + 1
            after.updatedAt = max(now, before.updatedAt)
            moves.append(ItemEdit(before: before, after: after))
            moved[after.id] = after
        }
        for id in try table.containers(inside: container.id) {
            guard let box = moved[id] else { continue }
            try relocateContents(of: box, in: table, at: now, moves: &moves)
        }
    }

    /// Rewrites the location of every item at `oldPath` or under it (spelled exactly so) to
    /// start with `newPath` instead.
    static func rewriteLocations(
        under oldPath: String, to newPath: String, in table: ItemTable, at now: Timestamp
    ) throws -> [ItemEdit] {
        let prefix = oldPath + PlacePath.separator
        let items = try table.items(matching: ItemFilter(location: oldPath), sortedBy: .id)
        var moves: [ItemEdit] = []
        for item in items {
            guard let location = item.location,
                location == oldPath || location.hasPrefix(prefix)
            else { continue }
            var after = item
            after.location = newPath + location.dropFirst(oldPath.count)
            after.version = item.version + 1
            after.updatedAt = max(now, item.updatedAt)
            try table.update(&after, from: item)
            moves.append(ItemEdit(before: item, after: after))
        }
        return moves
    }
}

/// Where an item inside another is: that item, and the place around them all.
public struct Containment: Sendable, Hashable {
    /// The id of the item it is directly inside.
    public var container: Int64
    /// The place of the outermost container around it (that container's location), if any.
    public var place: String?
}
