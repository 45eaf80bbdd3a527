/// One field of an item: every name it goes by, the kind of value it holds, and where that value
/// lives on a `HouseholdItem`.
///
/// `ItemField.all` is the one list of an item's fields. The store's columns and row decoding,
/// the journal, a claim line's record, JSON, CSV and Homebox files, imports, forms, `show` and
/// history all walk it, so adding a field is its column (a migration), its property on
/// `HouseholdItem`, and its entry in `all`. An item's id, photo, files, times and version are
/// not fields: the inventory keeps them, nobody types them.
public final class ItemField: Sendable {
    /// The field's name in JSON, our CSV, the journal and the API: `purchaseDate`.
    public let key: String
    /// Its column in the `items` table and in a claim line's record: `purchase_date`.
    public let column: String
    /// Its name for people, in forms and listings: `Purchased`.
    public let label: String
    /// Its column in Homebox's CSV: one of Homebox's own (`HB.purchase_time`) or, for a field
    /// Homebox lacks, a custom field of ours (`HB.field.Luxury`).
    public let homeboxColumn: String
    /// Its column's header in a spreadsheet: `Purchase date`.
    public let spreadsheetHeader: String
    /// The field that a refusal of one of its values names.
    public let valueField: ValueField
    /// What it holds, and where on an item.
    public let kind: Kind
    /// Whether a claim line records it (`ClaimedItem.record`, a column of `claim_items`):
    /// every field a claim shows, which is all but the notes and the review day.
    public let isRecordedByClaims: Bool

    /// What a field holds, with the path to it on an item. (Sendable though a key path is not
    /// declared so: a key path is immutable once made.)
    public enum Kind: @unchecked Sendable {
        /// The name: text that cannot be blank.
        case name(WritableKeyPath<HouseholdItem, String>)
        /// Text, nil when blank; `multiline` keeps line breaks and tabs.
        case text(WritableKeyPath<HouseholdItem, String?>, multiline: Bool)
        /// An amount in the inventory's currency.
        case money(WritableKeyPath<HouseholdItem, Money?>)
        /// A calendar day; `past`: it cannot be after today.
        case date(WritableKeyPath<HouseholdItem, CalendarDate?>, past: Bool)
        /// Yes or no.
        case flag(WritableKeyPath<HouseholdItem, Bool>)
        /// A count from 1.
        case count(WritableKeyPath<HouseholdItem, Int>)
        /// Tags.
        case tags(WritableKeyPath<HouseholdItem, [String]>)

        /// The path to the field's value on an item.
        public var path: PartialKeyPath<HouseholdItem> {
            switch self {
            case .name(let path): path
            case .text(let path, _): path
            case .money(let path): path
            case .date(let path, _): path
            case .flag(let path): path
            case .count(let path): path
            case .tags(let path): path
            }
        }
    }

    /// Reads the field's value from an item. Written out for each field beside its key path:
    /// reading through a key path copies the whole item first (a retain and a release of each
    /// of its texts, for every field of every item read).
    private let read: @Sendable (HouseholdItem) -> ItemFieldValue

    /// A field named `key` (and `column`), shown as `label`, whose value `read` reads.
    init(
        _ key: String, column: String? = nil, label: String, spreadsheet: String? = nil,
        homebox: String? = nil, refusedAs valueField: ValueField,
        recordedByClaims: Bool = true, _ kind: Kind,
        read: @escaping @Sendable (HouseholdItem) -> ItemFieldValue
    ) {
        self.read = read
        self.isRecordedByClaims = recordedByClaims
        self.spreadsheetHeader = spreadsheet ?? label
        self.key = key
        self.column = column ?? key
        self.label = label
        self.homeboxColumn = homebox ?? "HB.field.\(label)"
        self.valueField = valueField
        self.kind = kind
    }

    /// Every field of an item, in the order of an item's JSON keys (and of forms, `show` and
    /// history). A new field goes last.
    public static let all: [ItemField] = [
        ItemField("name", label: "Name", homebox: "HB.name", refusedAs: .name, .name(\.name)) {
            .text($0.name)
        },
        ItemField(
            "description", label: "Description", homebox: "HB.description",
            refusedAs: .description, .text(\.description, multiline: true)
        ) { .text($0.description) },
        ItemField(
            "price", label: "Price", homebox: "HB.purchase_price", refusedAs: .price,
            .money(\.price)
        ) { .money($0.price) },
        ItemField(
            "purchaseDate", column: "purchase_date", label: "Purchased",
            spreadsheet: "Purchase date",
            homebox: "HB.purchase_time", refusedAs: .purchaseDate,
            .date(\.purchaseDate, past: true)
        ) { .date($0.purchaseDate) },
        ItemField(
            "luxury", label: "Luxury", homebox: "HB.field.Luxury", refusedAs: .other("luxury"),
            .flag(\.isLuxury)
        ) { .flag($0.isLuxury) },
        ItemField(
            "insured", label: "Insured", homebox: "HB.insured", refusedAs: .other("insured"),
            .flag(\.isInsured)
        ) { .flag($0.isInsured) },
        ItemField(
            "quantity", label: "Quantity", homebox: "HB.quantity", refusedAs: .quantity,
            .count(\.quantity)
        ) { .count($0.quantity) },
        ItemField(
            "location", label: "Location", homebox: "HB.location", refusedAs: .location,
            .text(\.location, multiline: false)
        ) { .text($0.location) },
        ItemField(
            "brand", label: "Brand", homebox: "HB.manufacturer", refusedAs: .brand,
            .text(\.brand, multiline: false)
        ) { .text($0.brand) },
        ItemField(
            "model", label: "Model", homebox: "HB.model_number", refusedAs: .model,
            .text(\.model, multiline: false)
        ) { .text($0.model) },
        ItemField(
            "serial", label: "Serial", spreadsheet: "Serial number", homebox: "HB.serial_number",
            refusedAs: .serial,
            .text(\.serialNumber, multiline: false)
        ) { .text($0.serialNumber) },
        ItemField(
            "notes", label: "Notes", homebox: "HB.notes", refusedAs: .notes,
            recordedByClaims: false, .text(\.notes, multiline: true)
        ) { .text($0.notes) },
        ItemField(
            "value", label: "Value", spreadsheet: "Replacement value",
            homebox: "HB.field.Replacement value", refusedAs: .value,
            .money(\.replacementValue)
        ) { .money($0.replacementValue) },
        ItemField(
            "purchasedFrom", column: "purchased_from", label: "Bought from",
            spreadsheet: "Purchased from",
            homebox: "HB.purchase_from", refusedAs: .purchasedFrom,
            .text(\.purchasedFrom, multiline: false)
        ) { .text($0.purchasedFrom) },
        ItemField(
            "warrantyUntil", column: "warranty_until", label: "Warranty to",
            spreadsheet: "Warranty until",
            homebox: "HB.warranty_expires", refusedAs: .warrantyUntil,
            .date(\.warrantyUntil, past: false)
        ) { .date($0.warrantyUntil) },
        ItemField(
            "lifetimeWarranty", column: "lifetime_warranty", label: "Lifetime",
            spreadsheet: "Lifetime warranty",
            homebox: "HB.lifetime_warranty", refusedAs: .other("lifetime warranty"),
            .flag(\.hasLifetimeWarranty)
        ) { .flag($0.hasLifetimeWarranty) },
        ItemField(
            "scheduled", label: "Rider", spreadsheet: "Scheduled", homebox: "HB.field.Scheduled",
            refusedAs: .other("rider"),
            .flag(\.isScheduled)
        ) { .flag($0.isScheduled) },
        ItemField(
            "reviewedAt", column: "reviewed_at", label: "Reviewed", homebox: "HB.field.Reviewed",
            refusedAs: .reviewedAt,
            recordedByClaims: false, .date(\.reviewedAt, past: true)
        ) { .date($0.reviewedAt) },
        ItemField("tags", label: "Tags", homebox: "HB.labels", refusedAs: .tag, .tags(\.tags)) {
            .tags($0.tags)
        },
    ]

    /// The field whose value lives at `path` on an item, if any.
    public static func field(at path: PartialKeyPath<HouseholdItem>) -> ItemField? {
        all.first { $0.kind.path == path }
    }

    /// The field with JSON key `key`, if any.
    public static func field(named key: String) -> ItemField? {
        all.first { $0.key == key }
    }
}

// MARK: - Values

/// The value of one field of an item, whatever its kind.
public enum ItemFieldValue: Sendable, Hashable {
    /// Text (the name, or text that may be absent).
    case text(String?)
    /// An amount.
    case money(Money?)
    /// A day.
    case date(CalendarDate?)
    /// Yes or no.
    case flag(Bool)
    /// A count.
    case count(Int)
    /// Tags.
    case tags([String])
}

extension ItemField {
    /// The field's value on `item`.
    public func value(of item: HouseholdItem) -> ItemFieldValue { read(item) }

    /// Sets the field on `item` to `value`, which must be of the field's kind (a programmer's
    /// mistake otherwise); a name set to nil becomes empty.
    public func set(_ value: ItemFieldValue, on item: inout HouseholdItem) {
        switch (kind, value) {
        case (.name(let path), .text(let text)): item[keyPath: path] = text ?? ""
        case (.text(let path, _), .text(let text)): item[keyPath: path] = text
        case (.money(let path), .money(let money)): item[keyPath: path] = money
        case (.date(let path, _), .date(let date)): item[keyPath: path] = date
        case (.flag(let path), .flag(let flag)): item[keyPath: path] = flag
        case (.count(let path), .count(let count)): item[keyPath: path] = count
        case (.tags(let path), .tags(let tags)): item[keyPath: path] = tags
        default: preconditionFailure("\(value) is not a value of the field \(key)")
        }
    }

    /// Copies the field's value from `source` to `item`.
    public func copy(from source: HouseholdItem, to item: inout HouseholdItem) {
        set(read(source), on: &item)
    }

    /// Whether the field has the same value on `one` and `other`.
    public func isEqual(on one: HouseholdItem, and other: HouseholdItem) -> Bool {
        read(one) == read(other)
    }

    /// The field's value on `item` for people (`25,000.00`, `yes`, `2024-05-01`,
    /// `jewelry, art`), nil when it is empty.
    public func text(of item: HouseholdItem) -> String? {
        switch value(of: item) {
        case .text(let text): text
        case .money(let money): money?.formatted
        case .date(let date): date?.description
        case .flag(let flag): flag ? "yes" : "no"
        case .count(let count): String(count)
        case .tags(let tags): tags.isEmpty ? nil : tags.joined(separator: ", ")
        }
    }

    /// Checks and normalizes the field's value on `item` by its rule: text trimmed (blank is
    /// no text), amounts in `currency`, days not after `today` where the field says so, a
    /// count in range, tags each checked and each once.
    ///
    /// - Throws: `InventoryError.invalidValue` (or `.missingName`, `.currencyMismatch`).
    package func validate(
        _ item: inout HouseholdItem, currency: Currency, today: CalendarDate
    ) throws {
        switch kind {
        case .name(let path): item[keyPath: path] = try ItemValidation.name(item[keyPath: path])
        case .text(let path, let multiline):
            item[keyPath: path] = try ItemValidation.text(
                item[keyPath: path], field: valueField, long: multiline)
        case .money(let path):
            item[keyPath: path] = try ItemValidation.price(item[keyPath: path], currency: currency)
        case .date(let path, let past):
            if past {
                item[keyPath: path] = try ItemValidation.pastDate(
                    item[keyPath: path], field: valueField, today: today)
            }
        case .flag: break
        case .count(let path):
            item[keyPath: path] = try ItemValidation.quantity(item[keyPath: path])
        case .tags(let path): item[keyPath: path] = try ItemValidation.tags(item[keyPath: path])
        }
    }
}
