import InventoryKit

/// What a column of an imported file becomes: the row's reference, one of an item's fields
/// (`ItemField.all`: a field added there is a field of imports with nothing more to write), a
/// line of the notes or a tag, or nothing.
public struct ImportField: RawRepresentable, Sendable, Hashable, CaseIterable {
    /// The field's name in `--map COLUMN=FIELD`: `purchase-date`.
    public let rawValue: String

    /// The field named `rawValue`, if there is one.
    public init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(named name: String) { rawValue = name }

    /// The row's import reference: a later import of a row with the same one updates the item.
    public static let importRef = ImportField(named: "import-ref")
    /// The item's name.
    public static let name = ImportField(named: "name")
    /// The item's description.
    public static let description = ImportField(named: "description")
    /// The item's notes.
    public static let notes = ImportField(named: "notes")
    /// The room or place where the item is kept.
    public static let location = ImportField(named: "location")
    /// The item's tags, separated by semicolons.
    public static let tags = ImportField(named: "tags")
    /// How many of the item there are.
    public static let quantity = ImportField(named: "quantity")
    /// Whether the item is insured.
    public static let insured = ImportField(named: "insured")
    /// Whether the item counts as a luxury item.
    public static let luxury = ImportField(named: "luxury")
    /// The price of one.
    public static let price = ImportField(named: "price")
    /// The replacement value.
    public static let value = ImportField(named: "value")
    /// The shop or person the item was bought from.
    public static let purchasedFrom = ImportField(named: "purchased-from")
    /// The day the item was bought.
    public static let purchaseDate = ImportField(named: "purchase-date")
    /// The brand or manufacturer.
    public static let brand = ImportField(named: "brand")
    /// The model name or number.
    public static let model = ImportField(named: "model")
    /// The serial number.
    public static let serial = ImportField(named: "serial")
    /// Whether the policy lists the item on a rider.
    public static let scheduled = ImportField(named: "scheduled")
    /// Whether the item's warranty lasts for its life.
    public static let lifetimeWarranty = ImportField(named: "lifetime-warranty")
    /// The last day of the item's warranty.
    public static let warrantyUntil = ImportField(named: "warranty-until")
    /// The day the item was last reviewed.
    public static let reviewedAt = ImportField(named: "reviewed")
    /// The import reference of the item this one is inside (a box, a toolbox): that item's row
    /// in the file, or an item imported before.
    public static let container = ImportField(named: "container")
    /// Kept as a line of the notes: `Column: value`.
    public static let noteLine = ImportField(named: "notes-line")
    /// Kept as a tag: `Column: value`.
    public static let tagLine = ImportField(named: "tag-line")
    /// Known and left out on purpose (`--map COLUMN=ignore`, Homebox's `HB.url`).
    public static let ignore = ImportField(named: "ignore")

    /// A field of the household's own (`CustomField`), by its key.
    public static func own(_ key: String) -> ImportField { ImportField(named: "own:" + key) }

    /// The key of the household's own field this is, if it is one.
    public var ownKey: String? {
        rawValue.hasPrefix("own:") ? String(rawValue.dropFirst(4)) : nil
    }

    /// The fields in the order `--map`'s help first listed them.
    private static let listed: [ImportField] = [
        .name, .description, .notes, .location, .tags, .quantity, .insured, .luxury, .price,
        .value, .purchasedFrom, .purchaseDate, .brand, .model, .serial, .scheduled,
        .lifetimeWarranty, .warrantyUntil, .reviewedAt, .importRef, .container, .noteLine,
        .tagLine, .ignore,
    ]

    /// Every field: those first listed, then each field of an item added since (by its key,
    /// its words joined by dashes: `purchaseDate` is `purchase-date`), before the reference.
    public static let allCases: [ImportField] = {
        let listedKeys = Set(listed.compactMap { itemFields[$0.rawValue]?.key })
        let added = ItemField.all.filter { !listedKeys.contains($0.key) }.map {
            ImportField(named: mapName(of: $0))
        }
        let reference = listed.firstIndex(of: .importRef) ?? listed.endIndex
        return Array(listed[..<reference]) + added + listed[reference...]
    }()

    /// The names `--map COLUMN=FIELD` takes, as help shows them.
    public static var mapNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The name `--map` gives an item's field: its key with dashes (`purchase-date`), but
    /// `reviewed` for the day it was last reviewed.
    static func mapName(of field: ItemField) -> String {
        if field.key == "reviewedAt" { return "reviewed" }
        var name = ""
        for character in field.key {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// Each item field by the name `--map` gives it.
    static let itemFields: [String: ItemField] = Dictionary(
        uniqueKeysWithValues: ItemField.all.map { (mapName(of: $0), $0) })

    /// The item's field a column of this kind gives; nil for a reference, a line of the notes
    /// or the tags, or a column left out.
    var itemField: ItemField? { Self.itemFields[rawValue] }

    /// Reads a field as `--map` names it (`notes` also takes `note`; words may be joined by
    /// spaces, dashes or underscores).
    public init?(mapName: String) {
        let key = Self.key(mapName)
        switch key {
        case "note": self = .notes
        case "tag": self = .tags
        case "noteslines", "noteline": self = .noteLine
        default:
            guard let field = Self.allCases.first(where: { Self.key($0.rawValue) == key })
            else { return nil }
            self = field
        }
    }

    /// A header or name folded for comparison: lowercased, without spaces, dashes, underscores,
    /// dots or a trailing colon.
    static func key(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter {
                !" -_.:/()#*".unicodeScalars.contains($0)
            })
    }

    /// The column names people use in spreadsheets and other tools, folded by `key`.
    static let aliases: [String: ImportField] = {
        var table: [String: ImportField] = [:]
        func add(_ field: ImportField, _ names: String...) {
            for name in names { table[key(name)] = field }
        }
        add(.importRef, "import ref", "import reference", "ref", "external id")
        add(.container, "container", "inside", "container ref", "parent ref")
        add(
            .name, "name", "item", "item name", "title", "what", "product", "product name",
            "asset name")
        add(.description, "description", "details", "item description")
        add(.notes, "notes", "note", "comments", "comment", "remarks", "asset notes")
        add(.location, "location", "room", "place", "where", "area", "storage location")
        add(.tags, "tags", "tag", "labels", "label", "categories", "category", "keywords")
        add(.quantity, "quantity", "qty", "count", "units", "pieces")
        add(.insured, "insured", "is insured", "covered", "insurance")
        add(.luxury, "luxury", "is luxury", "valuable", "high value")
        add(
            .price, "price", "purchase price", "purchase cost", "purchased price", "cost",
            "price paid", "paid", "unit price", "original price")
        add(
            .value, "value", "replacement value", "replacement cost", "current value",
            "estimated value", "worth", "cost to replace")
        add(
            .purchasedFrom, "purchased from", "purchase from", "bought from", "store", "shop",
            "vendor", "supplier", "seller", "retailer", "where bought", "purchased at")
        add(
            .purchaseDate, "purchase date", "purchased", "purchased on", "date purchased",
            "bought", "date bought", "date of purchase", "purchased time", "purchase time",
            "acquired", "date acquired")
        add(.brand, "brand", "manufacturer", "make", "maker")
        add(.model, "model", "model number", "model no", "mode number", "model name")
        add(.serial, "serial", "serial number", "serial no", "sn", "s/n")
        add(.lifetimeWarranty, "lifetime warranty")
        add(.scheduled, "scheduled", "scheduled item", "rider", "on a rider")
        add(
            .warrantyUntil, "warranty until", "warranty", "warranty expires", "warranty end",
            "warranty expiry", "warranty expiration", "warranty date")
        add(.reviewedAt, "reviewed", "reviewed at", "reviewed on", "last reviewed", "checked")
        // A field added since: its key, label and spreadsheet header.
        let named = Set(table.values)
        for field in ItemField.all {
            let importField = ImportField(named: mapName(of: field))
            guard !named.contains(importField) else { continue }
            add(importField, field.key, field.label, field.spreadsheetHeader)
        }
        return table
    }()

    /// Homebox's `HB.*` columns, every version's names (FORMATS.md §1.3): what each becomes.
    static let homebox: [String: ImportField] = homeboxColumns.merging(
        ItemField.all.map { ("\($0.homeboxColumn)", ImportField(named: mapName(of: $0))) },
        uniquingKeysWith: { listed, _ in listed })

    /// Homebox's columns as first listed.
    private static let homeboxColumns: [String: ImportField] = [
        "HB.import_ref": .importRef,
        "HB.parent_import_ref": .container,
        "HB.url": .ignore,
        "HB.name": .name,
        "HB.description": .description,
        "HB.notes": .notes,
        "HB.location": .location,
        "HB.tags": .tags,
        "HB.labels": .tags,
        "HB.asset_id": .noteLine,
        "HB.archived": .ignore,
        "HB.quantity": .quantity,
        "HB.insured": .insured,
        "HB.purchase_price": .price,
        "HB.purchase_from": .purchasedFrom,
        "HB.purchase_date": .purchaseDate,
        "HB.purchase_time": .purchaseDate,
        "HB.manufacturer": .brand,
        "HB.model_number": .model,
        "HB.serial_number": .serial,
        "HB.lifetime_warranty": .lifetimeWarranty,
        "HB.warranty_expires": .warrantyUntil,
        "HB.warranty_details": .noteLine,
        "HB.sold_to": ImportField(named: "left-to"),
        "HB.sold_price": ImportField(named: "left-for"),
        "HB.sold_date": ImportField(named: "left-on"),
        "HB.sold_time": ImportField(named: "left-on"),
        "HB.sold_notes": .noteLine,
        "HB.low_stock_threshold": .ignore,
    ]

    /// The names notes lines and tag lines use for Homebox's columns.
    static let homeboxLabels: [String: String] = [
        "HB.asset_id": "Asset ID",
        "HB.archived": "archived",
        "HB.warranty_details": "Warranty",
        "HB.sold_to": "Sold to",
        "HB.sold_price": "Sold for",
        "HB.sold_date": "Sold on",
        "HB.sold_time": "Sold on",
        "HB.sold_notes": "Sold",
    ]

    /// The columns of Homebox's importer before version 0.9, by position (FORMATS.md §1.7).
    static let legacyHomebox: [String] = [
        "HB.import_ref", "HB.location", "HB.labels", "HB.quantity", "HB.name",
        "HB.description", "HB.insured", "HB.serial_number", "HB.model_number",
        "HB.manufacturer", "HB.notes", "HB.purchase_from", "HB.purchase_price",
        "HB.purchase_time", "HB.lifetime_warranty", "HB.warranty_expires",
        "HB.warranty_details", "HB.sold_to", "HB.sold_price", "HB.sold_time", "HB.sold_notes",
    ]
}
