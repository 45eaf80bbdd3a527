import ArgumentParser
import InventoryKit

struct ClaimRefresh: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        _superCommandName: CommandParsing.rootName,
        abstract: "Have a claimed line take its item's values as they are now.",
        discussion: """
            A claim is a record of the loss: each line keeps the item as it was when it was \
            claimed, and an edit of the item afterwards does not change the claim, its ledger \
            or its exports ('inventory claim show' names what changed since). This command \
            takes the item's current values on purpose — to correct a mistake made before the \
            claim, for example. What the line recorded before and after is kept, and \
            'inventory history' shows it.

            Examples:
              inventory claim refresh 1 7
              inventory claim refresh 1 --line 2
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var target: ClaimLineOptions

    func run() throws {
        let manager = try database.openManager(.write)
        let (claim, changes) = try manager.refreshClaimLine(
            claimID: target.claim, line: target.reference)
        guard let index = target.reference.position(in: claim) else { return }
        let name = VisibleText.of(claim.items[index].name)
        Terminal.standardOutput.writeLine(
            changes.isEmpty
                ? "claim \(claim.id), line \(index + 1) \(name): unchanged (the item is as claimed)"
                : "claim \(claim.id), line \(index + 1) \(name) now records: "
                    + changes.map(\.description).joined(separator: ", "))
    }
}
