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
    /// Every item the list offers, in list order (as `inventory list` shows them).
    public let items: [HouseholdItem]
    /// The words the list is narrowed to, if any.
    public private(set) var searchText: String?
    /// The items shown: all of them, or those matching `searchText`.
    public private(set) var visibleItems: [HouseholdItem]
    private var selected: Set<Int64>

    /// Creates a list of `items` with `selectedIDs` already marked (ids of other items are
    /// ignored).
    public init(items: [HouseholdItem], selectedIDs: some Sequence<Int64>) {
        self.items = items
        self.visibleItems = items
        let offered = Set(items.map(\.id))
        self.selected = Set(selectedIDs).intersection(offered)
    }

    /// The selected ids, in list order.
    public var selectedIDs: [Int64] { items.map(\.id).filter(selected.contains) }

    /// Whether the item with `id` is selected.
    public func isSelected(_ id: Int64) -> Bool { selected.contains(id) }

    /// Selects or deselects the shown row at `row` (0-based), the other way round from now.
    public func toggle(row: Int) {
        let id = visibleItems[row].id
        if selected.remove(id) == nil { selected.insert(id) }
    }

    /// Selects every shown row.
    public func selectAllVisible() { selected.formUnion(visibleItems.map(\.id)) }

    /// Deselects every shown row.
    public func deselectAllVisible() { selected.subtract(visibleItems.map(\.id)) }

    /// Shows only the items whose words start with every word of `text` (as `list --search`
    /// does); nil or blank shows all again. The selection is kept.
    public func narrow(to text: String?) {
        let text = text?.trimmingWhitespace()
        searchText = (text?.isEmpty ?? true) ? nil : text
        if let searchText {
            let search = SearchText(searchText)
            visibleItems = items.filter(search.matches)
        } else {
            visibleItems = items
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
            guard let wrong = numbers.first(where: { !(1...visibleItems.count).contains($0) })
            else {
                for number in numbers { toggle(row: number - 1) }
                return .changed
            }
            return .hint(
                visibleItems.isEmpty
                    ? "there is no line \(wrong): no line is shown (type / to show all)"
                    : "there is no line \(wrong): lines 1 to \(visibleItems.count) are shown")
        case .failure:
            return .hint(
                "unknown command \(quoted(command)): type a number or range (2,5 or 1-4), all, "
                    + "none, /text, /, done or cancel")
        }
    }

    /// The numbers of a list such as `3,5,9-12` (repeats kept, so `3,3` toggles twice).
    static func parseNumbers(_ text: String) -> Result<[Int], IDListError> {
        var numbers: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = part.trimmingWhitespace()
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                let low = Int(bounds[0].trimmingWhitespace()),
                let high = Int(bounds.last!.trimmingWhitespace()), low >= 0, low <= high,
                high - low < 100_000
            else { return .failure(IDListError(part: part)) }
            numbers.append(contentsOf: low...high)
        }
        return .success(numbers)
    }
}

/// A part of an id list such as `3,5,9-12` that is not a number or an ascending range.
public struct IDListError: Error, Sendable, Hashable {
    public let part: String
}

/// Parses an id list such as `3,5,9-12` into ids, in order, each once.
///
/// - Throws: `InventoryError.invalidValue` naming the list and the part that is wrong
///   (`3-`, `a`, `5-2`).
public func parseIDList(_ text: String, field: String = "items") throws -> [Int64] {
    switch ProductListController.parseNumbers(text) {
    case .success(let numbers):
        var seen: Set<Int64> = []
        return numbers.map(Int64.init).filter { seen.insert($0).inserted }
    case .failure(let error):
        throw InventoryError.invalidValue(
            field: field, value: text,
            reason: "\(quoted(error.part)) is not an id or a range such as 9-12")
    }
}
