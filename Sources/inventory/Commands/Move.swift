import ArgumentParser
import InventoryExchange
import InventoryKit

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        _superCommandName: CommandParsing.rootName,
        abstract: "Move items into a place, or inside another item (a box, a toolbox).",
        discussion: """
            --to takes a place's path, or an item's id: then the items go inside that item. \
            Whatever a moved item holds moves with it, all in one transaction: each thing's \
            history shows one move. An item cannot go inside itself or inside something it \
            holds. The place must exist (inventory places add makes one).

            Examples:
              inventory move 3 5 --to "House / Garage"
              inventory move 8 9 10 --to 7
              inventory move 7 --to "House / Attic"
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to move.")
    var ids: [Int64]

    @Option(
        help: ArgumentHelp(
            "Where they go: a place's path, or an item's id.", valueName: "place|item"))
    var to: String

    @Flag(help: "Print the moved items as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.write)
        let destination = try Self.destination(to, manager: manager)
        let items = try manager.move(ids: ids, to: destination)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.array(items, manager: manager))
            return
        }
        for item in items {
            Terminal.standardOutput.writeLine(
                "moved \(item.id) \(VisibleText.of(item.name)) to "
                    + VisibleText.of(item.location ?? "—"))
        }
    }

    /// What `text` names: an item's id (a number of an item) or a place's path.
    static func destination(_ text: String, manager: InventoryManager) throws -> ItemDestination {
        if let id = Int64(text), try manager.item(id: id) != nil { return .container(id) }
        return .place(text)
    }
}
