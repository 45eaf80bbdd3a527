import ArgumentParser
import InventoryKit

struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the inventory's settings: its currency.",
        discussion: """
            The currency is an ISO 4217 code, with its own decimals (JPY has none, BHD three). \
            It can be chosen while the inventory holds no amount; after that, it stays.

            Examples:
              inventory settings
              inventory settings --currency EUR
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("The currency of every amount, such as EUR.", valueName: "code"))
    var currency: String?

    func run() throws {
        guard let code = currency else {
            let manager = try database.openManager(.read)
            Terminal.standardOutput.writeLine("currency  \(manager.currency.code)")
            return
        }
        guard let chosen = Currency(code: code) else {
            throw InventoryError.invalidValue(
                field: .other("currency"), value: code,
                reason: "not a currency code (three letters, such as EUR or JPY)")
        }
        let manager = try database.openManager(.write)
        try manager.setCurrency(chosen)
        Terminal.standardOutput.writeLine("currency  \(chosen.code)")
    }
}
