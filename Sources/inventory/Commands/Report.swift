import ArgumentParser
import Foundation
import InventoryKit
import InventoryReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        _superCommandName: CommandParsing.rootName,
        abstract: "Write the report an insurer accepts: rooms, items, photos, values, totals.",
        discussion: """
            One HTML page, readable on a phone and printable to PDF from any browser (open \
            it, then Print and Save as PDF; A4 or Letter, as the print dialog chooses): a \
            summary (items, worth, insured and not insured worth, luxury items, items \
            without a photo or receipt), charts of worth by room and by tag, then each room \
            on its own page with its items — photo, name, brand, model, serial, tags, \
            quantity, purchase date and shop, price paid, replacement value, insured (and on \
            a rider), receipts, warranty (an expired one says so) — and its subtotal, then the \
            grand total, then the receipts each row names (R1, R2, …): a picture on a page of \
            its own, a PDF document as a link to its file. Every page carries the title \
            ('inventory settings --title'), the date and its number. With --left-since or \
            --left-until, a last section lists what left the household in that period (sold, \
            given away, thrown out, lost, stolen: 'inventory leave'), with what it brought in. \
            With --maintenance, a section lists each item's maintenance log ('inventory \
            maintenance'): the day, what was done, by whom and what it cost.

            By default the report is a folder (report-YYYY-MM-DD) holding report.html and \
            files/ with the photos and receipts (hard links to the inventory's own, or \
            copies); --single-file writes one .html file with them inside it, to send as it \
            is (a PDF receipt in it is a link that saves the document), each picture at \
            1,600 pixels (made by inventory-server, as 'inventory thumbnails' makes them). \
            A photo whose file is missing is marked "photo missing" ('inventory verify' says \
            more). The report is readable by you alone (0700 folder, 0600 files); an \
            existing report is replaced only with --force, and a folder holding anything \
            but a report never is.

            Examples:
              inventory report
              inventory report --view luxury --output luxury-report
              inventory report --single-file --output inventory.html --open
              inventory report --title "The Martins, 12 Elm Street"
              inventory report --left-since 2026-01-01 --left-until 2026-12-31
              inventory report --view luxury --maintenance
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var views: ViewOptions

    @Option(
        help: ArgumentHelp(
            "The folder to write (with --single-file: the file; default: report-DATE).",
            valueName: "path"))
    var output: String?

    @Flag(help: "Write one HTML file with the photos inside, instead of a folder.")
    var singleFile = false

    @Option(help: ArgumentHelp("The title on top of every page.", valueName: "text"))
    var title: String?

    @Flag(help: "Open the report in the browser when it is written.")
    var open = false

    @Flag(help: "Replace the report at --output if it exists.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "List what left the household from this day on (to --left-until, or today).",
            valueName: "YYYY-MM-DD"))
    var leftSince: String?

    @Option(
        help: ArgumentHelp(
            "List what left the household up to this day (from --left-since, or ever).",
            valueName: "YYYY-MM-DD"))
    var leftUntil: String?

    @Flag(help: "Add each item's maintenance log after the total.")
    var maintenance = false

    func run() throws {
        let manager = try database.openManager(.read)
        let definition = try views.definition(in: views.registry(currency: manager.currency))
        var lines: [ReportLine] = []
        try manager.forEachItem(matching: definition.filter, sortedBy: .name) {
            lines.append(ReportLine($0))
        }
        let settings = try manager.settings()
        let today = manager.today()
        var report = Report(
            title: try Self.title(title, settings: settings),
            subject: definition.name == "all" ? "Every item" : "View: \(definition.title)",
            date: today, currency: manager.currency, lines: lines)
        if leftSince != nil || leftUntil != nil {
            let from = try leftSince.map {
                try CalendarDate(parsing: $0, field: .other("left since"))
            }
            let through = try leftUntil.map {
                try CalendarDate(parsing: $0, field: .other("left until"))
            }
            if let from, let through, through < from {
                throw InventoryError.invalidValue(
                    field: .other("left until"), value: through.description,
                    reason: "it is before --left-since \(from)")
            }
            let gone = try manager.items(matching: .archive).filter { item in
                guard let day = item.leftOn else { return false }
                return day >= (from ?? day) && day <= (through ?? day)
            }.sorted { ($0.leftOn!, $0.id) < ($1.leftOn!, $1.id) }
            report.departures = (
                from ?? gone.first?.leftOn ?? today, through ?? today, gone
            )
        }
        if maintenance {
            let logs = try manager.allMaintenance()
            report.maintenance = lines.compactMap { line in
                guard let id = line.id, let entries = logs[id]?.entries, !entries.isEmpty else {
                    return nil
                }
                return (id, line.name, entries)
            }
        }
        let path = output ?? "report-\(today)" + (singleFile ? ".html" : "")
        let writer = ReportWriter(manager: manager)
        let written: ReportWriter.Written
        if singleFile {
            let file = try manager.outputFile(at: path, replacing: force)
            let made = writer.singleFile(
                report, page: path, pictures: Self.pictures(for: manager))
            try file.write(made.html.utf8)
            written = made.written
        } else {
            written = try writer.writeFolder(report, to: path, replacing: force)
        }
        let totals = report.totals
        var summary =
            "wrote \(written.page): \(totals.lineCount) item\(totals.lineCount == 1 ? "" : "s") "
            + "in \(totals.rooms.count) room\(totals.rooms.count == 1 ? "" : "s"), "
            + "\(written.photos) photo\(written.photos == 1 ? "" : "s")"
        if written.missingPhotos > 0 {
            summary +=
                ", \(written.missingPhotos) photo\(written.missingPhotos == 1 ? "" : "s") missing"
        }
        if written.receipts > 0 {
            summary += ", \(written.receipts) receipt\(written.receipts == 1 ? "" : "s")"
        }
        if written.missingReceipts > 0 {
            summary +=
                ", \(written.missingReceipts) receipt\(written.missingReceipts == 1 ? "" : "s") "
                + "missing"
        }
        Terminal.standardOutput.writeLine(VisibleText.of(summary))
        if open { Self.open(written.page) }
    }

    /// The folder of the photos' 1,600-pixel pictures, made first by `inventory-server
    /// thumbnails` (which links libvips) for what has none, so that a file with every photo
    /// inside is not gigabytes; nil, and a line saying so, when they cannot be made: the
    /// photos then go in whole.
    static func pictures(for manager: InventoryManager) -> String? {
        do {
            let server = try Serve.serverPath()
            let result = try ChildProcess.run(
                server, ["thumbnails", "--db", manager.databasePath], input: nil)
            guard result.status == 0 else {
                throw CommandFailure(
                    description: result.complaint.map { VisibleText.of($0) } ?? "it failed",
                    status: 1)
            }
        } catch {
            Terminal.standardError.writeLine(
                "inventory: the photos go in whole (no smaller pictures: \(error))")
            return nil
        }
        return ThumbnailFiles.folder(besidePhotosIn: manager.photos.directory)
    }

    /// The title given, else the household's; checked as the setting is.
    static func title(_ given: String?, settings: InventorySettings) throws -> String {
        guard let given else { return settings.reportTitle }
        guard let checked = try InventorySettings.checkedTitle(given) else {
            throw InventoryError.invalidValue(
                field: .other("title"), value: given, reason: "a title cannot be blank")
        }
        return checked
    }

    /// Opens `path` with the desktop's program for it (`xdg-open`, `open` on macOS); where
    /// there is none, says so (the report is written all the same).
    static func open(_ path: String) {
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let program = ["xdg-open", "open"].lazy.compactMap { name in
            folders.map { "\($0)/\(name)" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
        }.first
        guard let program else {
            Terminal.standardError.writeLine(
                "inventory: nothing here opens web pages (no xdg-open); open \(VisibleText.of(path)) "
                    + "in a browser")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.standardError.writeLine(
                "inventory: could not open the report; open \(VisibleText.of(path)) in a browser")
        }
    }
}
