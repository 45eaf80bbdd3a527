import ArgumentParser
import InventoryKit

struct ClaimList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "Every claim, newest first, with its value.",
        discussion: """
            Examples:
              inventory claim list
              inventory claim list --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array of claims.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let claims = try manager.claims()
        let output = Terminal.standardOutput
        if json {
            output.writeLine(
                claims.isEmpty
                    ? "[]"
                    : "[\n  "
                        + claims.map { ClaimJSON.object($0, manager: manager) }.joined(
                            separator: ",\n  ") + "\n]")
            return
        }
        guard !claims.isEmpty else {
            output.writeLine("no claims")
            return
        }
        let currency = manager.currency
        let header = ["ID", "TITLE", "KIND", "INCIDENT", "ITEMS", "TOTAL", "NOT INSURED"]
        let rows = claims.map { claim in
            [
                String(claim.id), DisplayWidth.truncate(claim.title, to: 40), claim.kind.rawValue,
                claim.incidentDate?.description ?? "—", String(claim.totals.itemCount),
                Money.format(claim.totals.total, currency: currency),
                Money.format(claim.totals.notInsured, currency: currency),
            ]
        }
        output.write(
            TextTable(
                header: header, rows: rows, rightAligned: [0, 4, 5, 6],
                style: Style.standardOutput(.table)
            )
            .render())
    }
}
