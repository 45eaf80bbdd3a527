import ArgumentParser
import InventoryExchange
import InventoryKit

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        _superCommandName: CommandParsing.rootName,
        abstract: "Every tag, with how many items carry it and what they are worth.",
        discussion: """
            A tag keeps the spelling it was first typed with; typed again in another case, it \
            is the same tag. Add tags with `inventory add --tag T` or `inventory edit ID --tag \
            T`, and list a tag's items with `inventory list --tag T`.

            Examples:
              inventory tags
              inventory tags --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array of tags.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let tags = try manager.tags()
        let currency = manager.currency
        let output = Terminal.standardOutput
        if json {
            let objects = tags.map { tag, count, worth in
                var object = "{\"tag\":"
                ItemJSON.appendString(tag, to: &object)
                return object + ",\"items\":\(count),\"worth\":\""
                    + Money.format(worth, currency: currency, grouping: false) + "\"}"
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !tags.isEmpty else {
            output.writeLine("no tags yet (add one with: inventory edit ID --tag T)")
            return
        }
        let rows = tags.map { tag, count, worth in
            [tag, String(count), Money.format(worth, currency: currency)]
        }
        output.write(
            TextTable(
                header: ["TAG", "ITEMS", "WORTH"], rows: rows, rightAligned: [1, 2],
                style: Style.standardOutput(.table)
            ).render())
    }
}
