import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit
import InventoryReport

struct ClaimExport: ParsableCommand {
    enum Format: String, ChoiceArgument {
        case csv, json, html, adjuster, xlsx, pdf
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        _superCommandName: CommandParsing.rootName,
        abstract: "Write a claim for the insurer: every column, the adjuster's, a workbook, a PDF.",
        discussion: """
            csv and json carry every column a line records: item description, brand or manufacturer, model number, serial number, \
            quantity lost, purchase date, age in years (at the incident, else today), purchase \
            price each, replacement value each and receipt (as the claim recorded them), total \
            worth (the value, else the price, times the quantity), room, insured, photo file, \
            and the ledger's: category, condition, replacement cost (with its sales tax), its \
            source, depreciation \
            (percent and amount), actual cash value, held back, released, and how it was \
            worked out (see 'inventory claim show'). CSV is RFC 4180 with a header row; a \
            text a spreadsheet would run as a formula (=, +, -, @ first) is written with an \
            apostrophe before it. \
            html is the report of 'inventory report' for the claimed items only, with the \
            incident's kind, date and notes on top and the photos inside the one file. \
            pdf is that report printed by headless Chromium (found on PATH as chromium, \
            chromium-browser, google-chrome or google-chrome-stable, or named by --browser).

            adjuster is the CSV adjusters take in (Xactware's ClaimXperience asks for these \
            columns, in this order): item description, brand or manufacturer, model number, \
            quantity lost, item age (years and months at the incident), cost to replace \
            pre-tax (each), condition, business use, room; then the ledger's figures beside \
            them (cost pre-tax in all, sales tax rate and amount, replacement cost, \
            depreciation % and amount, actual cash value, held back, released, covered), \
            whether the line is a group, and the photos' files. The claim's grouped \
            categories ('inventory claim edit --group') are one line each, with a count. \
            xlsx is the same as an Excel workbook (typed cells: amounts as numbers in the \
            currency's format, days as dates; a frozen header), with a sheet of totals and \
            one of the payments received; it is written by inventory-server, installed \
            beside inventory.

            A file written with --output is readable by you alone (mode 0600); an existing \
            file is replaced only with --force, and never one of the inventory's own files.

            Examples:
              inventory claim export 1 --format csv --output loss.csv
              inventory claim export 1 --format json
              inventory claim export 1 --format html --output claim.html
              inventory claim export 1 --format adjuster --output adjuster.csv
              inventory claim export 1 --format xlsx --output claim.xlsx
              inventory claim export 1 --format pdf --output claim.pdf
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The claim's id.")
    var id: Int64

    @Option(help: "csv, json, html, adjuster, xlsx or pdf.")
    var format: Format

    @Option(
        help: ArgumentHelp(
            "The Chromium or Chrome that prints --format pdf (default: found on PATH).",
            valueName: "program"))
    var browser: String?

    @OptionGroup var destination: OutputOptions

    func validate() throws {
        if browser != nil && format != .pdf {
            throw ValidationError("--browser goes with --format pdf")
        }
    }

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
        case .adjuster, .xlsx, .pdf:
            try exportForAdjuster(claim, manager: manager, settings: settings, to: file)
            return
        case .html:
            let report = Report(
                claim: claim, settings: settings, today: manager.today(),
                currency: manager.currency)
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

    /// The adjuster's CSV, the Excel workbook or the PDF of `claim`, to `file` (nil: stdout,
    /// which must not be a terminal for a workbook or a PDF).
    private func exportForAdjuster(
        _ claim: Claim, manager: InventoryManager, settings: InventorySettings, to file: OutputFile?
    ) throws {
        let sheet = AdjusterSheet(
            claim, table: settings.depreciationTable, currency: manager.currency,
            today: manager.today(), imagePath: { manager.photos.path(of: $0) })
        if format == .adjuster {
            let bytes = sheet.csv(forTerminal: file == nil && isatty(1) == 1)
            guard let file else {
                Terminal.standardOutput.write(String(decoding: bytes, as: UTF8.self))
                return
            }
            try file.write(bytes)
            return
        }
        if file == nil && isatty(1) == 1 {
            throw ValidationError(
                "a\(format == .pdf ? " PDF" : "n Excel file") is not for a terminal: give "
                    + "--output FILE, or send standard output to a file")
        }
        let produce: (String) throws -> String
        if format == .xlsx {
            let workbook = try JSONEncoder().encode(sheet.workbook)
            produce = { folder in
                let path = folder + "/claim.xlsx"
                let server: String
                do {
                    server = try Serve.serverPath()
                } catch let failure as CommandFailure {
                    throw CommandFailure(description: failure.description, status: 69)
                }
                try Self.runHelper(
                    server, ["workbook", "--output", path], input: workbook,
                    what: "write the Excel file")
                return path
            }
        } else {
            let program = try Self.chromium(named: browser)
            let report = Report(
                claim: claim, settings: settings, today: manager.today(),
                currency: manager.currency)
            produce = { folder in
                let page = folder + "/claim.html"
                let html = ReportWriter(manager: manager).singleFile(report, page: page).html
                try Data(html.utf8).write(to: URL(fileURLWithPath: page))
                let pdf = folder + "/claim.pdf"
                var arguments = [
                    "--headless", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=\(folder)/profile", "--print-to-pdf=\(pdf)",
                ]
                // Chromium refuses to run as root in its sandbox; the page is our own.
                if geteuid() == 0 { arguments.append("--no-sandbox") }
                try Self.runHelper(
                    program, arguments + [URL(fileURLWithPath: page).absoluteString], input: nil,
                    what: "print the PDF")
                guard FileManager.default.fileExists(atPath: pdf) else {
                    throw CommandFailure(
                        description: "\(program) printed no PDF", status: 1)
                }
                return pdf
            }
        }
        if let file {
            try file.write(producingFileIn: produce)
            return
        }
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try produce(folder))))
        // through the buffered output, whose failure (a closed pipe, a full disk) the command
        // reports on its way out
        try? Terminal.standardOutput.write { output in
            bytes.withUnsafeBufferPointer { output.append($0) }
        }
    }

    /// The Chromium that prints PDFs: `named` (a path, or a name on PATH), else the first of
    /// chromium, chromium-browser, google-chrome and google-chrome-stable on PATH.
    static func chromium(named: String?) throws -> String {
        let folders = ChildProcess.folders(ofPath: ProcessInfo.processInfo.environment["PATH"])
        if let named {
            guard let found = ChildProcess.find(named, in: folders) else {
                throw CommandFailure(
                    description: "cannot run \(VisibleText.of(named)): no such program",
                    status: 69)
            }
            return found
        }
        guard
            let found = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
                .lazy.compactMap({ ChildProcess.find($0, in: folders) }).first
        else {
            throw CommandFailure(
                description:
                    "a PDF is printed by Chromium or Chrome, and none is installed (install "
                    + "chromium, or name one with --browser); --format html writes the page "
                    + "to print from any browser",
                status: 69)
        }
        return found
    }

    /// Runs `program` with `arguments`, `input` on its standard input; a failure is one line
    /// saying it could not `what`, with the program's first line of complaint.
    static func runHelper(
        _ program: String, _ arguments: [String], input: Data?, what: String
    ) throws {
        let result: (status: Int32, complaint: String?)
        do {
            result = try ChildProcess.run(program, arguments, input: input)
        } catch {
            throw CommandFailure(description: "cannot run \(program) to \(what)", status: 69)
        }
        guard result.status == 0 else {
            throw CommandFailure(
                description: "cannot \(what) (\((program as NSString).lastPathComponent) "
                    + "exited with \(result.status))"
                    + (result.complaint.map { ": " + VisibleText.of($0) } ?? ""),
                status: 1)
        }
    }
}
