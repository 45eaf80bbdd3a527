import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryExchange
import InventoryKit
import Locking

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        _superCommandName: CommandParsing.rootName,
        abstract:
            "Write the whole inventory — items, claims, history, photos and files — to one zip archive.",
        discussion: """
            The archive holds a snapshot of the database taken at one moment (other commands, \
            'watch' and 'browse' may go on writing meanwhile), every photo and file an item \
            uses, and a manifest.json with the SHA-256 of each, which 'inventory restore' \
            checks before it changes anything. The database and the manifest are deflated; \
            photos and PDF documents, compressed already, are stored as they are.

            The archive is readable by you alone (mode 0600): it holds what you own, where, \
            and its serial numbers. It is written beside its name and renamed into place, so \
            it is whole or absent. An existing file is replaced only with --force.

            Examples:
              inventory backup
              inventory backup ~/Backups/house.zip --force
              inventory backup --db ~/cabin.sqlite cabin.zip
              inventory backup - | ssh nas 'cat > house.zip'
            """)

    @Argument(
        help: ArgumentHelp(
            "The archive to write (default: inventory-YYYY-MM-DD.zip in this folder; - for "
                + "stdout).",
            valueName: "file"))
    var file: String?

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Replace the archive if it exists.")
    var force = false

    func validate() throws {
        if let file, file.isEmpty {
            throw ValidationError("the archive needs a name, not an empty text")
        }
    }

    func run() throws {
        let manager = try database.openManager(.read)
        let toStandardOutput = file == "-"
        if toStandardOutput && isatty(1) == 1 {
            throw CommandFailure(
                description: "a zip archive is not for a terminal: redirect it (> FILE, | ssh …) "
                    + "or name a file",
                status: 1)
        }
        // To stdout: the archive is made in a private folder, then copied out.
        let scratch = toStandardOutput ? try Self.privateFolder() : nil
        defer { scratch.map { try? FileManager.default.removeItem(atPath: $0) } }
        let name =
            scratch.map { ($0 as NSString).appendingPathComponent("backup.zip") }
            ?? file ?? Self.defaultName(on: Date())
        var output = try manager.outputFile(at: name, replacing: force)
        output.temporaryFolder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let manifest: BackupManifest
        do {
            manifest = try Backup.write(
                manager, to: output, programVersion: Inventory.configuration.version)
        } catch let error as BackupError {
            throw CommandFailure(
                description: CommandLineMessage.text(for: error), status: error.exitStatus)
        }
        if toStandardOutput {
            guard let input = FileHandle(forReadingAtPath: name) else {
                throw CommandFailure(description: "cannot read the archive made", status: 1)
            }
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try Terminal.standardOutput.write { $0.append(contentsOf: chunk) }
            }
        }
        // With the archive on stdout, the summary goes to stderr.
        (toStandardOutput ? Terminal.standardError : Terminal.standardOutput).writeLine(
            "Backed up \(RestoreCommand.summary(of: manifest))"
                + (toStandardOutput ? "." : " to \(name)."))
    }

    /// A new folder only this user may enter, in the system's temporary folder.
    static func privateFolder() throws -> String {
        let parent = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array(
            (parent as NSString).appendingPathComponent("inventory-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
        else {
            throw InventoryError.cannotWrite(path: parent, reason: String(cString: strerror(errno)))
        }
        return String(cString: made)
    }

    /// `inventory-YYYY-MM-DD.zip`, today's date where the user is.
    static func defaultName(on date: Date) -> String {
        let day = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return "inventory-\(day.year ?? 0)-\(two(day.month))-\(two(day.day)).zip"
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        _superCommandName: CommandParsing.rootName,
        abstract: "Replace the inventory with the one in a backup archive.",
        discussion: """
            Before anything is changed, every entry of the archive is checked against the \
            SHA-256 its manifest lists, the database is checked page by page (PRAGMA \
            integrity_check), and an archive with a path leaving its folder, a link, an \
            entry larger than listed, or one made by a newer version is refused.

            An inventory that holds items or claims is replaced only with --force. The \
            replacement is one transaction: interrupted, the inventory is as it was. The \
            restored inventory has its items, claims, history, photos and files; a 'watch' \
            or 'browse' open on it is told the inventory was replaced.

            Examples:
              inventory restore inventory-2026-11-23.zip
              inventory restore house.zip --db ~/house.sqlite --force
            """)

    @Argument(help: ArgumentHelp("The backup archive.", valueName: "file"))
    var file: String

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Replace an inventory that holds items or claims.")
    var force = false

    func run() throws {
        try Self.restore(
            database: database, force: force, retry: "inventory restore \(file) --force"
        ) { databasePath in
            try StagedRestore(archiveAt: file, besideDatabaseAt: databasePath)
        }
    }

    /// Replaces the inventory `database` names with what `stage` checked and unpacked beside
    /// it (given the inventory file's path): refused for an inventory holding items or claims
    /// unless `force`; a damaged inventory is moved aside with `force`, else refused with
    /// `retry`, the command that would replace it.
    static func restore(
        database: DatabaseOptions, force: Bool, retry: String,
        stage: (String) throws -> StagedRestore
    ) throws {
        let location = try InventoryLocation.resolve(
            option: database.path, environment: InventoryLocation.processEnvironment)
        if location.isDefault { try InventoryLocation.createDefaultFolder(for: location.path) }
        let folder = (location.path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw CommandFailure(
                description: "cannot open inventory \(quoted(location.path)): its folder does not "
                    + "exist",
                status: 1)
        }
        do {
            let staged = try stage(folder.isEmpty ? "./" + location.path : location.path)
            let manager: InventoryManager
            do {
                manager = try database.openManager(.write)
            } catch  where isDamage(error) {
                // A damaged inventory is what a restore is for: with --force it is moved
                // aside (kept, for whoever wants to look at it) and the backup takes its place.
                guard force else {
                    throw CommandFailure(
                        description: "\(CommandLineMessage.text(forAny: error) ?? "\(error)"); "
                            + "'\(retry)' replaces it (the damaged file is kept beside it)",
                        status: 1)
                }
                let aside = try moveAside(location.path)
                Terminal.standardError.writeLine(
                    "inventory: the damaged inventory was moved aside to \(aside)")
                manager = try database.openManager(.write)
            }
            try staged.restore(into: manager, replacing: force) {
                Interruption.completed.withLock {
                    $0 =
                        "after the restore was done: only removing the replaced files was cut short"
                }
            }
            Terminal.standardOutput.writeLine(
                "Restored \(summary(of: staged.manifest)) into \(location.path).")
        } catch let error as BackupError {
            throw CommandFailure(
                description: CommandLineMessage.text(for: error), status: error.exitStatus)
        }
    }

    /// Whether opening the inventory failed because its file is damaged (not because it is
    /// busy, read-only, another user's, or from a newer version).
    static func isDamage(_ error: any Error) -> Bool {
        switch error {
        case InventoryError.cannotOpen(_, let reason, _):
            reason.isDamage || reason == .notAnInventory || reason == .missingWriteAheadLog
        case let error as MigrationError:
            switch error {
            case .damaged, .changedOutside, .unrecorded: true
            case .writtenByNewerVersion, .needsUpgrade: false
            }
        default: false
        }
    }

    /// Renames the inventory file at `path` (and its -wal and -shm files) to
    /// `PATH.damaged-YYYYMMDD-HHMMSS`; returns the new name.
    static func moveAside(_ path: String) throws -> String {
        let parts = Calendar.current.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date())
        let stamp =
            "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-"
            + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
        let aside = "\(path).damaged-\(stamp)"
        for suffix in ["", "-wal", "-shm"]
        where FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, aside + suffix) == 0 else {
                throw InventoryError.cannotWrite(
                    path: path, reason: String(cString: strerror(errno)))
            }
        }
        return aside
    }

    /// "12 items, 1 claim, the history (40 changes) and 9 files, 3.2 MB in all".
    static func summary(of manifest: BackupManifest) -> String {
        func count(_ number: Int, _ noun: String) -> String {
            "\(number.formatted(.number.grouping(.automatic))) \(noun)\(number == 1 ? "" : "s")"
        }
        let megabytes = Double(manifest.totalSize) / 1_048_576
        let size =
            megabytes < 0.1
            ? "\(manifest.totalSize.formatted(.number.grouping(.automatic))) bytes"
            : megabytes.formatted(.number.precision(.fractionLength(1))) + " MB"
        return
            "\(count(manifest.counts.items, "item")), \(count(manifest.counts.claims, "claim")), "
            + "the history (\(count(manifest.counts.journalEntries, "change"))) and "
            + "\(count(manifest.fileCount, "file")), \(size) in all"
    }
}

/// A date's or time's part in two digits (`7` → `07`).
private func two(_ number: Int?) -> String {
    let number = number ?? 0
    return number < 10 ? "0\(number)" : "\(number)"
}
