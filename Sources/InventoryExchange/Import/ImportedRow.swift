import InventoryKit

/// One row's values, read from the columns the file has: a field whose column is absent is
/// nil (an update leaves it as it is); a present column with an empty cell clears it.
struct ImportedRow {
    var importRef: String?
    /// The row's own reference in the file, read even when an import does not update by
    /// reference: other rows name their container by it.
    var fileRef: String?
    /// The reference of the item this one is inside (Homebox's `HB.parent_import_ref`, our
    /// JSON's `container`): that item's row in the file, or an item of the inventory.
    var containerRef: String?
    /// The item's own id in the program that exported it, as a reference
    /// (`homebox:item/UUID`, from Homebox's `HB.url`): it finds the item a row without an
    /// import reference came from, as Homebox's items have none unless someone gave them one.
    var sourceRef: String?
    /// For a row that is a place, not an item (a Homebox location): its id there.
    var placeID: String?
    /// Values kept as written that are probably wrong (a date before 1900).
    var warnings: [ImportProblem] = []
    /// The values of the item's fields the file gives: a field whose column is absent has
    /// none (an update leaves it as it is); an empty cell gives the field's empty value, which
    /// clears it.
    var values = FieldValues()
    /// When the item was added and last changed, as our JSON export says (kept on a new item).
    var createdAt: Timestamp?
    var updatedAt: Timestamp?
    /// The item's version, files and main photo, as our JSON export says (kept on a new item).
    var version: Int?
    var files: [Attachment]?
    var photo: String?
    /// The values the row gives to the household's own fields, by field name or key, as
    /// written (an empty one clears the field in an update).
    var customFields: [String: String] = [:]

    /// The name as written; nil when the file has no name column.
    var name: String? {
        guard case .text(let name)? = values["name"] else { return nil }
        return name ?? ""
    }

    /// The place: nil when the file has no location column, `.some(nil)` for an empty cell.
    var location: String?? { text("location") }

    /// The description, as `location` is.
    var description: String?? { text("description") }

    /// A text field's value, as `location` is.
    func text(_ key: String) -> String?? {
        guard case .text(let text)? = values[key] else { return nil }
        return .some(text)
    }

    /// The row as a new item: the fields it gives, the others empty.
    var draft: ItemDraft {
        var draft = ItemDraft(name: "")
        for (field, value) in values.given { field.set(value, on: &draft.item) }
        draft.setCustomFields(customFields)
        return draft
    }

    /// The row as changes to the item an earlier import made: only the columns present. The
    /// tags a row gives replace the item's.
    var patch: ItemPatch {
        var patch = ItemPatch()
        for (field, value) in values.given {
            if case .tags(let tags) = value {
                patch.removesAllTags = true
                patch.addedTags = tags
            } else {
                patch.set(field, to: value)
            }
        }
        for (name, text) in customFields { patch.customFields[name] = text }
        return patch
    }

    /// What makes two items look like the same thing bought once: name, place, serial,
    /// price and date (`place: false` leaves the place out).
    static func likeness(of item: HouseholdItem, place: Bool = true) -> String {
        likeness(
            item.name, place ? item.location : nil, item.serialNumber, item.price,
            item.purchaseDate)
    }

    /// `likeness(of:)` of the item a draft would make.
    static func likeness(of draft: ItemDraft, place: Bool = true) -> String {
        likeness(
            draft.name, place ? draft.location : nil, draft.serialNumber, draft.price,
            draft.purchaseDate)
    }

    private static func likeness(
        _ name: String, _ location: String?, _ serial: String?, _ price: Money?,
        _ date: CalendarDate?
    ) -> String {
        [
            name.trimmingWhitespace().lowercased(),
            (location ?? "").lowercased(), serial ?? "",
            price.map { String($0.minorUnits) } ?? "", date.map(\.description) ?? "",
        ].joined(separator: "\u{1F}")
    }
}

/// The values a row gives to an item's fields, held by the field's place in `ItemField.all`:
/// a row's reading sets a value per cell, and a string key's hash per cell showed in the
/// profile of a large import.
struct FieldValues {
    private var values = [ItemFieldValue?](repeating: nil, count: ItemField.all.count)

    /// The value given to `field`, if any.
    subscript(field: ItemField) -> ItemFieldValue? {
        get { values[Self.position(of: field)] }
        set { values[Self.position(of: field)] = newValue }
    }

    /// The value given to the field with key `key` (`ItemField.key`), if any.
    subscript(key: String) -> ItemFieldValue? {
        get { values[Self.position(of: key)] }
        set { values[Self.position(of: key)] = newValue }
    }

    /// The fields given a value, with it, in the order of `ItemField.all`.
    var given: some Sequence<(ItemField, ItemFieldValue)> {
        zip(ItemField.all, values).lazy.compactMap { field, value in value.map { (field, $0) } }
    }

    /// Where `field` is in `ItemField.all` (a field of the table, so it is there).
    static func position(of field: ItemField) -> Int {
        guard let position = ItemField.all.firstIndex(where: { $0 === field }) else {
            preconditionFailure("\(field.key) is not in ItemField.all")
        }
        return position
    }

    /// Where the field with key `key` is in `ItemField.all` (a key of the table).
    static func position(of key: String) -> Int {
        guard let position = ItemField.all.firstIndex(where: { $0.key == key }) else {
            preconditionFailure("\(key) is not a key of ItemField.all")
        }
        return position
    }
}

/// What every import does with a row that reads well, whatever its format: finds the item its
/// reference names (and refuses a reference a row before it used), then updates that item or
/// adds a new one, counting the rows that look like items already here.
struct RowWriter {
    /// The look-alikes of the items already here; empty when duplicates are allowed.
    let existing: Set<String>
    /// For a Homebox file: the place `export --format homebox` writes for an item without
    /// one, which an update leaves out when the item has no place.
    let placeholderLocation: String?
    private var rowsByRef: [String: Int] = [:]
    /// Whether rows may name a container: only then is each row's item remembered by its
    /// references (a dictionary entry a row showed in the import's benchmark).
    var tracksContainers = false
    /// The item each reference of the file names, as rows were written.
    private var itemsByRef: [String: ImportedItem] = [:]
    /// The new items to be added inside another, once every row is read: then their container
    /// is known, wherever its row is.
    private var waiting: [WaitingRow] = []
    /// The items updated that go inside another, once every row is read.
    private var moves:
        [(number: Int, id: Int64, name: String, containerRef: String, changed: Bool)] = []

    /// An item a row of the file made or found.
    enum ImportedItem {
        /// An item of the inventory, by id.
        case existing(Int64)
        /// The item added as this number.
        case added(Int)
    }

    /// A new item waiting for its container.
    struct WaitingRow {
        let number: Int
        let row: ImportedRow
        let refs: [String]
        let containerRef: String
    }

    /// Whether rows wait for their container (`placeContainedItems` adds them).
    var hasWaitingRows: Bool { !waiting.isEmpty || !moves.isEmpty }

    /// Reads the look-alikes of every item of `manager`, unless `allowDuplicates`. (Called
    /// before the import's transaction: the manager's reads wait for its writes.)
    init(manager: InventoryManager, allowDuplicates: Bool, homebox: Bool = false) throws {
        placeholderLocation = homebox ? Exporter.placeholderLocation : nil
        var existing: Set<String> = []
        if !allowDuplicates {
            try manager.forEachItem(matching: ItemFilter(), sortedBy: .name) { item in
                existing.insert(ImportedRow.likeness(of: item))
            }
        }
        self.existing = existing
    }

    /// Writes `row` (row `number`) into `sink` and counts it in `report`.
    ///
    /// - Returns: why the row cannot be written, or nil.
    /// - Throws: what the store throws (not a refusal of the row).
    mutating func write<Sink: ImportSink & ~Copyable>(
        _ row: ImportedRow, number: Int, into sink: inout Sink, report: inout ImportReport
    ) throws -> RowRefusal? {
        // The row's own reference first; the item's id in the exporting program otherwise.
        let refs = [row.importRef, row.sourceRef].compactMap { $0 }
        var linked = refs
        if let ref = row.fileRef, !refs.contains(ref) { linked.append(ref) }
        for ref in linked {
            if let earlier = rowsByRef[ref] { return .referenceUsed(ref, byRow: earlier) }
        }
        for ref in linked { rowsByRef[ref] = number }
        do {
            var found: Int64?
            for ref in refs where found == nil { found = try sink.resolve(ref, row: row) }
            if let id = found {
                var patch = row.patch
                if let placeholder = placeholderLocation, row.location == .some(.some(placeholder)),
                    try sink.item(id: id)?.location == nil
                {
                    patch.location = nil
                }
                if tracksContainers { for ref in linked { itemsByRef[ref] = .existing(id) } }
                // Its container, if it has one, says where it is.
                if row.containerRef != nil { patch.location = nil }
                let fields = try sink.writes ? [] : sink.changedFields(id: id, patch)
                let outcome: ImportRowOutcome.Action
                let changed = try sink.update(id: id, patch)
                if changed {
                    report.updated += 1
                    outcome = .update(itemID: id, fields: fields)
                } else {
                    report.unchanged += 1
                    outcome = .unchanged(itemID: id)
                }
                if let container = row.containerRef {
                    moves.append((number, id, row.name ?? "", container, changed))
                }
                if !sink.writes { report.list(row: number, row.name ?? "", outcome) }
            } else {
                let draft = row.draft
                if !existing.isEmpty, existing.contains(ImportedRow.likeness(of: draft)) {
                    report.duplicates += 1
                }
                // An item inside another waits for it, unless it is known already.
                var containerID: Int64?
                if let ref = row.containerRef {
                    guard !linked.contains(ref), let container = try item(ref, in: &sink) else {
                        waiting.append(
                            WaitingRow(number: number, row: row, refs: linked, containerRef: ref))
                        return nil
                    }
                    containerID = try id(of: container, in: &sink)
                }
                let added = try sink.add(
                    draft, importRef: refs.first, createdAt: row.createdAt,
                    updatedAt: row.updatedAt, version: row.version, files: row.files ?? [],
                    photo: row.photo, inside: containerID)
                if tracksContainers { for ref in linked { itemsByRef[ref] = .added(added) } }
                report.added += 1
                if !sink.writes { report.list(row: number, draft.name, .add) }
            }
            for warning in row.warnings { report.warn(warning) }
            return nil
        } catch let error as InventoryError {
            return .invalid(error)
        }
    }
}

extension RowWriter {
    /// A row that cannot go inside its container, with why: the item's own refusal (an
    /// invalid value, which names its column), or a sentence about its container.
    typealias ContainerRefusal = (
        number: Int, name: String, reason: String, error: InventoryError?
    )

    /// Adds the new items waiting for their container, each once its container is known (a
    /// box inside a box after the outer one), then puts the updated items inside theirs; counts
    /// them in `report`.
    ///
    /// - Returns: the rows refused: a container no row and no item has, a row inside itself, a
    ///   loop, an item the add or the move refuses.
    /// - Throws: what the store throws.
    mutating func placeContainedItems<Sink: ImportSink & ~Copyable>(
        into sink: inout Sink, report: inout ImportReport
    ) throws -> [ContainerRefusal] {
        var refused: [ContainerRefusal] = []
        var refusedRefs: Set<String> = []
        var rows = waiting
        waiting = []
        let waitingRows = Dictionary(
            rows.flatMap { row in row.refs.map { ($0, row) } },
            uniquingKeysWith: { first, _ in first })
        func refuse(_ entry: WaitingRow, _ reason: String, error: InventoryError? = nil) {
            refused.append((entry.number, entry.row.name ?? "", reason, error))
            refusedRefs.formUnion(entry.refs)
        }
        while !rows.isEmpty {
            var left: [WaitingRow] = []
            for entry in rows {
                let ref = entry.containerRef
                if entry.refs.contains(ref) {
                    refuse(entry, "is inside \(quoted(ref)), its own reference")
                    continue
                }
                if refusedRefs.contains(ref), let container = waitingRows[ref] {
                    refuse(
                        entry, "is inside row \(container.number)'s item, which is not imported")
                    continue
                }
                guard let container = try item(ref, in: &sink) else {
                    if waitingRows[ref] != nil {
                        left.append(entry)
                    } else if let row = rowsByRef[ref] {
                        refuse(entry, "is inside row \(row)'s item, which is not imported")
                    } else {
                        refuse(
                            entry,
                            "is inside \(quoted(ref)), which no row of the file and no item of "
                                + "the inventory is")
                    }
                    continue
                }
                do {
                    let containerID = try id(of: container, in: &sink)
                    let row = entry.row
                    let added = try sink.add(
                        row.draft, importRef: row.importRef ?? row.sourceRef,
                        createdAt: row.createdAt, updatedAt: row.updatedAt, version: row.version,
                        files: row.files ?? [], photo: row.photo, inside: containerID)
                    for ref in entry.refs { itemsByRef[ref] = .added(added) }
                    report.added += 1
                    if !sink.writes { report.list(row: entry.number, row.draft.name, .add) }
                } catch let error as InventoryError {
                    refuse(entry, error.description, error: error)
                }
            }
            if left.count == rows.count {
                // Each is inside another of them: a loop.
                for entry in left {
                    var names = [entry.row.name ?? ""]
                    var next = waitingRows[entry.containerRef]
                    while let row = next, row.number != entry.number, names.count <= rows.count {
                        names.append(row.row.name ?? "")
                        next = waitingRows[row.containerRef]
                    }
                    refuse(entry, PlaceProblem.loop(names + [names[0]]).description)
                }
                break
            }
            rows = left
        }
        for move in moves {
            guard let container = try item(move.containerRef, in: &sink) else {
                let reason =
                    rowsByRef[move.containerRef].map {
                        "is inside row \($0)'s item, which is not imported"
                    }
                    ?? "is inside \(quoted(move.containerRef)), which no row of the file and no "
                    + "item of the inventory is"
                refused.append((move.number, move.name, reason, nil))
                continue
            }
            do {
                // A dry run cannot look inside the items it would add.
                guard let containerID = try id(of: container, in: &sink) else { continue }
                guard try sink.put(move.id, inside: containerID) else { continue }
                guard !move.changed else { continue }
                report.unchanged -= 1
                report.updated += 1
                if let index = report.outcomes.firstIndex(where: { $0.row == move.number }) {
                    report.outcomes[index].action = .update(itemID: move.id, fields: ["location"])
                }
            } catch let error as InventoryError {
                refused.append((move.number, move.name, error.description, nil))
            }
        }
        moves = []
        return refused
    }

    /// The item a reference names: a row of the file written, an item imported under it
    /// before, or an item an export of this inventory named so.
    fileprivate func item<Sink: ImportSink & ~Copyable>(_ ref: String, in sink: inout Sink) throws
        -> ImportedItem?
    {
        if let item = itemsByRef[ref] { return item }
        if let id = try sink.itemID(importRef: ref) { return .existing(id) }
        if let exported = ExportedReference(ref), exported.identity == sink.identity,
            try sink.item(id: exported.itemID) != nil
        {
            return .existing(exported.itemID)
        }
        return nil
    }

    /// The id of an item of the file (nil in a dry run, for an item it would add).
    fileprivate func id<Sink: ImportSink & ~Copyable>(of item: ImportedItem, in sink: inout Sink)
        throws -> Int64?
    {
        switch item {
        case .existing(let id): return id
        case .added(let number): return try sink.itemID(added: number)
        }
    }
}

extension ImportReport {
    /// Lists what happens to a row (a dry run does: it writes nothing to count instead).
    mutating func list(row: Int, _ name: String, _ action: ImportRowOutcome.Action) {
        outcomes.append(ImportRowOutcome(row: row, name: name, action: action))
    }

    /// Records that a row cannot be written once its container is known (`problem`, the
    /// problem it makes): a problem, a row rejected, and in a
    /// dry run's list the row's outcome (replaced, for an update listed before); the list is
    /// left in row order.
    mutating func refuse(
        _ refusal: RowWriter.ContainerRefusal, as problem: ImportProblem, listed: Bool
    ) {
        record(problem)
        rejected += 1
        if listed {
            if let index = outcomes.firstIndex(where: { $0.row == refusal.number }) {
                outcomes[index].action = .reject(problem)
            } else {
                list(row: refusal.number, refusal.name, .reject(problem))
            }
            outcomes.sort { $0.row < $1.row }
        }
    }
}

/// Why a row that reads well is not written.
enum RowRefusal {
    /// Another row before it has the same import reference.
    case referenceUsed(String, byRow: Int)
    /// The item it makes breaks a rule.
    case invalid(InventoryError)
}
