public import InventoryModel

/// Labels (`Migrations/0018_labels.sql`): numbers given to items and places, never twice.
public struct LabelTable {
    /// The connection of the inventory's database.
    let database: Database

    /// The label numbered `number`, or nil when none was ever given.
    public func label(number: Int64) throws -> InventoryLabel? {
        let statement = try database.cachedStatement(
            "SELECT item_id, place_id FROM labels WHERE id = ?")
        try statement.bind(number, at: 1)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return InventoryLabel(number: number, target: Self.target(statement, at: 0))
    }

    /// The labels of the items `ids` that have one, by item id.
    public func labels(ofItems ids: some Sequence<Int64>) throws -> [Int64: InventoryLabel] {
        try labels(of: ids, column: "item_id", target: InventoryLabel.Target.item)
    }

    /// The labels of the places `ids` that have one, by place id.
    public func labels(ofPlaces ids: some Sequence<Int64>) throws -> [Int64: InventoryLabel] {
        try labels(of: ids, column: "place_id", target: InventoryLabel.Target.place)
    }

    /// The labels of the things `ids` (in `column`, `item_id` or `place_id`) that have one.
    private func labels(
        of ids: some Sequence<Int64>, column: String,
        target: (Int64) -> InventoryLabel.Target
    ) throws -> [Int64: InventoryLabel] {
        let statement = try database.cachedStatement(
            "SELECT id FROM labels WHERE \(column) = ?")
        var labels: [Int64: InventoryLabel] = [:]
        for id in ids {
            try statement.bind(id, at: 1)
            defer { statement.reset() }
            if try statement.step() {
                labels[id] = InventoryLabel(number: statement.int64(at: 0), target: target(id))
            }
        }
        return labels
    }

    /// Gives `target` (an item or a place) a new label.
    ///
    /// - Returns: the label.
    public func assign(_ target: InventoryLabel.Target, at time: Timestamp) throws -> InventoryLabel
    {
        let (item, place): (DatabaseValue, DatabaseValue) =
            switch target {
            case .item(let id): (.integer(id), .null)
            case .place(let id): (.null, .integer(id))
            case .nothing: preconditionFailure("a label is given to an item or a place")
            }
        let statement = try database.cachedStatement(
            "INSERT INTO labels (item_id, place_id, assigned_at) VALUES (?, ?, ?) RETURNING id")
        try statement.bind([item, place, .integer(time.millisecondsSince1970)])
        defer { statement.reset() }
        guard try statement.step() else { throw StoreError.damaged("a label was not given") }
        return InventoryLabel(number: statement.int64(at: 0), target: target)
    }

    private static func target(_ row: Statement, at column: Int32) -> InventoryLabel.Target {
        if let item = row.optionalInt64(at: column) { return .item(item) }
        if let place = row.optionalInt64(at: column + 1) { return .place(place) }
        return .nothing
    }
}
