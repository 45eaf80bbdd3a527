import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

extension ItemSort: ChoiceArgument {}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "List the items of a view: all, luxury, non-insured, or one of yours.",
        discussion: """
            The table ends with the number of items and their total worth: each item's \
            replacement value (VALUE) where it has one, else its price, times its quantity. On \
            a terminal, the columns that do not fit are left out. --json prints an array of \
            items; --csv prints RFC 4180 CSV with a header row (a text a spreadsheet would run \
            as a formula, =, +, -, @ first, with an apostrophe before it, as every CSV \
            inventory writes). --search narrows the view to \
            items whose words start with every word given (name, description, brand, model, \
            serial, notes and location); --tag to items with that tag; --in to what is in a \
            place or under it, or inside a box; --field to items whose field of your own \
            ('inventory fields') has a value; --columns adds fields of your own to the table \
            or the CSV.

            Examples:
              inventory list
              inventory list --view luxury --sort worth-desc
              inventory list --view non-insured --csv > uninsured.csv
              inventory list --search "sony camera"
              inventory list --tag jewelry
              inventory list --in "House / Garage"
              inventory list --field Fuel=diesel --columns Fuel,Wattage
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var views: ViewOptions

    @Option(help: ArgumentHelp("Only items matching these words.", valueName: "text"))
    var search: String?

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("Only items with this tag (repeat: with every one).", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("in"),
        help: ArgumentHelp(
            "Only what is in this place or under it, or inside this item (its id).",
            valueName: "place|item"))
    var place: String?

    @Option(
        help: ArgumentHelp(
            "The order: name (case-insensitive), price, worth, purchased or id; add -desc to reverse "
                + "(default: the view's).",
            valueName: "order"))
    var sort: ItemSort?

    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(
            "Only items whose field of your own has this value, NAME=VALUE (any case; repeat: "
                + "every one).",
            valueName: "name=value"))
    var fieldValues: [String] = []

    @Option(
        help: ArgumentHelp(
            "Fields of your own to show as columns of the table or the CSV, by name.",
            valueName: "name,…"))
    var columns: String?

    @Flag(help: "Print a JSON array of items.")
    var json = false

    @Flag(help: "Print CSV with a header row.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() throws {
        let format: OutputFormat = json ? .json : csv ? .csv : .table
        let manager = try database.openManager(.read)
        try manager.mapDatabaseForReading()
        let definition = try views.definition(in: try views.registry(currency: manager.currency))
        var filter = definition.filter
        if let search { filter = filter.narrowed(by: ItemFilter(text: search)) }
        if !tags.isEmpty {
            filter = filter.narrowed(by: ItemFilter(tags: try tags.map(ItemValidation.tag)))
        }
        if let place {
            filter = filter.narrowed(by: ItemFilter(location: try Self.path(of: place, manager)))
        }
        // read only when asked for: a cold listing pays for every query
        let ownFields = fieldValues.isEmpty && columns == nil ? [] : try manager.customFields()
        if !fieldValues.isEmpty {
            var conditions: [ItemFilter.FieldCondition] = []
            for text in fieldValues {
                guard let equals = text.firstIndex(of: "="),
                    let field = ownFields.first(where: {
                        $0.key == CustomField.key(String(text[..<equals]))
                    })
                else {
                    throw InventoryError.invalidValue(
                        field: .other("field"), value: text,
                        reason: "write NAME=VALUE with a field of yours ('inventory fields')")
                }
                let value = String(text[text.index(after: equals)...])
                conditions.append(
                    ItemFilter.FieldCondition(
                        field: field.name,
                        equals: try field.value(from: value, currency: manager.currency),
                        hasValue: value.trimmingWhitespace().isEmpty ? false : nil))
            }
            filter = filter.narrowed(by: ItemFilter(fields: conditions))
        }
        let shown: [CustomField] =
            try columns.map { list in
                try list.split(separator: ",").map { name -> CustomField in
                    guard
                        let field = ownFields.first(where: {
                            $0.key == CustomField.key(String(name))
                        })
                    else {
                        throw InventoryError.invalidValue(
                            field: .other("columns"), value: String(name),
                            reason:
                                "no such field of this inventory ('inventory fields' lists them)")
                    }
                    return field
                }
            } ?? []
        let order = sort ?? definition.sort
        let output = Terminal.standardOutput
        switch format {
        case .json:
            var first = true
            output.write("[")
            try manager.forEachItem(matching: filter, sortedBy: order) { item in
                output.write(first ? "\n  " : ",\n  ")
                try output.write { ItemJSON.appendObject(item, manager: manager, to: &$0) }
                first = false
            }
            output.writeLine(first ? "]" : "\n]")
        case .csv:
            let forTerminal = isatty(1) == 1
            output.write(ItemCSV.header(ownFields: shown))
            try manager.forEachItem(matching: filter, sortedBy: order) { item in
                try output.write {
                    ItemCSV.appendRow(
                        item, manager: manager, forTerminal: forTerminal, ownFields: shown,
                        to: &$0)
                }
            }
        case .table:
            let items = try manager.items(matching: filter, sortedBy: order)
            let table = ItemTable(
                items: items, currency: manager.currency,
                style: Style.standardOutput(.table), width: Terminal.standardOutputWidth,
                ownFields: shown)
            output.write(table.render())
        }
    }

    /// The path whose items `--in` lists: a place's, or what is inside the item with that id.
    static func path(of text: String, _ manager: InventoryManager) throws -> String {
        switch try Move.destination(text, manager: manager) {
        case .container(let id):
            guard let item = try manager.item(id: id) else { throw InventoryError.itemNotFound(id) }
            return InventoryManager.path(inside: item)
        case .place(let path):
            guard let place = try manager.place(path: path) else {
                throw InventoryError.place(.notFound(PlacePath.normalized(path) ?? path))
            }
            return place.path
        }
    }
}
