import ArgumentParser
import InventoryKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of one item.",
        discussion: """
            Examples:
              inventory show 1
              inventory show 1 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The id of the item.")
    var id: Int64

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        guard let item = try manager.item(id: id) else {
            throw InventoryError.itemNotFound(id)
        }
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        let style = Style.standardOutput(.table)
        let yesNo = { (flag: Bool) in flag ? "yes" : "no" }
        var rows: [(String, String?)] = [
            ("Price", item.price.map { "\($0.formatted) \($0.currency.code)" }),
            ("Quantity", String(item.quantity)),
            ("Purchased", item.purchaseDate?.description),
            ("Luxury", yesNo(item.isLuxury)),
            ("Insured", yesNo(item.isInsured)),
            ("Location", item.location),
            ("Brand", item.brand),
            ("Model", item.model),
            ("Serial", item.serialNumber),
            ("Description", item.description),
            ("Notes", item.notes),
            ("Photo", manager.photoPath(of: item)),
            ("Added", item.createdAt.iso8601),
            ("Updated", "\(item.updatedAt.iso8601) (version \(item.version))"),
        ]
        if item.quantity > 1, let value = item.value {
            rows.insert(
                (
                    "Value",
                    Money.format(value, currency: manager.currency) + " \(manager.currency.code)"
                ),
                at: 2)
        }
        let output = Terminal.standardOutput
        output.writeLine(style.bold("#\(item.id) \(VisibleText.of(item.name))"))
        for case (let label, let value?) in rows {
            let indented = VisibleText.of(value, keepingLineBreaks: true)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n" + String(repeating: " ", count: 15))
            output.writeLine("  " + style.dim(label.padding(toLength: 13)) + indented)
        }
    }
}

extension String {
    /// The string padded with spaces to `length` characters.
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
