import ArgumentParser
import Foundation
import InventoryKit

struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        _superCommandName: CommandParsing.rootName,
        abstract: "What needs doing: maintenance, warranties ending, loans due back, reviews.",
        discussion: """
            Lists, by day, what is overdue and what falls due within --within: scheduled \
            maintenance ('inventory maintenance'), warranties ending (from the warranty \
            notice ahead, 30 days unless 'inventory settings --warranty-notice' says, or \
            --within if longer; a lifetime warranty never ends), loans due back ('inventory \
            lend --due'), and items not reviewed within the review interval ('inventory settings --review-days'). Exits 0 whatever it \
            finds.

            Examples:
              inventory due
              inventory due --within 90d
              inventory due --within 2w --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        help: ArgumentHelp(
            "How far ahead: days, weeks, months (of 30 days) or years: 30d, 2w, 3m, 1y.",
            valueName: "period"))
    var within = "30d"

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() throws {
        guard let days = CalendarDate.days(inPeriod: within) else {
            throw InventoryError.invalidValue(
                field: .other("period"), value: within,
                reason: "a period is days, weeks, months or years, such as 30d, 2w or 3m")
        }
        let manager = try database.openManager(.read)
        let things = try manager.due(withinDays: days)
        let today = manager.today()
        let output = Terminal.standardOutput
        if json {
            output.writeLine(
                "[" + things.map { MaintenanceJSON.due($0, today: today) }.joined(separator: ",\n ")
                    + "]")
            return
        }
        guard !things.isEmpty else {
            output.writeLine("Nothing due within \(days) day\(days == 1 ? "" : "s").")
            return
        }
        let style = Style.standardOutput(.table)
        output.write(
            TextTable(
                header: ["DUE", "ID", "ITEM", "WHAT"],
                rows: things.map {
                    [
                        $0.date.description + ($0.isOverdue(on: today) ? " overdue" : ""),
                        String($0.itemID), DisplayWidth.truncate($0.itemName, to: 40), $0.what,
                    ]
                }, rightAligned: [1], style: style
            ).render())
    }
}
