public import InventoryKit

/// The formats `inventory import` reads.
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// Decide from the file: JSON, Homebox's `HB.*` headers, Homebox's positional format of
    /// before 0.9, or any CSV with a header row.
    case auto
    /// A CSV file exported by Homebox.
    case homebox
    /// Any CSV or TSV file with a header row.
    case csv
    /// A JSON file `inventory export` wrote.
    case json
}

/// What a file was read as.
public enum DetectedFormat: String, Sendable, Hashable {
    /// A Homebox CSV file, with `HB.*` headers.
    case homebox = "Homebox CSV"
    /// A Homebox CSV file of before 0.9, its columns known by position.
    case homeboxLegacy = "Homebox CSV of before 0.9 (columns by position)"
    /// A CSV file with a header row.
    case csv = "CSV"
    /// A JSON file `inventory export` wrote.
    case json = "inventory JSON"
}

/// What rows with an import reference do.
public enum ImportUpdateRule: String, Sendable, Hashable, CaseIterable {
    /// A row whose reference an earlier import recorded updates that item.
    case importRef = "import-ref"
    /// Every row adds an item; references are not read.
    case none
}

/// What becomes of a column no field takes (`--other-columns`).
public enum OtherColumnRule: String, Sendable, Hashable, CaseIterable {
    /// A line `COLUMN: value` in the notes.
    case notes
    /// Left out.
    case ignore
}

/// What Homebox's custom fields (`HB.field.NAME`) become.
public enum CustomFieldRule: String, Sendable, Hashable, CaseIterable {
    /// A line `NAME: value` in the notes.
    case notes
    /// A tag `NAME: value`.
    case tags
}

/// How to read a file.
public struct ImportOptions: Sendable {
    /// The file's format (`--format`); by default decided from the file.
    public var format: ImportFormat = .auto
    /// The separator; nil finds it from the header line.
    public var separator: UInt8?
    /// Columns given a field by hand (`--map COLUMN=FIELD`), by header as written.
    public var mappings: [String: ImportField] = [:]
    /// Read every money column with this mark (`--decimal-comma`); nil decides per column.
    public var decimalMark: DecimalMark?
    /// How to read `NN/NN/YYYY` dates (`--date-format`); nil: month first for Homebox files,
    /// else decided by the column when one of its dates can only be read one way.
    public var dateOrder: SlashDateOrder?
    /// What rows with an import reference do (`--update-by`); by default they update the
    /// item an earlier import added.
    public var updateBy: ImportUpdateRule = .importRef
    /// What Homebox's custom fields become (`--custom-fields`); by default lines of the notes.
    public var customFields: CustomFieldRule = .notes
    /// What becomes of the columns no field takes; nil: they are an error that names them.
    public var otherColumns: OtherColumnRule?
    /// Add rows that look like items already there (`--yes`).
    public var allowDuplicates = false
    /// Import the good rows and write the bad ones to this file, with a reason column.
    public var rejectedRows: OutputFile?
    /// How the reason column of `rejectedRows` tells a row's problem: by default what
    /// happened (`ImportProblem.description`); the command line adds what to type about its
    /// hint (its `--map`, `--date-format`).
    public var rejectionReason: @Sendable (ImportProblem) -> String = { $0.description }
    /// For our JSON: the folder holding the files the export lists (`--files`: the exporting
    /// inventory's `photos` folder, or a copy of it); nil keeps only the files this inventory
    /// holds.
    public var files: String?

    /// The default options: the format and separator found from the file, nothing mapped by
    /// hand, and columns no field takes an error.
    public init() {}
}

/// One column of the file and what it becomes.
public struct ImportColumn: Sendable, Hashable {
    /// The header as written.
    public let header: String
    /// The field its cells are read as.
    public let field: ImportField
    /// The name a notes line or tag line uses (`Asset ID: 000-001`).
    public let label: String
    /// How its cells are read beyond their field's form, decided once from the header.
    var rule: CellRule = .plain

    /// Whether the column gives each row's id in Homebox (`HB.url`): it tells places from
    /// items, and finds an item without an import reference.
    public var givesHomeboxIDs: Bool { rule == .homeboxURL }
}

/// What a column's cells mean beyond their field, from where the column comes from.
enum CellRule: Sendable, Hashable {
    case plain
    /// Homebox writes `0` for a price nobody gave and for an item never sold: no amount.
    case zeroIsEmpty
    /// Homebox's `HB.archived`: yes, the item left the household (on its sold date, else on
    /// the day of the import).
    case archived
    /// A column without a name: any value in it is a problem.
    case mustBeEmpty
    /// Homebox's `HB.url`: `…/item/UUID` names an item there, `…/location/UUID` a place.
    case homeboxURL
}

/// One thing wrong with a row.
public struct ImportProblem: Sendable, Hashable, CustomStringConvertible {
    /// The row as a spreadsheet numbers it (the header is row 1).
    public let row: Int
    /// The column's header, when one column is at fault.
    public let column: String?
    /// What is wrong, in words.
    public let reason: String
    /// Which option of the import would read the row otherwise, when one would.
    public let hint: ImportHint?

    init(row: Int, column: String?, reason: String, hint: ImportHint? = nil) {
        self.row = row
        self.column = column
        self.reason = reason
        self.hint = hint
    }

    /// `row 3, Price: ` (or `row 3: `) followed by the reason.
    public var description: String { description(saying: reason) }

    /// `row 3, Price: ` (or `row 3: `) followed by `text`: the reason as a caller tells it
    /// (with what to type about its hint, say).
    public func description(saying text: String) -> String {
        if let column { "row \(row), \(column): \(text)" } else { "row \(row): \(text)" }
    }
}

/// One thing wrong with a file's header row.
public struct ImportHeaderProblem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words.
    public let reason: String
    /// Which option of the import would read the header otherwise, when one would.
    public let hint: ImportHint?

    /// The reason.
    public var description: String { reason }
}

/// What an import did, or would do, with one row of the file; a dry run lists them all.
public struct ImportRowOutcome: Sendable, Hashable {
    /// What happens to the row.
    public enum Action: Sendable, Hashable {
        /// It adds an item.
        case add
        /// It changes the item with this id: these fields.
        case update(itemID: Int64, fields: [String])
        /// It names the item with this id, which already is as the row has it.
        case unchanged(itemID: Int64)
        /// It is a place (a Homebox location), recorded as a place, not an item.
        case place(ImportedPlaceChange)
        /// It is left out, for this problem (its first), with `--skip-invalid`; else nothing is
        /// written.
        case reject(ImportProblem)
    }

    /// The row as a spreadsheet numbers it (for JSON, the item's number in the file).
    public let row: Int
    /// The item's name, or the place's path.
    public let name: String
    /// What happens to it.
    public internal(set) var action: Action
}

/// What an import did, or would do.
public struct ImportReport: Sendable {
    /// What the file was read as.
    public var format: DetectedFormat
    /// The separator's name: `comma`, `TAB`, `semicolon`; nil for JSON.
    public var separator: String?
    /// The file's columns and what each became, in the file's order; empty for JSON.
    public var columns: [ImportColumn] = []
    /// How many rows the file has, header excluded (for JSON, how many items).
    public var rows = 0
    /// How many items were (or would be) added.
    public var added = 0
    /// How many items an import reference found were (or would be) changed.
    public var updated = 0
    /// How many items an import reference found already matched their row.
    public var unchanged = 0
    /// How many rows were refused for their problems.
    public var rejected = 0
    /// Rows that look like items already here (same name, place, serial, price and date).
    public var duplicates = 0
    /// Claims added (from our JSON export; one already here is not added again).
    public var claimsAdded = 0
    /// The first problems (at most `ImportReport.problemLimit`).
    public var problems: [ImportProblem] = []
    /// How many problems there were in all.
    public var problemCount = 0
    /// Notes about how the file was read (a byte-order mark, a decimal comma, a date order).
    public var notes: [String] = []
    /// Places (Homebox locations listed as rows) recorded for the first time.
    public var placesAdded = 0
    /// Places already recorded, whose name, parent, description or reference changed.
    public var placesChanged = 0
    /// Places already recorded as the file has them.
    public var placesUnchanged = 0
    /// Values stored as written that are probably wrong (a date before 1900), at most
    /// `problemLimit` of them.
    public var warnings: [ImportProblem] = []
    /// How many warnings there were in all.
    public var warningCount = 0
    /// What the import does with each row, in the file's order: filled by a dry run only.
    public var outcomes: [ImportRowOutcome] = []
    /// Whether rows with problems are left out and the others written (`--skip-invalid`);
    /// otherwise a problem means nothing is written.
    public var skipsInvalidRows = false
    /// The currencies the file's amounts name (`€`, `EUR 12`), most used first; the amounts
    /// are read in the inventory's currency all the same.
    public var fileCurrencies: [String] = []
    /// Whether a money column is read with decimal commas (as most of Europe writes them).
    public var readsDecimalCommas = false
    /// Whether the inventory's currency may still be chosen after the import: every amount
    /// it holds came from files like this one (`InventoryManager.canChooseCurrency()`).
    public var currencyStaysOpen = false

    /// How many rows are places.
    public var places: Int { placesAdded + placesChanged + placesUnchanged }

    /// What the file says of its amounts' currency that differs from `currency`, the
    /// inventory's (in which they were read all the same): the other currencies its cells name,
    /// else decimal commas where `currency` is written with decimal points; nil when nothing
    /// does.
    public func currencyHint(for currency: Currency) -> CurrencyHint? {
        let others = fileCurrencies.filter { $0 != currency.code }
        if !others.isEmpty { return .named(others) }
        if fileCurrencies.isEmpty, readsDecimalCommas,
            Self.decimalPointCurrencies.contains(currency.code)
        {
            return .decimalCommas
        }
        return nil
    }

    /// Currencies whose own countries write decimal points (`1,234.50`).
    static let decimalPointCurrencies: Set<String> = [
        "USD", "GBP", "JPY", "CNY", "AUD", "CAD", "NZD", "INR", "HKD", "SGD", "MXN", "KRW", "ILS",
        "THB", "PHP", "MYR", "CHF",
    ]

    /// What a file says of its amounts' currency (`currencyHint(for:)`).
    public enum CurrencyHint: Sendable, Hashable {
        /// Its cells name these currencies (`€`, `EUR 12`), most used first.
        case named([String])
        /// Its amounts are written with decimal commas, as in most of Europe.
        case decimalCommas
    }

    /// How many problems a report keeps.
    public static let problemLimit = 50

    mutating func record(_ problem: ImportProblem) {
        problemCount += 1
        if problems.count < Self.problemLimit { problems.append(problem) }
    }

    mutating func warn(_ warning: ImportProblem) {
        warningCount += 1
        if warnings.count < Self.problemLimit { warnings.append(warning) }
    }
}

/// Why an import wrote nothing.
public enum ImportError: Error, Sendable {
    /// The file cannot be read as a table at all.
    case unreadable(path: String, reason: String)
    /// The header names columns that cannot be used; every one is listed.
    case header(path: String, problems: [ImportHeaderProblem])
    /// Rows are bad; nothing was written. The report lists them.
    case invalidRows(ImportReport)
    /// Rows look like items already here; nothing was written (`allowDuplicates` adds them).
    case duplicates(ImportReport)
}

extension ImportError: CustomStringConvertible {
    /// The error as a sentence for the user: what happened (what to type about it is the
    /// command line's to add).
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot import \(quoted(path)): \(reason)"
        case .header(let path, let problems):
            "cannot import \(quoted(path)): "
                + problems.map(\.description).joined(separator: "; ")
        case .invalidRows(let report):
            "\(report.problemCount) problem\(report.problemCount == 1 ? "" : "s") in "
                + "\(report.rows) row\(report.rows == 1 ? "" : "s"); nothing was imported"
        case .duplicates(let report):
            "\(report.duplicates) of \(report.rows) rows look like items already here "
                + "(same name, place, serial, price and date): was this file imported before? "
                + "Nothing was imported"
        }
    }
}
