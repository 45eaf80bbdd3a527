import ArgumentParser
import InventoryExchange
import InventoryKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Add an item; prints its id.",
        discussion: """
            Examples:
              inventory add --name Boat --price 25000 --purchased 2024-05-01 --luxury
              inventory add --name Ring --price 3200.50 --insured --photo ring.jpg
              inventory add --name Chairs --quantity 6 --location "Dining room" --json
              inventory add --name Laptop --price 1499 --value 1299 --tag electronics
              inventory add --name Drill --warranty-until 2027-03-01 --purchased-from Acme
              inventory add --name Heater --field Wattage=2000 --field Fuel=Electric
              inventory add --name "Bosch drill" --template Tools --price 129
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var fields: ItemFieldOptions

    @Flag(help: "Mark it as a luxury item.")
    var luxury = false

    @Flag(help: "Mark it as insured.")
    var insured = false

    @Flag(name: .customLong("lifetime-warranty"), help: "Its warranty lasts for its life.")
    var lifetimeWarranty = false

    @Flag(help: "The policy lists it by name on a rider (a \"scheduled\" item).")
    var scheduled = false

    @Option(
        help: ArgumentHelp(
            "Start from this template's defaults ('inventory templates'); the options go on top.",
            valueName: "name"))
    var template: String?

    @Flag(help: "Print the added item as JSON instead of its id.")
    var json = false

    func validate() throws {
        guard fields.name != nil else {
            throw ValidationError("Missing expected argument '--name <name>'")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        var draft = ItemDraft(
            name: "", photoFile: fields.photo, isLuxury: luxury, isInsured: insured,
            hasLifetimeWarranty: lifetimeWarranty, tags: fields.tags)
        draft.isScheduled = scheduled
        if let template {
            guard let found = try manager.template(named: template) else {
                throw InventoryError.invalidValue(
                    field: .other("template"), value: template,
                    reason: "no such template ('inventory templates' lists them)")
            }
            // the template's defaults, then what was given: flags and tags add to its own
            var started = found.draft(named: "")
            started.photoFile = fields.photo
            started.isLuxury = started.isLuxury || luxury
            started.isInsured = started.isInsured || insured
            started.hasLifetimeWarranty = started.hasLifetimeWarranty || lifetimeWarranty
            started.isScheduled = started.isScheduled || scheduled
            started.tags += fields.tags
            draft = started
        }
        for (field, value) in try fields.values(currency: manager.currency) {
            field.set(value, on: &draft.item)
        }
        draft.setCustomFields(try fields.customFields())
        let item = try manager.add(draft)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
        } else {
            Terminal.standardOutput.writeLine(String(item.id))
        }
    }
}
