import ArgumentParser
import InventoryKit

struct ClaimDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        _superCommandName: CommandParsing.rootName,
        abstract: "Delete a claim (its items stay in the inventory).",
        discussion: """
            Examples:
              inventory claim delete 2
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    func run() throws {
        let manager = try database.openManager(.write)
        let claim = try manager.deleteClaim(id: id)
        Terminal.standardOutput.writeLine(
            "deleted claim \(claim.id) \(VisibleText.of(claim.title))")
    }
}
