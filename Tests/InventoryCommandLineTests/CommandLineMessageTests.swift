import InventoryKit
import Testing

@testable import InventoryCommandLine
@testable import InventoryExchange

/// The libraries' errors say what happened; the command line's lines add what to type, word
/// for word as the command line said them when the libraries still did.
@Suite struct CommandLineMessageTests {
    static let restoreAdvice =
        "restore it from a backup ('inventory restore FILE'; 'inventory verify' says more)"

    /// The library's errors that, before, carried the command line's words.
    static let libraryErrors: [any Error] = [
        InventoryError.storage(path: "inv.sqlite", problem: .damaged, detail: ""),
        InventoryError.storage(path: "inv.sqlite", problem: .other(code: 1), detail: ""),
        InventoryError.cannotOpen(path: "inv.sqlite", reason: .damaged),
        InventoryError.cannotOpen(path: "inv.sqlite", reason: .missingWriteAheadLog),
        InventoryError.cannotOpen(path: "inv.sqlite", reason: .sqlite(code: 26)),
        InventoryError.cannotOpen(path: "inv.sqlite", reason: .unreadable),
        InventoryError.outputExists(path: "loss.csv", isFolder: false),
        InventoryError.outputExists(path: "report", isFolder: true),
        InventoryError.shareLinkNotFound(9),
        BackupError.notEmpty(
            path: "inv.sqlite",
            counts: InventoryCounts(
                items: 1, claims: 0, journalEntries: 1)),
        BackupError.missingFile(name: "ab.jpg", folder: "photos"),
        MigrationError.needsUpgrade(path: "inv.sqlite"),
        ImportError.invalidRows(ImportReport(format: .csv)),
        ImportError.duplicates(ImportReport(format: .csv)),
        ImportError.header(
            path: "a.csv",
            problems: [
                ImportHeaderProblem(
                    reason: "no field takes the column \"Mood\"",
                    hint: .mapOrKeepOtherColumns(first: "Mood")),
                ImportHeaderProblem(
                    reason: "a field is given to a column \"Room\" the file does not have",
                    hint: .mappedColumnMissing("Room")),
            ]),
    ]

    @Test(arguments: 0..<libraryErrors.count)
    func aLibraryErrorSaysWhatHappenedAndNothingToType(index: Int) {
        let text = String(describing: Self.libraryErrors[index])
        for word in ["--", "'inventory", "`inventory", "inventory restore", "inventory verify"] {
            #expect(!text.contains(word), "\(text)")
        }
    }

    @Test func theCommandLineAddsWhatToTypeAsItAlwaysSaidIt() {
        let path = "\"inv.sqlite\""
        let expected: [(InventoryError, String)] = [
            (
                .storage(path: "inv.sqlite", problem: .damaged, detail: ""),
                "the inventory \(path) is damaged; \(Self.restoreAdvice)"
            ),
            (
                .storage(path: "inv.sqlite", problem: .other(code: 1), detail: ""),
                "the inventory \(path) could not be used (SQLite error 1); --verbose shows more"
            ),
            (
                .storage(path: "inv.sqlite", problem: .busy, detail: ""),
                "the inventory \(path) is busy: another process kept it locked; nothing was "
                    + "changed, try again"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .damaged),
                "cannot open inventory \(path): it is damaged; \(Self.restoreAdvice)"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .cutShort(size: 5000, pageSize: 4096)),
                "cannot open inventory \(path): it is damaged: it was cut short (5000 bytes is not "
                    + "a whole number of 4096-byte pages); restore it from a backup"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .noTables),
                "cannot open inventory \(path): it is damaged: it is marked as an inventory but "
                    + "holds no tables; restore it from a backup"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .missingWriteAheadLog),
                "cannot open inventory \(path): it holds no data of its own: it looks like a copy "
                    + "of an inventory's .sqlite file made without its -wal file beside it; copy "
                    + "both files (or close every inventory command on the original first, which "
                    + "folds the -wal file back in)"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .sqlite(code: 26)),
                "cannot open inventory \(path): it cannot be opened (SQLite error 26; --verbose "
                    + "shows more)"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .unreadable),
                "cannot open inventory \(path): it cannot be read (--verbose shows more)"
            ),
            (
                .cannotOpen(path: "inv.sqlite", reason: .cannotWriteFileOrFolder),
                "cannot open inventory \(path): the inventory is read-only (the file or its "
                    + "folder cannot be written)"
            ),
            (
                .outputExists(path: "loss.csv", isFolder: false),
                "cannot write \"loss.csv\": the file exists; add --force to replace it"
            ),
            (
                .outputExists(path: "report", isFolder: true),
                "cannot write \"report\": the folder exists; add --force to replace it"
            ),
            (
                .shareLinkNotFound(9),
                "no share link has id 9 ('inventory share --list --all' lists them)"
            ),
        ]
        for (error, line) in expected {
            #expect(CommandLineMessage.text(for: error) == line)
            #expect(CommandLineMessage.text(forAny: error) == line)
        }
        #expect(
            CommandLineMessage.textWithoutPath(
                for: InventoryError.storage(path: "inv.sqlite", problem: .damaged, detail: ""))
                == "the inventory file is damaged; \(Self.restoreAdvice)")
    }

    @Test func backupsMigrationsAndImportsSayWhatToTypeAsBefore() {
        let counts = InventoryCounts(items: 2, claims: 1, journalEntries: 3)
        #expect(
            CommandLineMessage.text(for: BackupError.notEmpty(path: "inv.sqlite", counts: counts))
                == "\"inv.sqlite\" holds 2 items and 1 claim; restoring replaces all of it — add "
                + "--force to replace it (make a backup of it first)")
        #expect(
            CommandLineMessage.text(for: BackupError.missingFile(name: "ab.jpg", folder: "photos"))
                == "cannot back up: the stored file ab.jpg that an item uses is missing from "
                + "\"photos\" ('inventory verify' lists every missing file and its items)")
        #expect(
            CommandLineMessage.text(for: MigrationError.needsUpgrade(path: "inv.sqlite"))
                == "the inventory \"inv.sqlite\" was written by an earlier version and must be "
                + "upgraded, but it can only be read here; run a command that writes (such as "
                + "`inventory edit`) as its owner once")
        var report = ImportReport(format: .csv)
        report.rows = 4
        report.duplicates = 2
        report.problemCount = 1
        #expect(
            CommandLineMessage.text(for: ImportError.duplicates(report))
                == "2 of 4 rows look like items already here (same name, place, serial, price and "
                + "date): was this file imported before? Nothing was imported; --yes adds them "
                + "again")
        #expect(
            CommandLineMessage.text(for: ImportError.invalidRows(report))
                == "1 problem in 4 rows; nothing was imported (--skip-invalid imports the good "
                + "rows)")
    }

    @Test func eachImportHintIsSpelledAsTheOptionThatReadsTheFileSo() {
        let cases: [(String, ImportHint, String)] = [
            (
                "no field takes the column \"Mood\"", .mapOrKeepOtherColumns(first: "Mood"),
                "no field takes the column \"Mood\" (--map \"Mood=notes-line\" keeps one as a line "
                    + "of the notes, \"Mood=ignore\" leaves it out, --other-columns notes|ignore "
                    + "does either for all; 'inventory import --help' lists the fields)"
            ),
            (
                "a field is given to a column \"Room\" the file does not have",
                .mappedColumnMissing("Room"), "--map names a column \"Room\" the file does not have"
            ),
            (
                "the columns \"Name\" (column 1) and \"Item\" (column 2) both give the name",
                .leaveOutColumn(number: 2),
                "the columns \"Name\" (column 1) and \"Item\" (column 2) both give the name; "
                    + "--map \"column 2=ignore\" leaves one out"
            ),
            (
                "no column gives the items' names (Name, Item, Item name, HB.name…)",
                .mapNameColumn,
                "no column gives the items' names (Name, Item, Item name, HB.name…); --map "
                    + "COLUMN=name says which does"
            ),
            (
                "the column has no name but holds \"oak\"", .mapColumn(header: "column 2"),
                "the column has no name but holds \"oak\"; --map \"column 2=FIELD\" says what it is"
            ),
            (
                "invalid price \"19,99\": reads as a decimal comma, but the column uses decimal "
                    + "points", .decimalComma,
                "invalid price \"19,99\": reads as a decimal comma, but the column uses decimal "
                    + "points (--decimal-comma reads the whole file with commas)"
            ),
            (
                "invalid purchase date \"05/04/2021\": could be a day or a month first",
                .dateOrder(nil),
                "invalid purchase date \"05/04/2021\": could be a day or a month first; say "
                    + "--date-format DD/MM/YYYY or --date-format MM/DD/YYYY"
            ),
            (
                "invalid purchase date \"13/10/2021\": no such day in the calendar as MM/DD/YYYY; "
                    + "it is a date as DD/MM/YYYY", .dateOrder(.dayFirst),
                "invalid purchase date \"13/10/2021\": no such day in the calendar as MM/DD/YYYY; "
                    + "it is a date as DD/MM/YYYY: --date-format DD/MM/YYYY reads the file so"
            ),
        ]
        for (reason, hint, line) in cases {
            #expect(CommandLineMessage.text(reason, hint: hint) == line)
        }
        let problem = ImportProblem(
            row: 3, column: "Price", reason: cases[5].0, hint: .decimalComma)
        #expect(CommandLineMessage.text(for: problem) == "row 3, Price: \(cases[5].2)")
        #expect(problem.description == "row 3, Price: \(cases[5].0)")
    }
}
