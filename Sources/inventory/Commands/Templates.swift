import ArgumentParser
import InventoryExchange
import InventoryKit

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Named defaults for new items: 'inventory add --template NAME' starts from one.",
        discussion: """
            A template keeps what new items of a kind share: tags, a place, insured or luxury, \
            a brand, a shop, fields of your own (--field NAME=VALUE), any field 'add' takes \
            but the name. 'inventory add --template NAME' starts from it and the options given \
            go on top (tags add to the template's); the web's add form offers each template. \
            Saving a template of a name that exists replaces it.

            Examples:
              inventory templates add Electronics --tag electronics --insured
              inventory templates add Tools --tag tools --location "House / Garage"
              inventory templates
              inventory add --name "Bosch drill" --template tools --price 129
              inventory templates remove Tools
            """,
        subcommands: [
            TemplatesListCommand.self, TemplatesAddCommand.self, TemplatesRemoveCommand.self,
        ],
        defaultSubcommand: TemplatesListCommand.self)
}

struct TemplatesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "The templates, with what each sets.",
        discussion: """
            Examples:
              inventory templates list
            """)

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let manager = try database.openManager(.read)
        let templates = try manager.templates()
        let output = Terminal.standardOutput
        guard !templates.isEmpty else {
            output.writeLine("No templates: 'inventory templates add NAME --tag TAG …'.")
            return
        }
        output.write(
            TextTable(
                header: ["TEMPLATE", "SETS"],
                rows: templates.map { [VisibleText.of($0.name), VisibleText.of($0.summary)] },
                rightAligned: [], style: Style.standardOutput(.table)
            ).render())
    }
}

struct TemplatesAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Save a template (replacing one of the same name).",
        discussion: """
            Examples:
              inventory templates add Electronics --tag electronics --insured
              inventory templates add Car --tag car --field Fuel=Diesel --luxury
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Its name (1 to 60 characters).")
    var name: String

    @OptionGroup var fields: ItemFieldOptions

    @Flag(help: "New items are luxury items.")
    var luxury = false

    @Flag(help: "New items are insured.")
    var insured = false

    @Flag(name: .customLong("lifetime-warranty"), help: "Their warranty lasts for life.")
    var lifetimeWarranty = false

    @Flag(help: "The policy lists them on a rider.")
    var scheduled = false

    func validate() throws {
        if fields.name != nil {
            throw ValidationError("a template gives no name: leave out --name")
        }
        if fields.photo != nil { throw ValidationError("a template takes no photo") }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        var draft = ItemDraft(
            name: "", isLuxury: luxury, isInsured: insured, hasLifetimeWarranty: lifetimeWarranty,
            tags: fields.tags)
        draft.isScheduled = scheduled
        for (field, value) in try fields.values(currency: manager.currency) {
            field.set(value, on: &draft.item)
        }
        draft.setCustomFields(try fields.customFields())
        try manager.saveTemplate(ItemTemplate(name: name, defaults: draft))
        let saved = try manager.template(named: name)
        Terminal.standardOutput.writeLine(
            "template \(VisibleText.of(saved?.name ?? name)): "
                + VisibleText.of(saved?.summary ?? ""))
    }
}

struct TemplatesRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        _superCommandName: CommandParsing.rootName,
        abstract: "Remove a template (items made from it stay as they are).",
        discussion: """
            Examples:
              inventory templates remove Tools
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The template's name (in any case).")
    var name: String

    func run() throws {
        let manager = try database.openManager(.write)
        try manager.removeTemplate(named: name)
        Terminal.standardOutput.writeLine("removed template \(VisibleText.of(name))")
    }
}
