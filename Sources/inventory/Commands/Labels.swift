import ArgumentParser
import InventoryExchange
import InventoryKit
import InventoryReport

struct Labels: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels",
        _superCommandName: CommandParsing.rootName,
        abstract: "Write a sheet of labels to print: a QR code, the label's number and the name.",
        discussion: """
            Which labels: the items given by id, every item of --view, everything in --in \
            PLACE and under it, and the places of --place. A thing without a label is given \
            one first (a number never given twice: inventory label assign gives them alone). \
            --url is the address of the house's `inventory serve`: a phone's camera opens the \
            thing's page there, or a place's or a box's contents; without it a code holds the \
            label's number, which `inventory find` answers. The page is one HTML file: print it \
            at 100% with no margins, headers or footers. --skip leaves the first positions \
            of the sheet empty, for a sheet already partly used.

            Stocks: avery-5160 (Letter, 3 × 10), avery-5163 (Letter, 2 × 5), avery-l7160 (A4, \
            3 × 7), avery-l7163 (A4, 2 × 7).

            Examples:
              inventory labels --in Garage --url http://house.lan:8080 --output g.html
              inventory labels 12 14 --place Garage --sheet avery-l7160 --output a4.html
              inventory labels --view luxury --skip 5 --output labels.html
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of items to label.")
    var ids: [Int64] = []

    @Option(help: ArgumentHelp("Every item of this view.", valueName: "name"))
    var view: String?

    @Option(
        name: .customLong("views"), help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var viewsFile: String?

    @Option(
        name: .customLong("in"),
        help: ArgumentHelp("Everything in this place and under it.", valueName: "place|item"))
    var place: String?

    @Option(
        name: .customLong("place"),
        help: ArgumentHelp("A place to label itself (repeat for more).", valueName: "path"))
    var places: [String] = []

    @Option(
        help: ArgumentHelp(
            "The label stock: " + LabelStock.all.map(\.name).joined(separator: ", ") + ".",
            valueName: "stock"))
    var sheet = "avery-5160"

    /// The stock `--sheet` names.
    private var stock: LabelStock { LabelStock.named(sheet) ?? LabelStock.all[0] }

    @Option(
        help: ArgumentHelp(
            "The address of the house's inventory serve, which the codes open.",
            valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("Positions of the first page to leave empty.", valueName: "n"))
    var skip = 0

    @Option(help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var output: String

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    func validate() throws {
        if ids.isEmpty && view == nil && place == nil && places.isEmpty {
            throw ValidationError("say what to label: item ids, --view, --in or --place")
        }
        guard LabelStock.named(sheet) != nil else {
            throw ValidationError(
                "unknown --sheet \"\(sheet)\" (stocks: "
                    + LabelStock.all.map(\.name).joined(separator: ", ") + ")")
        }
        guard skip >= 0, skip < stock.perPage else {
            throw ValidationError(
                "--skip takes 0 to \(stock.perPage - 1) (a \(stock.name) sheet has "
                    + "\(stock.perPage) labels)")
        }
        if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("--url takes an address starting with http:// or https://")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let file = try manager.outputFile(at: output, replacing: force)
        var items: [HouseholdItem] = try ids.map { id in
            guard let item = try manager.item(id: id) else { throw InventoryError.itemNotFound(id) }
            return item
        }
        if let view {
            let registry = try ViewOptions.registry(option: viewsFile, currency: manager.currency)
            let definition = try registry.definition(named: view)
            items += try manager.items(matching: definition.filter, sortedBy: definition.sort)
        }
        if let place {
            items += try manager.items(
                matching: ItemFilter(location: try List.path(of: place, manager)))
        }
        var seen: Set<Int64> = []
        items = items.filter { seen.insert($0.id).inserted }
        let labels = try manager.assignLabels(items: items.map(\.id), places: places)
        let placesByID = Dictionary(
            uniqueKeysWithValues: try manager.placeList().map { ($0.id, $0) })
        let itemsByID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let entries = labels.map { label -> LabelSheet.Entry in
            switch label.target {
            case .item(let id):
                let item = itemsByID[id]
                return LabelSheet.Entry(
                    label: label, title: item?.name ?? "item \(id)", detail: item?.location)
            case .place(let id):
                return LabelSheet.Entry(label: label, title: placesByID[id]?.path ?? "place \(id)")
            case .nothing:
                return LabelSheet.Entry(label: label, title: "")
            }
        }
        let page = LabelSheet(stock: stock, entries: entries, baseURL: url, skip: skip)
        try file.write(Array(try page.html().utf8))
        let count = entries.count
        Terminal.standardOutput.writeLine(
            "wrote \(count) label\(count == 1 ? "" : "s") on \(page.pageCount) "
                + "\(stock.name) sheet\(page.pageCount == 1 ? "" : "s") to \(output)")
    }
}

struct LabelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Labels: short numbers for things and places, printed with a QR code.",
        discussion: """
            Examples:
              inventory label assign 12 14 --place "House / Garage"
              inventory labels --in "House / Garage" --output garage.html
              inventory find 000-042
            """,
        subcommands: [LabelAssign.self])
}

struct LabelAssign: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        _superCommandName: CommandParsing.rootName,
        abstract: "Give a label to items and places that have none; print their labels.",
        discussion: """
            A label is a number (000-042) given once and never again: when its thing is \
            deleted, the label names nothing.

            Examples:
              inventory label assign 12 14
              inventory label assign --place "House / Garage" --place Cabin
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items.")
    var ids: [Int64] = []

    @Option(
        name: .customLong("place"),
        help: ArgumentHelp("A place to label (repeat for more).", valueName: "path"))
    var places: [String] = []

    func validate() throws {
        if ids.isEmpty && places.isEmpty {
            throw ValidationError("say what to label: item ids or --place")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let labels = try manager.assignLabels(items: ids, places: places)
        let placesByID = Dictionary(
            uniqueKeysWithValues: try manager.placeList().map { ($0.id, $0.path) })
        for label in labels {
            switch label.target {
            case .item(let id):
                let name = try manager.item(id: id)?.name ?? ""
                Terminal.standardOutput.writeLine(
                    "\(label.text)  item \(id) \(VisibleText.of(name))")
            case .place(let id):
                Terminal.standardOutput.writeLine(
                    "\(label.text)  place \(VisibleText.of(placesByID[id] ?? ""))")
            case .nothing:
                break
            }
        }
    }
}

struct Find: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        _superCommandName: CommandParsing.rootName,
        abstract: "Say what a label is on: an item and where it is, or a place and what it holds.",
        discussion: """
            Examples:
              inventory find 000-042
              inventory find 42 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("The label, as printed (000-042) or its number.", valueName: "label"))
    var label: String

    @Flag(help: "Print the item as JSON (a place: its path, count and worth).")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let (label, thing) = try manager.find(label: label)
        let output = Terminal.standardOutput
        switch thing {
        case .item(let item):
            if json {
                output.writeLine(ItemJSON.object(item, manager: manager))
                return
            }
            output.writeLine(
                "\(label.text)  item \(item.id) \(VisibleText.of(item.name))"
                    + (item.location.map { " · " + VisibleText.of($0) } ?? ""))
            let contents = try manager.contents(of: item.id)
            if !contents.isEmpty {
                output.writeLine(
                    "holds \(contents.count) item\(contents.count == 1 ? "" : "s"): "
                        + contents.map { "\($0.id) " + VisibleText.of($0.name) }.joined(
                            separator: ", "))
            }
        case .place(let place):
            let summary = try manager.places().first { $0.place.id == place.id }
            let worth = Money.format(summary?.worth ?? 0, currency: manager.currency)
            if json {
                var object = "{\"label\":\"\(label.text)\",\"place\":"
                ItemJSON.appendString(place.path, to: &object)
                output.writeLine(
                    object + ",\"items\":\(summary?.itemCount ?? 0),\"worth\":\""
                        + Money.format(
                            summary?.worth ?? 0, currency: manager.currency, grouping: false)
                        + "\"}")
                return
            }
            output.writeLine(
                "\(label.text)  place \(VisibleText.of(place.path)) · "
                    + "\(summary?.itemCount ?? 0) items, worth \(worth)")
        case .nothing:
            throw CommandFailure(
                description: "label \(label.text) is on nothing any more: its thing was deleted",
                status: 1)
        }
    }
}
