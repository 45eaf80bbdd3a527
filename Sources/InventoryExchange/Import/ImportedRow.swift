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
    var name: String?
    var description: String??
    var notes: String??
    var location: String??
    var tags: [String]?
    var quantity: Int??
    var isInsured: Bool?
    var isLuxury: Bool?
    var isScheduled: Bool?
    var price: Money??
    var value: Money??
    var purchasedFrom: String??
    var purchaseDate: CalendarDate??
    var brand: String??
    var model: String??
    var serial: String??
    var hasLifetimeWarranty: Bool?
    var warrantyUntil: CalendarDate??
    var reviewedAt: CalendarDate??
    /// When the item was added and last changed, as our JSON export says (kept on a new item).
    var createdAt: Timestamp?
    var updatedAt: Timestamp?
    /// The item's version, files and main photo, as our JSON export says (kept on a new item).
    var version: Int?
    var files: [Attachment]?
    var photo: String?

    /// The row as a new item.
    var draft: ItemDraft {
        var draft = ItemDraft(
            name: name ?? "", description: description ?? nil, price: price ?? nil,
            purchaseDate: purchaseDate ?? nil, isLuxury: isLuxury ?? false,
            isInsured: isInsured ?? false, quantity: (quantity ?? nil) ?? 1,
            location: location ?? nil, brand: brand ?? nil, model: model ?? nil,
            serialNumber: serial ?? nil, notes: notes ?? nil, replacementValue: value ?? nil,
            purchasedFrom: purchasedFrom ?? nil, warrantyUntil: warrantyUntil ?? nil,
            hasLifetimeWarranty: hasLifetimeWarranty ?? false, reviewedAt: reviewedAt ?? nil,
            tags: tags ?? [])
        draft.isScheduled = isScheduled ?? false
        return draft
    }

    /// The row as changes to the item an earlier import made: only the columns present.
    var patch: ItemPatch {
        var patch = ItemPatch()
        patch.name = name
        patch.description = description
        patch.notes = notes
        patch.location = location
        if let tags {
            patch.removesAllTags = true
            patch.addedTags = tags
        }
        if let quantity { patch.quantity = quantity ?? 1 }
        patch.isInsured = isInsured
        patch.isLuxury = isLuxury
        patch.isScheduled = isScheduled
        patch.price = price
        patch.replacementValue = value
        patch.purchasedFrom = purchasedFrom
        patch.purchaseDate = purchaseDate
        patch.brand = brand
        patch.model = model
        patch.serialNumber = serial
        patch.hasLifetimeWarranty = hasLifetimeWarranty
        patch.warrantyUntil = warrantyUntil
        patch.reviewedAt = reviewedAt
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
