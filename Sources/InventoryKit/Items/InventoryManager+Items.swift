import Foundation
import InventoryFiles
public import InventoryModel
import InventoryStore

// The household's items: reading them, adding, editing and deleting them, and the files
// attached to them. Every write goes through the kernel's journaled write
// (`write(at:_:changes:)`, InventoryManager.swift).
extension InventoryManager {
    // MARK: - Reading

    /// Every item, by name (`ViewDefinition.all`).
    public func entireHouseholdInventory() throws -> [HouseholdItem] {
        try items(in: .all)
    }

    /// The items marked luxury, by name (`ViewDefinition.luxury`).
    public func luxuryItems() throws -> [HouseholdItem] {
        try items(in: .luxury)
    }

    /// The items not insured, by name (`ViewDefinition.nonInsured`).
    public func nonInsuredItems() throws -> [HouseholdItem] {
        try items(in: .nonInsured)
    }

    /// The items of the built-in view `definition`, in its order.
    private func items(in definition: ViewDefinition) throws -> [HouseholdItem] {
        try items(matching: definition.filter, sortedBy: definition.sort)
    }

    /// The item with `id`, or nil when there is none.
    public func item(id: Int64) throws -> HouseholdItem? {
        try withStore { try $0.database.items.item(id: id) }
    }

    /// The items that pass `filter`, in `sort` order.
    public func items(matching filter: ItemFilter, sortedBy sort: ItemSort = .name) throws
        -> [HouseholdItem]
    {
        try withStore { try $0.database.items.items(matching: filter, sortedBy: sort) }
    }

    /// Calls `body` with each item that passes `filter`, in `sort` order, one at a time.
    ///
    /// Writes wait until it returns; `body` must not call the manager.
    public func forEachItem(
        matching filter: ItemFilter, sortedBy sort: ItemSort = .name,
        _ body: (HouseholdItem) throws -> Void
    ) throws {
        try withStore { try $0.database.items.forEachItem(matching: filter, sortedBy: sort, body) }
    }

    /// The number of items.
    public func count() throws -> Int {
        try withStore { try $0.database.items.count() }
    }

    /// The number of items that pass `filter`.
    public func count(matching filter: ItemFilter) throws -> Int {
        try withStore { try $0.database.items.count(matching: filter) }
    }

    /// The items that pass `filter` with the sequence number of the last write they include,
    /// so an observer can skip the change sets it has already seen.
    public func snapshot(matching filter: ItemFilter, sortedBy sort: ItemSort = .name) throws
        -> (sequence: Int64, items: [HouseholdItem])
    {
        try withStore { store in
            try store.database.read {
                (
                    try store.database.journal.lastSequence(),
                    try store.database.items.items(matching: filter, sortedBy: sort)
                )
            }
        }
    }

    /// Calls `body` with the id, sort key and value (worth × quantity) of each item that
    /// passes `filter`, in `sort` order, in one read transaction.
    ///
    /// - Returns: the journal sequence number the items were read at.
    func forEachSortEntry(
        matching filter: ItemFilter, sortedBy sort: ItemSort,
        _ body: (_ id: Int64, _ key: SortKey, _ value: Int128) -> Void
    ) throws -> Int64 {
        try withStore { store in
            try store.database.read {
                try store.database.items.forEachSortEntry(matching: filter, sortedBy: sort, body)
                return try store.database.journal.lastSequence()
            }
        }
    }

    /// Calls `body` with pages of the items `batch` added (at most `pageSize` each, in id
    /// order), each as it was when the batch was committed, even if it was edited or deleted
    /// since: what an observer of a batch's change set reads instead of its items. Each page is
    /// read in a transaction of its own, and `body` runs outside it.
    ///
    /// - Throws: `DatabaseError`; whatever `body` throws.
    public func items(
        addedBy batch: AddedItems, pageSize: Int = 1_000,
        _ body: ([HouseholdItem]) throws -> Void
    ) throws {
        let committed = batch.sequences.upperBound
        var start = batch.ids.lowerBound
        while start <= batch.ids.upperBound {
            let ids = start...min(batch.ids.upperBound, start + Int64(max(1, pageSize)) - 1)
            let page = try withStore { store in
                try store.database.read {
                    let since = try store.database.journal.itemsAsOf(committed, touchedAfterIn: ids)
                    var page: [HouseholdItem] = []
                    page.reserveCapacity(ids.count)
                    try store.database.items.forEachItem(sortedBy: .id, ids: ids) { item in
                        if since[item.id] == nil { page.append(item) }
                    }
                    guard !since.isEmpty else { return page }
                    return (page + since.values).sorted { $0.id < $1.id }
                }
            }
            try body(page)
            start = ids.upperBound + 1
        }
    }

    /// The members a view with `filter` and `sort` takes from `batch`: the items it added that
    /// passed `filter` when it was committed, packed in order, and the sum of their values.
    /// Read in one transaction, in id order, and sorted once; the items no later journal entry
    /// touched come from the items table, the others from that entry.
    func sortedKeys(
        addedBy batch: AddedItems, matching filter: ItemFilter, sortedBy sort: ItemSort
    ) throws -> (keys: SortedKeys, total: Int128) {
        try withStore { store in
            try store.database.read {
                let since = try store.database.journal.itemsAsOf(
                    batch.sequences.upperBound, touchedAfterIn: batch.ids)
                var collector = SortedKeys.Collector(layout: .init(sort), capacity: batch.count)
                var total: Int128 = 0
                try store.database.items.forEachSortEntry(
                    matching: filter, sortedBy: sort, ids: batch.ids, inIDOrder: true
                ) { id, key, value in
                    guard since[id] == nil else { return }
                    collector.append(key, value: value)
                    total += value
                }
                for item in since.values where filter.matches(item) {
                    let value = item.totalWorth ?? 0
                    collector.append(SortKey(item, sort: sort), value: value)
                    total += value
                }
                return (collector.sorted(), total)
            }
        }
    }

    /// The journal sequence number and the ids of the items that pass `filter` (in no order),
    /// read in one transaction.
    func ids(matching filter: ItemFilter) throws -> (sequence: Int64, ids: [Int64]) {
        try withStore { store in
            try store.database.read {
                let ids = try store.database.items.ids(matching: filter)
                return (try store.database.journal.lastSequence(), ids)
            }
        }
    }

    /// What happened to one item, or to the whole inventory, newest first.
    ///
    /// - Parameters:
    ///   - itemID: the item, or nil for every item.
    ///   - limit: the most entries to return, or nil for all.
    public func history(itemID: Int64? = nil, limit: Int? = nil) throws -> [JournalEntry] {
        try withStore { try $0.database.journal.history(itemID: itemID, limit: limit) }
    }

    /// The full path of `item`'s photo, or nil when it has none.
    public func photoPath(of item: HouseholdItem) -> String? {
        item.photo.map(photos.path(of:))
    }

    // MARK: - Writing

    /// Adds one item.
    ///
    /// - Returns: the stored item, with its id.
    /// - Throws: `InventoryError` for an invalid draft or photo; `DatabaseError`. Nothing is
    ///   written then.
    @discardableResult
    public func add(_ draft: ItemDraft) throws -> HouseholdItem {
        try add([draft])[0]
    }

    /// Adds many items in one transaction: all of them, or none when one is invalid.
    ///
    /// - Returns: the stored items, in the order of `drafts`.
    /// - Complexity: O(*n*) statements, one notification.
    @discardableResult
    public func add(_ drafts: [ItemDraft]) throws -> [HouseholdItem] {
        guard !drafts.isEmpty else { return [] }
        return try insert(drafts, keepingItems: true).items
    }

    /// Adds the items of `drafts`, read one at a time, in one transaction: all of them, or
    /// none when one is invalid. For imports of many items: it never holds all the drafts nor
    /// the items, and returns only the ids given, which are consecutive. Its change set names
    /// the items by their ids (`InventoryChangeSet.addedInBulk`) instead of carrying them.
    ///
    /// Photos are copied in while the transaction is open, so other writers wait for them.
    ///
    /// - Returns: the ids of the added items, or nil when `drafts` is empty.
    /// - Throws: `InventoryError` for an invalid draft or photo; `DatabaseError`. Nothing is
    ///   written then.
    /// - Complexity: O(*n*) statements, one notification.
    @discardableResult
    public func add(contentsOf drafts: some Sequence<ItemDraft>) throws -> ClosedRange<Int64>? {
        try insert(drafts, keepingItems: false).ids
    }

    /// Validates, inserts (`ItemTable.rowsPerInsert` rows per statement) and journals the
    /// drafts in one write. With `keepingItems`, returns the items and posts them in the change
    /// set; without, keeps none of them and posts their ids.
    private func insert(_ drafts: some Sequence<ItemDraft>, keepingItems: Bool) throws
        -> (items: [HouseholdItem], ids: ClosedRange<Int64>?)
    {
        let now = Timestamp(clock())
        let today = today()
        var importedPhotos = PhotoImports(store: photos)
        defer { importedPhotos.discardUnused(manager: self) }
        return try write(at: now) { store in
            var items: [HouseholdItem] = []
            var ids: ClosedRange<Int64>?
            if keepingItems { items.reserveCapacity(drafts.underestimatedCount) }
            var pending: [HouseholdItem] = []
            pending.reserveCapacity(ItemTable.rowsPerInsert)
            var places: PlaceResolver?
            let fields = try store.database.customFields.all()
            // One batch: the journal and the indexes of all the rows are written at its end.
            try store.database.items.insertBatch { insertRows in
                func insertPending() throws {
                    try insertRows(&pending)
                    if let first = pending.first?.id, let last = pending.last?.id {
                        ids = (ids?.lowerBound ?? first)...last
                    }
                    if keepingItems { items += pending }
                    pending.removeAll(keepingCapacity: true)
                }
                for draft in drafts {
                    var item = try draft.validatedItem(
                        currency: currency, now: now, today: today, fields: fields)
                    if item.location != nil {
                        let resolver = try places ?? PlaceResolver(store.database.places, at: now)
                        places = resolver
                        item.location = try resolver.location(item.location)
                    }
                    if let file = draft.photoFile {
                        item.setMainPhoto(try importedPhotos.importFile(from: file, as: .photo))
                    }
                    pending.append(item)
                    if pending.count == ItemTable.rowsPerInsert { try insertPending() }
                }
                try insertPending()
            }
            return (items, ids)
        } changeSet: { result, writeID, sequences in
            guard let ids = result.ids else { return nil }
            guard keepingItems else {
                return InventoryChangeSet(
                    writeID: writeID,
                    addedInBulk: AddedItems(ids: ids, firstSequence: sequences.lowerBound))
            }
            // The journal's triggers number the rows in insertion order.
            return InventoryChangeSet(
                writeID: writeID,
                changes: result.items.enumerated().map { offset, item in
                    InventoryChange(
                        kind: .added, item: item, sequence: sequences.lowerBound + Int64(offset))
                })
        }
    }

    /// Edits one item: only the fields the patch sets change.
    ///
    /// - Returns: the item after the edit.
    /// - Throws: `InventoryError.itemsNotFound` when there is no such item; `InventoryError`
    ///   for an invalid value or photo. Nothing is written then.
    @discardableResult
    public func edit(id: Int64, _ patch: ItemPatch, expectedVersion: Int? = nil) throws
        -> HouseholdItem
    {
        try edit(ids: [id], patch, expectedVersions: expectedVersion.map { [id: $0] } ?? [:])[0]
    }

    /// Applies the same patch to many items in one transaction: all or none.
    ///
    /// The items are read and written in the same transaction, so two concurrent edits of
    /// different fields both survive. To refuse an edit made from a stale copy, pass the
    /// version each item was read at.
    ///
    /// - Parameters:
    ///   - ids: the items to change.
    ///   - patch: the fields to set on every one of them.
    ///   - expectedVersions: for each id given here, the version the caller read; if the item
    ///     has moved on since, the edit is refused.
    /// - Returns: the items after the edit, in the order of `ids` (repeated ids count once).
    /// - Throws: `InventoryError.itemsNotFound` naming every missing id;
    ///   `InventoryError.editConflict` naming the item and what changed meanwhile. Nothing
    ///   changes then.
    @discardableResult
    public func edit(ids: [Int64], _ patch: ItemPatch, expectedVersions: [Int64: Int] = [:])
        throws -> [HouseholdItem]
    {
        let ids = Self.unique(ids)
        guard !ids.isEmpty else { return [] }
        let patch = try patch.validated(currency: currency, today: today())
        var importedPhotos = PhotoImports(store: photos)
        defer { importedPhotos.discardUnused(manager: self) }
        let newPhoto: String?? = try patch.photoFile.map { file in
            try file.map { try importedPhotos.importFile(from: $0, as: .photo) }
        }
        let now = Timestamp(clock())
        let (pairs, _) = try write(at: now) { store -> ([ItemEdit], [ItemEdit]) in
            let table = store.database.items
            let current = try Self.fetch(ids, from: table)
            for item in current {
                if let expected = expectedVersions[item.id], expected != item.version {
                    throw try Self.versionProblem(
                        of: item, expected: expected, in: store.database.journal)
                }
            }
            var places: PlaceResolver?
            let fields = try store.database.customFields.all()
            // Every item written, in write order: the edited ones, and what they hold when
            // they moved or were renamed (its location follows).
            var written: [ItemEdit] = []
            let pairs = try current.map { before -> ItemEdit in
                var after = try patch.applied(to: before)
                try ItemValidation.relations(of: after)
                if !patch.customFields.isEmpty || after.tags != before.tags {
                    try CustomField.validate(&after, fields: fields, currency: currency)
                }
                switch newPhoto {
                case .some(.some(let name)): after.setMainPhoto(name)
                case .some(.none): after.removeMainPhoto()
                case .none: break
                }
                // A location set is a move to that place, out of any container.
                if after.location != before.location {
                    let resolver = try places ?? PlaceResolver(store.database.places, at: now)
                    places = resolver
                    after.location = try resolver.location(after.location)
                    after.containerID = nil
                }
                // An item the patch leaves as it was is not written: no new version, no
                // journal entry, no notification.
                if after == before { return ItemEdit(before: before, after: before) }
                after.version = before.version + 1
                after.updatedAt = max(now, before.updatedAt)
                try table.update(&after, from: before)
                written.append(ItemEdit(before: before, after: after))
                if after.location != before.location || after.name != before.name,
                    try table.contentCount(of: after.id) > 0
                {
                    try Self.relocateContents(of: after, in: table, at: now, moves: &written)
                }
                return ItemEdit(before: before, after: after)
            }
            return (pairs, written)
        } changes: { result, first in
            ItemEdit.changes(result.1, from: first)
        }
        removeUnusedFiles(pairs.flatMap { Self.filesLeft(from: $0.before, to: $0.after) })
        return pairs.map(\.after)
    }

    /// What `edit(ids:_:)` would make of each item, writing nothing: for a dry run. A new
    /// photo is not read (the item keeps its own in the preview).
    ///
    /// - Throws: `InventoryError.itemsNotFound`; `InventoryError` for an invalid value.
    public func preview(ids: [Int64], _ patch: ItemPatch) throws
        -> [(before: HouseholdItem, after: HouseholdItem)]
    {
        let patch = try patch.validated(currency: currency, today: today())
        let items = try withStore { try Self.fetch(Self.unique(ids), from: $0.database.items) }
        return try items.map { before in
            var after = try patch.applied(to: before)
            if case .some(.none) = patch.photoFile { after.removeMainPhoto() }
            return (before, after)
        }
    }

    /// Why an edit made from version `expected` of `item` is refused.
    static func versionProblem(
        of item: HouseholdItem, expected: Int, in journal: JournalTable
    ) throws -> InventoryError {
        guard expected < item.version else {
            return .invalidValue(
                field: .other("version"), value: String(expected),
                reason:
                    "item \(item.id) has no version \(expected) (it is at version \(item.version))")
        }
        let old = try journal.item(id: item.id, atVersion: expected)
        return .editConflict(
            id: item.id, name: item.name, expectedVersion: expected, currentVersion: item.version,
            changedFields: old.map { item.changedFields(comparedTo: $0) } ?? [])
    }

    /// Deletes items in one transaction: all of them, or none when an id does not exist.
    ///
    /// A photo no other item uses is removed with its last item. An item listed in a claim is
    /// not deleted unless `force` is set; then each claim keeps what its line recorded of it
    /// (and the files it recorded). To refuse a
    /// delete decided on a stale copy, pass the version each item was read at.
    ///
    /// - Returns: the deleted items as they were.
    /// - Throws: `InventoryError.itemsNotFound` naming every missing id;
    ///   `InventoryError.itemsInClaims` naming the claims. Nothing changes then.
    @discardableResult
    public func delete(
        ids: [Int64], force: Bool = false, expectedVersions: [Int64: Int] = [:]
    ) throws -> [HouseholdItem] {
        let ids = Self.unique(ids)
        guard !ids.isEmpty else { return [] }
        var maintenanceFiles: [String] = []
        let deleted = try write(at: Timestamp(clock())) { store in
            let current = try Self.fetch(ids, from: store.database.items)
            for item in current {
                if let expected = expectedVersions[item.id], expected != item.version {
                    throw try Self.versionProblem(
                        of: item, expected: expected, in: store.database.journal)
                }
            }
            var claimed: [ClaimedItemReference] = []
            for item in current {
                let claims = try store.database.claims.listing(itemID: item.id)
                guard !claims.isEmpty else { continue }
                if force {
                    try store.database.claims.releaseLines(ofItem: item.id)
                } else {
                    claimed.append(
                        ClaimedItemReference(
                            itemID: item.id, itemName: item.name,
                            claims: claims.map { ClaimReference(id: $0.id, title: $0.title) }))
                }
            }
            guard claimed.isEmpty else { throw InventoryError.itemsInClaims(claimed) }
            // A container goes only with everything it holds.
            let deleting = Set(current.map(\.id))
            for item in current where try store.database.items.contentCount(of: item.id) > 0 {
                let kept = try store.database.items.contents(of: item.id).filter {
                    !deleting.contains($0.id)
                }
                guard kept.isEmpty else {
                    throw InventoryError.place(
                        .containerHoldsItems(id: item.id, name: item.name, count: kept.count))
                }
            }
            // its maintenance log goes with it, and the log's files unless something else
            // uses them
            for item in current {
                maintenanceFiles += try store.database.maintenance.files(itemID: item.id)
            }
            for item in current { try store.database.items.delete(id: item.id) }
            return current
        } changes: { deleted, first in
            deleted.enumerated().map { offset, item in
                InventoryChange(kind: .deleted, item: item, sequence: first + Int64(offset))
            }
        }
        removeUnusedFiles(deleted.flatMap { $0.attachments.map(\.file) } + maintenanceFiles)
        return deleted
    }

    /// Deletes one item; see `delete(ids:force:)`.
    @discardableResult
    public func delete(id: Int64, force: Bool = false) throws -> HouseholdItem {
        try delete(ids: [id], force: force)[0]
    }

    // MARK: - Attached files

    /// Attaches the file at `path` to the item with `id`: stored once by its content, checked
    /// to be a whole picture (or, except for a photo, a PDF document). The first photo of an
    /// item without one becomes its main photo.
    ///
    /// - Returns: the item after the change.
    /// - Throws: `InventoryError.itemsNotFound`, `.invalidFile`, `.invalidPhoto`,
    ///   `.invalidValue` (caption). Nothing is written then.
    @discardableResult
    public func attach(
        file path: String, toItem id: Int64, as kind: Attachment.Kind,
        caption: String? = nil
    ) throws -> HouseholdItem {
        let caption = try ItemValidation.text(caption, field: .other("caption"))
        var imported = PhotoImports(store: photos)
        defer { imported.discardUnused(manager: self) }
        let name = try imported.importFile(from: path, as: kind)
        return try change(itemID: id) { item in
            item.attachments.append(
                Attachment(id: item.nextAttachmentID, kind: kind, file: name, caption: caption))
            if kind == .photo, item.photo == nil { item.photo = name }
        }
    }

    /// Takes the file numbered `attachmentID` away from the item with `id`; the stored file
    /// goes when no item uses it. The main photo passes to the item's next photo, if any.
    ///
    /// - Returns: the item after the change.
    /// - Throws: `InventoryError.itemsNotFound`, `.attachmentNotFound`.
    @discardableResult
    public func detach(attachment attachmentID: Int, fromItem id: Int64) throws -> HouseholdItem {
        var removed: [String] = []
        let item = try change(itemID: id) { item in
            guard let index = item.attachments.firstIndex(where: { $0.id == attachmentID }) else {
                throw InventoryError.attachmentNotFound(itemID: id, attachmentID: attachmentID)
            }
            let file = item.attachments.remove(at: index).file
            removed = [file]
            if item.photo == file {
                item.photo = item.attachments.first { $0.kind == .photo }?.file
            }
        }
        removeUnusedFiles(removed)
        return item
    }

    /// Makes the photo numbered `attachmentID` the item's picture: the one its lists, its page
    /// and the report show first.
    ///
    /// - Returns: the item after the change.
    /// - Throws: `InventoryError.itemsNotFound`, `.attachmentNotFound`; `.invalidValue` when
    ///   the file is not a photo; `.editConflict` when the item is no longer at
    ///   `expectedVersion`.
    @discardableResult
    public func choosePicture(
        attachment attachmentID: Int, ofItem id: Int64, expectedVersion: Int? = nil
    ) throws -> HouseholdItem {
        try change(itemID: id, expectedVersion: expectedVersion) { item in
            guard let file = item.attachments.first(where: { $0.id == attachmentID }) else {
                throw InventoryError.attachmentNotFound(itemID: id, attachmentID: attachmentID)
            }
            guard file.kind == .photo else {
                throw InventoryError.invalidValue(
                    field: .other("picture"), value: String(attachmentID),
                    reason: "only a photo can be the item's picture; file \(attachmentID) is a "
                        + file.kind.rawValue)
            }
            item.photo = file.file
        }
    }

    /// Changes one item with `body` in one journaled write; with `expectedVersion`, only if
    /// the item is still at that version.
    func change(
        itemID id: Int64, expectedVersion: Int? = nil,
        _ body: (inout HouseholdItem) throws -> Void
    ) throws -> HouseholdItem {
        try change(itemID: id, expectedVersion: expectedVersion) { item, _ in try body(&item) }
    }

    /// `change(itemID:expectedVersion:_:)` whose `body` reads the items table too, in the
    /// same transaction.
    func change(
        itemID id: Int64, expectedVersion: Int? = nil,
        _ body: (inout HouseholdItem, ItemTable) throws -> Void
    ) throws -> HouseholdItem {
        let now = Timestamp(clock())
        let pair = try write(at: now) { store -> ItemEdit in
            guard let before = try store.database.items.item(id: id) else {
                throw InventoryError.itemsNotFound([id])
            }
            if let expectedVersion, expectedVersion != before.version {
                throw try Self.versionProblem(
                    of: before, expected: expectedVersion, in: store.database.journal)
            }
            var after = before
            try body(&after, store.database.items)
            after.version = before.version + 1
            after.updatedAt = max(now, before.updatedAt)
            try store.database.items.update(&after, from: before)
            return ItemEdit(before: before, after: after)
        } changes: { pair, first in
            ItemEdit.changes([pair], from: first)
        }
        return pair.after
    }

    // MARK: - Tags

    /// Every tag items carry, with how many items carry it and their total worth (minor
    /// units), by tag.
    public func tags() throws -> [(tag: String, count: Int, worth: Int128)] {
        try withStore { try $0.database.items.tagSummaries() }
    }

    // MARK: - Helpers

    private static func fetch(_ ids: [Int64], from items: ItemTable) throws
        -> [HouseholdItem]
    {
        var found: [HouseholdItem] = []
        var missing: [Int64] = []
        for id in ids {
            if let item = try items.item(id: id) { found.append(item) } else { missing.append(id) }
        }
        guard missing.isEmpty else { throw InventoryError.itemsNotFound(missing) }
        return found
    }

    private static func unique(_ ids: [Int64]) -> [Int64] {
        var seen: Set<Int64> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// The files `before` had that `after` no longer has.
    private static func filesLeft(from before: HouseholdItem, to after: HouseholdItem) -> [String] {
        let kept = Set(after.attachments.map(\.file))
        return before.attachments.map(\.file).filter { !kept.contains($0) }
    }
}

/// The files one write copied in, so that they can be taken away if the write fails.
private struct PhotoImports {
    let store: FileStore
    var created: [String] = []

    mutating func importFile(from file: String, as kind: Attachment.Kind) throws -> String {
        let (name, wasCreated) = try store.importFile(from: file, as: kind)
        if wasCreated { created.append(name) }
        return name
    }

    /// Removes the files this write created that no item uses (the write failed).
    func discardUnused(manager: InventoryManager) {
        manager.removeUnusedFiles(created)
    }
}

extension HouseholdItem {
    /// Makes the stored picture `name` the main photo: attached as a photo if it is not yet.
    mutating func setMainPhoto(_ name: String) {
        if !attachments.contains(where: { $0.file == name }) {
            attachments.append(
                Attachment(id: nextAttachmentID, kind: .photo, file: name))
        }
        photo = name
    }

    /// Takes the main photo away, with its attachment.
    mutating func removeMainPhoto() {
        guard let photo else { return }
        attachments.removeAll { $0.file == photo && $0.kind == .photo }
        self.photo = nil
    }

    /// The number the next attachment gets: one more than the highest ever given (numbers of
    /// detached files are not reused while the item has a later one).
    var nextAttachmentID: Int { (attachments.map(\.id).max() ?? 0) + 1 }
}
