import InventoryStore

/// The places of one write: finds the place a location names, making the places it lacks, and
/// spells the location as the places are spelled. Lives inside one write transaction.
final class PlaceResolver {
    private let table: PlaceTable
    private let time: Timestamp
    /// Every place, by id.
    private(set) var places: [Int64: Place]
    /// Place ids by their folded path (several when names differ only in case).
    private var byFoldedPath: [String: [Int64]] = [:]
    /// The locations resolved so far: text as given to the place's path.
    private var resolved: [String: String] = [:]

    /// The places of `table`, as the write's transaction sees them.
    init(_ table: PlaceTable, at time: Timestamp) throws {
        self.table = table
        self.time = time
        places = [:]
        for place in try table.all() { remember(place) }
    }

    private func remember(_ place: Place) {
        places[place.id] = place
        byFoldedPath[TextFolding.fold(place.path), default: []].append(place.id)
    }

    /// The place at `path` (any spelling or case; the exact spelling first), or nil.
    func place(path text: String) -> Place? {
        guard let path = PlacePath.normalized(text) else { return nil }
        let ids = byFoldedPath[TextFolding.fold(path)] ?? []
        let candidates = ids.compactMap { places[$0] }
        return candidates.first { $0.path == path } ?? candidates.min { $0.id < $1.id }
    }

    /// The place at `path`.
    ///
    /// - Throws: `InventoryError.place(.notFound)`.
    func existingPlace(path text: String) throws -> Place {
        guard let place = place(path: text) else {
            throw InventoryError.place(.notFound(PlacePath.normalized(text) ?? text))
        }
        return place
    }

    /// The location `text` spelled as the place it names, which is made (with the places above
    /// it) when there is none; nil for a text that names no place.
    func location(_ text: String?) throws -> String? {
        guard let text else { return nil }
        if let known = resolved[text] { return known }
        let names = PlacePath.names(of: text)
        guard !names.isEmpty else { return nil }
        var parent: Place?
        for name in names {
            let path = parent.map { $0.path + PlacePath.separator + name } ?? name
            if let found = place(path: path) {
                parent = found
            } else {
                parent = try add(name: try Place.validatedName(name), under: parent)
            }
        }
        resolved[text] = parent?.path
        return parent?.path
    }

    /// Adds the place `name` (checked) under `parent`.
    @discardableResult
    func add(name: String, under parent: Place?) throws -> Place {
        let id = try table.insert(name: name, parent: parent?.id, at: time)
        let place = Place(
            id: id, parentID: parent?.id, name: name,
            path: parent.map { $0.path + PlacePath.separator + name } ?? name, createdAt: time,
            updatedAt: time)
        remember(place)
        return place
    }

    /// The places directly in `parent` (at the top for nil).
    func children(of parent: Int64?) -> [Place] {
        places.values.filter { $0.parentID == parent }.sorted { $0.name < $1.name }
    }

    /// `place` and every place under it, parents first.
    func subtree(of place: Place) -> [Place] {
        var result = [place]
        var index = 0
        while index < result.count {
            result += children(of: result[index].id)
            index += 1
        }
        return result
    }

    /// Renames `place` and puts it in `parent`; the paths of the places under it follow.
    func update(_ place: Place, name: String, parent: Place?) throws {
        try table.update(id: place.id, name: name, parent: parent?.id, at: time)
        let moved = subtree(of: place)
        let newPath = parent.map { $0.path + PlacePath.separator + name } ?? name
        for var child in moved {
            byFoldedPath[TextFolding.fold(child.path)]?.removeAll { $0 == child.id }
            if child.id == place.id {
                child.name = name
                child.parentID = parent?.id
            }
            child.path = newPath + child.path.dropFirst(place.path.count)
            child.updatedAt = time
            remember(child)
        }
        resolved = [:]
    }

    /// Deletes `place`, which holds no place.
    func delete(_ place: Place) throws {
        try table.delete(id: place.id)
        places[place.id] = nil
        byFoldedPath[TextFolding.fold(place.path)]?.removeAll { $0 == place.id }
        resolved = [:]
    }
}
