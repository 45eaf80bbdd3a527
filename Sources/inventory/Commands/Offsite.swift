import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryExchange
import InventoryKit
import InventoryOffsite

struct Offsite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offsite",
        abstract: "A copy away from the house: encrypted, through restic, restorable to any day.",
        discussion: """
            restic (Debian's restic) encrypts the copy before it leaves, sends only what the \
            repository lacks (a push after a few edits sends a little of the database and no \
            photo twice), and keeps a snapshot per push. A repository is any address restic \
            takes: a folder (a USB disk, a NAS mount), sftp:user@host:/path, s3:…, rest:…, \
            or rclone:remote:path for most clouds. Its password is never given on the command \
            line nor kept in the inventory: init names a file or a command that gives it, or \
            restic takes RESTIC_PASSWORD_FILE, RESTIC_PASSWORD_COMMAND or RESTIC_PASSWORD from \
            the environment (which comes first). Exit status 69 when restic or the repository \
            cannot be reached, 77 for a wrong password. \
            Lose the password and the copy is lost: keep it somewhere else too.

            Examples:
              inventory offsite init --repo /media/usb/copy --password-file ~/.restic
              inventory offsite push --keep-daily 7 --keep-weekly 5 --keep-monthly 12
              inventory offsite list
              inventory offsite restore --date 2026-11-01 --db ~/restored.sqlite
              inventory offsite check
            """,
        subcommands: [
            OffsiteInit.self, OffsitePush.self, OffsiteList.self, OffsiteRestore.self,
            OffsiteCheck.self,
        ])

    /// Runs `body`, turning off-site errors into one line and their exit status.
    static func reporting<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as OffsiteError {
            throw CommandFailure(description: error.description, status: error.exitStatus)
        } catch let error as BackupError {
            throw CommandFailure(
                description: CommandLineMessage.text(for: error), status: error.exitStatus)
        }
    }

    /// `path` from where the command runs (a nightly job runs elsewhere): a folder of a
    /// repository address without a scheme (`sftp:`, `s3:`…) or a password file, made
    /// absolute; `~/` is the home folder.
    static func absolute(_ path: String) -> String {
        var path = path
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            path = (home as NSString).appendingPathComponent(String(path.dropFirst(2)))
        }
        guard !path.hasPrefix("/") else { return path }
        return (FileManager.default.currentDirectoryPath as NSString)
            .appendingPathComponent(path)
    }

    /// Whether a repository address is a folder here (no `scheme:` before it).
    static func isLocal(_ repository: String) -> Bool {
        guard let colon = repository.firstIndex(of: ":") else { return true }
        return repository[..<colon].contains("/")
    }

    /// "3.2 MB", "870 bytes".
    static func size(_ bytes: Int64) -> String {
        let megabytes = Double(bytes) / 1_048_576
        return megabytes < 0.1
            ? "\(bytes.formatted(.number.grouping(.automatic))) bytes"
            : megabytes.formatted(.number.precision(.fractionLength(1))) + " MB"
    }
}

struct OffsiteInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        _superCommandName: CommandParsing.rootName,
        abstract: "Set up the off-site copy: a restic repository, made if nothing is there.",
        discussion: """
            An existing repository (another inventory's, or this one's from another machine) is \
            joined when the password opens it; otherwise a new one is made there. Relative \
            folders and password files are kept as full paths, for a nightly job that runs \
            elsewhere.

            Examples:
              inventory offsite init --repo /media/usb/copy --password-file ~/.restic
              inventory offsite init --repo sftp:me@nas:/copy --password-command "pass x"
              RESTIC_PASSWORD_FILE=~/.restic inventory offsite init --repo ~/copy
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("The restic repository's address.", valueName: "repository"))
    var repo: String

    @Option(help: ArgumentHelp("A file holding the password.", valueName: "file"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("A command that prints the password.", valueName: "command"))
    var passwordCommand: String?

    func validate() throws {
        if passwordFile != nil && passwordCommand != nil {
            throw ValidationError("give --password-file or --password-command, not both")
        }
        if repo.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--repo needs an address, not an empty text")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let repository = Offsite.isLocal(repo) ? Offsite.absolute(repo) : repo
        let outcome = try Offsite.reporting {
            try OffsiteCopy.setUp(
                manager, repository: repository, passwordFile: passwordFile.map(Offsite.absolute),
                passwordCommand: passwordCommand)
        }
        Terminal.standardOutput.writeLine(
            outcome == .created
                ? "Made a new encrypted repository at \(repository) for the off-site copy."
                : "The off-site copy goes to the repository at \(repository), which the password "
                    + "opens.")
        Terminal.standardOutput.writeLine("Next: inventory offsite push")
    }
}

struct OffsitePush: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        _superCommandName: CommandParsing.rootName,
        abstract: "Copy the inventory to the repository: one new snapshot.",
        discussion: """
            The database is copied as it is at one moment (others may go on writing), with \
            every photo and file an item uses and a manifest of their checksums, into a folder \
            beside the inventory (.NAME.offsite) that restic copies: only what changed is sent. \
            With --keep-*, the snapshots of this inventory the policy does not keep are \
            forgotten and their data pruned (restic forget --prune). Made for cron or a systemd \
            timer: one line when it is done, one line and a non-zero status when it is not.

            Examples:
              inventory offsite push
              inventory offsite push --keep-daily 7 --keep-weekly 5 --keep-monthly 12
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Keep the last snapshot of each of N days.", valueName: "N"))
    var keepDaily: Int?

    @Option(help: ArgumentHelp("Keep the last snapshot of each of N weeks.", valueName: "N"))
    var keepWeekly: Int?

    @Option(help: ArgumentHelp("Keep the last snapshot of each of N months.", valueName: "N"))
    var keepMonthly: Int?

    func validate() throws {
        for (value, name) in [
            (keepDaily, "--keep-daily"), (keepWeekly, "--keep-weekly"),
            (keepMonthly, "--keep-monthly"),
        ] {
            if let value, value < 1 { throw ValidationError("\(name) takes 1 or more") }
        }
    }

    func run() throws {
        let manager = try database.openManager(.read)
        let push = try Offsite.reporting {
            try OffsiteCopy(manager: manager).push(
                programVersion: Inventory.configuration.version,
                retention: OffsiteRetention(
                    daily: keepDaily, weekly: keepWeekly, monthly: keepMonthly))
        }
        var line =
            "Pushed \(RestoreCommand.summary(of: push.manifest)), as snapshot "
            + "\(push.snapshot.prefix(8)); \(Offsite.size(push.bytesAdded)) new"
        if push.forgotten > 0 {
            line += "; forgot \(push.forgotten) older snapshot\(push.forgotten == 1 ? "" : "s")"
        }
        Terminal.standardOutput.writeLine(line + ".")
    }
}

struct OffsiteList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "Show the snapshots in the repository, by date, with counts and worth.",
        discussion: """
            Every inventory's snapshots in the repository are listed; those of another \
            inventory (a second house, or this one before a restore) say which it is.

            Examples:
              inventory offsite list
              inventory offsite list --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array of snapshots.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let copy = try Offsite.reporting { try OffsiteCopy(manager: manager) }
        let snapshots = try Offsite.reporting { try copy.snapshots() }
        let output = Terminal.standardOutput
        let stamp = ISO8601DateFormatter()
        stamp.timeZone = .current
        if json {
            let objects = snapshots.map { snapshot in
                var object =
                    "{\"id\":\"\(snapshot.id)\",\"time\":\"\(stamp.string(from: snapshot.time))\""
                object += ",\"inventory\":\"\(snapshot.inventory)\""
                object += ",\"items\":" + (snapshot.items.map(String.init) ?? "null")
                object += ",\"claims\":" + (snapshot.claims.map(String.init) ?? "null")
                object += ",\"files\":" + (snapshot.files.map(String.init) ?? "null")
                object +=
                    ",\"worth\":"
                    + (snapshot.worth.map { "\"\(plainWorth($0, snapshot))\"" } ?? "null")
                object += ",\"currency\":" + (snapshot.currency.map { "\"\($0)\"" } ?? "null")
                return object + "}"
            }
            output.writeLine("[" + objects.joined(separator: ",\n") + "]")
            return
        }
        guard !snapshots.isEmpty else {
            output.writeLine("No snapshot yet: inventory offsite push makes the first.")
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = .current
        let others = snapshots.contains { $0.inventory != copy.identity }
        var rows = [
            ["TAKEN", "SNAPSHOT", "ITEMS", "FILES", "WORTH"] + (others ? ["INVENTORY"] : [])
        ]
        for snapshot in snapshots {
            rows.append(
                [
                    formatter.string(from: snapshot.time), snapshot.shortID,
                    snapshot.items.map { $0.formatted(.number.grouping(.automatic)) } ?? "?",
                    snapshot.files.map { $0.formatted(.number.grouping(.automatic)) } ?? "?",
                    snapshot.worth.map { worth($0, snapshot) + " " + (snapshot.currency ?? "") }
                        ?? "?",
                ]
                    + (others
                        ? [snapshot.inventory == copy.identity ? "this one" : snapshot.inventory]
                        : []))
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            output.writeLine(
                row.enumerated().map { column, cell in
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    return (2...4).contains(column) ? padding + cell : cell + padding
                }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }

    /// A worth as JSON holds amounts: a plain decimal (`1080.00`), as `places --json` does.
    private func plainWorth(_ minorUnits: Int128, _ snapshot: OffsiteSnapshot) -> String {
        guard let code = snapshot.currency, let currency = Currency(code: code),
            let money = try? Money(minorUnits: Int64(clamping: minorUnits), currency: currency)
        else { return String(minorUnits) }
        return money.decimalString
    }

    private func worth(_ minorUnits: Int128, _ snapshot: OffsiteSnapshot) -> String {
        guard let code = snapshot.currency, let currency = Currency(code: code) else {
            return String(minorUnits)
        }
        return Money.format(minorUnits, currency: currency)
    }
}

struct OffsiteRestore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        _superCommandName: CommandParsing.rootName,
        abstract: "Replace the inventory with a snapshot of the off-site copy.",
        discussion: """
            The snapshot (by default the last of this inventory, or of the only inventory in \
            the repository; --date takes the last one of that day or before) is brought back \
            beside the inventory and checked as 'inventory restore' checks an archive: every \
            file against its SHA-256, the database page by page, its counts. Then, as there, an \
            inventory holding items or claims is replaced only with --force, in one \
            transaction, and open views are told.

            On a new machine: inventory offsite init --repo … with the same password, then \
            inventory offsite restore.

            Examples:
              inventory offsite restore
              inventory offsite restore 1a2b3c4d --force
              inventory offsite restore --date 2026-11-01 --db ~/restored.sqlite
            """)

    @Argument(help: ArgumentHelp("The snapshot's id, or its start.", valueName: "snapshot"))
    var snapshot: String?

    @Option(help: ArgumentHelp("The last snapshot of this day or before.", valueName: "YYYY-MM-DD"))
    var date: String?

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Replace an inventory that holds items or claims.")
    var force = false

    func validate() throws {
        if snapshot != nil && date != nil {
            throw ValidationError("name a snapshot or give --date, not both")
        }
        if let date, (try? ValueParser.date(date)) == nil {
            throw ValidationError("--date takes a day as YYYY-MM-DD, not \(quoted(date))")
        }
    }

    func run() throws {
        // An inventory that does not exist yet cannot know the repository: said before a file
        // is made for it.
        let location = try InventoryLocation.resolve(
            option: database.path, environment: InventoryLocation.processEnvironment)
        guard FileManager.default.fileExists(atPath: location.path) else {
            throw CommandFailure(
                description: "\(OffsiteError.notSetUp) --db \(location.path) (with the same "
                    + "password), then restore",
                status: 1)
        }
        let manager = try database.openManager(.write)
        let copy = try Offsite.reporting { try OffsiteCopy(manager: manager) }
        let chosen = try Offsite.reporting {
            try copy.choose(id: snapshot, day: date.flatMap { try? ValueParser.date($0) })
        }
        manager.close()
        let retry = "inventory offsite restore \(chosen.shortID) --force"
        try Offsite.reporting {
            try RestoreCommand.restore(database: database, force: force, retry: retry) { path in
                try copy.stage(chosen, besideDatabaseAt: path)
            }
        }
    }
}

struct OffsiteCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: CommandParsing.rootName,
        abstract: "Check that the repository is whole (restic check).",
        discussion: """
            Checks the repository's structure; --read-data reads and checks every byte of it \
            too (all of it is downloaded from a remote repository).

            Examples:
              inventory offsite check
              inventory offsite check --read-data
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Read every byte of the repository.")
    var readData = false

    func run() throws {
        let manager = try database.openManager(.read)
        let copy = try Offsite.reporting { try OffsiteCopy(manager: manager) }
        try Offsite.reporting { try copy.check(readData: readData) }
        Terminal.standardOutput.writeLine(
            "The repository at \(copy.restic.repository) is whole"
                + (readData ? ", every byte of it read." : " (--read-data reads every byte)."))
    }
}
