import Foundation
public import InventoryKit

/// The formats `inventory export` writes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// A CSV file Homebox imports (every version's column names).
    case homebox
    /// A CSV file for spreadsheets, with headers `import` reads back.
    case csv
    /// Everything: every field, tags, the list of files, and claims.
    case json
    /// Every item's maintenance log, a row per entry (a CSV file of its own).
    case maintenance
}

/// Writes the items of a view (and, for JSON, the claims) in one of the export formats.
public struct Exporter {
    /// The inventory exported.
    public let manager: InventoryManager
    /// The format written.
    public let format: ExportFormat
    /// The items written: those that pass the filter.
    public let filter: ItemFilter

    /// An exporter of the items of `manager`'s inventory that pass `filter` (by default every
    /// item), in `format`.
    public init(manager: InventoryManager, format: ExportFormat, filter: ItemFilter = ItemFilter())
    {
        self.manager = manager
        self.format = format
        self.filter = filter
    }

    /// The whole export, passed to `write` in pieces of about 64 KB.
    ///
    /// - Returns: how many items were written.
    @discardableResult
    public func export(to write: ([UInt8]) throws -> Void) throws -> Int {
        switch format {
        case .homebox:
            try csv(
                columns: Self.homeboxColumns + ownColumns { "HB.field.\($0.name)" },
                lineEnd: "\n", write)
        case .csv:
            try csv(
                columns: Self.spreadsheetColumns + ownColumns(named: \.name), lineEnd: "\r\n",
                write)
        case .json: try json(write)
        case .maintenance: try maintenanceCSV(write)
        }
    }

    // MARK: - CSV

    /// One column: its header and its cell for an item (nil: empty).
    typealias Column = (header: String, cell: @Sendable (HouseholdItem, Written) -> String?)

    /// What a row says beside the item's fields.
    struct Written {
        /// The reference the item is exported under.
        var ref: String
        /// For an item inside another that the export writes too: that item's reference, and
        /// the place around them (`Containment.place`).
        var container: (ref: String, place: String?)?
    }

    /// A column for each of the household's own fields, headed as `header` says.
    private func ownColumns(named header: (CustomField) -> String) throws -> [Column] {
        try manager.customFields().map { field in
            let key = field.key
            return (header(field), { item, _ in item.customFields[key] })
        }
    }

    /// Homebox's columns, by the names every version reads (`HB.labels` and
    /// `HB.purchase_time` are the first versions' names and later ones' aliases); the fields
    /// Homebox lacks go in custom fields, which `import` maps back.
    /// The place a Homebox export gives an item without one (Homebox needs a place). An
    /// import of the file back into an inventory leaves such an item without a place.
    static let placeholderLocation = "Home"

    /// Homebox's columns: the import reference and the reference of the item it is inside
    /// (as Homebox 0.26 names them), then each field by its Homebox column
    /// (`ItemField.homeboxColumn`) in the order these exports have always had, every field
    /// added since last, then whether the item left the household (`HB.archived`). Homebox
    /// needs a place for every item: an item inside another has the place around them, as
    /// Homebox writes it. A field Homebox lacks goes in a custom field, written only when it
    /// says something (a flag only when true).
    static let homeboxColumns: [Column] = {
        let order = [
            "location", "tags", "quantity", "name", "description", "insured", "notes", "price",
            "purchasedFrom", "purchaseDate", "brand", "model", "serial", "lifetimeWarranty",
            "warrantyUntil", "luxury", "value", "reviewedAt", "scheduled",
        ]
        let importRef: Column = ("HB.import_ref", { _, written in written.ref })
        let containerRef: Column = (
            "HB.parent_import_ref", { _, written in written.container?.ref }
        )
        let archived: Column = ("HB.archived", { item, _ in item.hasLeft ? "true" : "false" })
        return [importRef, containerRef]
            + ordered(by: order).map { field in
                let isCustom = field.homeboxColumn.hasPrefix("HB.field.")
                let cell: @Sendable (HouseholdItem, Written) -> String? = { item, written in
                    if field.key == "location" {
                        if let container = written.container {
                            return container.place ?? placeholderLocation
                        }
                        return item.location ?? placeholderLocation
                    }
                    if case .flag(let flag) = field.value(of: item) {
                        return flag ? "true" : (isCustom ? nil : "false")
                    }
                    return Self.cell(field, of: item)
                }
                return (field.homeboxColumn, cell)
            } + [archived]
    }()

    /// Columns for a spreadsheet, named as people name them (`ItemField.spreadsheetHeader`,
    /// which `import` reads back), in the order these exports have always had, every field
    /// added since last, then the import reference.
    static let spreadsheetColumns: [Column] = {
        let order = [
            "name", "description", "location", "quantity", "price", "value", "purchaseDate",
            "purchasedFrom", "brand", "model", "serial", "luxury", "insured", "scheduled",
            "warrantyUntil", "lifetimeWarranty", "reviewedAt", "tags", "notes",
        ]
        let importRef: Column = ("Import ref", { _, written in written.ref })
        return ordered(by: order).map { field in
            let cell: @Sendable (HouseholdItem, Written) -> String? = { item, _ in
                if case .flag(let flag) = field.value(of: item) { return flag ? "yes" : "no" }
                return Self.cell(field, of: item)
            }
            return (field.spreadsheetHeader, cell)
        } + [importRef]
    }()

    /// The fields named in `order`, then every other field of `ItemField.all`.
    private static func ordered(by order: [String]) -> [ItemField] {
        let listed = order.map { key in
            guard let field = ItemField.field(named: key) else {
                preconditionFailure("an export lists \(key), which is no field of an item")
            }
            return field
        }
        return listed + ItemField.all.filter { !order.contains($0.key) }
    }

    /// A field's cell in the files we write: amounts as plain decimals, days as YYYY-MM-DD,
    /// tags joined by "; " (the separator imports split on); nil when it is empty.
    private static func cell(_ field: ItemField, of item: HouseholdItem) -> String? {
        switch field.value(of: item) {
        case .text(let text): text
        case .money(let money): money?.decimalString
        case .date(let date): date?.description
        case .flag(let flag): flag ? "true" : "false"
        case .count(let count): String(count)
        case .tags(let tags): tags.isEmpty ? nil : tags.joined(separator: "; ")
        }
    }

    /// The maintenance log of the items, a row per entry, by item then day: the item's
    /// reference and name, the day, what was done, its cost, who did it, the receipt's file
    /// name, and the schedule it counts for (what and when).
    private func maintenanceCSV(_ write: ([UInt8]) throws -> Void) throws -> Int {
        let refs = try manager.importRefs()
        let identity = try manager.identity()
        // read before: the listing below may not call the manager
        let maintenance = try manager.allMaintenance()
        var bytes: [UInt8] = []
        CSVWriter.appendRecord(
            [
                "Import ref", "Item", "Done on", "What", "Cost", "By", "File", "Schedule",
                "Every",
            ], lineEnd: "\r\n", to: &bytes)
        var count = 0
        try manager.forEachItem(matching: filter, sortedBy: .name) { item in
            guard let (schedules, entries) = maintenance[item.id] else { return }
            let ref = Self.reference(of: item, refs: refs, identity: identity)
            for entry in entries {
                let schedule = schedules.first { $0.id == entry.scheduleID }
                CSVWriter.appendRecord(
                    [
                        ref, item.name, entry.doneOn.description, entry.what,
                        entry.cost?.decimalString ?? "", entry.doneBy ?? "", entry.file ?? "",
                        schedule?.what ?? "", schedule?.rule ?? "",
                    ], lineEnd: "\r\n", to: &bytes)
                count += 1
            }
        }
        try write(bytes)
        return count
    }

    /// The reference an item is exported under: the one it was imported with, else one made
    /// from the inventory's identity and the item's id, which never change
    /// (`ExportedReference`).
    static func reference(of item: HouseholdItem, refs: [Int64: String], identity: String)
        -> String
    {
        refs[item.id] ?? ExportedReference(identity: identity, itemID: item.id).description
    }

    /// What the rows say of each item inside another: the container's reference and the
    /// place around them, for the containers the export writes too (an item whose container
    /// is left out keeps its full path, and is in no container).
    private func containers(refs: [Int64: String], identity: String) throws
        -> [Int64: (ref: String, place: String?)]
    {
        let containment = try manager.containment()
        guard !containment.isEmpty else { return [:] }
        var written: Set<Int64>?
        if filter != ItemFilter() {
            var ids: Set<Int64> = []
            try manager.forEachItem(matching: filter, sortedBy: .id) { ids.insert($0.id) }
            written = ids
        }
        var containers: [Int64: (ref: String, place: String?)] = [:]
        for (id, link) in containment where written?.contains(link.container) ?? true {
            containers[id] = (
                refs[link.container]
                    ?? ExportedReference(identity: identity, itemID: link.container).description,
                link.place
            )
        }
        return containers
    }

    private func csv(columns: [Column], lineEnd: String, _ write: ([UInt8]) throws -> Void)
        throws -> Int
    {
        let refs = try manager.importRefs()
        let identity = try manager.identity()
        let containers =
            format == .homebox ? try containers(refs: refs, identity: identity) : [:]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        CSVWriter.appendRecord(columns.map(\.header), lineEnd: lineEnd, to: &bytes)
        var count = 0
        var failure: (any Error)?
        try manager.forEachItem(matching: filter, sortedBy: .name) { item in
            guard failure == nil else { return }
            let written = Written(
                ref: Self.reference(of: item, refs: refs, identity: identity),
                container: containers[item.id])
            CSVWriter.appendRecord(
                columns.map { $0.cell(item, written) ?? "" }, lineEnd: lineEnd, to: &bytes)
            count += 1
            if bytes.count >= 1 << 16 {
                do { try write(bytes) } catch { failure = error }
                bytes.removeAll(keepingCapacity: true)
            }
        }
        if let failure { throw failure }
        try write(bytes)
        return count
    }

    // MARK: - JSON

    /// The document, written as it is read: its header, then one item per line (each
    /// encoded alone, so that no array of every item is held), then the claims.
    private func json(_ write: ([UInt8]) throws -> Void) throws -> Int {
        struct Header: Encodable {
            var format = "inventory"
            var version = InventoryDocument.currentVersion
            var exportedAt: String
            var currency: String
            var inventory: String
            var settings: InventoryDocument.Settings
            var fields: [InventoryDocument.FieldDefinition]
            var templates: [InventoryDocument.TemplateRecord]
        }
        let refs = try manager.importRefs()
        let identity = try manager.identity()
        let containers = try containers(refs: refs, identity: identity)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Array(
            try encoder.encode(
                Header(
                    exportedAt: Timestamp(Date()).iso8601, currency: manager.currency.code,
                    inventory: identity,
                    settings: InventoryDocument.Settings(try manager.settings()),
                    fields: try manager.customFields().map(InventoryDocument.FieldDefinition.init),
                    templates: try manager.templates().map {
                        InventoryDocument.TemplateRecord(name: $0.name, defaults: $0.storedJSON)
                    })
            ).dropLast())  // its closing brace: the items and claims follow
        bytes += Array(",\"items\":[".utf8)
        var count = 0
        var failure: (any Error)?
        // read before: the listing below may not call the manager
        let maintenance = try manager.allMaintenance()
        try manager.forEachItem(matching: filter, sortedBy: .name) { item in
            guard failure == nil else { return }
            do {
                bytes += Array((count == 0 ? "\n" : ",\n").utf8)
                var record = InventoryDocument.Item(
                    item, ref: Self.reference(of: item, refs: refs, identity: identity),
                    container: containers[item.id]?.ref)
                record.maintenance = maintenance[item.id].map {
                    InventoryDocument.MaintenanceRecord(
                        schedules: $0.schedules, entries: $0.entries)
                }
                bytes += try encoder.encode(record)
                count += 1
                if bytes.count >= 1 << 16 {
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        bytes += Array("\n],\"claims\":".utf8)
        bytes += try encoder.encode(try manager.claims().map(InventoryDocument.ClaimRecord.init))
        bytes += Array("}\n".utf8)
        try write(bytes)
        return count
    }
}

/// The reference an export gives an item that was not imported: `inventory-IDENTITY-ID`, the
/// inventory's identity and the item's id. An import into that inventory finds the item by
/// it; into another, it is a reference like any other file's.
struct ExportedReference: CustomStringConvertible, Hashable {
    let identity: String
    let itemID: Int64

    init(identity: String, itemID: Int64) {
        self.identity = identity
        self.itemID = itemID
    }

    /// Reads `inventory-IDENTITY-ID`, or nil for another reference.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "inventory", parts[1].utf8.count == 12,
            let id = Int64(parts[2]), id > 0
        else { return nil }
        identity = String(parts[1])
        itemID = id
    }

    var description: String { "inventory-\(identity)-\(itemID)" }
}
