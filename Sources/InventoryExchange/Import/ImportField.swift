/// What a column of an imported file becomes.
public enum ImportField: String, Sendable, Hashable, CaseIterable {
    /// The row's import reference: a later import of a row with the same one updates the item.
    case importRef = "import-ref"
    /// The item's name.
    case name
    /// The item's description.
    case description
    /// The item's notes.
    case notes
    /// The room or place where the item is kept.
    case location
    /// The item's tags, separated by semicolons.
    case tags
    /// How many of the item there are.
    case quantity
    /// Whether the item is insured.
    case insured
    /// Whether the item counts as a luxury item.
    case luxury
    /// The price of one.
    case price
    /// The replacement value.
    case value
    /// The shop or person the item was bought from.
    case purchasedFrom = "purchased-from"
    /// The day the item was bought.
    case purchaseDate = "purchase-date"
    /// The brand or manufacturer.
    case brand
    /// The model name or number.
    case model
    /// The serial number.
    case serial
    /// Whether the policy lists the item on a rider.
    case scheduled
    /// Whether the item's warranty lasts for its life.
    case lifetimeWarranty = "lifetime-warranty"
    /// The last day of the item's warranty.
    case warrantyUntil = "warranty-until"
    /// The day the item was last reviewed.
    case reviewedAt = "reviewed"
    /// Kept as a line of the notes: `Column: value`.
    case noteLine = "notes-line"
    /// Kept as a tag: `Column: value`.
    case tagLine = "tag-line"
    /// Known and left out on purpose (`--map COLUMN=ignore`, Homebox's `HB.url`).
    case ignore

    /// The names `--map COLUMN=FIELD` takes, as help shows them.
    public static let mapNames =
        "name, description, notes, location, tags, quantity, insured, luxury, price, value, "
        + "purchased-from, purchase-date, brand, model, serial, scheduled, lifetime-warranty, "
        + "warranty-until, reviewed, import-ref, notes-line, tag-line, ignore"

    /// Reads a field as `--map` names it (`notes` also takes `note`; words may be joined by
    /// spaces, dashes or underscores).
    public init?(mapName: String) {
        let key = Self.key(mapName)
        switch key {
        case "note": self = .notes
        case "tag": self = .tags
        case "noteslines", "noteline": self = .noteLine
        case "tags": self = .tags
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
        return table
    }()

    /// Homebox's `HB.*` columns, every version's names (FORMATS.md §1.3): what each becomes.
    static let homebox: [String: ImportField] = [
        "HB.import_ref": .importRef,
        "HB.parent_import_ref": .noteLine,
        "HB.url": .ignore,
        "HB.name": .name,
        "HB.description": .description,
        "HB.notes": .notes,
        "HB.location": .location,
        "HB.tags": .tags,
        "HB.labels": .tags,
        "HB.asset_id": .noteLine,
        "HB.archived": .tagLine,
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
        "HB.sold_to": .noteLine,
        "HB.sold_price": .noteLine,
        "HB.sold_date": .noteLine,
        "HB.sold_time": .noteLine,
        "HB.sold_notes": .noteLine,
        "HB.low_stock_threshold": .ignore,
    ]

    /// The names notes lines and tag lines use for Homebox's columns.
    static let homeboxLabels: [String: String] = [
        "HB.parent_import_ref": "Part of",
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
