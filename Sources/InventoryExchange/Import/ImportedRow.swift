import InventoryKit

/// One row's values, read from the columns the file has: a field whose column is absent is
/// nil (an update leaves it as it is); a present column with an empty cell clears it.
struct ImportedRow {
    var importRef: String?
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
        for ref in refs {
            if let earlier = rowsByRef[ref] { return .referenceUsed(ref, byRow: earlier) }
        }
        for ref in refs { rowsByRef[ref] = number }
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
                let fields = try sink.writes ? [] : sink.changedFields(id: id, patch)
                let outcome: ImportRowOutcome.Action
                if try sink.update(id: id, patch) {
                    report.updated += 1
                    outcome = .update(itemID: id, fields: fields)
                } else {
                    report.unchanged += 1
                    outcome = .unchanged(itemID: id)
                }
                if !sink.writes { report.list(row: number, row.name ?? "", outcome) }
            } else {
                let draft = row.draft
                if !existing.isEmpty, existing.contains(ImportedRow.likeness(of: draft)) {
                    report.duplicates += 1
                }
                try sink.add(
                    draft, importRef: refs.first, createdAt: row.createdAt,
                    updatedAt: row.updatedAt, version: row.version, files: row.files ?? [],
                    photo: row.photo)
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

extension ImportReport {
    /// Lists what happens to a row (a dry run does: it writes nothing to count instead).
    mutating func list(row: Int, _ name: String, _ action: ImportRowOutcome.Action) {
        outcomes.append(ImportRowOutcome(row: row, name: name, action: action))
    }
}

/// Why a row that reads well is not written.
enum RowRefusal {
    /// Another row before it has the same import reference.
    case referenceUsed(String, byRow: Int)
    /// The item it makes breaks a rule.
    case invalid(InventoryError)
}
