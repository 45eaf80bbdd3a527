import Foundation
import InventoryKit

/// The item picker, line by line: the list goes to stderr (stdout keeps the command's result),
/// commands come from stdin.
enum LinePicker {
    /// Runs `list` until the user finishes or cancels; end of input cancels.
    ///
    /// - Returns: whether the user finished (rather than cancelled).
    static func run(_ list: ProductListController, currency: Currency) -> Bool {
        let out = Terminal.standardError
        out.writeLine(
            "Choose the items: a number or range toggles (3, 2,5, 1-4); all, none; /text narrows, "
                + "/ shows all; done or an empty line finishes; cancel cancels.")
        show(list, currency: currency)
        while true {
            out.write("> ")
            out.flush()
            guard let line = readLine(strippingNewline: true) else {
                list.cancel()
                out.writeLine("")
                return false
            }
            switch list.perform(line: line) {
            case .changed: show(list, currency: currency)
            case .hint(let hint): out.writeLine(VisibleText.of(hint))
            case .finished: return true
            case .cancelled: return false
            }
        }
    }

    static func show(_ list: ProductListController, currency: Currency) {
        let out = Terminal.standardError
        let width = String(list.visibleCount).count
        for (index, item) in list.visibleItems.enumerated() {
            let number = String(index + 1)
            let mark = list.isSelected(item.id) ? "[x]" : "[ ]"
            var line =
                String(repeating: " ", count: width - number.count) + number
                + " \(mark) \(VisibleText.of(item.name))"
            if let price = item.price { line += " · \(price.formatted) \(currency.code)" }
            if item.quantity > 1 { line += " × \(item.quantity)" }
            line += " · #\(item.id)"
            out.writeLine(line)
        }
        let filter =
            list.searchText.map {
                " · showing \(list.visibleCount) matching \(VisibleText.of("\"\($0)\"")) (/ shows all)"
            } ?? ""
        out.writeLine("\(list.selectedIDs.count) of \(list.totalCount) chosen\(filter)")
    }
}
