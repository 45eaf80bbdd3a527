import ArgumentParser
import Foundation
import InventoryKit

struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        _superCommandName: CommandParsing.rootName,
        abstract: "Show or change the inventory's settings: currency, report title, thresholds.",
        discussion: """
            The currency is an ISO 4217 code, with its own decimals (JPY has none, BHD three). \
            It can be chosen while the inventory holds no amount, or only amounts imported \
            from spreadsheet or Homebox files (their numbers carry no currency: they are kept \
            as they are, in the new currency, which must have as many decimals); once an \
            amount is entered, edited or claimed here, it stays. Choosing it resets the \
            receipt threshold.

            The title is printed on every page of 'inventory report'. The receipt threshold \
            and the review interval are what 'inventory check' holds items to: an item worth \
            more than the threshold (its worth times its quantity) needs a receipt, and one \
            not reviewed for that many days needs a review.

            Claims price each line with a depreciation table by category (an item's first \
            tag that names one, else 'other'): --depreciation CATEGORY=TERMS sets a \
            category's useful life and yearly rate ('8y' is 8 years at 12.5 % a year, \
            '8y:15%' 8 years at 15 %, '18m' months, 'never' for jewelry and art; \
            CATEGORY= goes back to the built-in terms), --max-depreciation the most taken \
            (80 % unless set). --coverage-limit and --special-limit CATEGORY=AMOUNT record \
            the policy's limits, which 'claim show' compares a claim with (CATEGORY= removes \
            one). A claim line records the terms of its category when it is made.

            Examples:
              inventory settings
              inventory settings --currency EUR
              inventory settings --title "The Martins, 12 Elm Street"
              inventory settings --receipt-threshold 250 --review-days 180
              inventory settings --depreciation electronics=4y --depreciation rugs=20y
              inventory settings --coverage-limit 80000 --special-limit jewelry=1500
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("The currency of every amount, such as EUR.", valueName: "code"))
    var currency: String?

    @Option(
        help: ArgumentHelp(
            "The title on every page of a report (\"\" for the default).", valueName: "text"))
    var title: String?

    @Option(
        help: ArgumentHelp(
            "Items worth more than this need a receipt (default 500).", valueName: "amount"))
    var receiptThreshold: String?

    @Option(
        help: ArgumentHelp(
            "Items not reviewed for this many days need a review (default 365).",
            valueName: "days"))
    var reviewDays: Int?

    @Option(
        name: .customLong("warranty-notice"),
        help: ArgumentHelp(
            "Say a warranty ends this many days ahead: check, due, remind (default 30).",
            valueName: "days"))
    var warrantyNotice: Int?

    @Option(
        help: ArgumentHelp(
            "A category's depreciation: 8y, 8y:15%, 18m or never (repeat for more).",
            valueName: "category=terms"))
    var depreciation: [String] = []

    @Option(
        name: .customLong("max-depreciation"),
        help: ArgumentHelp(
            "The most depreciation takes, in percent (default 80).", valueName: "percent"))
    var maximumDepreciation: Int?

    @Option(
        name: .customLong("coverage-limit"),
        help: ArgumentHelp(
            "The policy's personal-property limit (\"\" removes it).", valueName: "amount"))
    var coverageLimit: String?

    @Option(
        name: .customLong("special-limit"),
        help: ArgumentHelp(
            "A category's sub-limit in the policy (repeat for more).", valueName: "category=amount")
    )
    var specialLimits: [String] = []

    func run() throws {
        let changesOthers =
            title != nil || receiptThreshold != nil || reviewDays != nil || warrantyNotice != nil
            || !depreciation.isEmpty
            || maximumDepreciation != nil || coverageLimit != nil || !specialLimits.isEmpty
        guard currency != nil || changesOthers else {
            let manager = try database.openManager(.read)
            print(currency: manager.currency, try manager.settings())
            return
        }
        let manager = try database.openManager(.write)
        if let code = currency {
            guard let chosen = Currency(code: code) else {
                throw InventoryError.invalidValue(
                    field: .other("currency"), value: code,
                    reason: "not a currency code (three letters, such as EUR or JPY)")
            }
            if changesOthers, chosen != manager.currency {
                throw InventoryError.invalidValue(
                    field: .other("currency"), value: code,
                    reason: "choose the currency alone, then the other settings")
            }
            if chosen != manager.currency {
                try manager.setCurrency(chosen)
                // the manager keeps the currency it opened with; the threshold was reset
                var settings = try manager.settings()
                settings.receiptThreshold = InventorySettings.defaultReceiptThreshold(in: chosen)
                print(currency: chosen, settings)
                return
            }
        }
        var settings = try manager.settings()
        if let title { settings.title = title }
        if let receiptThreshold {
            settings.receiptThreshold = try Money(
                parsing: receiptThreshold, currency: manager.currency,
                field: .other("receipt threshold"))
        }
        if let reviewDays { settings.reviewDays = reviewDays }
        if let warrantyNotice { settings.warrantyNoticeDays = warrantyNotice }
        for entry in depreciation {
            let (category, text) = try Self.pair(entry, option: "depreciation")
            if text.isEmpty {
                settings.depreciation[category] = nil
            } else {
                guard let terms = DepreciationTerms(text: text) else {
                    throw InventoryError.invalidValue(
                        field: .other("depreciation"), value: entry,
                        reason: "terms are a life such as 8y or 18m, with a yearly rate such as "
                            + "8y:15%, or never")
                }
                settings.depreciation[category] = terms
            }
        }
        if let maximumDepreciation {
            guard (0...100).contains(maximumDepreciation) else {
                throw InventoryError.invalidValue(
                    field: .other("max depreciation"), value: String(maximumDepreciation),
                    reason: "a percentage is 0 to 100")
            }
            settings.maximumDepreciationBasisPoints = maximumDepreciation * 100
        }
        if let coverageLimit {
            settings.coverageLimit =
                coverageLimit.isEmpty
                ? nil
                : try Money(
                    parsing: coverageLimit, currency: manager.currency,
                    field: .other("coverage limit"))
        }
        for entry in specialLimits {
            let (category, text) = try Self.pair(entry, option: "special limit")
            settings.specialLimits[category] =
                text.isEmpty
                ? nil
                : try Money(
                    parsing: text, currency: manager.currency, field: .other("special limit"))
        }
        if changesOthers { try manager.setSettings(settings) }
        print(currency: manager.currency, try manager.settings())
    }

    /// `category=value`, the category checked: 1 to 40 lower-case letters, digits, spaces or
    /// hyphens.
    static func pair(_ entry: String, option: String) throws -> (String, String) {
        let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let category = DepreciationTable.categoryName(parts[0]) else {
            throw InventoryError.invalidValue(
                field: .other(option), value: entry,
                reason: "write it as CATEGORY=VALUE, such as jewelry=1500")
        }
        return (category, parts[1].trimmingCharacters(in: .whitespaces))
    }

    private func print(currency: Currency, _ settings: InventorySettings) {
        let output = Terminal.standardOutput
        output.writeLine("currency           \(currency.code)")
        output.writeLine(
            "title              \(VisibleText.of(settings.reportTitle))"
                + (settings.title == nil ? " (default)" : ""))
        output.writeLine("receipt threshold  \(settings.receiptThreshold.formatted)")
        output.writeLine("review days        \(settings.reviewDays)")
        output.writeLine("warranty notice    \(settings.warrantyNoticeDays) days")
        let table = settings.depreciationTable
        output.writeLine(
            "depreciation       "
                + table.terms.keys.sorted().map { category in
                    "\(category) \(table.terms(of: category).text)"
                        + (settings.depreciation[category] != nil ? " (yours)" : "")
                }.joined(separator: ", "))
        output.writeLine("max depreciation   \(table.maximumBasisPoints / 100) %")
        output.writeLine(
            "coverage limit     \(settings.coverageLimit?.formatted ?? "not set")")
        output.writeLine(
            "special limits     "
                + (settings.specialLimits.isEmpty
                    ? "none"
                    : settings.specialLimits.sorted { $0.key < $1.key }.map {
                        "\($0.key) \($0.value.formatted)"
                    }.joined(separator: ", ")))
    }
}
