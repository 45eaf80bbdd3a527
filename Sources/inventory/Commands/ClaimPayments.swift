import ArgumentParser
import Foundation
import InventoryKit

extension ClaimPaymentKind: ChoiceArgument {}

struct ClaimPayments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payments",
        _superCommandName: CommandParsing.rootName,
        abstract: "What the insurer paid on a claim, and what it still owes.",
        discussion: """
            Lists the advances and payments received, oldest first, and the balance: what \
            the ledger makes payable now (the actual cash value, and what replacements \
            released: 'inventory claim show') less everything received. --add records one \
            (an advance with --kind advance); --remove takes out one recorded by mistake, by \
            the number the list gives it.

            Examples:
              inventory claim payments 1
              inventory claim payments 1 --add 2500 --kind advance --for "living expenses"
              inventory claim payments 1 --add 8120.40 --on 2026-03-02 --for "first"
              inventory claim payments 1 --remove 2
              inventory claim payments 1 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    @Option(help: ArgumentHelp("Record a payment of this amount.", valueName: "amount"))
    var add: String?

    @Option(
        help: ArgumentHelp("The day it was received (default: today).", valueName: "YYYY-MM-DD"))
    var on: String?

    @Option(help: "Whether it was paid ahead of the settlement (default: payment).")
    var kind: ClaimPaymentKind?

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("What it was for, as the insurer's letter says.", valueName: "text"))
    var memo: String?

    @Option(help: ArgumentHelp("Remove the payment with this number in the list.", valueName: "n"))
    var remove: Int?

    @Flag(help: "Print the payments and the balance as JSON.")
    var json = false

    func validate() throws {
        if add != nil && remove != nil { throw ValidationError("--add or --remove, not both") }
        if add == nil && (on != nil || kind != nil || memo != nil) {
            throw ValidationError("--on, --kind and --for go with --add")
        }
    }

    func run() throws {
        let manager = try database.openManager(add == nil && remove == nil ? .read : .write)
        var claim: Claim
        if let add {
            let amount = try Money(
                parsing: add, currency: manager.currency, field: .other("amount"))
            let day = try on.map { try CalendarDate(parsing: $0, field: .other("day")) }
            let saved = try manager.addClaimPayment(
                claimID: id,
                ClaimPaymentDraft(
                    amount: amount, receivedOn: day, kind: kind ?? .payment, memo: memo))
            claim = saved.claim
            if !json, let payment = claim.payments.first(where: { $0.id == saved.payment }) {
                Terminal.standardOutput.writeLine(
                    "claim \(id): \(payment.kind.rawValue) \(claim.number(of: payment)) of "
                        + "\(amount.formatted) received on \(payment.receivedOn)")
            }
        } else if let remove {
            guard let found = try manager.claim(id: id) else {
                throw InventoryError.claimNotFound(id)
            }
            guard let payment = found.payment(numbered: remove) else {
                throw InventoryError.invalidValue(
                    field: .other("remove"), value: String(remove),
                    reason: "claim \(id) has no payment \(remove) ('inventory claim payments "
                        + "\(id)' lists them)")
            }
            claim = try manager.removeClaimPayment(claimID: id, payment: payment.id)
            if !json { Terminal.standardOutput.writeLine("claim \(id): removed payment \(remove)") }
        } else {
            guard let found = try manager.claim(id: id) else {
                throw InventoryError.claimNotFound(id)
            }
            claim = found
        }
        let settings = try manager.settings()
        let totals = LedgerTotals(
            claim.ledger(table: settings.depreciationTable, today: manager.today()))
        let balance = ClaimBalance(totals, payments: claim.payments)
        let currency = manager.currency
        func money(_ amount: Int128) -> String { Money.format(amount, currency: currency) }
        let output = Terminal.standardOutput
        if json {
            output.writeLine(
                "{\"claim\":\(claim.id),\"currency\":\"\(currency.code)\","
                    + ClaimJSON.payments(claim, totals: totals, currency: currency) + "}")
            return
        }
        guard add == nil, remove == nil else {
            output.writeLine(
                "  payable \(money(balance.payable)), received \(money(balance.received)), "
                    + (balance.owed < 0
                        ? "paid ahead \(money(-balance.owed))"
                        : "still owed \(money(balance.owed))")
                    + " \(currency.code)")
            return
        }
        if claim.payments.isEmpty {
            output.writeLine("No payment recorded on claim \(claim.id) yet.")
        } else {
            output.write(
                Self.table(claim, currency: currency, style: Style.standardOutput(.table)))
        }
        output.writeLine("")
        output.writeLine("  payable now        \(money(balance.payable))")
        output.writeLine("  advances received  \(money(balance.advances))")
        output.writeLine("  payments received  \(money(balance.payments))")
        output.writeLine(Self.owedLine(balance, currency: currency))
    }

    /// "  still owed         1,200.00 USD", or what was paid beyond what is payable now.
    static func owedLine(_ balance: ClaimBalance, currency: Currency) -> String {
        guard balance.owed < 0 else {
            return "  still owed         \(Money.format(balance.owed, currency: currency)) "
                + currency.code
        }
        return "  paid ahead         \(Money.format(-balance.owed, currency: currency)) "
            + "\(currency.code) (more than is payable now)"
    }

    /// The payments of `claim` as a table.
    static func table(_ claim: Claim, currency: Currency, style: Style) -> String {
        TextTable(
            header: ["NO", "RECEIVED", "KIND", "AMOUNT", "FOR"],
            rows: claim.payments.map {
                [
                    String(claim.number(of: $0)), $0.receivedOn.description, $0.kind.rawValue,
                    $0.amount.formatted, $0.memo ?? "",
                ]
            }, rightAligned: [0, 3], style: style
        ).render()
    }
}
