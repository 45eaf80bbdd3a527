import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract:
            "Write the whole inventory — items, claims, history, photos and files — to one zip archive.",
        discussion: """
            The archive holds a snapshot of the database taken at one moment (other commands, \
            'watch' and 'browse' may go on writing meanwhile), every photo and file an item \
            uses, and a manifest.json with the SHA-256 of each, which 'inventory restore' \
            checks before it changes anything.

            The archive is readable by you alone (mode 0600): it holds what you own, where, \
            and its serial numbers. It is written beside its name and renamed into place, so \
            it is whole or absent. An existing file is replaced only with --force.

            Examples:
              inventory backup
              inventory backup ~/Backups/house.zip --force
              inventory backup --db ~/cabin.sqlite cabin.zip
            """)

    @Argument(
        help: ArgumentHelp(
            "The archive to write (default: inventory-YYYY-MM-DD.zip in this folder).",
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
        let name = file ?? Self.defaultName(on: Date())
        let output = try manager.outputFile(at: name, replacing: force)
        let manifest: BackupManifest
        do {
            manifest = try Backup.write(
                manager, to: output, programVersion: Inventory.configuration.version)
        } catch let error as BackupError {
            throw CommandFailure(description: error.description, status: error.exitStatus)
        }
        Terminal.standardOutput.writeLine(
            "Backed up \(RestoreCommand.summary(of: manifest)) to \(name).")
    }

    /// `inventory-YYYY-MM-DD.zip`, today's date where the user is.
    static func defaultName(on date: Date) -> String {
        let day = Calendar.current.dateComponents([.year, .month, .day], from: date)
        func two(_ number: Int?) -> String { number.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "inventory-\(day.year ?? 0)-\(two(day.month))-\(two(day.day)).zip"
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
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
        let location = try InventoryLocation.resolve(
            option: database.path, environment: ProcessInfo.processInfo.environment)
        if location.isDefault { try InventoryLocation.createDefaultFolder(for: location.path) }
        let folder = (location.path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw InventoryError.cannotOpen(
                path: location.path, reason: "its folder does not exist", detail: nil)
        }
        do {
            let staged = try StagedRestore(
                archiveAt: file,
                besideDatabaseAt: folder.isEmpty ? "./" + location.path : location.path)
            let manager = try database.openManager(.write)
            try staged.restore(into: manager, replacing: force)
            Terminal.standardOutput.writeLine(
                "Restored \(Self.summary(of: staged.manifest)) into \(location.path).")
        } catch let error as BackupError {
            throw CommandFailure(description: error.description, status: error.exitStatus)
        }
    }

    /// "12 items, 1 claim, the history (40 changes) and 9 files (3.2 MB)".
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
            + "\(count(manifest.fileCount, "file")) (\(size))"
    }
}
