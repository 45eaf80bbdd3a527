import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryExchange
import InventoryKit

extension ImportFormat: ChoiceArgument {}
extension ImportUpdateRule: ChoiceArgument {}
extension CustomFieldRule: ChoiceArgument {}
extension OtherColumnRule: ChoiceArgument {}
extension SlashDateOrder: ChoiceArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        _superCommandName: CommandParsing.rootName,
        abstract: "Add (or update) items from a Homebox export, a spreadsheet's CSV, or JSON.",
        discussion: """
            Formats: Homebox CSV or TSV (HB.* columns of every version, and the positional \
            format of before 0.9), any CSV with a header row (columns found by name: Name, \
            Item name, Purchase cost, Serial number, Manufacturer, Room…; --map names the \
            rest), and the JSON of 'inventory export'. --format auto decides from the file and \
            says what it decided.

            The file is UTF-8 (with or without a byte-order mark), with CRLF, LF or CR line \
            ends, and comma, TAB or semicolon separators (found from the header). Money: \
            1234.5, 1,234.50, $1,234.50, 1.234,50 € (a decimal comma where the whole column \
            reads that way, or with --decimal-comma). Dates: YYYY-MM-DD, YYYY/MM/DD, RFC 3339, \
            and MM/DD/YYYY in Homebox files (elsewhere, a column whose dates could be either \
            needs --date-format); a date before 1900 is kept as written, with a warning. Yes \
            and no: true/false, yes/no, y/n, 1/0, x or empty. Tags are split on ';'. Amounts \
            are read in the inventory's currency; when the file's look like another one, the \
            import says so.

            Homebox 0.26 lists its locations as rows of their own (HB.url ending in \
            /location/ID): they are remembered as places, not made items, and each item keeps \
            its place's full path as its location. An item without an HB.import_ref is known \
            by its Homebox id (the end of its HB.url), so a newer export of the same Homebox \
            updates it. An item with an HB.parent_import_ref goes inside the item of that \
            reference (a row of the file, wherever it is, or an item imported before), as does \
            one of a spreadsheet with a column mapped to container.

            All or nothing: every row is checked first; if one is bad nothing is written and \
            every problem is listed (row, column, value, what was expected). A row whose \
            import reference (HB.import_ref, or a column mapped to import-ref) was imported \
            before updates that item, changing only the columns the file has. --dry-run \
            lists what the import would do with each row, and fails as it would.

            Fields for --map COLUMN=FIELD: \(ImportField.mapNames).

            Examples:
              inventory import homebox-items.csv --dry-run
              inventory import things.csv --map "Where=location" --date-format DD/MM/YYYY
              inventory import inventory.json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"))
    var file: String

    @Option(help: "auto, homebox, csv or json.")
    var format: ImportFormat = .auto

    @Flag(
        name: .customLong("dry-run"),
        help: "Check the file and say what would change; change nothing.")
    var dryRun = false

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "Read a column as a field (repeatable): \"Where=location\", \"Status=ignore\".",
            valueName: "column=field"))
    var mappings: [String] = []

    @Option(
        name: .customLong("update-by"),
        help:
            "import-ref: a row with an import reference seen before updates that item; none: every row adds an item."
    )
    var updateBy: ImportUpdateRule = .importRef

    @Flag(help: "Add rows that look like items already here without asking.")
    var yes = false

    @Option(
        help: ArgumentHelp(
            "The separator: comma, tab, semicolon (default: found from the header).",
            valueName: "separator"))
    var separator: String?

    @Flag(
        name: .customLong("decimal-comma"),
        help: "Read every amount with a decimal comma (1.234,50).")
    var decimalComma = false

    @Option(
        name: .customLong("date-format"),
        help: ArgumentHelp(
            "How to read dates with slashes: MM/DD/YYYY or DD/MM/YYYY (two-digit years too).",
            valueName: "format"))
    var dateFormat: SlashDateOrder?

    @Option(
        name: .customLong("custom-fields"),
        help:
            "What Homebox's custom fields (HB.field.NAME) become: notes (a line NAME: value) or tags."
    )
    var customFields: CustomFieldRule = .notes

    @Option(
        name: .customLong("other-columns"),
        help: ArgumentHelp(
            "What the columns no field takes become: notes (a line COLUMN: value each) or "
                + "ignore (default: an error that names them).",
            valueName: "notes|ignore"))
    var otherColumns: OtherColumnRule?

    @Flag(
        name: .customLong("skip-invalid"),
        help: "Import the good rows; write the bad ones, with the reason, to FILE.rejected.csv.")
    var skipInvalid = false

    @Flag(help: "With --skip-invalid: replace an existing FILE.rejected.csv.")
    var force = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "For our JSON: the folder holding the files the export lists (the exporting "
                + "inventory's photos folder, or a copy of it).",
            valueName: "folder"))
    var files: String?

    func validate() throws {
        for mapping in mappings {
            guard let equals = mapping.lastIndex(of: "="),
                !mapping[..<equals].trimmingCharacters(in: .whitespaces).isEmpty
            else {
                throw ValidationError("--map takes COLUMN=FIELD, like \"Where=location\"")
            }
            let name = String(mapping[mapping.index(after: equals)...])
            if ImportField(mapName: name) == nil {
                throw ValidationError(
                    "--map \(mapping): no field \"\(name)\" (fields: \(ImportField.mapNames))")
            }
        }
        if let separator, Self.separatorByte(separator) == nil {
            throw ValidationError(
                "--separator takes comma, tab, semicolon, or one character other than a quote")
        }
        if force && !skipInvalid { throw ValidationError("--force goes with --skip-invalid") }
    }

    static func separatorByte(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "comma", ",": UInt8(ascii: ",")
        case "tab", "\t", "\\t": UInt8(ascii: "\t")
        case "semicolon", ";": UInt8(ascii: ";")
        default:
            text.utf8.count == 1 && text != "\"" && text.utf8.first! >= 0x20 ? text.utf8.first : nil
        }
    }

    func run() throws {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw CommandFailure(
                description: FileManager.default.fileExists(atPath: file)
                    ? "cannot import \"\(file)\": it cannot be read"
                    : "cannot import \"\(file)\": no such file",
                status: 66)
        }
        let manager: InventoryManager
        if dryRun, let path = database.path, !FileManager.default.fileExists(atPath: path) {
            // A dry run into an inventory not made yet: checked against an empty one.
            manager = try InventoryManager.openSharedEmpty(path: path)
        } else {
            let location = try InventoryLocation.resolve(
                option: database.path, environment: InventoryLocation.processEnvironment)
            let isNew = !dryRun && !FileManager.default.fileExists(atPath: location.path)
            manager = try database.openManager(dryRun ? .read : .write)
            if isNew {
                // An import that fails leaves no inventory it made behind.
                do {
                    try run(with: manager)
                } catch {
                    if (try? manager.counts())
                        == InventoryCounts(
                            items: 0, claims: 0, journalEntries: 0)
                    {
                        InventoryManager.closeShared()
                        for suffix in ["", "-wal", "-shm"] { unlink(location.path + suffix) }
                    }
                    throw error
                }
                return
            }
        }
        try run(with: manager)
    }

    private func run(with manager: InventoryManager) throws {
        var options = ImportOptions()
        options.format = format
        options.separator = separator.flatMap(Self.separatorByte)
        for mapping in mappings {
            let equals = mapping.lastIndex(of: "=")!
            options.mappings[String(mapping[..<equals]).trimmingCharacters(in: .whitespaces)] =
                ImportField(mapName: String(mapping[mapping.index(after: equals)...]))
        }
        options.decimalMark = decimalComma ? .comma : nil
        options.dateOrder = dateFormat
        options.updateBy = updateBy
        options.customFields = customFields
        options.otherColumns = otherColumns
        options.allowDuplicates = yes
        options.rejectionReason = { CommandLineMessage.text(for: $0) }
        options.files = files
        if skipInvalid {
            // A dry run checks the file of rejected rows as the import would, writing nothing.
            options.rejectedRows = try manager.outputFile(
                at: file + ".rejected.csv", replacing: force)
        }
        var importer = Importer(path: file, options: options, manager: manager)
        let progress = ProgressLine(enabled: !quiet && !dryRun && isatty(2) == 1)
        importer.progress = { done, total in progress.show(done, of: total) }
        let report: ImportReport
        do {
            do {
                report = try importer.run(dryRun: dryRun)
            } catch ImportError.duplicates(let found) where isatty(0) == 1 && isatty(2) == 1 {
                progress.clear()
                let error = Terminal.standardError
                error.writeLine(
                    "\(found.duplicates) of \(found.rows) rows look like items already here "
                        + "(same name, place, serial, price and date).")
                error.write("Add them again? [y/N] ")
                error.flush()
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    throw CommandFailure(description: "nothing was imported", status: 1)
                }
                options.allowDuplicates = true
                var again = Importer(path: file, options: options, manager: manager)
                again.progress = importer.progress
                report = try again.run(dryRun: false)
            }
        } catch let error as ImportError {
            progress.clear()
            throw failure(error)
        }
        progress.clear()
        print(report: report, currency: manager.currency)
        try checkSomethingImported(report)
        try checkDryRun(report)
    }

    /// A dry run fails as the import would: with problems (and no --skip-invalid, or every
    /// row rejected), or with rows that look like items already here (without --yes).
    private func checkDryRun(_ report: ImportReport) throws {
        guard dryRun else { return }
        if report.problemCount > 0 && !report.skipsInvalidRows {
            throw CommandFailure(
                description: "\(report.problemCount) problem"
                    + "\(report.problemCount == 1 ? "" : "s"); an import would write nothing"
                    + (report.format == .json ? "" : " (--skip-invalid imports the good rows)"),
                status: 65)
        }
        if report.rejected > 0 && report.rejected == report.rows {
            throw CommandFailure(
                description: "every row would be rejected; an import would write nothing",
                status: 65)
        }
        if report.duplicates > 0 && !yes {
            throw CommandFailure(
                description: "\(report.duplicates) of \(report.rows) rows look like items "
                    + "already here (same name, place, serial, price and date); an import would "
                    + "ask before adding them (--yes adds them)",
                status: 1)
        }
    }

    /// An import error as the command reports it: the problems on stderr, one line to end.
    private func failure(_ error: ImportError) -> CommandFailure {
        switch error {
        case .invalidRows(let report):
            describe(report, to: Terminal.standardError)
            listProblems(report, to: Terminal.standardError)
            return CommandFailure(description: CommandLineMessage.text(for: error), status: 65)
        case .duplicates:
            return CommandFailure(description: CommandLineMessage.text(for: error), status: 1)
        case .unreadable, .header:
            return CommandFailure(description: CommandLineMessage.text(for: error), status: 65)
        }
    }

    private func describe(_ report: ImportReport, to output: BufferedOutput) {
        var how = "Read \(file) as \(report.format.rawValue)"
        if let separator = report.separator { how += " (\(separator) separated)" }
        output.writeLine(how + ", \(report.rows) row\(report.rows == 1 ? "" : "s").")
        for note in report.notes { output.writeLine("  \(note)") }
    }

    private func listProblems(_ report: ImportReport, to output: BufferedOutput) {
        for problem in report.problems {
            output.writeLine("  \(CommandLineMessage.text(for: problem))")
        }
        if report.problemCount > report.problems.count {
            output.writeLine("  … and \(report.problemCount - report.problems.count) more")
        }
    }

    /// Each row and what the import does with it, as a dry run lists them.
    private func listOutcomes(_ report: ImportReport, to output: BufferedOutput) {
        guard !report.outcomes.isEmpty else { return }
        output.writeLine("Row by row:")
        for outcome in report.outcomes {
            let name = "\"\(VisibleText.of(outcome.name))\""
            let line =
                switch outcome.action {
                case .add: "add \(name)"
                case .update(let id, let fields):
                    "update item \(id) \(name): \(fields.joined(separator: ", "))"
                case .unchanged(let id): "item \(id) \(name) unchanged"
                case .place(let change):
                    "place \(name) "
                        + (change == .added
                            ? "(new)" : change == .changed ? "(changed)" : "(unchanged)")
                case .reject(let problem):
                    (report.skipsInvalidRows ? "left out" : "rejected") + ": "
                        + VisibleText.of(
                            (problem.column.map { "\($0): " } ?? "")
                                + CommandLineMessage.text(problem.reason, hint: problem.hint))
                }
            output.writeLine("  row \(outcome.row): \(line)")
        }
    }

    /// `; 3 places: 1 new, 2 unchanged` (nothing for a file without places).
    private func places(_ report: ImportReport) -> String {
        guard report.places > 0 else { return "" }
        let parts = [
            (report.placesAdded, "new"), (report.placesChanged, "changed"),
            (report.placesUnchanged, "unchanged"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "; \(report.places) place\(report.places == 1 ? "" : "s"): "
            + parts.joined(separator: ", ")
    }

    /// One line when the file's amounts look like another currency than the inventory's, in
    /// which they were read: what to type to change it, while that can be done.
    private func currencyLine(_ report: ImportReport, currency: Currency) -> String? {
        switch report.currencyHint(for: currency) {
        case .named(let codes):
            let code = codes[0]
            return "The file's amounts are in \(codes.joined(separator: " and ")); they were "
                + "read as \(currency.code), this inventory's currency"
                + (report.currencyStaysOpen && codes.count == 1
                    ? ": 'inventory settings --currency \(code)' makes it \(code), keeping "
                        + "the amounts as they are."
                    : ".")
        case .decimalCommas:
            return "The file writes amounts with decimal commas; they were read as "
                + "\(currency.code), this inventory's currency"
                + (report.currencyStaysOpen
                    ? ": 'inventory settings --currency CODE' (such as EUR) changes it, keeping "
                        + "the amounts as they are."
                    : ".")
        case nil:
            return nil
        }
    }

    private func listWarnings(_ report: ImportReport) {
        let error = Terminal.standardError
        for warning in report.warnings {
            error.writeLine("inventory: warning: \(VisibleText.of(warning.description))")
        }
        if report.warningCount > report.warnings.count {
            error.writeLine(
                "inventory: … and \(report.warningCount - report.warnings.count) more warnings")
        }
    }

    private func print(report: ImportReport, currency: Currency) {
        let output = Terminal.standardOutput
        describe(report, to: output)
        listWarnings(report)
        defer {
            if let line = currencyLine(report, currency: currency) { output.writeLine(line) }
            if dryRun { output.writeLine("Nothing was written (dry run).") }
        }
        if dryRun {
            if !report.columns.isEmpty {
                output.writeLine("Columns:")
                let width = report.columns.map { DisplayWidth.of($0.header) }.max() ?? 0
                for column in report.columns {
                    let padding = String(
                        repeating: " ", count: width - DisplayWidth.of(column.header))
                    let field =
                        switch column.field {
                        case .noteLine: "a notes line \"\(column.label): …\""
                        case .tagLine: "a tag \"\(column.label): …\""
                        case .ignore where column.givesHomeboxIDs:
                            "the Homebox id (a place's row is a place)"
                        case .ignore: "not imported"
                        default: column.field.rawValue
                        }
                    output.writeLine("  \(VisibleText.of(column.header))\(padding)  → \(field)")
                }
            }
            listOutcomes(report, to: output)
            output.writeLine(
                "Would add \(report.added), update \(report.updated); \(report.unchanged) "
                    + "unchanged, \(report.rejected) rejected"
                    + (report.rejected > 0 && report.skipsInvalidRows
                        ? " (left out, written to \(file).rejected.csv)" : "")
                    + places(report) + "."
                    + (report.claimsAdded > 0
                        ? " Would add \(report.claimsAdded) claim\(report.claimsAdded == 1 ? "" : "s")."
                        : "")
                    + (report.duplicates > 0
                        ? " \(report.duplicates) look like items already here." : ""))
            listProblems(report, to: output)
            return
        }
        var summary =
            "Added \(report.added), updated \(report.updated); \(report.unchanged) unchanged"
            + places(report)
        if report.claimsAdded > 0 {
            summary += "; \(report.claimsAdded) claim\(report.claimsAdded == 1 ? "" : "s") added"
        }
        if report.rejected > 0 {
            summary += "; \(report.rejected) rejected, written to \(file).rejected.csv"
        }
        output.writeLine(summary + ".")
        if report.rejected > 0 { listProblems(report, to: Terminal.standardError) }
    }

    /// With --skip-invalid, a file whose every row was rejected imported nothing: a failure.
    private func checkSomethingImported(_ report: ImportReport) throws {
        guard !dryRun, report.rejected > 0, report.rejected == report.rows else { return }
        throw CommandFailure(
            description: "every row was rejected; nothing was imported (the rows and why are "
                + "in \(file).rejected.csv)",
            status: 65)
    }
}

/// A progress bar on stderr, for imports that take more than a second.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let start = Date()
    private var last = Date.distantPast
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ done: Int64, of total: Int64) {
        guard enabled, total > 0, Date().timeIntervalSince(start) > 1,
            Date().timeIntervalSince(last) > 0.1
        else { return }
        last = Date()
        let percent = Int(min(100, done * 100 / total))
        let bar =
            String(repeating: "█", count: percent / 5)
            + String(repeating: "·", count: 20 - percent / 5)
        Terminal.standardError.write("\r  importing \(bar) \(percent)%")
        Terminal.standardError.flush()
        shown = true
    }

    func clear() {
        guard shown else { return }
        Terminal.standardError.write("\r\u{1B}[K")
        Terminal.standardError.flush()
        shown = false
    }
}
