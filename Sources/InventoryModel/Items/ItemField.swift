/// One field of an item: every name it goes by, the kind of value it holds, and where that value
/// lives on a `HouseholdItem`.
///
/// `ItemField.all` is the one list of an item's fields. The store's columns and row decoding,
/// the journal, a claim line's record, JSON, CSV and Homebox files, imports, forms, `show` and
/// history all walk it, so adding a field is its column (a migration), its property on
/// `HouseholdItem`, and its entry in `all` with its case in `Slot` (this file). An item's id,
/// photo, files, times and version are not fields: the inventory keeps them, nobody types them.
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
    /// What it holds (`path` says where).
    public let kind: Kind
    /// Whether a claim line records it (`ClaimedItem.record`, a column of `claim_items`):
    /// every field a claim shows, which is all but the notes and the review day.
    public let isRecordedByClaims: Bool
    /// Whether people type it in the item forms (browse's and the web's): every field but the
    /// review day, which `inventory review` sets.
    public let isTypedInForms: Bool

    /// Where the value lives on an item: what patches, drafts and filters name it by.
    public let path: any PartialKeyPath<HouseholdItem> & Sendable

    /// What a field holds.
    public enum Kind: Sendable, Hashable {
        /// The name: text that cannot be blank.
        case name
        /// Text, nil when blank; `multiline` keeps line breaks and tabs.
        case text(multiline: Bool)
        /// An amount in the inventory's currency.
        case money
        /// A calendar day; `past`: it cannot be after today.
        case date(past: Bool)
        /// Yes or no.
        case flag
        /// A count from 1.
        case count
        /// Tags.
        case tags
        /// One of `options` (text, nil when blank), spelled as listed.
        case choice(options: [String])
    }

    /// How an entry of `all` declares its field: its kind, with the path to its value (whose
    /// type the kind fixes).
    enum Declaration {
        case name(any WritableKeyPath<HouseholdItem, String> & Sendable)
        case text(any WritableKeyPath<HouseholdItem, String?> & Sendable, multiline: Bool)
        case money(any WritableKeyPath<HouseholdItem, Money?> & Sendable)
        case date(any WritableKeyPath<HouseholdItem, CalendarDate?> & Sendable, past: Bool)
        case flag(any WritableKeyPath<HouseholdItem, Bool> & Sendable)
        case count(any WritableKeyPath<HouseholdItem, Int> & Sendable)
        case tags(any WritableKeyPath<HouseholdItem, [String]> & Sendable)
        case choice(any WritableKeyPath<HouseholdItem, String?> & Sendable, options: [String])
    }

    /// Which property of an item holds it: what reading and writing it switch on
    /// (`value(of:)`, `set(_:on:)`), named as the field's key.
    package let slot: Slot

    /// A field named `key` (and `column`), shown as `label`.
    init(
        _ key: String, column: String? = nil, label: String, spreadsheet: String? = nil,
        homebox: String? = nil, refusedAs valueField: ValueField,
        recordedByClaims: Bool = true, typedInForms: Bool = true, _ declaration: Declaration
    ) {
        switch declaration {
        case .name(let path): (kind, self.path) = (.name, path)
        case .text(let path, let multiline): (kind, self.path) = (.text(multiline: multiline), path)
        case .money(let path): (kind, self.path) = (.money, path)
        case .date(let path, let past): (kind, self.path) = (.date(past: past), path)
        case .flag(let path): (kind, self.path) = (.flag, path)
        case .count(let path): (kind, self.path) = (.count, path)
        case .tags(let path): (kind, self.path) = (.tags, path)
        case .choice(let path, let options): (kind, self.path) = (.choice(options: options), path)
        }
        guard let slot = Slot(rawValue: key) else {
            preconditionFailure("the field \(key) has no case in ItemField.Slot")
        }
        self.slot = slot
        self.isRecordedByClaims = recordedByClaims
        self.isTypedInForms = typedInForms
        self.spreadsheetHeader = spreadsheet ?? label
        self.key = key
        self.column = column ?? key
        self.label = label
        self.homeboxColumn = homebox ?? "HB.field.\(label)"
        self.valueField = valueField
    }

    /// Every field of an item, in the order of an item's JSON keys (and of forms, `show` and
    /// history). A new field goes last.
    public static let all: [ItemField] = [
        ItemField("name", label: "Name", homebox: "HB.name", refusedAs: .name, .name(\.name)),
        ItemField(
            "description", label: "Description", homebox: "HB.description",
            refusedAs: .description, .text(\.description, multiline: true)
        ),
        ItemField(
            "price", label: "Price", homebox: "HB.purchase_price", refusedAs: .price,
            .money(\.price)
        ),
        ItemField(
            "purchaseDate", column: "purchase_date", label: "Purchased",
            spreadsheet: "Purchase date",
            homebox: "HB.purchase_time", refusedAs: .purchaseDate,
            .date(\.purchaseDate, past: true)
        ),
        ItemField(
            "luxury", label: "Luxury", homebox: "HB.field.Luxury", refusedAs: .other("luxury"),
            .flag(\.isLuxury)
        ),
        ItemField(
            "insured", label: "Insured", homebox: "HB.insured", refusedAs: .other("insured"),
            .flag(\.isInsured)
        ),
        ItemField(
            "quantity", label: "Quantity", homebox: "HB.quantity", refusedAs: .quantity,
            .count(\.quantity)
        ),
        ItemField(
            "location", label: "Location", homebox: "HB.location", refusedAs: .location,
            .text(\.location, multiline: false)
        ),
        ItemField(
            "brand", label: "Brand", homebox: "HB.manufacturer", refusedAs: .brand,
            .text(\.brand, multiline: false)
        ),
        ItemField(
            "model", label: "Model", homebox: "HB.model_number", refusedAs: .model,
            .text(\.model, multiline: false)
        ),
        ItemField(
            "serial", label: "Serial", spreadsheet: "Serial number", homebox: "HB.serial_number",
            refusedAs: .serial,
            .text(\.serialNumber, multiline: false)
        ),
        ItemField(
            "notes", label: "Notes", homebox: "HB.notes", refusedAs: .notes,
            recordedByClaims: false, .text(\.notes, multiline: true)
        ),
        ItemField(
            "value", label: "Value", spreadsheet: "Replacement value",
            homebox: "HB.field.Replacement value", refusedAs: .value,
            .money(\.replacementValue)
        ),
        ItemField(
            "purchasedFrom", column: "purchased_from", label: "Bought from",
            spreadsheet: "Purchased from",
            homebox: "HB.purchase_from", refusedAs: .purchasedFrom,
            .text(\.purchasedFrom, multiline: false)
        ),
        ItemField(
            "warrantyUntil", column: "warranty_until", label: "Warranty to",
            spreadsheet: "Warranty until",
            homebox: "HB.warranty_expires", refusedAs: .warrantyUntil,
            .date(\.warrantyUntil, past: false)
        ),
        ItemField(
            "lifetimeWarranty", column: "lifetime_warranty", label: "Lifetime",
            spreadsheet: "Lifetime warranty",
            homebox: "HB.lifetime_warranty", refusedAs: .other("lifetime warranty"),
            .flag(\.hasLifetimeWarranty)
        ),
        ItemField(
            "scheduled", label: "Rider", spreadsheet: "Scheduled", homebox: "HB.field.Scheduled",
            refusedAs: .other("rider"),
            .flag(\.isScheduled)
        ),
        ItemField(
            "reviewedAt", column: "reviewed_at", label: "Reviewed", homebox: "HB.field.Reviewed",
            refusedAs: .reviewedAt, recordedByClaims: false, typedInForms: false,
            .date(\.reviewedAt, past: true)
        ),
        ItemField("tags", label: "Tags", homebox: "HB.labels", refusedAs: .tag, .tags(\.tags)),
        // A loan and a departure: `lend`, `return`, `leave` and `bring-back` set them, not
        // the forms; a claim records the item as it was.
        ItemField(
            "lentTo", column: "lent_to", label: "Lent to", refusedAs: .other("lent to"),
            recordedByClaims: false, typedInForms: false, .text(\.lentTo, multiline: false)
        ),
        ItemField(
            "lentOn", column: "lent_on", label: "Lent on", refusedAs: .other("lent on"),
            recordedByClaims: false, typedInForms: false, .date(\.lentOn, past: true)
        ),
        ItemField(
            "loanDue", column: "loan_due", label: "Due back", refusedAs: .other("due back"),
            recordedByClaims: false, typedInForms: false, .date(\.loanDue, past: false)
        ),
        ItemField(
            "leftOn", column: "left_on", label: "Left on", spreadsheet: "Left household",
            homebox: "HB.sold_date", refusedAs: .other("left on"),
            recordedByClaims: false, typedInForms: false, .date(\.leftOn, past: true)
        ),
        ItemField(
            "leftHow", column: "left_how", label: "How it left", refusedAs: .other("how it left"),
            recordedByClaims: false, typedInForms: false,
            .choice(\.leftHow, options: Departure.allCases.map(\.rawValue))
        ),
        ItemField(
            "leftTo", column: "left_to", label: "Left to", homebox: "HB.sold_to",
            refusedAs: .other("left to"),
            recordedByClaims: false, typedInForms: false,
            .text(\.leftTo, multiline: false)
        ),
        ItemField(
            "leftFor", column: "left_for", label: "Sold for", homebox: "HB.sold_price",
            refusedAs: .other("sold for"), recordedByClaims: false, typedInForms: false,
            .money(\.leftFor)
        ),
    ]

    /// The field whose value lives at `path` on an item, if any.
    public static func field(at path: PartialKeyPath<HouseholdItem>) -> ItemField? {
        all.first { $0.path == path }
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

// MARK: - Reading and writing

extension ItemField {
    /// The property of `HouseholdItem` that holds a field, by the field's key: a field's value
    /// is read and written by a switch on it, written out once here for every field.
    ///
    /// Its key path (`ItemField.path`) says the same, and is what patches and filters name; but a read
    /// or write through a key path costs a lookup of generic metadata and a retain of the path
    /// (and a read copies the whole item first): for every field of every item a listing
    /// decodes and writes, that was a third of a large `list --json`.
    ///
    /// Its raw value is the field's key (`ItemField.init` finds the slot by it).
    package enum Slot: String, Sendable {
        case name, description, price, purchaseDate, luxury, insured, quantity, location, brand
        case model, serial, notes, value, purchasedFrom, warrantyUntil, lifetimeWarranty
        case scheduled, reviewedAt, tags
        case lentTo, lentOn, loanDue, leftOn, leftHow, leftTo, leftFor
    }

    /// The field's value on `item`.
    public func value(of item: HouseholdItem) -> ItemFieldValue { slot.value(of: item) }

    /// Sets the field on `item` to `value`, which must be of the field's kind (a programmer's
    /// mistake otherwise); a name set to nil becomes empty.
    public func set(_ value: consuming ItemFieldValue, on item: inout HouseholdItem) {
        slot.set(value, on: &item)
    }

    /// The fields of the table as their slots and kinds, in its order: what the loops over
    /// every field of every item walk (a field is an object, retained and released at each
    /// step of a loop over `all`; a slot and a kind are plain values).
    package static let layout: [(slot: Slot, kind: Kind)] = all.map { ($0.slot, $0.kind) }

    /// Copies the field's value from `source` to `item`.
    public func copy(from source: HouseholdItem, to item: inout HouseholdItem) {
        set(value(of: source), on: &item)
    }

    /// Whether the field has the same value on `one` and `other`.
    public func isEqual(on one: HouseholdItem, and other: HouseholdItem) -> Bool {
        value(of: one) == value(of: other)
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
        switch (kind, value(of: item)) {
        case (.name, .text(let name)): slot.setText(try ItemValidation.name(name ?? ""), on: &item)
        case (.text(let multiline), .text(let text)):
            slot.setText(
                try ItemValidation.text(text, field: valueField, long: multiline), on: &item)
        case (.money, .money(let money)):
            slot.setMoney(try ItemValidation.price(money, currency: currency), on: &item)
        case (.date(let past), .date(let date)):
            if past {
                slot.setDate(
                    try ItemValidation.pastDate(date, field: valueField, today: today), on: &item)
            }
        case (.flag, _): break
        case (.count, .count(let count)):
            slot.setCount(try ItemValidation.quantity(count), on: &item)
        case (.tags, .tags(let tags)): slot.setTags(try ItemValidation.tags(tags), on: &item)
        case (.choice(let options), .text(let text)):
            slot.setText(
                try ItemValidation.choice(text, of: options, field: valueField), on: &item)
        default: preconditionFailure("the field \(key) holds a value of another kind")
        }
    }
}

extension ItemField.Slot {
    /// The field's value on `item`.
    package func value(of item: HouseholdItem) -> ItemFieldValue {
        switch self {
        case .name: .text(item.name)
        case .description: .text(item.description)
        case .price: .money(item.price)
        case .purchaseDate: .date(item.purchaseDate)
        case .luxury: .flag(item.isLuxury)
        case .insured: .flag(item.isInsured)
        case .quantity: .count(item.quantity)
        case .location: .text(item.location)
        case .brand: .text(item.brand)
        case .model: .text(item.model)
        case .serial: .text(item.serialNumber)
        case .notes: .text(item.notes)
        case .value: .money(item.replacementValue)
        case .purchasedFrom: .text(item.purchasedFrom)
        case .warrantyUntil: .date(item.warrantyUntil)
        case .lifetimeWarranty: .flag(item.hasLifetimeWarranty)
        case .scheduled: .flag(item.isScheduled)
        case .reviewedAt: .date(item.reviewedAt)
        case .tags: .tags(item.tags)
        case .lentTo: .text(item.lentTo)
        case .lentOn: .date(item.lentOn)
        case .loanDue: .date(item.loanDue)
        case .leftOn: .date(item.leftOn)
        case .leftHow: .text(item.leftHow)
        case .leftTo: .text(item.leftTo)
        case .leftFor: .money(item.leftFor)
        }
    }

    /// Sets the field on `item` to `value`, which must be of the field's kind (a programmer's
    /// mistake otherwise); a name set to nil becomes empty.
    package func set(_ value: consuming ItemFieldValue, on item: inout HouseholdItem) {
        switch value {
        case .text(let text): setText(text, on: &item)
        case .money(let money): setMoney(money, on: &item)
        case .date(let date): setDate(date, on: &item)
        case .flag(let flag): setFlag(flag, on: &item)
        case .count(let count): setCount(count, on: &item)
        case .tags(let tags): setTags(tags, on: &item)
        }
    }

    /// Sets a text field (the name, or text that may be absent); a name set to nil becomes
    /// empty.
    package func setText(_ text: consuming String?, on item: inout HouseholdItem) {
        switch self {
        case .name: item.name = text ?? ""
        case .description: item.description = text
        case .location: item.location = text
        case .brand: item.brand = text
        case .model: item.model = text
        case .serial: item.serialNumber = text
        case .notes: item.notes = text
        case .purchasedFrom: item.purchasedFrom = text
        case .lentTo: item.lentTo = text
        case .leftHow: item.leftHow = text
        case .leftTo: item.leftTo = text
        default: mismatch("text")
        }
    }

    /// Sets an amount field.
    package func setMoney(_ money: Money?, on item: inout HouseholdItem) {
        switch self {
        case .price: item.price = money
        case .value: item.replacementValue = money
        case .leftFor: item.leftFor = money
        default: mismatch("an amount")
        }
    }

    /// Sets a day field.
    package func setDate(_ date: CalendarDate?, on item: inout HouseholdItem) {
        switch self {
        case .purchaseDate: item.purchaseDate = date
        case .warrantyUntil: item.warrantyUntil = date
        case .reviewedAt: item.reviewedAt = date
        case .lentOn: item.lentOn = date
        case .loanDue: item.loanDue = date
        case .leftOn: item.leftOn = date
        default: mismatch("a day")
        }
    }

    /// Sets a yes-or-no field.
    package func setFlag(_ flag: Bool, on item: inout HouseholdItem) {
        switch self {
        case .luxury: item.isLuxury = flag
        case .insured: item.isInsured = flag
        case .lifetimeWarranty: item.hasLifetimeWarranty = flag
        case .scheduled: item.isScheduled = flag
        default: mismatch("yes or no")
        }
    }

    /// Sets a count field.
    package func setCount(_ count: Int, on item: inout HouseholdItem) {
        switch self {
        case .quantity: item.quantity = count
        default: mismatch("a count")
        }
    }

    /// Sets the tags.
    package func setTags(_ tags: consuming [String], on item: inout HouseholdItem) {
        switch self {
        case .tags: item.tags = tags
        default: mismatch("tags")
        }
    }

    private func mismatch(_ value: String) -> Never {
        preconditionFailure("\(value) is not a value of the field \(rawValue)")
    }
}
