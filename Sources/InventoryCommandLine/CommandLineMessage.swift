public import InventoryExchange
public import InventoryKit

/// What the command lines (`inventory` and `inventory-server`) say about an error: the
/// library's sentence of what happened, and then what to type about it. The libraries leave
/// that out, since `browse` and the pages of `serve` offer keys and buttons instead.
public enum CommandLineMessage {
    /// The line for `error` (without the program's name), or nil for an error this does not
    /// know.
    public static func text(forAny error: any Error) -> String? {
        switch error {
        case let error as InventoryError: text(for: error) as String
        case let error as BackupError: text(for: error) as String
        case let error as ImportError: text(for: error) as String
        case let error as MigrationError: text(for: error) as String
        default: nil
        }
    }

    /// The line for an error of the inventory.
    public static func text(for error: InventoryError) -> String {
        switch error {
        case .cannotOpen(let path, let reason, _):
            "cannot open inventory \(quoted(path)): \(text(for: reason))"
        case .storage(_, .damaged, _):
            "\(error); restore it from a backup (\(restoreAndVerify))"
        case .storage(_, .other, _): "\(error); --verbose shows more"
        case .outputExists: "\(error); add --force to replace it"
        case .shareLinkNotFound: "\(error) ('inventory share --list --all' lists them)"
        default: error.description
        }
    }

    /// `ErrorMessage.text(error)` (the sentence that does not name the inventory's file), and
    /// what to type about it.
    public static func textWithoutPath(for error: any Error) -> String {
        let text = ErrorMessage.text(error)
        return switch error {
        case InventoryError.storage(_, .damaged, _):
            "\(text); restore it from a backup (\(restoreAndVerify))"
        case InventoryError.storage(_, .other, _): "\(text); --verbose shows more"
        default: text
        }
    }

    /// Why an inventory could not be opened, as a clause, and what to type about it.
    public static func text(for reason: OpenFailure) -> String {
        switch reason {
        case .damaged: "\(reason); restore it from a backup (\(restoreAndVerify))"
        case .missingWriteAheadLog:
            "\(reason); copy both files (or close every inventory command on the original "
                + "first, which folds the -wal file back in)"
        case .unreadable: "\(reason) (--verbose shows more)"
        case .failsIntegrityCheck: reason.description
        case _ where reason.isDamage: "\(reason); restore it from a backup"
        case _ where reason.sqliteCode != nil:
            "it cannot be opened (SQLite error \(reason.sqliteCode ?? 0); --verbose shows more)"
        default: reason.description
        }
    }

    /// The line for a backup or a restore that failed.
    public static func text(for error: BackupError) -> String {
        switch error {
        case .missingFile:
            "\(error) ('inventory verify' lists every missing file and its items)"
        case .notEmpty: "\(error) — add --force to replace it (make a backup of it first)"
        default: error.description
        }
    }

    /// The line for an import that wrote nothing.
    public static func text(for error: ImportError) -> String {
        switch error {
        case .invalidRows: "\(error) (--skip-invalid imports the good rows)"
        case .duplicates: "\(error); --yes adds them again"
        case .header(let path, let problems):
            "cannot import \(quoted(path)): "
                + problems.map { text($0.reason, hint: $0.hint) }.joined(separator: "; ")
        case .unreadable: error.description
        }
    }

    /// A row's problem, and what to type about its hint.
    public static func text(for problem: ImportProblem) -> String {
        problem.description(saying: text(problem.reason, hint: problem.hint))
    }

    /// `reason`, and then the option that `hint` names, as `import` spells it.
    public static func text(_ reason: String, hint: ImportHint?) -> String {
        switch hint {
        case nil: reason
        case .mappedColumnMissing(let column):
            "--map names a column \(quoted(column)) the file does not have"
        case .mapOrKeepOtherColumns(let first):
            "\(reason) (--map \(quoted("\(first)=notes-line")) keeps one as a line of the notes, "
                + "\(quoted("\(first)=ignore")) leaves it out, --other-columns notes|ignore does "
                + "either for all; 'inventory import --help' lists the fields)"
        case .leaveOutColumn(let number):
            "\(reason); --map \(quoted("column \(number)=ignore")) leaves one out"
        case .mapNameColumn: "\(reason); --map COLUMN=name says which does"
        case .mapColumn(let header): "\(reason); --map \(quoted("\(header)=FIELD")) says what it is"
        case .decimalComma: "\(reason) (--decimal-comma reads the whole file with commas)"
        case .dateOrder(nil):
            "\(reason); say --date-format DD/MM/YYYY or --date-format MM/DD/YYYY"
        case .dateOrder(let order?): "\(reason): --date-format \(order.rawValue) reads the file so"
        }
    }

    /// The line for a schema that cannot be brought up to date.
    public static func text(for error: MigrationError) -> String {
        switch error {
        case .needsUpgrade:
            "\(error); run a command that writes (such as `inventory edit`) as its owner once"
        default: error.description
        }
    }

    private static let restoreAndVerify = "'inventory restore FILE'; 'inventory verify' says more"
}
