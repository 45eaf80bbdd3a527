import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit
import InventoryReport

struct ClaimExport: ParsableCommand {
    enum Format: String, ChoiceArgument {
        case csv, json, html
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        _superCommandName: CommandParsing.rootName,
        abstract: "Write a claim's loss inventory in the columns an adjuster asks for.",
        discussion: """
            Columns: item description, brand or manufacturer, model number, serial number, \
            quantity lost, purchase date, age in years (at the incident, else today), purchase \
            price each, replacement value each and receipt (as the claim recorded them), total \
            worth (the value, else the price, times the quantity), room, insured, photo file, \
            and the ledger's: category, condition, replacement cost, its source, depreciation \
            (percent and amount), actual cash value, held back, released, and how it was \
            worked out (see 'inventory claim show'). CSV is RFC 4180 with a header row; a \
            text a spreadsheet would run as a formula (=, +, -, @ first) is written with an \
            apostrophe before it. \
            html is the report of 'inventory report' for the claimed items only, with the \
            incident's kind, date and notes on top and the photos inside the one file. \
            A file written with --output is readable by you alone (mode 0600); an existing \
            file is replaced only with --force, and never one of the inventory's own files.

            Examples:
              inventory claim export 1 --format csv --output loss.csv
              inventory claim export 1 --format json
              inventory claim export 1 --format html --output claim.html
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    @Option(help: "csv, json or html.")
    var format: Format

    @OptionGroup var destination: OutputOptions

    static let header = [
        "Item description", "Brand or manufacturer", "Model number", "Serial number",
        "Quantity lost", "Purchase date", "Age in years", "Purchase price each",
        "Replacement value each", "Receipt", "Total worth", "Room", "Insured", "Photo file",
        "Category", "Condition", "Replacement cost", "Replacement source", "Depreciation %",
        "Depreciation", "Actual cash value", "Held back", "Released", "How",
    ]

    func run() throws {
        let manager = try database.openManager(.read)
        let file = try destination.file(for: manager)
        guard let claim = try manager.claim(id: id) else { throw InventoryError.claimNotFound(id) }
        let reference = claim.incidentDate ?? manager.today()
        let settings = try manager.settings()
        let ledger = claim.ledger(table: settings.depreciationTable, today: manager.today())
        func plain(_ amount: Int128) -> String {
            Money.format(amount, currency: manager.currency, grouping: false)
        }
        let rows = zip(claim.items, ledger).map { item, line -> [String?] in
            let description = item.description.map { "\(item.name) — \($0)" } ?? item.name
            let age = item.purchaseDate.map { date -> String in
                let days = max(0, reference.daysSince1970 - date.daysSince1970)
                let tenths = (days * 10 * 4 + 730) / 1461  // days / 365.25, to the tenth, rounded
                return "\(tenths / 10).\(tenths % 10)"
            }
            let photo = item.photo.map { manager.photos.path(of: $0) }
            return [
                description, item.brand, item.model, item.serialNumber, String(item.quantity),
                item.purchaseDate?.description, age, item.price?.decimalString,
                item.replacementValue?.decimalString, item.hadReceipt ? "yes" : "no",
                Money.format(item.totalWorth, currency: manager.currency, grouping: false),
                item.location,
                item.isInsured ? "yes" : "no", photo,
                line.category, item.terms.condition.rawValue, plain(line.replacementCost),
                item.terms.source, LedgerLine.percentText(line.depreciationTenthsOfPercent),
                plain(line.depreciation), plain(line.actualCashValue), plain(line.heldBack),
                plain(line.released), line.explanation,
            ]
        }
        let text: String
        switch format {
        case .html:
            let lines = claim.items.map(ReportLine.init)
            let report = Report(
                title: try manager.settings().reportTitle, subject: "Claim \(claim.id)",
                date: manager.today(), currency: manager.currency, lines: lines,
                claim: Report.ClaimHeader(claim, settings: settings, today: manager.today()))
            text = ReportWriter(manager: manager).singleFile(report, page: file?.path ?? "-").html
        case .csv:
            let forTerminal = file == nil && isatty(1) == 1
            var bytes: [UInt8] = []
            for row in [Self.header] + rows.map({ $0.map { $0 ?? "" } }) {
                CSVWriter.appendRecord(
                    forTerminal ? row.map { VisibleText.of($0, keepingLineBreaks: true) } : row,
                    to: &bytes)
            }
            text = String(decoding: bytes, as: UTF8.self)
        case .json:
            let keys = [
                "description", "brand", "model", "serial", "quantity", "purchaseDate", "ageYears",
                "priceEach", "valueEach", "receipt", "total", "room", "insured", "photo",
                "category", "condition", "replacementCost", "replacementSource",
                "depreciationPercent", "depreciation", "actualCashValue", "heldBack", "released",
                "how",
            ]
            let objects = rows.map { row in
                "{"
                    + zip(keys, row).map { key, value in
                        var json = "\"\(key)\":"
                        switch key {
                        case "quantity": json += value ?? "null"
                        case "insured", "receipt": json += value == "yes" ? "true" : "false"
                        default: ItemJSON.appendString(value, to: &json)
                        }
                        return json
                    }.joined(separator: ",") + "}"
            }
            var title = ""
            ItemJSON.appendString(claim.title, to: &title)
            let sums = LedgerTotals(ledger)
            text =
                "{\"claim\":{\"id\":\(claim.id),\"title\":\(title),\"kind\":\"\(claim.kind.rawValue)\""
                + ",\"incidentDate\":" + (claim.incidentDate.map { "\"\($0)\"" } ?? "null")
                + ",\"currency\":\"\(manager.currency.code)\"},\"items\":[\n  "
                + objects.joined(separator: ",\n  ") + "\n]"
                + ",\"ledger\":{\"replacementCost\":\"\(plain(sums.replacementCost))\""
                + ",\"depreciation\":\"\(plain(sums.depreciation))\""
                + ",\"actualCashValue\":\"\(plain(sums.actualCashValue))\""
                + ",\"heldBack\":\"\(plain(sums.heldBack))\",\"released\":\"\(plain(sums.released))\""
                + ",\"payable\":\"\(plain(sums.payable))\"}}\n"
        }
        guard let file else {
            Terminal.standardOutput.write(text)
            return
        }
        try file.write(text.utf8)
    }
}
