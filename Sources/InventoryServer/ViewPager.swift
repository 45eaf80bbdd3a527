import Hummingbird
import InventoryKit
import Locking

/// A view as a tab shows it: its name and title, its count and its worth.
struct ViewTab: Sendable {
    let name: String
    let title: String
    let count: Int
    let total: Int128
}

/// One page of a view, in one order, narrowed by a search: what a page and the API show.
struct ViewPage: Sendable {
    let name: String
    let title: String
    let sort: ItemSort
    let query: String
    let offset: Int
    let limit: Int
    let count: Int
    let total: Int128
    let items: [HouseholdItem]
    /// The journal sequence the view was up to when read.
    let sequence: Int64
}

/// The live views behind the pages: one per view and order asked for, kept and followed, so a
/// page of a 100,000-item view costs a look-up and the read of its rows; searches get live
/// views of their own, narrowed from their view, the last few of them kept.
final class ViewPager: Sendable {
    /// The most rows a page or an API call shows.
    static let maximumLimit = 500
    /// How many searches stay live.
    static let keptSearches = 16

    let manager: InventoryManager
    let registry: ViewRegistry

    private struct Key: Hashable {
        let name: String
        let sort: ItemSort
        var query = ""
    }

    private struct Cache {
        var views: [Key: InventoryView] = [:]
        var searches: [(key: Key, view: InventoryView)] = []
    }

    private let cache = Lock(Cache())
    private let definitions = Lock<[String: ViewDefinition]>([:])

    init(manager: InventoryManager, registry: ViewRegistry) {
        self.manager = manager
        self.registry = registry
    }

    /// The definition of the view `name`.
    ///
    /// - Throws: `HTTPError(.notFound)` for a name no view has.
    func definition(named name: String) throws -> ViewDefinition {
        // Made once: the registry is loaded before the server starts and never changes, and
        // making a definition (checking its entry) on each request slowed every API request.
        if let made = definitions.withLock({ $0[name] }) { return made }
        let made = try makeDefinition(named: name)
        definitions.withLock { $0[name] = made }
        return made
    }

    private func makeDefinition(named name: String) throws -> ViewDefinition {
        guard registry.entry(named: name) != nil else {
            throw HTTPError(.notFound, message: "There is no view named \(name).")
        }
        do {
            return try registry.definition(named: name)
        } catch {
            throw HTTPError(.internalServerError, message: "The view \(name) cannot be made.")
        }
    }

    /// Every view with its count and worth, in the registry's order.
    func tabs() throws -> [ViewTab] {
        try registry.names.map { name in
            let definition = try definition(named: name)
            let view = try liveView(Key(name: name, sort: definition.sort), definition)
            return ViewTab(
                name: name, title: definition.title, count: view.count, total: view.totalValue)
        }
    }

    /// The live view `name` in its own order.
    func liveView(named name: String) throws -> InventoryView {
        let definition = try definition(named: name)
        return try liveView(Key(name: name, sort: definition.sort), definition)
    }

    /// A page asked for: a view, in an order, narrowed by a search, from an offset.
    struct Request: Hashable, Sendable {
        let name: String
        let sort: ItemSort
        let query: String
        let offset: Int
        let limit: Int
    }

    /// The live view `request` reads and the request made whole: the view's own order when
    /// `sort` is nil, the words of `query` trimmed, offset and limit in range.
    func resolve(name: String, sort: ItemSort?, query: String, offset: Int, limit: Int) throws
        -> (request: Request, definition: ViewDefinition, view: InventoryView)
    {
        let definition = try definition(named: name)
        let sort = sort ?? definition.sort
        let words = query.trimmingWhitespace()
        let base = try liveView(Key(name: name, sort: sort), definition)
        let view =
            words.isEmpty ? base : try search(base, Key(name: name, sort: sort, query: words))
        // An offset past the end is the end: whatever a request asks, `offset + limit` cannot
        // overflow.
        let request = Request(
            name: name, sort: sort, query: words, offset: min(max(0, offset), view.count),
            limit: max(1, min(limit, Self.maximumLimit)))
        return (request, definition, view)
    }

    /// `resolve` when everything it needs is at hand without waiting: the view's definition
    /// made, its live view loaded and not being changed this instant. Nil otherwise (a view
    /// asked for the first time, a search, a view applying a change), and then `resolve` on
    /// the blocking threads. Returns the request made whole and the sequence its view is at.
    func resolveWithoutWaiting(name: String, sort: ItemSort?, offset: Int, limit: Int)
        -> (request: Request, sequence: Int64)?
    {
        guard let definition = definitions.withLock({ $0[name] }) else { return nil }
        let sort = sort ?? definition.sort
        guard let view = cache.withLock({ $0.views[Key(name: name, sort: sort)] }),
            let (count, sequence) = view.countAndSequenceIfIdle
        else { return nil }
        let request = Request(
            name: name, sort: sort, query: "", offset: min(max(0, offset), count),
            limit: max(1, min(limit, Self.maximumLimit)))
        return (request, sequence)
    }

    /// The items `offset ..< offset + limit` of view `name` in `sort` order (the view's own
    /// when nil), narrowed to those matching every word of `query`.
    func page(name: String, sort: ItemSort?, query: String, offset: Int, limit: Int) throws
        -> ViewPage
    {
        let (request, definition, view) = try resolve(
            name: name, sort: sort, query: query, offset: offset, limit: limit)
        return try page(request, definition: definition, view: view)
    }

    /// The page `request` asks of `view`.
    func page(_ request: Request, definition: ViewDefinition, view: InventoryView) throws
        -> ViewPage
    {
        // The ids and the rows may straddle a write: the page then shows the rows as they are
        // now, and the write's event brings the page up to date.
        let sequence = view.sequence
        let ids = view.ids(in: request.offset..<(request.offset + request.limit))
        let items = try manager.items(ids: ids)
        return ViewPage(
            name: request.name, title: definition.title, sort: request.sort,
            query: request.query, offset: request.offset, limit: request.limit,
            count: view.count, total: view.totalValue, items: items, sequence: sequence)
    }

    private func liveView(_ key: Key, _ definition: ViewDefinition) throws -> InventoryView {
        if let view = cache.withLock({ $0.views[key] }) { return view }
        // Loaded outside the lock: a first look at a large view must not stall the others.
        let view = try InventoryView(
            name: key.name, filter: definition.filter, sort: key.sort, manager: manager)
        return cache.withLock { cache in
            if let existing = cache.views[key] { return existing }
            cache.views[key] = view
            return view
        }
    }

    private func search(_ base: InventoryView, _ key: Key) throws -> InventoryView {
        let found = cache.withLock { cache -> InventoryView? in
            guard let index = cache.searches.firstIndex(where: { $0.key == key }) else {
                return nil
            }
            let entry = cache.searches.remove(at: index)
            cache.searches.append(entry)
            return entry.view
        }
        if let found { return found }
        let view = try InventoryView(
            name: key.name, narrowing: base, by: ItemFilter(text: key.query))
        cache.withLock { cache in
            cache.searches.append((key, view))
            if cache.searches.count > Self.keptSearches { cache.searches.removeFirst() }
        }
        return view
    }
}
