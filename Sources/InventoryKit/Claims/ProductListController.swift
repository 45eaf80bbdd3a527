public import InventoryModel
import InventoryStore

/// Told by a `ProductListController` how the user finished.
public protocol ProductListDelegate: AnyObject {
    /// The user finished; `itemIDs` are the selected items, in list order.
    func productList(_ list: ProductListController, didFinishSelecting itemIDs: [Int64])
    /// The user cancelled; the selection given when the list was presented still stands.
    func productListDidCancel(_ list: ProductListController)
}

/// A multi-select list of items (the blog's product list). It is given the current selection
/// when presented, knows nothing about claims or forms, and reports back through its delegate.
///
/// It has no terminal code: a screen renders `visibleItems` and feeds it keys, or a line
/// reader feeds it commands through `perform(line:)`.
public final class ProductListController {
    /// What a line command did.
    public enum LineOutcome: Equatable, Sendable {
        /// The selection or the filter changed.
        case changed
        /// Nothing changed; show the hint and go on.
        case hint(String)
        /// The user finished; the delegate has been told.
        case finished
        /// The user cancelled; the delegate has been told.
        case cancelled
    }

    /// Told when the user finishes or cancels.
    public weak var delegate: (any ProductListDelegate)?
    /// The words the list is narrowed to, if any.
    public private(set) var searchText: String?
    private var selected: Set<Int64>
    private var backing: Backing

    /// Where the rows come from: a list given whole, or a live view read a page at a time (so
    /// a list of 100,000 items costs only the rows shown).
    private enum Backing {
        case array(all: [HouseholdItem], visible: [HouseholdItem])
        case view(all: InventoryView, visible: InventoryView, manager: InventoryManager)
    }

    /// Creates a list of `items` with `selectedIDs` already marked (ids of other items are
    /// ignored).
    public init(items: [HouseholdItem], selectedIDs: some Sequence<Int64>) {
        backing = .array(all: items, visible: items)
        selected = Set(selectedIDs).intersection(items.map(\.id))
    }

    /// Creates a list of every item of `manager`, in list order, read a page at a time, with
    /// `selectedIDs` already marked.
    ///
    /// - Throws: `DatabaseError` when the items cannot be read.
    public convenience init(manager: InventoryManager, selectedIDs: some Sequence<Int64>) throws {
        let view = try InventoryView(name: "picker", filter: .all, manager: manager)
        self.init(view: view, manager: manager, selectedIDs: selectedIDs)
    }

    /// Creates a list of the items of a live `view` (one a screen already keeps, say), read a
    /// page at a time, with `selectedIDs` already marked.
    public init(view: InventoryView, manager: InventoryManager, selectedIDs: some Sequence<Int64>) {
        backing = .view(all: view, visible: view, manager: manager)
        selected = Set(view.indexes(of: selectedIDs).keys)
    }

    /// How many items the list offers.
    public var totalCount: Int {
        switch backing {
        case .array(let all, _): all.count
        case .view(let all, _, _): all.count
        }
    }

    /// How many items are shown (all, or those matching `searchText`).
    public var visibleCount: Int {
        switch backing {
        case .array(_, let visible): visible.count
        case .view(_, let visible, _): visible.count
        }
    }

    /// The shown items in `range` (clamped), for drawing the visible rows.
    public func visibleItems(in range: Range<Int>) -> [HouseholdItem] {
        switch backing {
        case .array(_, let visible):
            return Array(visible[range.clamped(to: 0..<visible.count)])
        case .view(_, let visible, let manager):
            return visible.ids(in: range).compactMap { try? manager.item(id: $0) }
        }
    }

    /// Every shown item. O(*n*): for the line picker, which prints them all.
    public var visibleItems: [HouseholdItem] { visibleItems(in: 0..<visibleCount) }

    /// Every item the list offers. O(*n*).
    public var items: [HouseholdItem] {
        switch backing {
        case .array(let all, _): all
        case .view(let all, _, let manager): all.ids.compactMap { try? manager.item(id: $0) }
        }
    }

    /// The selected ids, in list order.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for *k* selected items of a view-backed list of *n*.
    public var selectedIDs: [Int64] {
        switch backing {
        case .array(let all, _):
            return all.map(\.id).filter(selected.contains)
        case .view(let all, _, _):
            return all.indexes(of: selected).sorted { $0.value < $1.value }.map(\.key)
        }
    }

    /// Whether the item with `id` is selected.
    public func isSelected(_ id: Int64) -> Bool { selected.contains(id) }

    private func visibleIDs() -> [Int64] {
        switch backing {
        case .array(_, let visible): visible.map(\.id)
        case .view(_, let visible, _): visible.ids
        }
    }

    /// Selects or deselects the shown row at `row` (0-based), the other way round from now.
    public func toggle(row: Int) {
        guard let id = visibleItems(in: row..<row + 1).first?.id else { return }
        if selected.remove(id) == nil { selected.insert(id) }
    }

    /// Selects every shown row.
    public func selectAllVisible() { selected.formUnion(visibleIDs()) }

    /// Deselects every shown row.
    public func deselectAllVisible() { selected.subtract(visibleIDs()) }

    /// Shows only the items whose words start with every word of `text` (as `list --search`
    /// does); nil or blank shows all again. The selection is kept.
    public func narrow(to text: String?) {
        let text = text?.trimmingWhitespace()
        searchText = (text?.isEmpty ?? true) ? nil : text
        switch backing {
        case .array(let all, _):
            let search = searchText.map(SearchText.init)
            backing = .array(all: all, visible: search.map { all.filter($0.matches) } ?? all)
        case .view(let all, _, let manager):
            guard let searchText,
                let narrowed = try? InventoryView(
                    name: "picker search", narrowing: all, by: ItemFilter(text: searchText))
            else {
                backing = .view(all: all, visible: all, manager: manager)
                return
            }
            backing = .view(all: all, visible: narrowed, manager: manager)
        }
    }

    /// Tells the delegate the selection.
    public func finish() {
        delegate?.productList(self, didFinishSelecting: selectedIDs)
    }

    /// Tells the delegate the user cancelled.
    public func cancel() {
        delegate?.productListDidCancel(self)
    }

    /// Runs one line of the picker's line protocol: a number or range toggles (`3`, `2,5`,
    /// `1-4`, numbering the lines as shown), `all`, `none`, `/text` narrows, `/` clears,
    /// `done` or an empty line finishes, `cancel` cancels.
    public func perform(line: String) -> LineOutcome {
        let command = line.trimmingWhitespace()
        switch command.lowercased() {
        case "", "done":
            finish()
            return .finished
        case "cancel":
            cancel()
            return .cancelled
        case "all":
            selectAllVisible()
            return .changed
        case "none":
            deselectAllVisible()
            return .changed
        default:
            break
        }
        if command.hasPrefix("/") {
            narrow(to: String(command.dropFirst()))
            return .changed
        }
        switch Self.parseNumbers(command) {
        case .success(let numbers):
            guard
                let wrong = numbers.first(where: {
                    !(1...max(1, visibleCount)).contains($0) || visibleCount == 0
                })
            else {
                for number in numbers { toggle(row: number - 1) }
                return .changed
            }
            return .hint(
                visibleCount == 0
                    ? "there is no line \(wrong): no line is shown (type / to show all)"
                    : "there is no line \(wrong): lines 1 to \(visibleCount) are shown")
        case .failure:
            return .hint(
                "unknown command \(quoted(command)): type a number or range (2,5 or 1-4), all, "
                    + "none, /text, /, done or cancel")
        }
    }

    /// The longest range a list may hold (`IDListError` says "100,000").
    public static let maximumRange = IDList.maximumRange

    /// The numbers of a list such as `3,5,9-12` (repeats kept, so `3,3` toggles twice).
    static func parseNumbers(_ text: String) -> Result<[Int], IDListError> {
        IDList.numbers(in: text)
    }
}
