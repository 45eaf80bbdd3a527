import ArgumentParser
import InventoryKit

struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the inventory's settings: currency, report title, thresholds.",
        discussion: """
            The currency is an ISO 4217 code, with its own decimals (JPY has none, BHD three). \
            It can be chosen while the inventory holds no amount; after that, it stays (and \
            choosing it resets the receipt threshold).

            The title is printed on every page of 'inventory report'. The receipt threshold \
            and the review interval are what 'inventory check' holds items to: an item worth \
            more than the threshold (its worth times its quantity) needs a receipt, and one \
            not reviewed for that many days needs a review.

            Examples:
              inventory settings
              inventory settings --currency EUR
              inventory settings --title "The Martins, 12 Elm Street"
              inventory settings --receipt-threshold 250 --review-days 180
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

    func run() throws {
        let changesOthers = title != nil || receiptThreshold != nil || reviewDays != nil
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
        if changesOthers { try manager.setSettings(settings) }
        print(currency: manager.currency, try manager.settings())
    }

    private func print(currency: Currency, _ settings: InventorySettings) {
        let output = Terminal.standardOutput
        output.writeLine("currency           \(currency.code)")
        output.writeLine(
            "title              \(VisibleText.of(settings.reportTitle))"
                + (settings.title == nil ? " (default)" : ""))
        output.writeLine("receipt threshold  \(settings.receiptThreshold.formatted)")
        output.writeLine("review days        \(settings.reviewDays)")
    }
}
