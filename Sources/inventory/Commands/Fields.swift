import ArgumentParser
import InventoryExchange
import InventoryKit

struct FieldsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fields",
        abstract: "Fields of your own: define them, list them, remove them.",
        discussion: """
            A field of your own has a name and a type: text, number, money (in the \
            inventory's currency), date, yes/no, or choice (one of --options). It may be \
            required for the items with a tag (--required-for-tag), and a number or an amount \
            may have a least and a most (--min, --max). Give an item a value with 'inventory \
            add/edit --field NAME=VALUE' (an empty value clears it); 'show', the JSON, CSV and \
            Homebox exports and imports, the web forms and views' filters ("fields") carry \
            them, and 'list --search' finds their words.

            Examples:
              inventory fields add Wattage --type number --min 0
              inventory fields add Fuel --type choice --options Diesel,Petrol,Electric
              inventory fields add "Service contract" --type yes/no --required-for-tag car
              inventory fields
              inventory edit 7 --field Wattage=1200 --field Fuel=diesel
              inventory fields rename Wattage Power
              inventory fields remove Wattage
            """,
        subcommands: [
            FieldsListCommand.self, FieldsAddCommand.self, FieldsRenameCommand.self,
            FieldsRemoveCommand.self,
        ],
        defaultSubcommand: FieldsListCommand.self)
}

struct FieldsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "The fields of your own: name, type, rule.",
        discussion: """
            Examples:
              inventory fields list
              inventory fields list --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let fields = try manager.customFields()
        let output = Terminal.standardOutput
        if json {
            let objects = fields.map(Self.json)
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !fields.isEmpty else {
            output.writeLine("No fields of your own: 'inventory fields add NAME --type TYPE'.")
            return
        }
        output.write(
            TextTable(
                header: ["NAME", "TYPE", "RULE"],
                rows: fields.map { field in
                    var type = field.kind.name
                    if case .choice(let options) = field.kind {
                        type += ": " + options.joined(separator: ", ")
                    }
                    return [VisibleText.of(field.name), VisibleText.of(type), field.ruleText ?? ""]
                }, rightAligned: [], style: Style.standardOutput(.table)
            ).render())
    }

    static func json(_ field: CustomField) -> String {
        var object = "{\"name\":"
        ItemJSON.appendString(field.name, to: &object)
        object += ",\"key\":"
        ItemJSON.appendString(field.key, to: &object)
        object += ",\"type\":"
        ItemJSON.appendString(field.kind.name, to: &object)
        object += ",\"options\":"
        if case .choice(let options) = field.kind {
            object += "["
            for (index, option) in options.enumerated() {
                if index > 0 { object += "," }
                ItemJSON.appendString(option, to: &object)
            }
            object += "]"
        } else {
            object += "null"
        }
        object += ",\"requiredForTag\":"
        ItemJSON.appendString(field.requiredForTag, to: &object)
        object += ",\"minimum\":" + (field.minimum.map(CustomField.number) ?? "null")
        object += ",\"maximum\":" + (field.maximum.map(CustomField.number) ?? "null")
        return object + "}"
    }
}

struct FieldsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Define a field of your own.",
        discussion: """
            Examples:
              inventory fields add Wattage --type number --min 0 --max 10000
              inventory fields add Fuel --type choice --options Diesel,Petrol,Electric
              inventory fields add "Bought with" --type text
              inventory fields add "MOT due" --type date --required-for-tag car
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Its name (1 to 60 characters).")
    var name: String

    @Option(
        help: ArgumentHelp(
            "text, number, money, date, yes/no or choice.", valueName: "type"))
    var type: String

    @Option(help: ArgumentHelp("A choice's options, separated by commas.", valueName: "list"))
    var options: String?

    @Option(
        name: .customLong("required-for-tag"),
        help: ArgumentHelp("Items with this tag must have a value.", valueName: "tag"))
    var requiredForTag: String?

    @Option(help: ArgumentHelp("The least a number or an amount may be.", valueName: "number"))
    var min: String?

    @Option(help: ArgumentHelp("The most a number or an amount may be.", valueName: "number"))
    var max: String?

    func run() throws {
        let listed = options.map {
            $0.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        guard let kind = CustomField.Kind(name: type, options: listed ?? []) else {
            throw InventoryError.invalidValue(
                field: .other("type"), value: type,
                reason: "write one of " + CustomField.Kind.names.joined(separator: ", "))
        }
        if case .choice = kind {
            guard listed != nil else {
                throw InventoryError.invalidValue(
                    field: .other("options"), value: "",
                    reason: "a choice needs --options A,B,C")
            }
        } else if options != nil {
            throw InventoryError.invalidValue(
                field: .other("options"), value: options ?? "",
                reason: "only a choice has options")
        }
        func number(_ text: String?, _ name: String) throws -> Double? {
            guard let text else { return nil }
            guard let value = Double(text.trimmingWhitespace()), value.isFinite else {
                throw InventoryError.invalidValue(
                    field: .other(name), value: text, reason: "not a number")
            }
            return value
        }
        let manager = try database.openManager(.write)
        let field = try manager.defineCustomField(
            name: name, kind: kind, requiredForTag: requiredForTag,
            minimum: try number(min, "min"), maximum: try number(max, "max"))
        Terminal.standardOutput.writeLine(
            "field \(VisibleText.of(field.name)): \(field.kind.name)"
                + (field.ruleText.map { ", \($0)" } ?? ""))
    }
}

struct FieldsRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        _superCommandName: CommandParsing.rootName,
        abstract: "Rename a field of your own; its values go with it.",
        discussion: """
            Each item that has a value keeps it under the new name (its history says so), \
            and so do the templates. A views file that filters on the field ("fields") names \
            it by its old name until you edit it.

            Examples:
              inventory fields rename Wattage Power
              inventory fields rename "mot due" "MOT due"
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The field's name (in any case).")
    var name: String

    @Argument(help: "Its new name.")
    var newName: String

    func run() throws {
        let manager = try database.openManager(.write)
        let (field, count) = try manager.renameCustomField(named: name, to: newName)
        Terminal.standardOutput.writeLine(
            "renamed field \(VisibleText.of(name)) to \(VisibleText.of(field.name))"
                + (count == 0 ? "" : "; \(count) item\(count == 1 ? "" : "s") changed"))
    }
}

struct FieldsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        _superCommandName: CommandParsing.rootName,
        abstract: "Remove a field of your own, and its value from every item.",
        discussion: """
            Each item that had a value is changed (its history keeps the value).

            Examples:
              inventory fields remove Wattage
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The field's name (in any case).")
    var name: String

    func run() throws {
        let manager = try database.openManager(.write)
        let (field, count) = try manager.removeCustomField(named: name)
        Terminal.standardOutput.writeLine(
            "removed field \(VisibleText.of(field.name))"
                + (count == 0 ? "" : "; \(count) item\(count == 1 ? "" : "s") lost its value"))
    }
}
