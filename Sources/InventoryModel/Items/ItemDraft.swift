/// The fields of an item to add. `InventoryManager.add` validates and normalizes them.
///
/// A draft is an item that is not stored yet (`item`): every field of `ItemField.all` reads
/// and writes through it (`draft.price`, `draft.isScheduled`), and a field added to
/// `HouseholdItem` is a field of drafts with nothing more to write. Its id, photo, files,
/// times and version are the store's to set.
@dynamicMemberLookup
public struct ItemDraft: Sendable, Hashable {
    /// The item as drafted: its fields, as given (not yet checked).
    public var item: HouseholdItem
    /// A picture file to copy into the inventory (JPEG, PNG, GIF, WebP or HEIC).
    public var photoFile: String?

    /// Creates a draft; only the name is required.
    public init(
        name: String, description: String? = nil, price: Money? = nil,
        purchaseDate: CalendarDate? = nil, photoFile: String? = nil, isLuxury: Bool = false,
        isInsured: Bool = false, quantity: Int = 1, location: String? = nil,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil,
        notes: String? = nil, replacementValue: Money? = nil, purchasedFrom: String? = nil,
        warrantyUntil: CalendarDate? = nil, hasLifetimeWarranty: Bool = false,
        reviewedAt: CalendarDate? = nil, tags: [String] = []
    ) {
        item = HouseholdItem(
            id: 0, name: name, description: description, price: price,
            purchaseDate: purchaseDate, isLuxury: isLuxury, isInsured: isInsured,
            quantity: quantity, location: location, brand: brand, model: model,
            serialNumber: serialNumber, notes: notes, replacementValue: replacementValue,
            purchasedFrom: purchasedFrom, warrantyUntil: warrantyUntil,
            hasLifetimeWarranty: hasLifetimeWarranty, reviewedAt: reviewedAt, tags: tags,
            createdAt: Self.unstored, updatedAt: Self.unstored)
        self.photoFile = photoFile
    }

    /// A draft of an item with `item`'s fields (not its id, photo, files or times).
    public init(fieldsOf item: HouseholdItem) {
        self.init(name: item.name)
        for field in ItemField.all { field.copy(from: item, to: &self.item) }
        self.item.customFields = item.customFields
    }

    /// Gives the drafted item the household's own fields typed as `values` (by field name, in
    /// any case); a blank one is left out. `InventoryManager.add` checks them.
    public mutating func setCustomFields(_ values: [String: String]) {
        for (name, text) in values where !text.trimmingWhitespace().isEmpty {
            item.customFields[CustomField.key(name)] = text
        }
    }

    /// A field of the drafted item.
    public subscript<Value>(dynamicMember path: WritableKeyPath<HouseholdItem, Value>) -> Value {
        get { item[keyPath: path] }
        set { item[keyPath: path] = newValue }
    }

    /// The time a draft's item carries until it is stored.
    static let unstored = Timestamp(millisecondsSince1970: 0)
}

/// The changes to make to an item: a field the patch does not set stays as it is.
///
/// Every field of `ItemField.all` is set through the patch by its name on `HouseholdItem`
/// (`patch.price = .some(nil)` clears the price, `patch.isInsured = true` sets the flag;
/// setting a field to nil takes it out of the patch). For the optional fields the inner
/// optional says what to store: `.some(nil)` clears the field, `.some(value)` sets it. An empty
/// or blank text also clears it.
@dynamicMemberLookup
public struct ItemPatch: Sendable, Hashable {
    /// The keys (`ItemField.key`) of the fields the patch sets, in no order.
    public private(set) var fieldKeys: Set<String> = []
    /// The new values of those fields; what it holds of the others is not used.
    private var values = HouseholdItem(
        id: 0, name: "", createdAt: ItemDraft.unstored, updatedAt: ItemDraft.unstored)
    /// A picture file to copy in and use, or `.some(nil)` to remove the photo.
    public var photoFile: String??
    /// Tags to add (one already there, in any case, stays as it is).
    public var addedTags: [String] = []
    /// Tags to take away (in any case).
    public var removedTags: [String] = []
    /// Whether to take every tag away first (before `addedTags`).
    public var removesAllTags = false
    /// The household's own fields to set, by field key (`CustomField.key`) or name, to the
    /// typed text (nil or blank: cleared).
    public var customFields: [String: String?] = [:]

    /// Creates a patch that changes nothing; set the fields to change.
    public init() {}

    /// Whether the patch changes no field.
    public var isEmpty: Bool { self == ItemPatch() }

    /// The fields the patch sets, in the order of `ItemField.all`.
    public var fields: [ItemField] { ItemField.all.filter { fieldKeys.contains($0.key) } }

    /// The new value of a field, nil when the patch leaves it as it is.
    public subscript<Value>(dynamicMember path: WritableKeyPath<HouseholdItem, Value>) -> Value? {
        get {
            fieldKeys.contains(Self.field(at: path).key) ? values[keyPath: path] : nil
        }
        set {
            let field = Self.field(at: path)
            if let newValue {
                values[keyPath: path] = newValue
                fieldKeys.insert(field.key)
            } else {
                fieldKeys.remove(field.key)
            }
        }
    }

    /// The new value of `field`, nil when the patch leaves it as it is.
    public func value(of field: ItemField) -> ItemFieldValue? {
        fieldKeys.contains(field.key) ? field.value(of: values) : nil
    }

    /// Sets `field` to `value` (of the field's kind), or leaves it as it is (nil).
    public mutating func set(_ field: ItemField, to value: ItemFieldValue?) {
        if let value {
            field.set(value, on: &values)
            fieldKeys.insert(field.key)
        } else {
            fieldKeys.remove(field.key)
        }
    }

    private static func field(at path: PartialKeyPath<HouseholdItem>) -> ItemField {
        guard let field = ItemField.field(at: path) else {
            preconditionFailure("\(path) is not a field of an item (ItemField.all)")
        }
        return field
    }

    /// Whether two patches set the same fields to the same values, with the same photo and tags.
    public static func == (lhs: ItemPatch, rhs: ItemPatch) -> Bool {
        lhs.fieldKeys == rhs.fieldKeys && lhs.photoFile == rhs.photoFile
            && lhs.addedTags == rhs.addedTags && lhs.removedTags == rhs.removedTags
            && lhs.removesAllTags == rhs.removesAllTags && lhs.customFields == rhs.customFields
            && lhs.fields.allSatisfy { $0.isEqual(on: lhs.values, and: rhs.values) }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fieldKeys)
        hasher.combine(photoFile)
        hasher.combine(addedTags)
        hasher.combine(removedTags)
        hasher.combine(removesAllTags)
        hasher.combine(customFields.count)
        for field in fields { hasher.combine(field.value(of: values)) }
    }
}
