import ArgumentParser
import InventoryExchange
import InventoryKit

struct ViewsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "Every view: name, title, description, where it is defined, item count.",
        discussion: """
            Examples:
              inventory views list
              inventory views --json --views ~/views.json
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var viewsFile: String?

    @Flag(help: "Print a JSON array of views.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let registry = try ViewOptions.registry(option: viewsFile, currency: manager.currency)
        let rows = try registry.names.map { name in
            let definition = try registry.definition(named: name)
            return (definition, try manager.count(matching: definition.filter))
        }
        let output = Terminal.standardOutput
        if json {
            let objects = rows.map { definition, count in
                var object = "{\"name\":"
                ItemJSON.appendString(definition.name, to: &object)
                object += ",\"title\":"
                ItemJSON.appendString(definition.title, to: &object)
                object += ",\"description\":"
                ItemJSON.appendString(definition.description, to: &object)
                object += ",\"source\":"
                ItemJSON.appendString(definition.source, to: &object)
                return object + ",\"count\":\(count)}"
            }
            output.writeLine("[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        let style = Style.standardOutput(.table)
        let header = ["NAME", "TITLE", "ITEMS", "DEFINED IN", "DESCRIPTION"]
        let cells = rows.map { definition, count in
            [
                definition.name, definition.title, String(count), definition.source,
                definition.description ?? "",
            ]
        }
        output.write(
            TextTable(header: header, rows: cells, rightAligned: [2], style: style).render())
    }
}
