import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryExchange
import InventoryKit

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        _superCommandName: CommandParsing.rootName,
        abstract: "Check the inventory: the database's integrity and every stored file.",
        discussion: """
            Runs SQLite's integrity check on the database, checks every photo and file items \
            use against the SHA-256 checksum its name carries, and lists stored files that no \
            item uses. Prints one line per problem and exits 1 if there is one; restore a \
            backup ('inventory restore FILE') to get back what is missing or damaged. Damage \
            found is recorded in the inventory, and every command that writes refuses it \
            from then on; a record that this check no longer finds true is cleared. Changes \
            nothing else. --verbose also names the SQLite library and says whether the guard \
            against its WAL-reset bug is on.

            Examples:
              inventory verify
              inventory verify --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print the findings as one JSON object.")
    var json = false

    func run() throws {
        let manager: InventoryManager
        do {
            manager = try database.openManager(.read)
        } catch  where RestoreCommand.isDamage(error) {
            // A file too damaged to open is this command's finding, not its failure.
            var result = InventoryVerification()
            result.databaseProblem = Self.finding(error)
            result.filesUnreadable = "the damaged database does not say which files items use"
            try report(result, path: try database.resolvedPath(), manager: nil)
            return
        }
        try report(try manager.verify(), path: manager.databasePath, manager: manager)
    }

    /// Prints `result` (as JSON with `--json`), then says on stderr what to do about its
    /// problems, exiting 1 when there is one.
    private func report(
        _ result: InventoryVerification, path: String, manager: InventoryManager?
    ) throws {
        let output = Terminal.standardOutput
        if json {
            output.writeLine(Self.json(result))
        } else {
            for line in lines(result, manager: manager) { output.writeLine(line) }
            if database.verbose { output.writeLine(Self.libraryLine(manager: manager)) }
        }
        let file = "\"\(path)\""
        guard result.isSound else {
            output.flush()
            let count = result.problemCount
            let advice =
                manager == nil
                ? "restore a backup in its place ('inventory restore FILE --force' keeps the "
                    + "damaged file beside it)"
                : "restore a backup ('inventory restore FILE') to get back what is missing or "
                    + "damaged"
            Terminal.standardError.writeLine(
                "inventory: \(file) has \(count) problem\(count == 1 ? "" : "s"); \(advice)")
            throw ExitCode(1)
        }
        if !json {
            output.writeLine(
                "\(file): the database is whole; \(result.usedFiles) stored file"
                    + "\(result.usedFiles == 1 ? " is" : "s are") whole")
        }
    }

    /// What a file that could not be opened because it is damaged was found to be.
    private static func finding(_ error: any Error) -> String {
        guard case InventoryError.cannotOpen(_, let reason, _) = error else {
            return String(describing: error)
        }
        // What to do about damage is this command's to say.
        return reason.damageFound ?? CommandLineMessage.text(for: reason)
    }

    /// Which SQLite library the inventory runs with, and whether the guard against its
    /// WAL-reset bug is on (`--verbose`).
    private static func libraryLine(manager: InventoryManager?) -> String {
        let guarded = (manager?.walResetGuard ?? WALResetGuard()).isOn
        let bug =
            SQLiteLibrary.hasWALResetBug
            ? "it has the WAL-reset bug (fixed in 3.51.3)" : "it does not have the WAL-reset bug"
        let guardState =
            guarded
            ? "the guard is on (no automatic checkpoints; writes and checkpoints take a lock on "
                + "the inventory's folder)"
            : "the guard is off"
        return "SQLite \(SQLiteLibrary.version): \(bug); \(guardState)"
    }

    private func lines(_ result: InventoryVerification, manager: InventoryManager?) -> [String] {
        func users(_ ids: [Int64]) -> String {
            ids.map { id in
                // 0: a claim's replacement receipt for an item since deleted
                guard id != 0 else { return "a claim's replacement receipt" }
                let name = (try? manager?.item(id: id))?.map { " \($0.name)" } ?? ""
                return "#\(id)\(name)"
            }.joined(separator: ", ")
        }
        var lines: [String] = []
        if let problem = result.databaseProblem {
            lines.append("database: damaged: \(Self.oneLine(problem))")
        }
        if let cleared = result.clearedDamageRecord {
            lines.append(
                "database: an earlier command had found it damaged (\(Self.oneLine(cleared))); "
                    + "it is whole now, and can be written again")
        }
        if let reason = result.filesUnreadable { lines.append("files: not checked: \(reason)") }
        for use in result.missing {
            lines.append("missing file \(use.file), used by \(users(use.itemIDs))")
        }
        for use in result.damaged {
            lines.append(
                "damaged file \(use.file) (its content no longer matches its checksum), used by "
                    + users(use.itemIDs))
        }
        let others = manager.map { Self.otherInventories(beside: $0.databasePath) } ?? false
        for file in result.unused {
            lines.append(
                "unused file \(file): no item of this inventory uses it"
                    + (others ? " (another inventory in this folder may)" : ""))
        }
        return lines
    }

    /// Whether other inventories share the folder, and so its photos folder.
    private static func otherInventories(beside path: String) -> Bool {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: url.deletingLastPathComponent().path)) ?? []
        return names.contains { $0.hasSuffix(".sqlite") && $0 != url.lastPathComponent }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    }

    static func json(_ result: InventoryVerification) -> String {
        func string(_ text: String?) -> String {
            guard let text else { return "null" }
            var out = ""
            ItemJSON.appendString(text, to: &out)
            return out
        }
        func uses(_ list: [InventoryVerification.FileUse]) -> String {
            "["
                + list.map { use in
                    "{\"file\":\(string(use.file)),\"items\":["
                        + use.itemIDs.map(String.init).joined(separator: ",") + "]}"
                }.joined(separator: ",") + "]"
        }
        let database = result.databaseProblem.map { string(oneLine($0)) } ?? "\"ok\""
        return """
            {"sound":\(result.isSound),"database":\(database),\
            "filesUnreadable":\(string(result.filesUnreadable)),"usedFiles":\(result.usedFiles),\
            "missing":\(uses(result.missing)),"damaged":\(uses(result.damaged)),\
            "unused":[\(result.unused.map { string($0) }.joined(separator: ","))],\
            "clearedDamageRecord":\(string(result.clearedDamageRecord)),\
            "sqlite":\(string(SQLiteLibrary.version)),\
            "walResetGuard":\(WALResetGuard(environment: ProcessInfo.processInfo.environment).isOn)}
            """
    }
}
