import ArgumentParser
import InventoryKit

extension ClaimKind: ChoiceArgument {}

struct ClaimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claim",
        abstract: "Insurance claims: pick what was lost, see its value, export it for the insurer.",
        discussion: """
            Examples:
              inventory claim new --title Burglary --kind theft --items 3,5,9-12
              printf '1\\n3\\ndone\\n' | inventory claim new --title "Burglary" --select
              inventory claim show 1
              inventory claim export 1 --format csv --output loss.csv
              inventory claim line 1 7 --replacement 1299 --source "Best Buy"
              inventory claim replaced 1 7 --paid 1249.00 --receipt receipt.pdf
              inventory claim refresh 1 7
              inventory claim edit 1 --sales-tax 8.875% --group clothing
              inventory claim export 1 --format adjuster --output adjuster.csv
              inventory claim export 1 --format xlsx --output claim.xlsx
              inventory claim payments 1 --add 2500 --kind advance
            """,
        subcommands: [
            ClaimNew.self, ClaimEdit.self, ClaimList.self, ClaimShow.self, ClaimDelete.self,
            ClaimExport.self, ClaimLine.self, ClaimReplaced.self, ClaimRefresh.self,
            ClaimPayments.self,
        ])
}

/// The claim's title, date, kind and notes, as `claim new` and `claim edit` take them.
struct ClaimFieldOptions: ParsableArguments {
    @Option(help: "What happened, in a few words (required for a new claim).")
    var title: String?

    @Option(
        name: .customLong("incident-date"),
        help: ArgumentHelp("The day it happened (not in the future).", valueName: "YYYY-MM-DD"))
    var incidentDate: String?

    @Option(help: "theft, fire, water or other.")
    var kind: ClaimKind?

    @Option(help: "Anything the insurer should know.")
    var notes: String?

    /// Copies the given fields into `form`.
    func apply(to form: ClaimFormController) {
        if let title { form.title = title }
        if let incidentDate { form.incidentDateText = incidentDate }
        if let kind { form.kind = kind }
        if let notes { form.notes = notes }
    }
}

/// Opens the picker on the form's list; a cancelled pick ends the command without saving.
func pickItems(for form: ClaimFormController, manager: InventoryManager, action: String) throws {
    let list = form.presentProductList()
    guard LinePicker.run(list, currency: manager.currency) else {
        throw CommandFailure(description: "cancelled; \(action)", status: 1)
    }
}

/// Submits the form through its delegate; a refusal becomes one line and exit 65.
func submit(_ form: ClaimFormController) throws -> Claim {
    guard form.submit(), let claim = form.savedClaim else {
        throw InventoryError.claimRefused(form.problems)
    }
    return claim
}
