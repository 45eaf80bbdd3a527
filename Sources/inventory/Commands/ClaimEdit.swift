import ArgumentParser
import InventoryKit

struct ClaimEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        _superCommandName: CommandParsing.rootName,
        abstract: "Change a claim's fields or items.",
        discussion: """
            --select opens the picker with the claim's items already chosen.

            Examples:
              inventory claim edit 1 --add-items 14,15
              inventory claim edit 1 --remove-items 3 --notes "the TV was found"
              inventory claim edit 1 --select
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    @OptionGroup var fields: ClaimFieldOptions

    @Option(
        name: .customLong("add-items"),
        help: ArgumentHelp("Items to add, such as 3,5,9-12.", valueName: "ids"))
    var addItems: String?

    @Option(
        name: .customLong("remove-items"),
        help: ArgumentHelp("Items to take out.", valueName: "ids"))
    var removeItems: String?

    @Flag(help: "Choose the items with the picker.")
    var select = false

    func validate() throws {
        let given: [Any?] = [
            fields.title, fields.incidentDate, fields.kind, fields.notes, addItems, removeItems,
        ]
        if given.allSatisfy({ $0 == nil }), !select {
            throw ValidationError(
                "nothing to change: give the fields or items to change, such as --add-items 14 "
                    + "or --select")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        guard let claim = try manager.claim(id: id) else { throw InventoryError.claimNotFound(id) }
        let form = ClaimFormController(
            items: try manager.entireHouseholdInventory(), editing: claim)
        let saver = ClaimSaver(manager: manager, claimID: id)
        form.delegate = saver
        fields.apply(to: form)
        var chosen = form.selectedItemIDs
        if let addItems { chosen += try parseIDList(addItems, field: .other("add-items")) }
        if let removeItems {
            let removed = try parseIDList(removeItems, field: .other("remove-items"))
            let absent = removed.filter { !chosen.contains($0) }
            guard absent.isEmpty else {
                throw InventoryError.invalidValue(
                    field: .other("remove-items"), value: removeItems,
                    reason:
                        "claim \(id) does not list item \(absent.map(String.init).joined(separator: ", "))"
                )
            }
            chosen.removeAll { removed.contains($0) }
        }
        form.chooseItems(chosen)
        if select {
            try pickItems(for: form, manager: manager, action: "claim \(id) was not changed")
        }
        let saved = try submit(form)
        Terminal.standardOutput.writeLine("edited claim \(saved.id) \(VisibleText.of(saved.title))")
    }
}
