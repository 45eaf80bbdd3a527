import ArgumentParser
import Foundation
import InventoryKit

extension ItemCondition: ChoiceArgument {}

/// The claim and its line: the claimed item's id, or `--line N` (the number 'claim show' gives
/// each line; a line that keeps a copy of a deleted item has no item id any more).
struct ClaimLineOptions: ParsableArguments {
    @Argument(help: "The claim's id.")
    var claim: Int64

    @Argument(help: "The claimed item's id (or --line).")
    var item: Int64?

    @Option(
        help: ArgumentHelp(
            "The line's number in 'claim show' (for a deleted item).", valueName: "n"))
    var line: Int?

    func validate() throws {
        if (item == nil) == (line == nil) {
            throw ValidationError("name the claimed item's id, or the line with --line N")
        }
    }

    var reference: ClaimLineReference { item.map { .item($0) } ?? .number(line ?? 0) }
}

struct ClaimLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line",
        _superCommandName: CommandParsing.rootName,
        abstract:
            "Price a claimed line for the ledger: replacement cost, condition, business use, tax.",
        discussion: """
            The ledger ('inventory claim show') pays each line its actual cash value — the \
            replacement cost less depreciation for its age, category and condition — and \
            holds the depreciation back until a replacement is bought ('claim replaced'). \
            The replacement cost is the line's value (else its price) unless one is given \
            here, with where it was found. The condition scales the depreciation: new ×0.5, \
            good ×1, average ×1.25, poor ×1.5. The category (from the item's tags when the \
            line was made: electronics, furniture, jewelry, …; see 'inventory settings') \
            sets the useful life and yearly rate. --business-use marks a thing used for work \
            (adjusters ask; policies limit it). --sales-tax gives the line a rate of its own \
            (bought where the tax differs), instead of the claim's ('claim edit --sales-tax').

            Examples:
              inventory claim line 1 7 --replacement 1299 --condition good
              inventory claim line 1 7 --source "https://shop.example/tv"
              inventory claim line 1 3 --condition poor --category furniture
              inventory claim line 1 7 --replacement ""    # back to the item's value
              inventory claim line 1 7 --business-use yes --sales-tax 6.25
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var target: ClaimLineOptions

    @Option(
        help: ArgumentHelp(
            "What one would cost to replace today (\"\" for the item's value).", valueName: "amount"
        ))
    var replacement: String?

    @Option(
        help: ArgumentHelp("Where that price was found: a shop or an address.", valueName: "text"))
    var source: String?

    @Option(
        name: .customLong("priced-on"),
        help: ArgumentHelp(
            "The day it was priced (default: today, with --replacement).", valueName: "YYYY-MM-DD"))
    var pricedOn: String?

    @Option(help: "Its condition before the loss: new, good, average or poor.")
    var condition: ItemCondition?

    @Option(help: ArgumentHelp("Its depreciation category.", valueName: "name"))
    var category: String?

    @Option(
        name: .customLong("business-use"),
        help: ArgumentHelp("Whether it was used for a business: yes or no.", valueName: "yes|no"))
    var businessUse: String?

    @Option(
        name: .customLong("sales-tax"),
        help: ArgumentHelp(
            "The line's own sales tax, such as 6.25% (\"\" for the claim's).", valueName: "rate"))
    var salesTax: String?

    func validate() throws {
        if replacement == nil && source == nil && pricedOn == nil && condition == nil
            && category == nil && businessUse == nil && salesTax == nil
        {
            throw ValidationError(
                "say what to change: --replacement, --source, --priced-on, --condition, "
                    + "--category, --business-use or --sales-tax")
        }
    }

    /// A rate as `--sales-tax` takes it: "8.875", "8.875%"; "" is none.
    static func salesTaxRate(_ text: String) throws -> SalesTaxRate? {
        guard !text.isEmpty else { return nil }
        guard let rate = SalesTaxRate(percent: text) else {
            throw InventoryError.invalidValue(
                field: .other("sales tax"), value: text,
                reason: "a rate is a percentage from 0 to 100, such as 8.875%")
        }
        return rate
    }

    func run() throws {
        let manager = try database.openManager(.write)
        var change = ClaimLineChange()
        if let replacement {
            change.replacementCost = .some(
                replacement.isEmpty
                    ? nil
                    : try Money(
                        parsing: replacement, currency: manager.currency,
                        field: .other("replacement")))
            if pricedOn == nil, !replacement.isEmpty { change.pricedOn = .some(manager.today()) }
        }
        if let source { change.source = .some(source.isEmpty ? nil : source) }
        if let pricedOn {
            change.pricedOn = .some(
                pricedOn.isEmpty
                    ? nil : try CalendarDate(parsing: pricedOn, field: .other("priced on")))
        }
        change.condition = condition
        change.category = category
        if let businessUse {
            switch businessUse.lowercased() {
            case "yes", "true", "1": change.businessUse = true
            case "no", "false", "0": change.businessUse = false
            default:
                throw InventoryError.invalidValue(
                    field: .other("business use"), value: businessUse, reason: "say yes or no")
            }
        }
        if let salesTax { change.salesTax = .some(try Self.salesTaxRate(salesTax)) }
        let saved = try manager.editClaimLine(claimID: target.claim, line: target.reference, change)
        let settings = try manager.settings()
        guard let index = target.reference.position(in: saved) else { return }
        let line = saved.ledger(table: settings.depreciationTable, today: manager.today())[index]
        Terminal.standardOutput.writeLine(
            VisibleText.of(
                "claim \(saved.id), line \(index + 1) \(saved.items[index].name): "
                    + LedgerText.summary(line, currency: manager.currency)))
    }
}

struct ClaimReplaced: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replaced",
        _superCommandName: CommandParsing.rootName,
        abstract:
            "Record the replacement bought for a claimed item, which releases what was held back.",
        discussion: """
            The insurer pays what a replacement cost above the actual cash value, up to the \
            depreciation it held back, once it sees the receipt: without --receipt, nothing is \
            released until one is recorded (run the command again with it). --paid is what the whole line's replacement cost \
            (all of them, for a quantity). The receipt (a picture or a PDF) is stored with \
            the inventory's files, backed up and checked by 'inventory verify'.

            Examples:
              inventory claim replaced 1 7 --paid 1249.00 --receipt receipt.pdf
              inventory claim replaced 1 3 --paid 480 --on 2026-11-02
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var target: ClaimLineOptions

    @Option(help: ArgumentHelp("What the replacement cost, in all.", valueName: "amount"))
    var paid: String

    @Option(help: ArgumentHelp("Its receipt: a picture or a PDF.", valueName: "file"))
    var receipt: String?

    @Option(help: ArgumentHelp("The day it was bought (default: today).", valueName: "YYYY-MM-DD"))
    var on: String?

    func run() throws {
        let manager = try database.openManager(.write)
        let amount = try Money(parsing: paid, currency: manager.currency, field: .other("paid"))
        let day = try on.map { try CalendarDate(parsing: $0, field: .other("bought on")) }
        let saved = try manager.recordReplacement(
            claimID: target.claim, line: target.reference, paid: amount, on: day, receipt: receipt)
        let settings = try manager.settings()
        guard let index = target.reference.position(in: saved) else { return }
        let line = saved.ledger(table: settings.depreciationTable, today: manager.today())[index]
        func money(_ amount: Int128) -> String { Money.format(amount, currency: manager.currency) }
        let outcome =
            line.awaitsReceipt
            ? "nothing of the \(money(line.heldBack)) held back is released until its receipt is "
                + "attached (--receipt FILE)"
            : "releases \(money(line.released)) of \(money(line.heldBack)) held back"
        Terminal.standardOutput.writeLine(
            VisibleText.of(
                "claim \(saved.id), line \(index + 1) \(saved.items[index].name): replacement of "
                    + "\(amount.formatted) \(outcome)"))
    }
}

/// The ledger in words, for the terminal.
enum LedgerText {
    static func summary(_ line: LedgerLine, currency: Currency) -> String {
        func money(_ amount: Int128) -> String { Money.format(amount, currency: currency) }
        return "replacement \(money(line.replacementCost)), depreciation "
            + "\(money(line.depreciation)) (\(line.explanation)), actual cash value "
            + money(line.actualCashValue)
    }
}
