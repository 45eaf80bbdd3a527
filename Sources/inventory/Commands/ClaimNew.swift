import ArgumentParser
import Foundation
import InventoryKit

struct ClaimNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        _superCommandName: CommandParsing.rootName,
        abstract: "Start a claim and choose the lost items; prints the claim's id.",
        discussion: """
            Choose the items with --items (ids such as 3,5,9-12) or with the picker (--select, \
            or when neither is given and stdin is a terminal). The picker reads commands line \
            by line, so it can be scripted: a number or range toggles, all, none, /text \
            narrows, / shows all, done (or an empty line) finishes, cancel or end of input \
            cancels. Its list goes to stderr; stdout gets only the claim's id.

            Examples:
              inventory claim new --title Burglary --kind theft --items 3,5,9-12
              inventory claim new --title Fire --incident-date 2026-11-20 --select
              printf '1\\n3\\ndone\\n' | inventory claim new --title "Burglary" --select
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var fields: ClaimFieldOptions

    @Option(help: ArgumentHelp("The lost items' ids, such as 3,5,9-12.", valueName: "ids"))
    var items: String?

    @Flag(help: "Choose the items with the picker.")
    var select = false

    func validate() throws {
        guard fields.title != nil else {
            throw ValidationError("Missing expected argument '--title <title>'")
        }
        if items != nil && select {
            throw ValidationError("--items and --select cannot be used together")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let form = ClaimFormController(items: try manager.entireHouseholdInventory())
        let saver = ClaimSaver(manager: manager)
        form.delegate = saver
        fields.apply(to: form)
        if let items {
            form.chooseItems(try parseIDList(items))
        } else if select || isatty(0) == 1 {
            try pickItems(for: form, manager: manager, action: "no claim was saved")
        }
        let claim = try submit(form)
        Terminal.standardOutput.writeLine(String(claim.id))
    }
}
