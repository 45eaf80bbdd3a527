import Foundation
import InventoryStore

/// One import's writes, inside its transaction: items added and items updated, in the order
/// given, with the references they were imported under. Handed to the body of
/// `InventoryManager.importItems(_:)`; it cannot outlive it.
public struct ImportBatch: ~Copyable {
    fileprivate let store: InventoryDatabase
    fileprivate let currency: Currency
    fileprivate let now: Timestamp
    fileprivate let today: CalendarDate
    /// The household's own fields.
    fileprivate var fields: [CustomField]
    fileprivate var pending: [(item: HouseholdItem, ref: String?)] = []
    /// Whether no item had an import reference when the import began (a first import): then
    /// only a reference this import added can name an item, and the others need no look-up.
    fileprivate let hadNoRefs: Bool
    fileprivate var refsAdded: Set<String> = []
    /// The places of the import's transaction, once a location needs them.
    fileprivate var places: PlaceResolver?
    /// The inventory's identity (`InventoryManager.identity()`).
    public let identity: String

    /// How many items were added so far.
    public private(set) var added = 0
    /// The ids given so far (consecutive: nothing else inserts items in the transaction).
    fileprivate var addedIDs: ClosedRange<Int64>?
    /// Each run of items inserted at once: the number of the first of them among the items
    /// added (`add` returns it), and its id.
    fileprivate var insertedRuns: [(first: Int, id: Int64)] = []
    /// How many items were changed so far (an update that changes nothing is not counted).
    public private(set) var updated = 0

    /// The item imported under `ref` before, if it is still there.
    public func itemID(importRef ref: String) throws -> Int64? {
        if hadNoRefs && !refsAdded.contains(ref) { return nil }
        return try store.importRefs.itemID(ref: ref)
    }

    /// The item with `id`, as this transaction sees it.
    public func item(id: Int64) throws -> HouseholdItem? {
        try store.items.item(id: id)
    }

    /// Adds an item, recording `ref` as where it came from; `createdAt`, `updatedAt` and
    /// `version` are what an export gave it (else now, and 1), `files` and `photo` its files,
    /// which the caller has stored (their numbers unique and above 0; the photo one of them).
    /// An item added inside the item `containerID` is where that item is, whatever the draft's
    /// location says.
    ///
    /// - Returns: the number of the item among those this import added, from 0
    ///   (`itemID(added:)` gives its id).
    /// - Throws: `InventoryError` for an invalid draft (photos are not imported: a draft with
    ///   one is refused) or files, `.itemsNotFound` for a container that is not there;
    ///   `DatabaseError`. The whole import is rolled back then.
    @discardableResult
    public mutating func add(
        _ draft: ItemDraft, importRef ref: String? = nil, createdAt: Timestamp? = nil,
        updatedAt: Timestamp? = nil, version: Int? = nil, files: [Attachment] = [],
        photo: String? = nil, inside containerID: Int64? = nil
    ) throws -> Int {
        precondition(draft.photoFile == nil, "an import does not copy photos")
        // An item brought from an export keeps when it was added and last changed there
        // (never later than now).
        let added = min(createdAt ?? now, now)
        var item = try draft.validatedItem(
            currency: currency, now: added, today: today, fields: fields)
        item.updatedAt = min(max(updatedAt ?? added, added), now)
        item.version = max(version ?? 1, 1)
        guard Set(files.map(\.id)).count == files.count, files.allSatisfy({ $0.id > 0 }),
            photo.map({ photo in files.contains { $0.file == photo } }) ?? true
        else {
            throw InventoryError.invalidValue(
                field: .other("files"), value: files.map { "\($0.id)" }.joined(separator: ", "),
                reason: "a file's number is above 0 and unique, and the photo one of the files")
        }
        item.attachments = files
        item.photo = photo
        if let containerID {
            try flush()
            guard let container = try store.items.item(id: containerID) else {
                throw InventoryError.itemsNotFound([containerID])
            }
            item.location = InventoryManager.path(inside: container)
            item.containerID = containerID
        } else if item.location != nil {
            item.location = try placeResolver().location(item.location)
        }
        if let ref, hadNoRefs { refsAdded.insert(ref) }
        pending.append((item, ref))
        let number = self.added + pending.count - 1
        if pending.count == ItemTable.rowsPerInsert { try flush() }
        return number
    }

    /// The id of the item this import added as number `number` (what `add` returned).
    public mutating func itemID(added number: Int) throws -> Int64? {
        try flush()
        guard number >= 0, number < added,
            let run = insertedRuns.last(where: { $0.first <= number })
        else { return nil }
        return run.id + Int64(number - run.first)
    }

    /// Puts the item `id` inside the item `containerID`, with what it holds, unless it is
    /// there already: an edit of each item moved, journaled as `InventoryManager.move` does.
    ///
    /// - Returns: whether anything moved.
    /// - Throws: `InventoryError.itemsNotFound`; `.place(.loop)` when the container is the
    ///   item or inside it. The whole import is rolled back then.
    @discardableResult
    public mutating func put(_ id: Int64, inside containerID: Int64) throws -> Bool {
        try flush()
        try store.items.endBatch()  // the edits' triggers need the adds' index rows
        guard let item = try store.items.item(id: id) else {
            throw InventoryError.itemsNotFound([id])
        }
        guard let container = try store.items.item(id: containerID) else {
            throw InventoryError.itemsNotFound([containerID])
        }
        try InventoryManager.refuseLoop(moving: [id], into: container, in: store.items)
        var moves: [ItemEdit] = []
        try InventoryManager.relocate(
            item, to: InventoryManager.path(inside: container), container: containerID,
            in: store.items, at: now, moves: &moves)
        moved += moves.isEmpty ? 0 : 1
        return !moves.isEmpty
    }

    /// How many items were put inside others (`put(_:inside:)`) so far.
    public private(set) var moved = 0

    /// Applies `patch` to item `id`; returns whether the item changed.
    ///
    /// - Throws: `InventoryError.itemsNotFound`; `InventoryError` for an invalid value (a
    ///   patch may not set a photo).
    @discardableResult
    public mutating func update(id: Int64, _ patch: ItemPatch) throws -> Bool {
        precondition(patch.photoFile == nil, "an import does not copy photos")
        try flush()
        try store.items.endBatch()  // the edit's triggers need the adds' index rows
        let patch = try patch.validated(currency: currency, today: today)
        guard let before = try store.items.item(id: id) else {
            throw InventoryError.itemsNotFound([id])
        }
        var after = try patch.applied(to: before)
        if !patch.customFields.isEmpty || after.tags != before.tags {
            try CustomField.validate(&after, fields: fields, currency: currency)
        }
        // A location set is a move to that place, out of any container.
        if after.location != before.location {
            after.location = try placeResolver().location(after.location)
            after.containerID = nil
        }
        if after == before { return false }
        after.version = before.version + 1
        after.updatedAt = max(now, before.updatedAt)
        try store.items.update(&after, from: before)
        if after.location != before.location || after.name != before.name,
            try store.items.contentCount(of: id) > 0
        {
            var moves: [ItemEdit] = []
            try InventoryManager.relocateContents(
                of: after, in: store.items, at: now, moves: &moves)
        }
        updated += 1
        return true
    }

    /// The household's own fields, those this import defined too.
    public var definedFields: [CustomField] { fields }

    /// Gives the item `id` the schedules and the log of its maintenance an export recorded,
    /// unless it has some already (an import of the same file again adds none); an entry's
    /// `scheduleID` is the number of one of `schedules` (as the export numbered them).
    ///
    /// - Returns: whether they were added.
    public mutating func addMaintenance(
        itemID id: Int64, schedules: [MaintenanceSchedule], entries: [MaintenanceEntry]
    ) throws -> Bool {
        try flush()
        try store.items.endBatch()
        guard try store.items.item(id: id) != nil else { throw InventoryError.itemsNotFound([id]) }
        guard try store.maintenance.schedules(itemID: id).isEmpty,
            try store.maintenance.entries(itemID: id).isEmpty
        else { return false }
        var numbers: [Int64: Int64] = [:]
        for schedule in schedules {
            guard
                let what = try ItemValidation.text(schedule.what, field: .other("what"), limit: 200)
            else { continue }
            numbers[schedule.id] = try store.maintenance.insertSchedule(
                itemID: id, what: what, everyMonths: schedule.everyMonths,
                fromLast: schedule.fromLast, startsOn: schedule.startsOn, at: now)
        }
        for entry in entries {
            guard let what = try ItemValidation.text(entry.what, field: .other("what"), limit: 200)
            else { continue }
            _ = try store.maintenance.insertEntry(
                itemID: id, scheduleID: entry.scheduleID.flatMap { numbers[$0] },
                doneOn: entry.doneOn, what: what,
                cost: try ItemValidation.price(entry.cost, currency: currency),
                doneBy: try ItemValidation.text(entry.doneBy, field: .other("by"), limit: 200),
                file: entry.file, at: now)
        }
        return true
    }

    /// Saves `template` unless one of its name (in any case) exists; whether it was saved.
    public mutating func addTemplate(_ template: ItemTemplate) throws -> Bool {
        guard try !store.templates.all().contains(where: { $0.key == template.key }) else {
            return false
        }
        try store.templates.save(template, at: now)
        return true
    }

    /// Defines those of `fields` the inventory lacks (by name, in any case), each checked as
    /// `InventoryManager.defineCustomField` checks it; those it has stay as they are.
    ///
    /// - Throws: `InventoryError.invalidValue` for a field that cannot be defined; the whole
    ///   import is rolled back then.
    public mutating func defineFields(_ fields: [CustomField]) throws {
        let known = Set(self.fields.map(\.key))
        for field in fields where !known.contains(field.key) {
            _ = try store.customFields.insert(InventoryManager.checked(field), at: now)
        }
        self.fields = try store.customFields.all()
    }

    /// The places of the import's transaction.
    private mutating func placeResolver() throws -> PlaceResolver {
        if let places { return places }
        let resolver = try PlaceResolver(store.places, at: now)
        places = resolver
        return resolver
    }

    /// How many claims were added so far.
    public private(set) var claimsAdded = 0

    /// Replaces the household's settings, checked as `InventoryManager.setSettings` checks
    /// them (for an import into a new inventory).
    ///
    /// - Throws: `InventoryError.invalidValue`; the whole import is rolled back then.
    public func setSettings(_ settings: InventorySettings) throws {
        try store.settings.save(try settings.checked(currency: currency))
    }

    /// Whether the inventory's currency may still be chosen after this import: set by
    /// `amountsCarryNoCurrency()`.
    public private(set) var keepsCurrencyOpen = false

    /// Says, before anything is written, that the amounts this import writes carry no currency
    /// of their own (a spreadsheet's or Homebox's numbers, read in the inventory's currency):
    /// if the inventory holds no amount, or only such amounts, its currency may still be
    /// chosen after this import (`InventoryManager.setCurrency(_:)`).
    public mutating func amountsCarryNoCurrency() throws {
        precondition(added == 0 && updated == 0 && pending.isEmpty, "called before any write")
        keepsCurrencyOpen =
            try !store.amounts.holdsAny() || store.amounts.holdsOnlyImported()
    }

    /// Records a place the file lists as a row of its own (a Homebox location), by its id in
    /// the program that wrote the file.
    ///
    /// - Returns: whether it was added, changed or found as it was.
    /// - Throws: `DatabaseError`; the caller checks the place's text first.
    @discardableResult
    public mutating func recordPlace(_ place: ImportedPlace) throws -> ImportedPlaceChange {
        _ = try placeResolver().location(place.path)
        return try store.importedPlaces.record(place, now: now.millisecondsSince1970)
    }

    /// Writes the items added so far, so that their ids can be looked up (by reference).
    public mutating func writePendingItems() throws {
        try flush()
    }

    /// Adds a claim read from an export, unless the inventory has a claim of the same title
    /// made at the same time (an export imported again): lines name items of this inventory
    /// by id, or are copies of deleted items.
    ///
    /// - Returns: whether it was added.
    /// - Throws: `InventoryError.itemsNotFound` for a line naming an item that is not here.
    @discardableResult
    public mutating func addClaim(_ claim: ImportedClaim) throws -> Bool {
        try flush()
        try store.items.endBatch()
        if try store.claims.id(title: claim.title, createdAt: claim.createdAt) != nil {
            return false
        }
        let missing = try claim.lines.compactMap(\.itemID).filter {
            try store.items.item(id: $0) == nil
        }
        guard missing.isEmpty else { throw InventoryError.itemsNotFound(missing) }
        let id = try store.claims.insert(
            title: claim.title, incidentDate: claim.incidentDate, kind: claim.kind,
            notes: claim.notes, createdAt: claim.createdAt, updatedAt: claim.updatedAt,
            lines: claim.lines)
        if claim.salesTax != nil || !claim.groupedCategories.isEmpty {
            try store.claims.setAdjustments(
                claimID: id, salesTax: claim.salesTax, grouped: claim.groupedCategories,
                at: claim.updatedAt)
        }
        for payment in claim.payments {
            try store.claims.insertPayment(
                claimID: id, receivedOn: payment.receivedOn, amount: payment.amount,
                kind: payment.kind, memo: payment.memo, at: claim.updatedAt)
        }
        claimsAdded += 1
        return true
    }

    /// Inserts the items waiting, in one statement, into the batch of adds that runs until
    /// an edit, a claim or the end (its journal and indexes are written then, at once).
    fileprivate mutating func flush() throws {
        guard !pending.isEmpty else { return }
        var items = pending.map(\.item)
        if !store.items.isInBatch { try store.items.beginBatch() }
        try store.items.insertInBatch(&items)
        var refs: [(ref: String, itemID: Int64)] = []
        for (item, entry) in zip(items, pending) {
            if let ref = entry.ref { refs.append((ref, item.id)) }
        }
        if let first = items.first?.id, let last = items.last?.id {
            addedIDs = (addedIDs?.lowerBound ?? first)...last
            insertedRuns.append((added, first))
        }
        try store.importRefs.set(refs)
        added += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}

/// A claim as an export holds it: its fields, its times, and its lines in order.
public struct ImportedClaim: Sendable, Hashable {
    /// What the claim is called.
    public var title: String
    /// The day the loss happened, if known.
    public var incidentDate: CalendarDate?
    /// What kind of loss it is for.
    public var kind: ClaimKind
    /// Free notes.
    public var notes: String?
    /// When it was created, kept as the export recorded it.
    public var createdAt: Timestamp
    /// When it was last changed, kept as the export recorded it.
    public var updatedAt: Timestamp
    /// A line with an `itemID` names an item of this inventory (and keeps the replacement value
    /// and receipt the claim recorded); one without is the copy of a deleted item.
    public var lines: [ClaimedItem]
    /// The claim's sales tax.
    public var salesTax: SalesTaxRate?
    /// The categories its exports group.
    public var groupedCategories: [String] = []
    /// What the insurer paid (their numbers are given anew).
    public var payments: [ClaimPayment] = []

    /// Creates a claim to import from its fields, times and lines.
    public init(
        title: String, incidentDate: CalendarDate?, kind: ClaimKind, notes: String?,
        createdAt: Timestamp, updatedAt: Timestamp, lines: [ClaimedItem]
    ) {
        self.title = title
        self.incidentDate = incidentDate
        self.kind = kind
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lines = lines
    }
}

extension InventoryManager {
    /// Runs an import: `body` adds and updates items through the batch, all in one
    /// transaction, journaled, with one change set for the views after the commit. If `body`
    /// throws, nothing it did is kept.
    ///
    /// - Returns: what `body` returned, with how many items were added and changed.
    public func importItems<Result: Sendable>(
        _ body: (inout ImportBatch) throws -> Result
    ) throws -> (result: Result, added: Int, updated: Int) {
        let now = Timestamp(clock())
        let today = today()
        let currency = currency
        let outcome = try write(at: now) { store -> (ImportChanges, Result, Int, Int) in
            let first = try store.database.journal.lastSequence()
            var batch = ImportBatch(
                store: store.database, currency: currency, now: now, today: today,
                fields: try store.database.customFields.all(),
                hadNoRefs: !(try store.database.importRefs.hasAny()),
                identity: try store.database.importRefs.inventoryIdentity())
            do {
                let result = try body(&batch)
                try batch.flush()
                try store.database.items.endBatch()
                if batch.keepsCurrencyOpen { try store.database.amounts.markImported() }
                // An import that only added many items names them (its journal rows are
                // numbered in id order: nothing else was journaled); any other import's
                // change set is read back from its journal rows.
                let changes: ImportChanges
                if batch.updated == 0, batch.moved == 0, let ids = batch.addedIDs,
                    ids.count > Self.namedAdditions
                {
                    changes = .named(ids)
                } else {
                    changes = .read(
                        try store.database.journal.changeSets(
                            after: first, namingAdditionsOver: Self.namedAdditions
                        ).first)
                }
                return (changes, result, batch.added, batch.updated)
            } catch {
                store.database.items.abandonBatch()
                throw error
            }
        } changeSet: { outcome, writeID, sequences in
            switch outcome.0 {
            case .named(let ids):
                InventoryChangeSet(
                    writeID: writeID,
                    addedInBulk: AddedItems(ids: ids, firstSequence: sequences.lowerBound))
            case .read(let changeSet): changeSet
            }
        }
        return (outcome.1, outcome.2, outcome.3)
    }

    /// The inventory's identity: 12 hexadecimal digits made at random when it was made, which
    /// an export puts in the references of the items it writes (`inventory-IDENTITY-ID`).
    public func identity() throws -> String {
        try withStore { try $0.database.importRefs.inventoryIdentity() }
    }

    /// Every item's import reference: item id to reference.
    public func importRefs() throws -> [Int64: String] {
        try withStore { try $0.database.importRefs.all() }
    }

    /// The places imports recorded (a Homebox export's locations), by source and path.
    public func importedPlaces() throws -> [ImportedPlace] {
        try withStore { try $0.database.importedPlaces.all() }
    }
}

/// What an import's change set is made of.
private enum ImportChanges: Sendable {
    /// The ids of the items it added, and nothing else.
    case named(ClosedRange<Int64>)
    /// Its change set, read back from its journal rows.
    case read(InventoryChangeSet?)
}
