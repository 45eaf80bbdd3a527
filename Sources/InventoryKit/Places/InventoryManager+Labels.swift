import InventoryStore

/// Labels: a short number (`000-042`) for an item, a box or a place, printed with a QR code
/// that opens the thing on `serve` (`/L/000-042`).
extension InventoryManager {
    /// What a label is on, as the inventory has it now.
    public enum LabeledThing: Sendable, Hashable {
        /// An item (a box too).
        case item(HouseholdItem)
        /// A place.
        case place(Place)
        /// Nothing any more: its thing was deleted.
        case nothing
    }

    /// Gives a label to every item of `itemIDs` and every place of `placePaths` that has none,
    /// in one write.
    ///
    /// - Returns: the labels of all of them, new or not: the items' in the order given, then
    ///   the places'.
    /// - Throws: `InventoryError.itemsNotFound`; `.place(.notFound)`. Nothing is given then.
    @discardableResult
    public func assignLabels(items itemIDs: [Int64], places placePaths: [String] = []) throws
        -> [InventoryLabel]
    {
        var seen: Set<Int64> = []
        let itemIDs = itemIDs.filter { seen.insert($0).inserted }
        let now = Timestamp(clock())
        return try write(at: now, keepingUnjournaled: true) { store -> [InventoryLabel] in
            let database = store.database
            let missing = try itemIDs.filter { try database.items.item(id: $0) == nil }
            guard missing.isEmpty else { throw InventoryError.itemsNotFound(missing) }
            var placeIDs: [Int64] = []
            if !placePaths.isEmpty {
                let places = try PlaceResolver(database.places, at: now)
                for path in placePaths {
                    let id = try places.existingPlace(path: path).id
                    if !placeIDs.contains(id) { placeIDs.append(id) }
                }
            }
            let itemLabels = try database.labels.labels(ofItems: itemIDs)
            let placeLabels = try database.labels.labels(ofPlaces: placeIDs)
            return try itemIDs.map { id in
                try itemLabels[id] ?? database.labels.assign(.item(id), at: now)
            }
                + placeIDs.map { id in
                    try placeLabels[id] ?? database.labels.assign(.place(id), at: now)
                }
        } changes: { _, _ in
            []
        }
    }

    /// The labels of those of the items `ids` that have one, by item id.
    public func labels(ofItems ids: [Int64]) throws -> [Int64: InventoryLabel] {
        try withStore { try $0.database.labels.labels(ofItems: ids) }
    }

    /// The labels of those of the places `ids` that have one, by place id.
    public func labels(ofPlaces ids: [Int64]) throws -> [Int64: InventoryLabel] {
        try withStore { try $0.database.labels.labels(ofPlaces: ids) }
    }

    /// The label typed as `text` (`000-042`, `42`) and what it is on.
    ///
    /// - Throws: `InventoryError.place(.noLabel)` for a text that names no label given.
    public func find(label text: String) throws -> (label: InventoryLabel, thing: LabeledThing) {
        guard let number = InventoryLabel.number(text) else {
            throw InventoryError.place(.noLabel(text))
        }
        return try withStore { store in
            let database = store.database
            return try database.read {
                guard let label = try database.labels.label(number: number) else {
                    throw InventoryError.place(.noLabel(InventoryLabel.text(number)))
                }
                switch label.target {
                case .item(let id):
                    guard let item = try database.items.item(id: id) else {
                        return (label, .nothing)
                    }
                    return (label, .item(item))
                case .place(let id):
                    let place = try database.places.all().first { $0.id == id }
                    return (label, place.map(LabeledThing.place) ?? .nothing)
                case .nothing:
                    return (label, .nothing)
                }
            }
        }
    }
}
