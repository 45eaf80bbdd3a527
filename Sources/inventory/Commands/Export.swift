import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

extension ExportFormat: ChoiceArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        _superCommandName: CommandParsing.rootName,
        abstract: "Write the items of a view as a Homebox CSV, a spreadsheet CSV, or JSON.",
        discussion: """
            homebox: a CSV file Homebox imports (comma, no byte-order mark, column names every \
            Homebox version reads, YYYY-MM-DD dates, money with its decimals, a place for every \
            item, and a stable import reference, so importing it again updates). A thing in a \
            box names the box by its reference in HB.parent_import_ref and has the place around \
            the box as its HB.location, as Homebox 0.26 writes and reads them. What Homebox has \
            no field for (luxury, replacement value, review date) goes in custom fields, which \
            'inventory import' reads back.

            csv: one row per item with the column names people use in spreadsheets, each \
            item's location its full path (boxes included); 'inventory import' reads it back.

            json: every field of every item, the box it is in, its tags and the list of its \
            files, the claims as they recorded their items, and the settings; 'inventory \
            import' reads it back (the files themselves are not in it: 'inventory import FILE \
            --files FOLDER' takes them from the exporting inventory's photos folder).

            maintenance: every item's maintenance log as CSV, a row per entry (the item's \
            reference and name, the day, what, cost, who, the receipt's file, and the schedule \
            it counts for).

            Without --view, every item is written, those that left the household too (Homebox: \
            HB.archived); with one, the items of that view.

            Text that a spreadsheet would run as a formula (=, +, -, @ first) is written with \
            an apostrophe before it, which 'inventory import' takes off again.

            A file written with --output is readable by you alone (mode 0600); an existing \
            file is replaced only with --force, and never one of the inventory's own files.

            Examples:
              inventory export --format homebox --output homebox.csv
              inventory export --format json --output inventory.json
              inventory export --format csv --view luxury > luxury.csv
              inventory export --format maintenance --output upkeep.csv
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var views: ViewOptions

    @Option(help: "homebox, csv, json or maintenance.")
    var format: ExportFormat

    @OptionGroup var destination: OutputOptions

    func run() throws {
        let manager = try database.openManager(.read)
        let file = try destination.file(for: manager)
        let definition = try views.definition(in: views.registry(currency: manager.currency))
        // The whole inventory is every item, those that left the household too.
        let filter = definition.name == ViewDefinition.all.name ? .everything : definition.filter
        let exporter = Exporter(manager: manager, format: format, filter: filter)
        if let file {
            try file.write { emit in try exporter.export(to: emit) }
        } else {
            try exporter.export { chunk in
                try Terminal.standardOutput.write { $0.append(contentsOf: chunk) }
            }
        }
    }
}
