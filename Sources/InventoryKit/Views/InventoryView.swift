import Foundation
public import InventoryModel
import InventoryStore
import Locking

/// A live, ordered view of the items that pass a filter: the blog's luxury, non-insured and
/// entire-inventory view controllers, without the screen.
///
/// It reads the database when it is created. After that it follows the manager's
/// notifications and applies each change to itself (an item enters, leaves, moves or changes
/// in place) without querying the database, keeping its count and total value — except a
/// batch of additions, whose change set names the items: the view reads the keys of those
/// that pass its filter, as they were added. Its own observers are told what moved, with
/// positions. A view that is released stops observing.
///
/// It holds ids and sort keys, not whole items; read an item through the manager.
public final class InventoryView: Sendable {
    /// One item's place in a change: its id and its index.
    public struct Position: Sendable, Hashable {
        /// The item's id.
        public let id: Int64
        /// Its index (in the order before the change for `left`, after it otherwise).
        public let index: Int
    }

    /// An item whose sort key changed: where it was before the change and where it is after.
    /// `from` may equal `to` when other entries moved around it; apply it as a removal at
    /// `from` and an insertion at `to`.
    public struct Move: Sendable, Hashable {
        /// The item's id.
        public let id: Int64
        /// Its index before the change.
        public let from: Int
        /// Its index after the change.
        public let to: Int
    }

    /// What one write did to the view, like a table view's batch update: `left` and
    /// `Move.from` are indexes in the old order; `entered`, `Move.to` and `changed` in the new.
    public struct Change: Sendable, Hashable {
        /// The change set this comes from.
        public var sequence: Int64
        /// Items that now pass the filter, by new index.
        public var entered: [Position] = []
        /// Items that no longer pass it (or were deleted), by old index.
        public var left: [Position] = []
        /// Items whose place in the order changed.
        public var moved: [Move] = []
        /// Items that stayed in place but whose fields changed, by new index.
        public var changed: [Position] = []

        /// Whether the write left the view as it was.
        public var isEmpty: Bool {
            entered.isEmpty && left.isEmpty && moved.isEmpty && changed.isEmpty
        }
    }

    /// The view's name (`luxury`, `non-insured`, `all`, or a user's).
    public let name: String
    /// Which items it shows.
    public let filter: ItemFilter
    /// Their order.
    public let sort: ItemSort
    /// The manager it follows.
    public let manager: InventoryManager

    private let state: Locked<State>
    private let observers = Lock(Observers())
    private let subscription = Lock<Subscription?>(nil)

    /// A member's key in the view's order and its value (worth × quantity).
    private struct Entry {
        var key: SortKey
        var value: Int128
    }

    private struct State {
        var order: SortedKeys
        var total: Int128 = 0
        var sequence: Int64 = 0
        /// A batch could not be read, nor the view again: read it again at the next change.
        var needsReload = false

        init(sort: ItemSort) {
            order = SortedKeys(layout: .init(sort))
        }

        /// The items that pass `filter`, read from the database in one transaction, packed as
        /// they are read (no array of a million keys on the way).
        init(reading filter: ItemFilter, sortedBy sort: ItemSort, from manager: InventoryManager)
            throws
        {
            var builder = SortedKeys.Builder(layout: .init(sort))
            var total: Int128 = 0
            sequence = try manager.forEachSortEntry(matching: filter, sortedBy: sort) {
                builder.append($1, value: $2)
                total += $2
            }
            self.total = total
            order = builder.finish()
        }
    }

    private struct Observers {
        var nextToken = 0
        var handlers: [(token: Int, handler: @Sendable (Change) -> Void)] = []
    }

    /// Creates a view and loads it with one query.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    public convenience init(
        name: String, filter: ItemFilter, sort: ItemSort = .name, manager: InventoryManager
    ) throws {
        try self.init(name: name, filter: filter, sort: sort, manager: manager) { state in
            state = try State(reading: filter, sortedBy: sort, from: manager)
        }
    }

    /// Creates a view of the items of `parent` that also pass `narrowing` (a search, say), in
    /// the parent's order. It asks the database only which ids pass `narrowing` and takes
    /// their keys from the parent, so it costs no row reads and no sort of the whole
    /// inventory; it follows the manager on its own afterwards.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    public convenience init(name: String, narrowing parent: InventoryView, by narrowing: ItemFilter)
        throws
    {
        let filter = parent.filter.narrowed(by: narrowing)
        let (sort, manager) = (parent.sort, parent.manager)
        try self.init(name: name, filter: filter, sort: sort, manager: manager) { state in
            let copied = try parent.state.withLock { parentState -> Bool in
                let (sequence, ids) = try manager.ids(matching: narrowing)
                // The parent must be at the same point of the journal as the ids read.
                guard sequence == parentState.sequence else { return false }
                state.sequence = sequence
                let passing = Set(ids)
                (state.order, state.total) = parentState.order.filtered { passing.contains($0) }
                return true
            }
            guard !copied else { return }
            // The parent lags behind the file (another process wrote): read the rows instead.
            state = try State(reading: filter, sortedBy: sort, from: manager)
        }
    }

    /// Subscribes, then loads the state with `load`, both under the view's lock: a change
    /// delivered meanwhile on another thread waits, then is skipped if the loaded state
    /// already holds it (by sequence).
    private init(
        name: String, filter: ItemFilter, sort: ItemSort, manager: InventoryManager,
        load: (inout State) throws -> Void
    ) throws {
        self.name = name
        self.filter = filter
        self.sort = sort
        self.manager = manager
        self.state = Locked(State(sort: sort))
        try state.withLock { state in
            let token = manager.notificationCenter.addObserver(
                forName: InventoryManager.didChangeNotification, object: manager, queue: nil
            ) { [weak self] notification in
                guard let changeSet = notification.inventoryChangeSet else { return }
                self?.apply(changeSet)
            }
            subscription.withLock {
                $0 = Subscription(center: manager.notificationCenter, token: token)
            }
            try load(&state)
        }
    }

    deinit {
        subscription.withLock { $0?.cancel() }
    }

    /// The luxury items, by name (`ViewDefinition.luxury`).
    public static func luxury(_ manager: InventoryManager) throws -> InventoryView {
        try builtIn(.luxury, manager)
    }

    /// The items not insured, by name (`ViewDefinition.nonInsured`).
    public static func nonInsured(_ manager: InventoryManager) throws -> InventoryView {
        try builtIn(.nonInsured, manager)
    }

    /// Every item, by name (`ViewDefinition.all`).
    public static func all(_ manager: InventoryManager) throws -> InventoryView {
        try builtIn(.all, manager)
    }

    /// The items on loan, by name (`ViewDefinition.onLoan`).
    public static func onLoan(_ manager: InventoryManager) throws -> InventoryView {
        try builtIn(.onLoan, manager)
    }

    /// The items that left the household, by name (`ViewDefinition.archive`).
    public static func archive(_ manager: InventoryManager) throws -> InventoryView {
        try builtIn(.archive, manager)
    }

    private static func builtIn(_ definition: ViewDefinition, _ manager: InventoryManager) throws
        -> InventoryView
    {
        try InventoryView(
            name: definition.name, filter: definition.filter, sort: definition.sort,
            manager: manager)
    }

    // MARK: - Reading

    /// The number of items in the view.
    public var count: Int { state.withLock { $0.order.count } }

    /// The sum of price × quantity over the view, in minor units of the manager's currency.
    public var totalValue: Int128 { state.withLock { $0.total } }

    /// The ids in view order.
    public var ids: [Int64] { state.withLock { $0.order.ids } }

    /// The ids from `range` of the view order (clamped to the view), for drawing visible rows.
    public func ids(in range: Range<Int>) -> [Int64] {
        state.withLock { $0.order.ids(in: range) }
    }

    /// The index of the item with `id`, or nil when it is not in the view.
    ///
    /// - Complexity: O(*n*): the view keeps no table from ids to places (it would double its
    ///   memory); the scan reads packed ids, one after the other.
    public func index(of id: Int64) -> Int? {
        state.withLock { $0.order.index(ofID: id) }
    }

    /// The indexes of the items of `ids` that are in the view, by id.
    ///
    /// - Complexity: O(*n*): one scan of the view's ids, however many are asked for.
    public func indexes(of ids: some Sequence<Int64>) -> [Int64: Int] {
        let wanted = Set(ids)
        return state.withLock { $0.order.indexes(ofIDs: wanted) }
    }

    /// The journal sequence number the view is up to date with.
    public var sequence: Int64 { state.withLock { $0.sequence } }

    /// The number of items in the view and the sequence it is up to date with, read together;
    /// nil, without waiting, while another thread holds the view (applying a change, which
    /// may read the file): for a thread that must never wait, such as a server's event loop.
    public var countAndSequenceIfIdle: (count: Int, sequence: Int64)? {
        state.withLockIfAvailable { ($0.order.count, $0.sequence) }
    }

    // MARK: - Observing

    /// Calls `handler` after each write that changed the view, on the writer's thread.
    ///
    /// - Returns: a token; observation stops when it is cancelled or released.
    public func observe(_ handler: @escaping @Sendable (Change) -> Void) -> ViewObservation {
        let token = observers.withLock { observers in
            observers.nextToken += 1
            observers.handlers.append((observers.nextToken, handler))
            return observers.nextToken
        }
        return ViewObservation { [weak self] in
            self?.observers.withLock { $0.handlers.removeAll { $0.token == token } }
        }
    }

    // MARK: - Applying changes

    /// Applies one change set: O(*k* log *n*) for *k* changes (plus a chunk's shift and a sum
    /// over chunk sizes per change; see `SortedKeys`), or one O(*n* + *k* log *k*) merge
    /// for many.
    func apply(_ changeSet: InventoryChangeSet) {
        let change: Change? = state.withLock { state in
            guard changeSet.sequence > state.sequence else { return nil }
            if state.needsReload {
                return reload(&state, reachingAtLeast: changeSet.sequence)
            }
            state.sequence = changeSet.sequence
            if let batch = changeSet.addedInBulk {
                return take(batch, sequence: changeSet.sequence, into: &state)
            }
            return Self.apply(changeSet, to: &state, filter: filter, sort: sort)
        }
        guard let change, !change.isEmpty else { return }
        let handlers = observers.withLock { $0.handlers.map(\.handler) }
        for handler in handlers { handler(change) }
    }

    /// Takes in a batch's additions, which carry no items: their keys are read from the
    /// database as they were at the batch's commit (packed as they are read: no item and no
    /// `SortKey` string per addition), and merged in one pass.
    private func take(_ batch: AddedItems, sequence: Int64, into state: inout State) -> Change {
        var result = Change(sequence: sequence)
        do {
            let (keys, total) = try manager.sortedKeys(
                addedBy: batch, matching: filter, sortedBy: sort)
            // Their ids are new: no member has one (a view loaded after the batch skips it).
            result.entered = Self.enter(keys, total: total, into: &state)
        } catch {
            // The batch could not be read (the database busy, say): read the whole view again.
            return reload(&state, reachingAtLeast: sequence)
        }
        return result
    }

    /// Reads the whole view again and says so as every member leaving and every new one
    /// entering. When that fails too, the view keeps what it holds and tries again at the
    /// next change set (it never applies one on top of a batch it missed).
    private func reload(_ state: inout State, reachingAtLeast sequence: Int64) -> Change {
        var result = Change(sequence: sequence)
        guard var reloaded = try? State(reading: filter, sortedBy: sort, from: manager) else {
            state.needsReload = true
            state.sequence = sequence
            return result
        }
        result.left = state.order.ids.enumerated().map { Position(id: $1, index: $0) }
        // What it read is at least as new as every change set delivered so far.
        reloaded.sequence = max(reloaded.sequence, sequence)
        state = reloaded
        result.entered = state.order.ids.enumerated().map { Position(id: $1, index: $0) }
        return result
    }

    private static func apply(
        _ changeSet: InventoryChangeSet, to state: inout State, filter: ItemFilter,
        sort: ItemSort
    ) -> Change {
        if changeSet.changes.count == 1 {
            return applyOne(changeSet, to: &state, filter: filter, sort: sort)
        }
        // Each touched item once, in first-touched order: its place before the write (from
        // the first change's item before it) and after (from the last change's item), nil
        // when it is out of the view. Only keys and values, not items: a batch can be a
        // million long. The view keeps no entry per id: the change says where the item was.
        var touched: [Touched] = []
        touched.reserveCapacity(changeSet.changes.count)
        // Additions only (a batch): each id appears once, so no dictionary of positions is
        // needed.
        let onlyAdditions = changeSet.changes.allSatisfy { $0.kind == .added }
        let needsPositions = !onlyAdditions
        var position: [Int64: Int] = [:]
        if needsPositions { position.reserveCapacity(changeSet.changes.count) }
        changeSet.changes.withUnsafeBufferPointer { changes in
            for index in changes.indices {
                // Read in place: a copy of each change retained and released every field of
                // its item, once per view.
                let id = changes[index].item.id
                let new = Self.entry(after: changes[index], filter: filter, sort: sort)
                if onlyAdditions {
                    touched.append(Touched(id: id, old: nil, new: new))
                } else if needsPositions, let index = position[id] {
                    touched[index].new = new
                } else {
                    let old = Self.entry(before: changes[index], filter: filter, sort: sort)
                    if needsPositions { position[id] = touched.count }
                    touched.append(Touched(id: id, old: old, new: new))
                }
            }
        }
        // What the view holds decides, not the filter alone (`held`).
        var anyHeld = false
        for index in touched.indices {
            touched[index].old = Self.held(
                touched[index].old, new: touched[index].new, id: touched[index].id,
                in: state.order)
            if touched[index].old != nil { anyHeld = true }
        }
        if onlyAdditions, !anyHeld, let entered = applyAdditions(touched, to: &state) {
            var result = Change(sequence: changeSet.sequence)
            result.entered = entered
            return result
        }
        var result = Change(sequence: changeSet.sequence)
        var removals: [SortKey] = []
        var insertions: [Entry] = []
        var movers: [Int64: Int] = [:]
        var stayers: Set<Int64> = []
        for item in touched {
            switch (item.old, item.new) {
            case (nil, nil):
                continue
            case (nil, let new?):
                insertions.append(new)
            case (let old?, nil):
                removals.append(old.key)
                result.left.append(
                    Position(id: item.id, index: state.order.insertionIndex(of: old.key)))
            case (let old?, let new?):
                if old.key == new.key {
                    stayers.insert(item.id)
                    if old.value != new.value { state.order.setValue(new.value, of: new.key) }
                } else {
                    movers[item.id] = state.order.insertionIndex(of: old.key)
                    removals.append(old.key)
                    insertions.append(new)
                }
            }
            if let old = item.old { state.total -= old.value }
            if let new = item.new { state.total += new.value }
        }
        update(&state.order, removing: removals, inserting: insertions)
        for item in touched {
            guard let entry = item.new else { continue }
            let index = state.order.insertionIndex(of: entry.key)
            if let from = movers[item.id] {
                result.moved.append(Move(id: item.id, from: from, to: index))
            } else if stayers.contains(item.id) {
                result.changed.append(Position(id: item.id, index: index))
            } else {
                result.entered.append(Position(id: item.id, index: index))
            }
        }
        result.entered.sort { $0.index < $1.index }
        result.left.sort { $0.index < $1.index }
        result.changed.sort { $0.index < $1.index }
        result.moved.sort { $0.to < $1.to }
        return result
    }

    /// A change set of one change (an edit, most often: what one command makes): the outcome
    /// of the general path above, without its arrays, dictionary, set and sorts, which were
    /// about a sixth of delivering one change to a view (perf, 1,000,000 items).
    private static func applyOne(
        _ changeSet: InventoryChangeSet, to state: inout State, filter: ItemFilter,
        sort: ItemSort
    ) -> Change {
        // Read in place, as above.
        let (id, before, new) = changeSet.changes.withUnsafeBufferPointer { changes in
            (
                changes[0].item.id, Self.entry(before: changes[0], filter: filter, sort: sort),
                Self.entry(after: changes[0], filter: filter, sort: sort)
            )
        }
        let old = Self.held(before, new: new, id: id, in: state.order)
        if let old { state.total -= old.value }
        if let new { state.total += new.value }
        var result = Change(sequence: changeSet.sequence)
        switch (old, new) {
        case (nil, nil):
            break
        case (nil, let new?):
            state.order.insert(new.key, value: new.value)
            result.entered = [Position(id: id, index: state.order.insertionIndex(of: new.key))]
        case (let old?, nil):
            result.left = [Position(id: id, index: state.order.insertionIndex(of: old.key))]
            state.order.remove(old.key)
        case (let old?, let new?) where old.key == new.key:
            if old.value != new.value { state.order.setValue(new.value, of: new.key) }
            result.changed = [Position(id: id, index: state.order.insertionIndex(of: new.key))]
        case (let old?, let new?):
            let from = state.order.insertionIndex(of: old.key)
            state.order.remove(old.key)
            state.order.insert(new.key, value: new.value)
            let to = state.order.insertionIndex(of: new.key)
            result.moved = [Move(id: id, from: from, to: to)]
        }
        return result
    }

    /// One item a change set touched: its entry before and after, nil when out of the view.
    private struct Touched {
        let id: Int64
        var old: Entry?
        var new: Entry?
    }

    /// The entry of the item a change leaves, or nil when it was not in the view (or new).
    private static func entry(
        before change: borrowing InventoryChange, filter: ItemFilter, sort: ItemSort
    ) -> Entry? {
        switch change.kind {
        case .added: nil
        case .edited: change.before.flatMap { entry(of: $0, filter: filter, sort: sort) }
        case .deleted: entry(of: change.item, filter: filter, sort: sort)
        }
    }

    /// The entry of the item a change makes, or nil when it is out of the view (or deleted).
    private static func entry(
        after change: borrowing InventoryChange, filter: ItemFilter, sort: ItemSort
    ) -> Entry? {
        change.kind == .deleted ? nil : entry(of: change.item, filter: filter, sort: sort)
    }

    /// What the view holds of a touched item, which decides, not the filter alone: an item it
    /// does not hold is not taken out; an item added again under a key it holds stays.
    ///
    /// - Parameters:
    ///   - old: the item's entry before the change, from the change.
    ///   - new: its entry after.
    /// - Returns: `old` with the value the view holds (so that the total stays the sum of its
    ///   members), found by its key, or by its id when the key computed from the change is not
    ///   the one the view read (a name lowercased otherwise, say: the slow way, once); for an
    ///   item that was not in the view, the entry it holds under `new`'s key, if any.
    private static func held(_ old: Entry?, new: Entry?, id: Int64, in order: SortedKeys)
        -> Entry?
    {
        if let old {
            return order.value(of: old.key).map { Entry(key: old.key, value: $0) }
                ?? order.member(ofID: id).map { Entry(key: $0.key, value: $0.value) }
        }
        guard let new, !order.isEmpty, let value = order.value(of: new.key) else { return nil }
        return Entry(key: new.key, value: value)
    }

    /// What the view holds of `item`, or nil when it does not pass `filter`.
    private static func entry(
        of item: borrowing HouseholdItem, filter: ItemFilter, sort: ItemSort
    ) -> Entry? {
        guard filter.matches(item) else { return nil }
        // The key's fields one by one: `SortKey(item, sort:)` takes the item owned (a copy).
        let key = SortKey(
            id: item.id, nameKey: item.nameSortKey, price: item.price?.minorUnits,
            worth: item.worth?.minorUnits, purchaseDate: item.purchaseDate, sort: sort)
        return Entry(key: key, value: item.totalWorth ?? 0)
    }

    /// Adds new items (none of them in the view yet) by one merge when they are many: their
    /// positions come out of the merge itself, in order, instead of a search each and a sort.
    ///
    /// - Returns: the entered positions, by new index; nil when they are too few to merge (the
    ///   general path then adds them one at a time).
    private static func applyAdditions(_ touched: [Touched], to state: inout State)
        -> [Position]?
    {
        let added = touched.compactMap(\.new)
        guard added.count > 32, added.count > state.order.count / 64 else { return nil }
        let (keys, total) = sorted(added, layout: state.order.layout)
        return enter(keys, total: total, into: &state)
    }

    /// Merges `keys` (no member's) into the view, with their total: by one pass, or, into an
    /// empty view, as they are (a merge would copy them).
    ///
    /// - Returns: the entered positions, by new index.
    private static func enter(_ keys: SortedKeys, total: Int128, into state: inout State)
        -> [Position]
    {
        let (order, insertedAt) =
            state.order.isEmpty
            ? (keys, Array(0..<keys.count))
            : state.order.merged(removing: [], inserting: keys)
        state.order = order
        state.total += total
        return zip(keys.ids, insertedAt).map { Position(id: $0, index: $1) }
    }

    /// `entries` packed in order (sorted once, over their bytes), and the sum of their values.
    private static func sorted(_ entries: [Entry], layout: SortedKeys.Layout)
        -> (keys: SortedKeys, total: Int128)
    {
        var collector = SortedKeys.Collector(layout: layout, capacity: entries.count)
        var total: Int128 = 0
        for entry in entries {
            collector.append(entry.key, value: entry.value)
            total += entry.value
        }
        return (collector.sorted(), total)
    }

    /// Removes and inserts members of the sorted `order`: one at a time for a few, by one
    /// merge for many (so a batch of a million changes is O(*n* log *n*), not O(*n*²)).
    private static func update(
        _ order: inout SortedKeys, removing removals: [SortKey], inserting insertions: [Entry]
    ) {
        let isBulk =
            removals.count + insertions.count > 32
            && removals.count + insertions.count > order.count / 64
        if !isBulk {
            for key in removals { order.remove(key) }
            for entry in insertions { order.insert(entry.key, value: entry.value) }
            return
        }
        let removed = Set(removals.map(\.id))
        order =
            order.merged(
                removing: removed, inserting: sorted(insertions, layout: order.layout).keys
            )
            .keys
    }
}

/// Keeps a view observation alive; cancelled when released.
public final class ViewObservation: Sendable {
    private let cancellation: Lock<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) {
        self.cancellation = Lock(cancel)
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let cancel = cancellation.withLock { cancellation in
            defer { cancellation = nil }
            return cancellation
        }
        cancel?()
    }

    deinit {
        cancel()
    }
}

/// A NotificationCenter observer token, removed when cancelled.
private struct Subscription: @unchecked Sendable {  // The token is only handed back to `center`.
    let center: NotificationCenter
    let token: any NSObjectProtocol

    func cancel() {
        center.removeObserver(token)
    }
}
