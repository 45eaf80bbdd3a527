import ArgumentParser
import InventoryExchange
import InventoryKit

struct Places: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Where things are: places in places, with what each holds and its worth.",
        discussion: """
            Places form a tree: a house, its floors, rooms, shelves, to any depth, and several \
            houses in one inventory. An item is in a place (`inventory add --location \
            "House / Garage"` makes the places it names) or inside another item, a box or a \
            toolbox (`inventory move 12 --to 7`). A place's count and worth include everything \
            under it. Renaming or moving a place moves everything under it.

            Examples:
              inventory places
              inventory places add "House / Attic / Shelf 1"
              inventory places rename "House / Attic" Loft
              inventory places add Cabin
              inventory places move "House / Loft / Shelf 1" --to Cabin
              inventory places delete "House / Loft" --move-to "House / Garage"
            """,
        subcommands: [
            PlacesList.self, PlacesAdd.self, PlacesRename.self, PlacesMove.self,
            PlacesDelete.self,
        ],
        defaultSubcommand: PlacesList.self)
}

struct PlacesList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "Show the tree of places, with counts and worth.",
        discussion: """
            Each place counts what is in it and under it, boxes and what they hold too; worth \
            is each item's replacement value, else its price, times its quantity.

            Examples:
              inventory places list
              inventory places list --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array of places.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let places = try manager.places()
        let currency = manager.currency
        let output = Terminal.standardOutput
        if json {
            let objects = places.map { summary in
                var object = "{\"id\":\(summary.place.id),\"name\":"
                ItemJSON.appendString(summary.place.name, to: &object)
                object += ",\"path\":"
                ItemJSON.appendString(summary.place.path, to: &object)
                object += ",\"parent\":" + (summary.place.parentID.map { String($0) } ?? "null")
                return object + ",\"items\":\(summary.itemCount),\"worth\":\""
                    + Money.format(summary.worth, currency: currency, grouping: false) + "\"}"
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !places.isEmpty else {
            output.writeLine(
                "no places yet (add one with: inventory places add \"House / Garage\", "
                    + "or give an item a --location)")
            return
        }
        let rows = places.map { summary in
            [
                String(repeating: "  ", count: summary.place.depth) + summary.place.name,
                String(summary.itemCount), Money.format(summary.worth, currency: currency),
            ]
        }
        output.write(
            TextTable(
                header: ["PLACE", "ITEMS", "WORTH"], rows: rows, rightAligned: [1, 2],
                style: Style.standardOutput(.table)
            ).render())
    }
}

struct PlacesAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Make a place, and the places above it that are missing.",
        discussion: """
            Examples:
              inventory places add "House / Attic / Shelf 1"
              inventory places add Cabin
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("Its path, outermost first (House / Garage).", valueName: "path"))
    var path: String

    func run() throws {
        let place = try database.openManager(.write).addPlace(path: path)
        Terminal.standardOutput.writeLine("added \(VisibleText.of(place.path))")
    }
}

struct PlacesRename: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        _superCommandName: CommandParsing.rootName,
        abstract: "Rename a place; everything under it follows.",
        discussion: """
            Examples:
              inventory places rename "House / Attic" Loft
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The place's path.", valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "name"))
    var name: String

    func run() throws {
        let place = try database.openManager(.write).renamePlace(path: path, to: name)
        Terminal.standardOutput.writeLine("renamed to \(VisibleText.of(place.path))")
    }
}

struct PlacesMove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        _superCommandName: CommandParsing.rootName,
        abstract: "Move a place into another (or to the top); everything under it follows.",
        discussion: """
            Examples:
              inventory places move "House / Loft / Shelf 1" --to Cabin
              inventory places move Cabin --top
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The place's path.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The place to move it into.", valueName: "path"))
    var to: String?

    @Flag(help: "Move it to the top (a place of its own, like a house).")
    var top = false

    func validate() throws {
        guard (to == nil) != !top else {
            throw ValidationError("give --to PLACE or --top")
        }
    }

    func run() throws {
        let place = try database.openManager(.write).movePlace(path: path, into: to)
        Terminal.standardOutput.writeLine("moved to \(VisibleText.of(place.path))")
    }
}

struct PlacesDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        _superCommandName: CommandParsing.rootName,
        abstract: "Delete a place; the things in it go where --move-to says.",
        discussion: """
            A place that holds other places cannot be deleted: move or delete them first.

            Examples:
              inventory places delete "House / Loft"
              inventory places delete "House / Loft" --move-to "House / Garage"
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The place's path.", valueName: "path"))
    var path: String

    @Option(
        name: .customLong("move-to"),
        help: ArgumentHelp(
            "Where the things in it go (needed when it holds any).", valueName: "path"))
    var moveTo: String?

    func run() throws {
        let manager = try database.openManager(.write)
        let place = try manager.place(path: path)
        try manager.deletePlace(path: path, movingItemsTo: moveTo)
        Terminal.standardOutput.writeLine("deleted \(VisibleText.of(place?.path ?? path))")
    }
}
