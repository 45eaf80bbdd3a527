import ArgumentParser
import Foundation
import InventoryKit

struct ClaimEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        _superCommandName: CommandParsing.rootName,
        abstract: "Change a claim's fields or items.",
        discussion: """
            --select opens the picker with the claim's items already chosen. --sales-tax \
            adds the rate to every line's replacement cost, as adjusters do (a line may have \
            its own: 'claim line --sales-tax'); it depreciates with it. --group lists the \
            lines of those depreciation categories (clothing, sports, tools…: 'inventory \
            settings' shows them) as one line each, with a count, in the adjuster's exports \
            ("Clothing, 40, …"), as insurers accept for clothes or books; the ledger keeps \
            every line.

            Examples:
              inventory claim edit 1 --add-items 14,15
              inventory claim edit 1 --remove-items 3 --notes "the TV was found"
              inventory claim edit 1 --select
              inventory claim edit 1 --sales-tax 8.875%
              inventory claim edit 1 --group clothing,sports
              inventory claim edit 1 --group ""    # no grouped lines
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

    @Option(
        name: .customLong("sales-tax"),
        help: ArgumentHelp(
            "The sales tax added to replacement costs, such as 8.875% (\"\" for none).",
            valueName: "rate"))
    var salesTax: String?

    @Option(
        help: ArgumentHelp(
            "Depreciation categories exported as one line each (\"\" for none).",
            valueName: "categories"))
    var group: String?

    /// Whether the claim's form (fields, items) changes, not only its tax or groups.
    private var changesForm: Bool {
        let given: [Any?] = [
            fields.title, fields.incidentDate, fields.kind, fields.notes, addItems, removeItems,
        ]
        return select || given.contains { $0 != nil }
    }

    func validate() throws {
        if !changesForm, salesTax == nil, group == nil {
            throw ValidationError(
                "nothing to change: give the fields, items, --sales-tax or --group to change, "
                    + "such as --add-items 14 or --select")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        guard let claim = try manager.claim(id: id) else { throw InventoryError.claimNotFound(id) }
        let rate = try salesTax.map { try ClaimLine.salesTaxRate($0) }
        let groups = group.map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }
        // the groups are checked before anything is saved: a refusal changes nothing
        if let groups { _ = try manager.checkedGroupedCategories(groups) }
        guard changesForm else {
            let saved = try manager.setClaimAdjustments(
                claimID: id, salesTax: rate, grouped: groups)
            Terminal.standardOutput.writeLine(
                "edited claim \(saved.id) \(VisibleText.of(saved.title)): "
                    + ClaimShow.adjustmentsText(saved))
            return
        }
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
        var saved = try submit(form)
        if rate != nil || groups != nil {
            saved = try manager.setClaimAdjustments(claimID: id, salesTax: rate, grouped: groups)
        }
        Terminal.standardOutput.writeLine(
            "edited claim \(saved.id) \(VisibleText.of(saved.title))"
                + (rate != nil || groups != nil ? ": " + ClaimShow.adjustmentsText(saved) : ""))
    }
}
