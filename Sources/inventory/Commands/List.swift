import ArgumentParser
import InventoryKit

/// The built-in views `list --view` accepts.
enum ViewName: String, CaseIterable, ExpressibleByArgument {
    case all
    case luxury
    case nonInsured = "non-insured"

    var filter: ItemFilter {
        switch self {
        case .all: .all
        case .luxury: .luxury
        case .nonInsured: .nonInsured
        }
    }
}

extension ItemSort: ExpressibleByArgument {}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the items of a view: all, luxury or non-insured.",
        discussion: """
            The table ends with the number of items and their total value (price × quantity).
            --json prints an array of items; --csv prints RFC 4180 CSV with a header row.

            Examples:
              inventory list
              inventory list --view luxury --sort price
              inventory list --view non-insured --csv > uninsured.csv
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Which items: all, luxury or non-insured.")
    var view: ViewName = .all

    @Option(help: "The order: name (case-insensitive), price, purchased or id.")
    var sort: ItemSort = .name

    @Flag(help: "Print a JSON array of items.")
    var json = false

    @Flag(help: "Print CSV with a header row.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() throws {
        let manager = try database.openManager()
        let output = Terminal.standardOutput
        if json {
            var first = true
            output.write("[")
            try manager.forEachItem(matching: view.filter, sortedBy: sort) { item in
                output.write(first ? "\n  " : ",\n  ")
                output.write(ItemJSON.object(item, manager: manager))
                first = false
            }
            output.writeLine(first ? "]" : "\n]")
        } else if csv {
            output.write(ItemCSV.header)
            try manager.forEachItem(matching: view.filter, sortedBy: sort) { item in
                output.write(ItemCSV.row(item, manager: manager))
            }
        } else {
            let items = try manager.items(matching: view.filter, sortedBy: sort)
            let table = ItemTable(
                items: items, currency: manager.currency,
                style: Style(isEnabled: Terminal.stdoutSupportsColor))
            output.write(table.render())
        }
    }
}
