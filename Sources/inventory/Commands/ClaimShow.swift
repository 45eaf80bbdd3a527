import ArgumentParser
import Foundation
import InventoryKit

struct ClaimShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        _superCommandName: CommandParsing.rootName,
        abstract: "A claim's items, totals and ledger: what the insurer will pay, line by line.",
        discussion: """
            The ledger gives each line its replacement cost, its depreciation (how it was \
            worked out: age at the incident against the category's useful life, scaled by \
            the condition, capped at the most taken), the actual cash value paid first, \
            what is held back until a replacement is bought, and what replacements released. \
            A line of an item that was not insured when it was claimed is listed and not \
            paid ("not covered"). A claim over the policy's limits ('inventory settings \
            --coverage-limit', '--special-limit') says so. Each line keeps the item as it \
            was when it was claimed; an item edited since is named with what changed \
            ('inventory claim refresh' takes its new values). The age is taken to a tenth of a year and the \
            percentage to a tenth of a percent, as shown; amounts are rounded half to even at \
            the line. A replacement releases what was held back once its receipt is attached.

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
        if claim.salesTax != nil || !claim.groupedCategories.isEmpty {
            output.writeLine("  Adjuster   \(Self.adjustmentsText(claim))")
        }
        if let notes = claim.notes {
            let lines = VisibleText.of(notes, keepingLineBreaks: true).split(
                separator: "\n", omittingEmptySubsequences: false)
            output.writeLine(
                "  Notes      " + lines.joined(separator: "\n" + String(repeating: " ", count: 13)))
        }
        output.writeLine("  Opened     \(claim.createdAt.minuteText(in: .current))")
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
        let changed = claim.items.enumerated().filter { !$0.element.changesSince.isEmpty }
        if !changed.isEmpty {
            output.writeLine("")
            for (index, item) in changed {
                output.writeLine(
                    "  line \(index + 1) #\(item.itemID.map(String.init) ?? "") "
                        + "\(VisibleText.of(item.name)) has changed since it was claimed: "
                        + item.changesSince.map(\.description).joined(separator: ", "))
            }
            output.writeLine(
                "  The claim keeps each item as it was claimed; 'inventory claim refresh "
                    + "\(claim.id) ITEM' takes an item's new values.")
        }
        let totals = claim.totals
        output.writeLine("")
        output.writeLine(
            "\(totals.itemCount) item\(totals.itemCount == 1 ? "" : "s") · worth \(money(totals.total)) \(currency.code)"
        )
        output.writeLine("  insured      \(money(totals.insured))")
        output.writeLine("  not insured  \(money(totals.notInsured))")
        output.writeLine("  luxury       \(money(totals.luxury))")

        let settings = try manager.settings()
        let ledger = claim.ledger(table: settings.depreciationTable, today: manager.today())
        output.writeLine("")
        output.writeLine(style.bold("Ledger"))
        let ledgerRows = zip(claim.items, ledger).enumerated().map { number, pair in
            let (item, line) = pair
            return [
                String(number + 1), item.itemID.map(String.init) ?? "deleted",
                DisplayWidth.truncate(item.name, to: 30),
                money(line.replacementCost), money(line.depreciation),
                money(line.actualCashValue), money(line.heldBack), money(line.released),
                line.explanation,
            ]
        }
        output.write(
            TextTable(
                header: [
                    "LINE", "ID", "NAME", "REPLACEMENT", "DEPRECIATION", "CASH VALUE",
                    "HELD BACK", "RELEASED", "HOW",
                ], rows: ledgerRows, rightAligned: [0, 1, 3, 4, 5, 6, 7], style: style
            ).render())
        for item in claim.items {
            var notes: [String] = []
            if let cost = item.terms.replacementCost {
                var priced = "priced \(cost.formatted) each"
                if let source = item.terms.source { priced += " at \(VisibleText.of(source))" }
                if let day = item.terms.pricedOn { priced += " on \(day)" }
                notes.append(priced)
            }
            if let paid = item.terms.replacedPaid {
                notes.append(
                    "replaced for \(paid.formatted)"
                        + (item.terms.replacedOn.map { " on \($0)" } ?? "")
                        + (item.terms.replacementReceipt == nil
                            ? ", no receipt yet: nothing is released until one is attached"
                            : ", receipt kept"))
            }
            if item.terms.businessUse { notes.append("business use") }
            if let rate = item.terms.salesTax { notes.append("sales tax \(rate) (its own)") }
            if !notes.isEmpty {
                output.writeLine(
                    "  \(item.itemID.map { "#\($0)" } ?? "deleted") \(VisibleText.of(item.name)): "
                        + notes.joined(separator: "; "))
            }
        }
        let sums = LedgerTotals(ledger)
        output.writeLine("")
        if sums.salesTax > 0 {
            output.writeLine("  cost before tax    \(money(sums.costBeforeTax))")
            output.writeLine("  sales tax          \(money(sums.salesTax))")
        }
        output.writeLine("  replacement cost   \(money(sums.replacementCost))")
        output.writeLine("  depreciation       \(money(sums.depreciation))")
        output.writeLine("  actual cash value  \(money(sums.actualCashValue))  (paid first)")
        output.writeLine("  held back          \(money(sums.heldBack))  (until replaced)")
        output.writeLine("  released           \(money(sums.released))")
        output.writeLine(
            "  payable now        \(money(sums.payable)) \(currency.code)")
        if sums.notCoveredLines > 0 {
            output.writeLine(
                "  not covered        \(money(sums.notCovered))  (\(sums.notCoveredLines) line"
                    + "\(sums.notCoveredLines == 1 ? "" : "s") not insured when claimed: "
                    + "listed, not paid)")
        }
        for problem in CoverageProblem.problems(claim, ledger: ledger, settings: settings) {
            output.writeLine("  over the limit: \(problem)")
        }
        if !claim.payments.isEmpty {
            let balance = ClaimBalance(sums, payments: claim.payments)
            output.writeLine("")
            output.writeLine(style.bold("Payments"))
            output.write(ClaimPayments.table(claim, currency: currency, style: style))
            output.writeLine("")
            output.writeLine("  received           \(money(balance.received))")
            output.writeLine(ClaimPayments.owedLine(balance, currency: currency))
        }
    }

    /// "sales tax 8.875 %, grouped: clothing, books", or "no sales tax, no grouped lines".
    static func adjustmentsText(_ claim: Claim) -> String {
        (claim.salesTax.map { "sales tax \($0)" } ?? "no sales tax") + ", "
            + (claim.groupedCategories.isEmpty
                ? "no grouped lines"
                : "grouped: " + claim.groupedCategories.joined(separator: ", "))
    }
}
