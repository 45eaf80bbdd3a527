import ArgumentParser
import InventoryKit

struct ClaimShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "A claim's items and totals: count, value, insured, not insured, luxury.",
        discussion: """
            Examples:
              inventory claim show 1
              inventory claim show 1 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    @Flag(help: "Print the claim as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        guard let claim = try manager.claim(id: id) else { throw InventoryError.claimNotFound(id) }
        let output = Terminal.standardOutput
        if json {
            output.writeLine(ClaimJSON.object(claim, manager: manager))
            return
        }
        let style = Style.standardOutput(.table)
        let currency = manager.currency
        func money(_ amount: Int128) -> String { Money.format(amount, currency: currency) }
        output.writeLine(style.bold("Claim \(claim.id): \(VisibleText.of(claim.title))"))
        output.writeLine("  Kind       \(claim.kind.rawValue)")
        if let date = claim.incidentDate { output.writeLine("  Incident   \(date)") }
        if let notes = claim.notes {
            let lines = VisibleText.of(notes, keepingLineBreaks: true).split(
                separator: "\n", omittingEmptySubsequences: false)
            output.writeLine(
                "  Notes      " + lines.joined(separator: "\n" + String(repeating: " ", count: 13)))
        }
        output.writeLine("  Opened     \(claim.createdAt.iso8601)")
        output.writeLine("")
        let rows = claim.items.map { item in
            [
                item.itemID.map(String.init) ?? "deleted", DisplayWidth.truncate(item.name, to: 40),
                String(item.quantity), item.price?.formatted ?? "—", money(item.totalWorth),
                item.isInsured ? "yes" : "no", item.isLuxury ? "yes" : "no",
            ]
        }
        output.write(
            TextTable(
                header: ["ID", "NAME", "QTY", "PRICE", "VALUE", "INSURED", "LUXURY"], rows: rows,
                rightAligned: [0, 2, 3, 4], style: style
            ).render())
        let totals = claim.totals
        output.writeLine("")
        output.writeLine(
            "\(totals.itemCount) item\(totals.itemCount == 1 ? "" : "s") · worth \(money(totals.total)) \(currency.code)"
        )
        output.writeLine("  insured      \(money(totals.insured))")
        output.writeLine("  not insured  \(money(totals.notInsured))")
        output.writeLine("  luxury       \(money(totals.luxury))")
    }
}
