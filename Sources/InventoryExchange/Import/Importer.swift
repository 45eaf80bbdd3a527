import Foundation
public import InventoryKit
import Locking

/// Imports a file into an inventory: all of it in one transaction, or nothing.
///
/// A CSV file is read twice, streamed, never whole: first to learn how its money and date
/// columns are written (a decimal comma, a day first), then to check and write each row.
/// Every row is checked, even after a bad one, so that the report lists every problem.
public struct Importer: Sendable {
    /// The file imported.
    public let path: String
    /// How the file is read.
    public let options: ImportOptions
    /// The inventory the items go into.
    public let manager: InventoryManager
    /// Called now and then with the bytes read and the file's size (for a progress bar).
    public var progress: (@Sendable (Int64, Int64) -> Void)?

    /// An importer of the file at `path`, read as `options` say, into `manager`'s inventory.
    public init(path: String, options: ImportOptions, manager: InventoryManager) {
        self.path = path
        self.options = options
        self.manager = manager
    }

    /// Imports the file.
    ///
    /// - Parameter dryRun: check everything and count what would change, writing nothing.
    /// - Returns: what was (or would be) added, updated and rejected.
    /// - Throws: `ImportError` (nothing was written then); `InventoryError` or `DatabaseError`
    ///   from the store.
    public func run(dryRun: Bool) throws -> ImportReport {
        if try isJSON() {
            return try JSONImport(path: path, options: options, manager: manager).run(
                dryRun: dryRun)
        }
        var plan = try makePlan()
        var writer = try RowWriter(
            manager: manager, allowDuplicates: options.allowDuplicates,
            homebox: plan.format != .csv)
        writer.tracksContainers = plan.columns.contains { $0.field == .container }
        if dryRun {
            try learnColumns(&plan)
            var sink = try DryRunSink(manager: manager)
            var report = try importRows(plan, writer: writer, into: &sink)
            report.currencyStaysOpen = try manager.canChooseCurrency()
            return report
        }
        // The first pass runs on a thread of its own while the rows are written as the usual
        // reading has them (decimal points; month first in Homebox dates): it usually confirms
        // that reading, and the import then takes no longer than its write (a first pass before
        // the first row is written would add its whole time to the import's).
        // When it learns another reading, what was written is rolled back and written again.
        let learning = ColumnLearning(importer: self, plan: plan)
        let usual = usualReading(of: plan)
        do {
            let outcome = try manager.importItems { batch in
                try batch.amountsCarryNoCurrency()
                var report = try importRows(
                    usual, writer: writer, into: &batch, confirm: learning.confirm)
                report.currencyStaysOpen = batch.keepsCurrencyOpen
                return report
            }
            return outcome.result
        } catch is ColumnLearning.OtherReading {
            let learned = try learning.plan()
            return try manager.importItems { batch in
                try batch.amountsCarryNoCurrency()
                var report = try importRows(learned, writer: writer, into: &batch)
                report.currencyStaysOpen = batch.keepsCurrencyOpen
                return report
            }.result
        }
    }

    /// `plan` read the usual way: each money column with decimal points, each date column of
    /// a Homebox file month first (the options' readings, when given).
    private func usualReading(of plan: Plan) -> Plan {
        var usual = plan
        usual.marks = plan.columns.map { _ in options.decimalMark ?? .point }
        usual.dateOrders = plan.columns.map { _ in
            options.dateOrder ?? (plan.format != .csv ? .monthFirst : nil)
        }
        return usual
    }

    /// The first pass, run on a thread of its own.
    final class ColumnLearning: Sendable {
        /// The first pass read the columns otherwise than the rows were written.
        struct OtherReading: Error {}

        private let result = Lock<Result<Plan, ImportError>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(importer: Importer, plan: Plan) {
            let thread = Thread { [self] in
                var learned = plan
                do {
                    try importer.learnColumns(&learned)
                    self.result.withLock { $0 = .success(learned) }
                } catch {
                    self.result.withLock {
                        $0 = .failure(
                            error as? ImportError
                                ?? .unreadable(path: importer.path, reason: "\(error)"))
                    }
                }
                self.done.signal()
            }
            thread.name = "inventory.import-columns"
            thread.start()
        }

        /// The learned plan (waiting for it).
        func plan() throws -> Plan {
            done.wait()
            done.signal()  // for the next caller
            return try result.withLock { $0! }.get()
        }

        /// Waits for the first pass and completes `report` with what it learned; throws
        /// `OtherReading` when it reads a column otherwise than `plan` did.
        func confirm(_ plan: Plan, _ report: inout ImportReport) throws {
            let learned = try self.plan()
            guard learned.marks == plan.marks, learned.dateOrders == plan.dateOrders else {
                throw OtherReading()
            }
            report.rows = learned.rowCount
            report.notes = learned.notes
            report.fileCurrencies = learned.currencies
            report.readsDecimalCommas = learned.marks.contains(.comma)
        }
    }

    // MARK: - Deciding what the file is

    /// Whether the file is JSON: asked for, or (auto) its first character is `{` or `[`.
    private func isJSON() throws -> Bool {
        switch options.format {
        case .json: return true
        case .csv, .homebox: return false
        case .auto:
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 64)) ?? Data()
            let first = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        }
    }

    /// How the columns are read: the format, each column's field, what the header lacks.
    struct Plan {
        var format: DetectedFormat
        var separator: UInt8
        var header: [String]
        var columns: [ImportColumn]
        var notes: [String]
        /// Per column: the decimal mark of a money column, the order of a date column.
        var marks: [DecimalMark] = []
        var dateOrders: [SlashDateOrder?] = []
        var rowCount = 0
        /// The currencies the money cells name, most used first.
        var currencies: [String] = []
        /// The column of Homebox's `HB.url`, which tells places from items.
        var urlColumn: Int?
        /// Per column: the item's field its cells give, if any (found once, not per cell).
        var itemFields: [ItemField?] = []
        /// The column of the rows' own references, read (for the containers other rows name)
        /// even when the import does not update by reference.
        var fileRefColumn: Int?
    }

    private func openReader() throws -> CSVReader {
        do {
            return try CSVReader(path: path, separator: options.separator)
        } catch {
            throw ImportError.unreadable(path: path, reason: error.description)
        }
    }

    /// The reader's next record; a file that stops being CSV is an `ImportError`.
    private func next(_ reader: CSVReader) throws -> [String]? {
        do {
            return try reader.next()
        } catch {
            throw ImportError.unreadable(path: path, reason: error.description)
        }
    }

    private func makePlan() throws -> Plan {
        let reader = try openReader()
        guard let header = try next(reader) else {
            throw ImportError.unreadable(path: path, reason: "the file is empty")
        }
        var notes: [String] = []
        if reader.hadByteOrderMark { notes.append("a UTF-8 byte-order mark was skipped") }
        let isHomebox = header.contains { $0.hasPrefix("HB.") }
        let isLegacy =
            !isHomebox && header.count == ImportField.legacyHomebox.count
            && ImportField.key(header[0]) == "importref" && ImportField.key(header[4]) == "name"
        let format: DetectedFormat
        switch options.format {
        case .homebox: format = isHomebox || !isLegacy ? .homebox : .homeboxLegacy
        case .csv: format = .csv
        default: format = isHomebox ? .homebox : isLegacy ? .homeboxLegacy : .csv
        }
        var problems: [ImportHeaderProblem] = []
        var columns: [ImportColumn] = []
        var unknown: [String] = []
        var mappingsUsed: Set<String> = []
        var fileRefColumn: Int?
        // The household's own fields, by key: a column named as one (`HB.field.NAME` in a
        // Homebox file) gives its value.
        let ownFields = Dictionary(
            try manager.customFields().map { ($0.key, $0) }
        ) { first, _ in first }
        for (index, written) in header.enumerated() {
            let header = written.trimmingWhitespace()
            let shown = header.isEmpty ? "column \(index + 1)" : header
            if let field = mapping(for: header, index: index) {
                mappingsUsed.insert(field.key)
                if field.field == .importRef { fileRefColumn = columns.count }
                columns.append(ImportColumn(header: shown, field: field.field, label: shown))
                continue
            }
            let name = format == .homeboxLegacy ? ImportField.legacyHomebox[index] : header
            if format != .csv, name.hasPrefix("HB.field."),
                let own = ownFields[CustomField.key(String(name.dropFirst("HB.field.".count)))]
            {
                columns.append(ImportColumn(header: shown, field: .own(own.key), label: shown))
            } else if format == .csv, let own = ownFields[CustomField.key(header)],
                ImportField.aliases[ImportField.key(header)] == nil
            {
                columns.append(ImportColumn(header: shown, field: .own(own.key), label: shown))
            } else if format != .csv, name.hasPrefix("HB.field."),
                let field = Self.ownCustomFields[String(name.dropFirst("HB.field.".count))]
            {
                // The custom fields `export --format homebox` writes for what Homebox lacks.
                columns.append(ImportColumn(header: shown, field: field, label: shown))
            } else if format != .csv, name.hasPrefix("HB.field.") {
                let label = String(name.dropFirst("HB.field.".count))
                columns.append(
                    ImportColumn(
                        header: shown,
                        field: options.customFields == .notes ? .noteLine : .tagLine,
                        label: label))
            } else if format != .csv, name.hasPrefix("HB.") {
                if let field = ImportField.homebox[name] {
                    if field == .importRef { fileRefColumn = columns.count }
                    let field = options.updateBy == .none && field == .importRef ? .ignore : field
                    let rule: CellRule =
                        switch name {
                        case "HB.purchase_price", "HB.sold_price": .zeroIsEmpty
                        case "HB.archived": .archived
                        case "HB.url": .homeboxURL
                        default: .plain
                        }
                    columns.append(
                        ImportColumn(
                            header: shown, field: field,
                            label: ImportField.homeboxLabels[name] ?? shown, rule: rule))
                } else if let rule = options.otherColumns {
                    columns.append(
                        ImportColumn(
                            header: shown, field: rule == .notes ? .noteLine : .ignore,
                            label: shown))
                } else {
                    unknown.append(shown)
                }
            } else if header.isEmpty {
                // A column without a name: kept only if every cell of it is empty.
                columns.append(
                    ImportColumn(header: shown, field: .ignore, label: "", rule: .mustBeEmpty))
            } else if let field = ImportField.aliases[ImportField.key(header)] {
                if field == .importRef { fileRefColumn = columns.count }
                let field = options.updateBy == .none && field == .importRef ? .ignore : field
                columns.append(ImportColumn(header: shown, field: field, label: shown))
            } else if let rule = options.otherColumns {
                columns.append(
                    ImportColumn(
                        header: shown, field: rule == .notes ? .noteLine : .ignore, label: shown))
            } else {
                unknown.append(shown)
                columns.append(ImportColumn(header: shown, field: .ignore, label: shown))
            }
        }
        for written in options.mappings.keys.sorted() where !mappingsUsed.contains(written) {
            problems.append(
                ImportHeaderProblem(
                    reason:
                        "a field is given to a column \(quoted(written)) the file does not have",
                    hint: .mappedColumnMissing(written)))
        }
        if !unknown.isEmpty {
            let list = unknown.map { quoted($0) }.joined(separator: ", ")
            problems.append(
                ImportHeaderProblem(
                    reason: "no field takes the column\(unknown.count == 1 ? "" : "s") \(list)",
                    hint: .mapOrKeepOtherColumns(first: unknown[0])))
        }
        var byField: [ImportField: [Int]] = [:]
        for (index, column) in columns.enumerated() where column.field.isSingle {
            byField[column.field, default: []].append(index)
        }
        for (field, indexes) in byField.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where indexes.count > 1 {
            let names = indexes.map { "\(quoted(columns[$0].header)) (column \($0 + 1))" }
            problems.append(
                ImportHeaderProblem(
                    reason: "the columns \(names.joined(separator: " and ")) "
                        + "\(names.count == 2 ? "both" : "all") give the \(field.rawValue)",
                    hint: .leaveOutColumn(number: indexes.last! + 1)))
        }
        if !columns.contains(where: { $0.field == .name }) {
            problems.append(
                ImportHeaderProblem(
                    reason: "no column gives the items' names (Name, Item, Item name, HB.name…)",
                    hint: .mapNameColumn))
        }
        guard problems.isEmpty else { throw ImportError.header(path: path, problems: problems) }
        var plan = Plan(
            format: format, separator: reader.separator, header: header, columns: columns,
            notes: notes)
        plan.urlColumn = columns.firstIndex { $0.rule == .homeboxURL }
        plan.itemFields = columns.map(\.field.itemField)
        plan.fileRefColumn = fileRefColumn
        return plan
    }

    /// The field `--map` gives the column `header` (or, for a column without a name,
    /// `column N`).
    private func mapping(for header: String, index: Int) -> (key: String, field: ImportField)? {
        for (key, field) in options.mappings {
            let name = key.trimmingWhitespace()
            if name == header || name.lowercased() == "column \(index + 1)"
                || (!header.isEmpty && ImportField.key(name) == ImportField.key(header)
                    && !name.hasPrefix("HB."))
            {
                return (key, field)
            }
        }
        return nil
    }

    // MARK: - The first pass: how the columns are written

    /// Reads the money and date columns once, to choose each one's decimal mark and date
    /// order, and counts the rows.
    fileprivate func learnColumns(_ plan: inout Plan) throws {
        let reader = try openReader()
        var commas = Array(repeating: false, count: plan.columns.count)
        var points = Array(repeating: false, count: plan.columns.count)
        var dayFirst = Array(repeating: false, count: plan.columns.count)
        var monthFirst = Array(repeating: false, count: plan.columns.count)
        var slashes = Array(repeating: false, count: plan.columns.count)
        let money = plan.columns.indices.filter { plan.columns[$0].field.isMoney }
        let dates = plan.columns.indices.filter { plan.columns[$0].field.isDate }
        var rows = 0
        var currencies: [String: Int] = [:]
        _ = try next(reader)
        // Only the money and date columns are looked at: the others are not made into text.
        reader.keptColumns = plan.columns.indices.map { money.contains($0) || dates.contains($0) }
        while let record = try next(reader) {
            rows += 1
            for index in money where index < record.count {
                switch ImportValues.decimalEvidence(record[index]) {
                case .comma: commas[index] = true
                case .point: points[index] = true
                case nil: break
                }
                if let code = ImportValues.currencyEvidence(record[index]) {
                    currencies[code, default: 0] += 1
                }
            }
            for index in dates where index < record.count {
                let cell = CSVWriter.restoredCell(record[index])
                guard ImportValues.isSlashDate(cell) else { continue }
                slashes[index] = true
                switch ImportValues.dateEvidence(cell) {
                case .dayFirst: dayFirst[index] = true
                case .monthFirst: monthFirst[index] = true
                case nil: break
                }
            }
        }
        guard rows > 0 else {
            throw ImportError.unreadable(path: path, reason: "the file has a header but no rows")
        }
        plan.rowCount = rows
        plan.currencies = currencies.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        plan.marks = plan.columns.indices.map { index in
            if let mark = options.decimalMark { return mark }
            return commas[index] && !points[index] ? .comma : .point
        }
        plan.dateOrders = plan.columns.indices.map { index in
            if let order = options.dateOrder { return order }
            if plan.format != .csv { return .monthFirst }
            if dayFirst[index] != monthFirst[index] {
                return dayFirst[index] ? .dayFirst : .monthFirst
            }
            return nil
        }
        for index in money where plan.marks[index] == .comma && options.decimalMark == nil {
            plan.notes.append("\(quoted(plan.columns[index].header)) is read with decimal commas")
        }
        for index in dates where slashes[index] && plan.format == .csv && options.dateOrder == nil {
            if let order = plan.dateOrders[index] {
                plan.notes.append(
                    "\(quoted(plan.columns[index].header)) is read as \(order.rawValue)")
            }
        }
    }

    // MARK: - The second pass: each row checked and written

    /// Reads, checks and writes every row. `confirm`, when given, is called once the rows are
    /// written and before any of their problems is reported: it completes the report with
    /// the first pass's findings, or throws when that pass read the columns otherwise.
    private func importRows<Sink: ImportSink & ~Copyable>(
        _ plan: Plan, writer: RowWriter, into sink: inout Sink,
        confirm: ((Plan, inout ImportReport) throws -> Void)? = nil
    ) throws -> ImportReport {
        var report = ImportReport(
            format: plan.format, separator: Self.separatorName(plan.separator))
        report.columns = plan.columns
        report.notes = plan.notes
        report.rows = plan.rowCount
        report.fileCurrencies = plan.currencies
        report.readsDecimalCommas = plan.marks.contains(.comma)
        report.skipsInvalidRows = options.rejectedRows != nil
        let currency = manager.currency
        let today = manager.today()
        let customFields = sink.customFields
        var writer = writer
        var rejected: [UInt8] = []
        if options.rejectedRows != nil {
            CSVWriter.appendRecord(plan.header + ["Problem"], to: &rejected)
        }
        let size = Int64(
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        // Rows are read and checked on another thread while this one writes them.
        let pipeline = readRows(plan, currency: currency, today: today)
        defer { pipeline.stop() }
        var placeRows: [String: Int] = [:]
        /// The records of rows inside another, kept until their container is known.
        var waitingRecords: [Int: [String]] = [:]
        while let batch = pipeline.queue.take() {
            if let error = batch.error { throw error }
            progress?(batch.bytesRead, size)
            for entry in batch.rows {
                let (record, rowNumber, row) = (entry.record, entry.number, entry.row)
                var problems = entry.problems
                let unreadable = !problems.isEmpty
                if let placeID = row.placeID {
                    // A place (a Homebox location): recorded as one, never an item.
                    if !unreadable {
                        if let earlier = placeRows[placeID] {
                            problems.append(
                                ImportProblem(
                                    row: rowNumber, column: nil,
                                    reason: "the Homebox place \(placeID) is also row \(earlier)'s"
                                ))
                        } else {
                            placeRows[placeID] = rowNumber
                            do {
                                let place = try Self.place(row, id: placeID)
                                let change = try sink.recordPlace(place)
                                switch change {
                                case .added: report.placesAdded += 1
                                case .changed: report.placesChanged += 1
                                case .unchanged: report.placesUnchanged += 1
                                }
                                if !sink.writes {
                                    report.list(row: rowNumber, place.path, .place(change))
                                }
                            } catch InventoryError.missingName {
                                problems.append(
                                    ImportProblem(
                                        row: rowNumber,
                                        column: plan.columns.first { $0.field == .name }?.header,
                                        reason: "a place needs a name"))
                            } catch let error as InventoryError {
                                problems.append(problem(error, row: rowNumber, plan: plan))
                            }
                        }
                    }
                } else if !unreadable {
                    if row.containerRef != nil, options.rejectedRows != nil {
                        waitingRecords[rowNumber] = record
                    }
                    switch try writer.write(row, number: rowNumber, into: &sink, report: &report) {
                    case .referenceUsed(let ref, let earlier):
                        problems.append(
                            ImportProblem(
                                row: rowNumber, column: nil,
                                reason: "import reference \(quoted(ref)) is also row \(earlier)'s"))
                    case .invalid(let error):
                        problems.append(problem(error, row: rowNumber, plan: plan))
                    case nil: break
                    }
                }
                if unreadable, record.count == plan.columns.count, row.placeID == nil {
                    // The first rule the rest of the row breaks, as a write would say it.
                    do {
                        _ = try row.draft.validatedItem(
                            currency: currency, now: Timestamp(Date()), today: today,
                            fields: customFields)
                    } catch let error as InventoryError {
                        problems.append(problem(error, row: rowNumber, plan: plan))
                    }
                }
                guard let first = problems.first else { continue }
                for problem in problems { report.record(problem) }
                report.rejected += 1
                if !sink.writes {
                    report.list(row: rowNumber, row.name ?? "", .reject(first))
                }
                if options.rejectedRows != nil {
                    // The cells as this import read them, written by the one rule of our
                    // CSV files, so that importing the file again reads them the same.
                    CSVWriter.appendRecord(
                        record.map(CSVWriter.restoredCell) + [options.rejectionReason(first)],
                        to: &rejected)
                }
            }
        }
        progress?(size, size)
        if writer.hasWaitingRows {
            let column = plan.columns.first { $0.field == .container }?.header
            for refusal in try writer.placeContainedItems(into: &sink, report: &report) {
                // An invalid value names its own column; the rest are the container's.
                let refused =
                    refusal.error.map { self.problem($0, row: refusal.number, plan: plan) }
                    ?? ImportProblem(row: refusal.number, column: column, reason: refusal.reason)
                report.refuse(refusal, as: refused, listed: !sink.writes)
                if let record = waitingRecords[refusal.number] {
                    CSVWriter.appendRecord(
                        record.map(CSVWriter.restoredCell) + [options.rejectionReason(refused)],
                        to: &rejected)
                }
            }
            if !sink.writes { report.outcomes.sort { $0.row < $1.row } }
        }
        try confirm?(plan, &report)
        if report.places > 0 {
            report.notes.append(
                "\(report.places) row\(report.places == 1 ? " is a place" : "s are places") "
                    + "(HB.url …/location/…): remembered as places, not items")
        }
        // A dry run reports what it found; it has nothing to roll back.
        guard sink.writes else { return report }
        if report.rejected > 0 && options.rejectedRows == nil {
            throw ImportError.invalidRows(report)
        }
        if report.duplicates > 0 {
            throw ImportError.duplicates(report)
        }
        if let file = options.rejectedRows, report.rejected > 0 {
            // Before the commit: if the bad rows cannot be kept, the good ones are not
            // written either.
            try file.write(rejected)
        }
        return report
    }

    /// Rows read and checked, a batch at a time, with how far into the file they end.
    struct ReadBatch: Sendable {
        var rows: [(number: Int, record: [String], row: ImportedRow, problems: [ImportProblem])] =
            []
        var bytesRead: Int64 = 0
        /// Why the file could not be read further (after the rows before).
        var error: ImportError?
    }

    /// Starts reading the file's rows and checking their cells on a thread of its own.
    private func readRows(_ plan: Plan, currency: Currency, today: CalendarDate) -> RowPipeline<
        ReadBatch
    > {
        let importer = self
        return RowPipeline(capacity: 8) { put in
            let reader = try importer.openReader()
            _ = try importer.next(reader)
            var batch = ReadBatch()
            batch.rows.reserveCapacity(256)
            while let record = try importer.next(reader) {
                var problems: [ImportProblem] = []
                let row = importer.read(
                    record, row: reader.row, plan: plan, currency: currency, today: today,
                    problems: &problems)
                batch.rows.append((reader.row, record, row, problems))
                if batch.rows.count == 256 {
                    batch.bytesRead = reader.bytesRead
                    guard put(batch) else { return }
                    batch = ReadBatch()
                    batch.rows.reserveCapacity(256)
                }
            }
            batch.bytesRead = reader.bytesRead
            _ = put(batch)
        } failure: { error in
            var batch = ReadBatch()
            batch.error =
                error as? ImportError ?? .unreadable(path: importer.path, reason: "\(error)")
            return batch
        }
    }

    /// The place a Homebox location row describes, its text checked as an item's would be:
    /// its name, the path of the place holding it (its `HB.location`), and its own path, which
    /// the items in it carry as their location.
    static func place(_ row: ImportedRow, id: String) throws -> ImportedPlace {
        guard
            let name = try ItemValidation.text(
                row.name, field: .name, limit: ItemValidation.maximumNameLength)
        else { throw InventoryError.missingName }
        let parent = try ItemValidation.text(row.location ?? nil, field: .location)
        let path =
            try ItemValidation.text(
                ImportValues.location(parent.map { "\($0) / \(name)" } ?? name), field: .location)
            ?? name
        return ImportedPlace(
            source: ImportedPlace.homebox, sourceID: id, name: name, parentPath: parent,
            path: path,
            description: try ItemValidation.text(
                row.description ?? nil, field: .description, long: true),
            importRef: row.importRef)
    }

    /// The problem an item's refusal makes, naming the column of the refused field.
    private func problem(_ error: InventoryError, row: Int, plan: Plan) -> ImportProblem {
        var column: String?
        var reason = error.description
        switch error {
        case .invalidValue(let field, _, _):
            column = plan.columns.first { $0.field.valueField == field }?.header
        case .missingName:
            column = plan.columns.first { $0.field == .name }?.header
            reason = "an item needs a name"
        default: break
        }
        return ImportProblem(row: row, column: column, reason: reason)
    }

    /// Reads one record's cells into a row, recording each cell that cannot be read.
    private func read(
        _ record: [String], row: Int, plan: Plan, currency: Currency, today: CalendarDate,
        problems: inout [ImportProblem]
    ) -> ImportedRow {
        var result = ImportedRow()
        if record.count != plan.columns.count {
            problems.append(
                ImportProblem(
                    row: row, column: nil,
                    reason: "has \(record.count) field\(record.count == 1 ? "" : "s"); "
                        + "the header has \(plan.columns.count)"))
            return result
        }
        if let urlColumn = plan.urlColumn,
            let entity = ImportValues.homeboxEntity(CSVWriter.restoredCell(record[urlColumn]))
        {
            if entity.isPlace {
                // A place's row: its name, the path of the place holding it, its description
                // and reference; the item columns mean nothing for it.
                result.placeID = entity.id
                for (index, column) in plan.columns.enumerated() {
                    let cell = CSVWriter.restoredCell(record[index])
                    let text: String? = cell.trimmingWhitespace().isEmpty ? nil : cell
                    switch column.field {
                    case .name: result.values["name"] = .text(cell)
                    case .location:
                        result.values["location"] = .text(text.map(ImportValues.location))
                    case .description: result.values["description"] = .text(text)
                    case .importRef: result.importRef = text?.trimmingWhitespace()
                    default: break
                    }
                }
                return result
            }
            if options.updateBy != .none { result.sourceRef = "homebox:item/\(entity.id)" }
        }
        var noteLines: [String] = []
        var tagLines: [String] = []
        var archived = false
        /// A date kept, with a warning when it is older than anything in a household is.
        func dated(_ date: CalendarDate?, _ column: ImportColumn) -> CalendarDate? {
            if let date, date.year < ImportValues.earliestLikelyYear {
                result.warnings.append(
                    ImportProblem(
                        row: row, column: column.header,
                        reason: "\(date) is before \(ImportValues.earliestLikelyYear); kept as "
                            + "written"))
            }
            return date
        }
        /// Reads an item field's cell by the field's kind.
        func readField(_ field: ItemField, from cell: String, column: ImportColumn, index: Int)
            throws
        {
            let text: String? = cell.trimmingWhitespace().isEmpty ? nil : cell
            let value: ItemFieldValue
            switch field.kind {
            case .name: value = .text(cell)
            case .choice: value = .text(text)
            case .text:
                value = .text(field.key == "location" ? text.map(ImportValues.location) : text)
            case .money:
                value = .money(
                    try ImportValues.money(
                        cell, mark: plan.marks[index], currency: currency, field: field.valueField))
            case .date:
                value = .date(
                    dated(
                        try ImportValues.date(
                            cell, order: plan.dateOrders[index], field: field.valueField,
                            today: today), column))
            case .flag: value = .flag(try ImportValues.bool(cell, field: field.valueField))
            case .count: value = .count(try ImportValues.quantity(cell) ?? 1)
            case .tags:
                // Several columns may give tags: each adds its own.
                guard case .tags(let earlier)? = result.values[field] else {
                    value = .tags(ImportValues.tags(cell))
                    break
                }
                value = .tags(earlier + ImportValues.tags(cell))
            }
            result.values[field] = value
        }
        for (index, column) in plan.columns.enumerated() {
            var cell = CSVWriter.restoredCell(record[index])
            if column.rule == .zeroIsEmpty, let number = Double(cell.trimmingWhitespace()),
                number == 0
            {
                cell = ""
            }
            let trimmed = cell.trimmingWhitespace()
            let text: String? = trimmed.isEmpty ? nil : cell
            do {
                if let field = plan.itemFields[index] {
                    try readField(field, from: cell, column: column, index: index)
                    continue
                }
                if index == plan.fileRefColumn { result.fileRef = trimmed.isEmpty ? nil : trimmed }
                switch column.field {
                case .importRef: result.importRef = trimmed.isEmpty ? nil : trimmed
                case .container: result.containerRef = trimmed.isEmpty ? nil : trimmed
                case .noteLine:
                    if let text { noteLines.append("\(column.label): \(text)") }
                case .tagLine:
                    if let text { tagLines.append("\(column.label): \(text)") }
                case let field where field.ownKey != nil:
                    result.customFields[field.ownKey ?? ""] = trimmed
                case .ignore where column.rule == .archived:
                    archived = try ImportValues.bool(cell, field: .other(column.label))
                case .ignore:
                    if column.rule == .mustBeEmpty, text != nil {
                        problems.append(
                            ImportProblem(
                                row: row, column: column.header,
                                reason: "the column has no name but holds \(quoted(cell))",
                                hint: .mapColumn(header: column.header)))
                    }
                default: break
                }
            } catch let error as InventoryError {
                problems.append(
                    ImportProblem(row: row, column: column.header, reason: error.description))
            } catch let refusal as HintedRefusal {
                problems.append(
                    ImportProblem(
                        row: row, column: column.header, reason: refusal.error.description,
                        hint: refusal.hint))
            } catch {
                problems.append(ImportProblem(row: row, column: column.header, reason: "\(error)"))
            }
        }
        if plan.format != .csv {
            Self.leaveIfGone(&result, archived: archived, today: today, notes: &noteLines)
        }
        if !noteLines.isEmpty {
            let notes = (result.text("notes") ?? nil).map { [$0] } ?? []
            result.values["notes"] = .text((notes + noteLines).joined(separator: "\n"))
        }
        if !tagLines.isEmpty {
            guard case .tags(let tags)? = result.values["tags"] else {
                result.values["tags"] = .tags(tagLines)
                return result
            }
            result.values["tags"] = .tags(tags + tagLines)
        }
        return result
    }

    /// A Homebox row's item as it left the household: sold on its sold date (Homebox has no
    /// other way to leave), or archived, which left on an unknown day: the import's, sold if
    /// Homebox says to whom or for how much. A buyer or an amount of an item neither sold on a
    /// day nor archived stays a line of the notes, as Homebox shows it.
    static func leaveIfGone(
        _ row: inout ImportedRow, archived: Bool, today: CalendarDate, notes: inout [String]
    ) {
        let to = row.values["leftTo"].flatMap { value -> String? in
            guard case .text(let text) = value else { return nil }
            return text
        }
        let amount = row.values["leftFor"].flatMap { value -> Money? in
            guard case .money(let money) = value else { return nil }
            return money
        }
        let sold = to != nil || amount != nil
        if case .date(.some)? = row.values["leftOn"] {
            if row.values["leftHow"] == nil {
                row.values["leftHow"] = .text(Departure.sold.rawValue)
            }
        } else if archived {
            row.values["leftOn"] = .date(today)
            if sold, row.values["leftHow"] == nil {
                row.values["leftHow"] = .text(Departure.sold.rawValue)
            }
        } else if sold {
            if let to { notes.append("Sold to: \(to)") }
            if let amount { notes.append("Sold for: \(amount.formatted)") }
            row.values["leftTo"] = nil
            row.values["leftFor"] = nil
        }
    }

    /// Homebox custom fields that `export --format homebox` writes for the fields Homebox
    /// lacks (`HB.field.Luxury`), and what they are.
    static let ownCustomFields: [String: ImportField] = {
        var fields: [String: ImportField] = [:]
        for field in ItemField.all where field.homeboxColumn.hasPrefix("HB.field.") {
            let name = String(field.homeboxColumn.dropFirst("HB.field.".count))
            fields[name] = ImportField(mapName: ImportField.mapName(of: field))
        }
        return fields
    }()

    static func separatorName(_ separator: UInt8) -> String {
        switch separator {
        case UInt8(ascii: ","): "comma"
        case UInt8(ascii: "\t"): "TAB"
        case UInt8(ascii: ";"): "semicolon"
        default: quoted(String(UnicodeScalar(separator)))
        }
    }
}

extension ImportField {
    /// Whether at most one column may give this field.
    var isSingle: Bool { ![.noteLine, .tagLine, .ignore].contains(self) }
    var isMoney: Bool {
        if case .money? = itemField?.kind { true } else { false }
    }
    var isDate: Bool {
        if case .date? = itemField?.kind { true } else { false }
    }

    /// The item field an `InventoryError.invalidValue` names for this column.
    var valueField: ValueField? {
        switch self {
        case .noteLine: .notes
        case .tagLine: .tag
        default: itemField?.valueField
        }
    }
}
