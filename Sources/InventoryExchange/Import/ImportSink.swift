import Foundation
public import InventoryKit

/// Where an import's rows go: the manager's transaction (`ImportBatch`), or, for a dry run,
/// nowhere (`DryRunSink`), with the same checks.
protocol ImportSink: ~Copyable {
    /// Whether rows are written.
    var writes: Bool { get }
    /// The inventory's identity, which its exported references carry.
    var identity: String { get }
    /// The household's own fields, as the import sees them.
    var customFields: [CustomField] { get }
    func itemID(importRef ref: String) throws -> Int64?
    func item(id: Int64) throws -> HouseholdItem?
    /// Adds an item (inside the item `containerID`, if given); returns its number among the
    /// items added.
    mutating func add(
        _ draft: ItemDraft, importRef ref: String?, createdAt: Timestamp?, updatedAt: Timestamp?,
        version: Int?, files: [Attachment], photo: String?, inside containerID: Int64?
    ) throws -> Int
    /// The id of the item added as `number` (nil in a dry run, which gives none).
    mutating func itemID(added number: Int) throws -> Int64?
    mutating func update(id: Int64, _ patch: ItemPatch) throws -> Bool
    /// Puts the item `id` inside the item `containerID`; returns whether it moved.
    mutating func put(_ id: Int64, inside containerID: Int64) throws -> Bool
    /// The fields `patch` would change in item `id` (asked by a dry run, which lists them).
    func changedFields(id: Int64, _ patch: ItemPatch) throws -> [String]
    mutating func recordPlace(_ place: ImportedPlace) throws -> ImportedPlaceChange
}

extension ImportBatch: ImportSink {
    var writes: Bool { true }

    var customFields: [CustomField] { definedFields }

    func changedFields(id: Int64, _ patch: ItemPatch) throws -> [String] { [] }
}

/// A dry run's sink: each row checked as the manager would, nothing written.
struct DryRunSink: ImportSink {
    let manager: InventoryManager
    let refs: [String: Int64]
    let currency: Currency
    let today: CalendarDate
    let now: Timestamp
    let identity: String
    /// The household's own fields.
    let fields: [CustomField]
    var customFields: [CustomField] { fields }
    /// The places recorded before, by source and id.
    let places: [String: ImportedPlace]
    /// How many items were added.
    private var added = 0

    /// A dry run's sink; `defining` are fields the import would define first.
    init(manager: InventoryManager, defining definitions: [CustomField] = []) throws {
        identity = try manager.identity()
        self.manager = manager
        refs = Dictionary(
            ((try? manager.importRefs()) ?? [:]).map { ($0.value, $0.key) },
            uniquingKeysWith: { first, _ in first })
        places = Dictionary(
            try manager.importedPlaces().map { ("\($0.source)/\($0.sourceID)", $0) },
            uniquingKeysWith: { first, _ in first })
        currency = manager.currency
        today = manager.today()
        now = Timestamp(Date())
        let known = try manager.customFields()
        fields = known + definitions.filter { field in !known.contains { $0.key == field.key } }
    }

    var writes: Bool { false }

    func itemID(importRef ref: String) throws -> Int64? { refs[ref] }

    func item(id: Int64) throws -> HouseholdItem? { try manager.item(id: id) }

    mutating func add(
        _ draft: ItemDraft, importRef ref: String?, createdAt: Timestamp?, updatedAt: Timestamp?,
        version: Int?, files: [Attachment], photo: String?, inside containerID: Int64?
    ) throws -> Int {
        _ = try draft.validatedItem(currency: currency, now: now, today: today, fields: fields)
        added += 1
        return added - 1
    }

    func itemID(added number: Int) throws -> Int64? { nil }

    /// Whether the item would move: refused, as the import would, when the container is the
    /// item or inside it (as the inventory is now).
    mutating func put(_ id: Int64, inside containerID: Int64) throws -> Bool {
        guard let item = try manager.item(id: id) else { throw InventoryError.itemsNotFound([id]) }
        guard let container = try manager.item(id: containerID) else {
            throw InventoryError.itemsNotFound([containerID])
        }
        try InventoryManager.refuseLoop(moving: [id], into: container) {
            try manager.item(id: $0)
        }
        return item.containerID != containerID
    }

    mutating func update(id: Int64, _ patch: ItemPatch) throws -> Bool {
        try !changedFields(id: id, patch).isEmpty
    }

    func changedFields(id: Int64, _ patch: ItemPatch) throws -> [String] {
        let patch = try patch.validated(currency: currency, today: today)
        guard let before = try manager.item(id: id) else { return [] }
        let after = try patch.applied(to: before)
        if after == before { return [] }
        // A change the history would not name (none is expected) still counts as one.
        let fields = after.changedFields(comparedTo: before)
        return fields.isEmpty ? ["item"] : fields
    }

    mutating func recordPlace(_ place: ImportedPlace) throws -> ImportedPlaceChange {
        switch places["\(place.source)/\(place.sourceID)"] {
        case nil: .added
        case place: .unchanged
        default: .changed
        }
    }
}

extension ImportSink where Self: ~Copyable {
    /// The item a row's reference names: one an import recorded, else — for a reference
    /// `export` made for an item of this inventory (`inventory-IDENTITY-ID` with this
    /// inventory's identity) — that item, if it is still here and the same thing. Another
    /// inventory's references are references like any other file's.
    func resolve(_ ref: String, row: ImportedRow) throws -> Int64? {
        if let id = try itemID(importRef: ref) { return id }
        guard let exported = ExportedReference(ref), exported.identity == identity,
            let item = try item(id: exported.itemID)
        else { return nil }
        // And the same thing (name, serial, price, date; not the place, which a Homebox export
        // must fill in): a copy of the file shares the identity, and its ids go their own way.
        let same =
            ImportedRow.likeness(of: item, place: false)
            == ImportedRow.likeness(of: row.draft, place: false)
        return same ? exported.itemID : nil
    }
}
