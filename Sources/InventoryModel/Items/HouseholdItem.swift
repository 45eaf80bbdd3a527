/// One thing a household owns, as stored.
public struct HouseholdItem: Sendable, Hashable, Identifiable {
    /// The item's number; never reused after the item is deleted. (The store gives it.)
    public package(set) var id: Int64
    /// What it is: 1 to 200 characters, trimmed, any script.
    public var name: String
    /// A longer description.
    public var description: String?
    /// What one of it cost, in the inventory's currency.
    public var price: Money?
    /// The day it was bought.
    public var purchaseDate: CalendarDate?
    /// The file name of its main photo in the inventory's `photos/` folder
    /// (`<sha256>.<ext>`); that photo is also one of its `attachments`.
    public var photo: String?
    /// Whether it counts as a luxury item.
    public var isLuxury: Bool
    /// Whether it is insured.
    public var isInsured: Bool
    /// How many of it there are (at least 1).
    public var quantity: Int
    /// Where it is: the path of its place, then the names of the containers around it,
    /// outermost first (`House / Garage / Red toolbox`). Set it to move the item to a place
    /// (out of any container); the inventory spells it as its places are spelled.
    public var location: String?
    /// The item it is inside (a box, a toolbox), if any. (`InventoryManager.move` sets it.)
    public package(set) var containerID: Int64?
    /// The brand or manufacturer.
    public var brand: String?
    /// The model name or number.
    public var model: String?
    /// The serial number.
    public var serialNumber: String?
    /// Free notes.
    public var notes: String?
    /// What it would cost to replace today, if known: an insurer's "replacement value".
    public var replacementValue: Money?
    /// The shop or person it was bought from.
    public var purchasedFrom: String?
    /// The last day of its warranty.
    public var warrantyUntil: CalendarDate?
    /// Whether its warranty lasts for its life.
    public var hasLifetimeWarranty: Bool
    /// The day its owner last checked that it is still there and its facts are right.
    public var reviewedAt: CalendarDate?
    /// Whether the policy lists it by name on a rider ("scheduled"), with cover of its own
    /// beyond its category's sub-limit.
    public var isScheduled: Bool
    /// Its tags, each as first typed in the inventory, ordered case-insensitively.
    public var tags: [String]
    /// Who has it on loan, if it is lent (`InventoryManager.lend`).
    public var lentTo: String?
    /// The day it was lent.
    public var lentOn: CalendarDate?
    /// The day it is to come back, if one was agreed.
    public var loanDue: CalendarDate?
    /// The day it left the household (sold, given away, thrown out, lost, stolen), if it has:
    /// it then leaves every view and total but the archive (`InventoryManager.leave`).
    public var leftOn: CalendarDate?
    /// How it left: one of `Departure.allCases`' raw values (`sold`), or nil when not said
    /// (an archived item imported from Homebox).
    public var leftHow: String?
    /// Who it went to: the buyer, the person it was given to.
    public var leftTo: String?
    /// What it was sold for.
    public var leftFor: Money?
    /// The values of the household's own fields (`CustomField`), by each field's key, in
    /// each field's canonical spelling.
    public var customFields: [String: String]
    /// The files attached to it: photos, receipts, manuals, warranties.
    public var attachments: [Attachment]
    /// When it was added. (The inventory sets it when it adds the item.)
    public package(set) var createdAt: Timestamp
    /// When it was last changed.
    public var updatedAt: Timestamp
    /// 1 when added; grows by one with every edit.
    public var version: Int

    /// Creates an item as read from storage; use `InventoryManager.add` to make a new one.
    public init(
        id: Int64, name: String, description: String? = nil, price: Money? = nil,
        purchaseDate: CalendarDate? = nil, photo: String? = nil, isLuxury: Bool = false,
        isInsured: Bool = false, quantity: Int = 1, location: String? = nil,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil,
        notes: String? = nil, replacementValue: Money? = nil, purchasedFrom: String? = nil,
        warrantyUntil: CalendarDate? = nil, hasLifetimeWarranty: Bool = false,
        reviewedAt: CalendarDate? = nil, tags: [String] = [], attachments: [Attachment] = [],
        isScheduled: Bool = false, containerID: Int64? = nil, lentTo: String? = nil,
        lentOn: CalendarDate? = nil, loanDue: CalendarDate? = nil, leftOn: CalendarDate? = nil,
        leftHow: String? = nil, leftTo: String? = nil, leftFor: Money? = nil,
        customFields: [String: String] = [:], createdAt: Timestamp, updatedAt: Timestamp,
        version: Int = 1
    ) {
        self.customFields = customFields
        self.lentTo = lentTo
        self.lentOn = lentOn
        self.loanDue = loanDue
        self.leftOn = leftOn
        self.leftHow = leftHow
        self.leftTo = leftTo
        self.leftFor = leftFor
        self.containerID = containerID
        self.isScheduled = isScheduled
        self.id = id
        self.name = name
        self.description = description
        self.price = price
        self.purchaseDate = purchaseDate
        self.photo = photo
        self.isLuxury = isLuxury
        self.isInsured = isInsured
        self.quantity = quantity
        self.location = location
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.notes = notes
        self.replacementValue = replacementValue
        self.purchasedFrom = purchasedFrom
        self.warrantyUntil = warrantyUntil
        self.hasLifetimeWarranty = hasLifetimeWarranty
        self.reviewedAt = reviewedAt
        self.tags = tags
        self.attachments = attachments
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// What one of it is worth: its replacement value when known, else what it cost.
    public var worth: Money? { replacementValue ?? price }

    /// Worth × quantity in minor units, or nil with neither a value nor a price: what totals
    /// add up.
    public var totalWorth: Int128? {
        worth.map { Int128($0.minorUnits) * Int128(quantity) }
    }

    /// Whether someone has it on loan.
    public var isOnLoan: Bool { lentTo != nil }

    /// Whether it has left the household (it is in the archive).
    public var hasLeft: Bool { leftOn != nil }

    /// How it left, if it has and that was said.
    public var departure: Departure? { leftHow.flatMap(Departure.init(rawValue:)) }

    /// Whether a receipt is attached.
    public var hasReceipt: Bool { attachments.contains { $0.kind == .receipt } }

    /// The key lists are ordered by when sorted by name: the name folded to lower case,
    /// compared byte by byte (as SQLite's BINARY collation does), so a live view and a query
    /// agree on the order of every name in every script.
    public var nameSortKey: String { Self.nameSortKey(name) }

    /// The sort key of `name`; see `nameSortKey`.
    public static func nameSortKey(_ name: String) -> String { name.lowercased() }
}
