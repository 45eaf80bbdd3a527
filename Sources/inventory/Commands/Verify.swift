import ArgumentParser
import Foundation
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
            item uses. Changes nothing. Prints one line per problem and exits 1 if there is \
            one; restore a backup ('inventory restore FILE') to get back what is missing or \
            damaged. --verbose also names the SQLite library and says whether the guard \
            against its WAL-reset bug is on.

            Examples:
              inventory verify
              inventory verify --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print the findings as one JSON object.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let result = try manager.verify()
        let output = Terminal.standardOutput
        if json {
            output.writeLine(Self.json(result))
        } else {
            for line in lines(result, manager: manager) { output.writeLine(line) }
            if database.verbose { output.writeLine(Self.libraryLine(manager: manager)) }
        }
        let file = "\"\(manager.databasePath)\""
        guard result.isSound else {
            output.flush()
            let count = result.problemCount
            Terminal.standardError.writeLine(
                "inventory: \(file) has \(count) problem\(count == 1 ? "" : "s"); restore a "
                    + "backup ('inventory restore FILE') to get back what is missing or damaged")
            throw ExitCode(1)
        }
        if !json {
            output.writeLine(
                "\(file): the database is whole; \(result.usedFiles) stored file"
                    + "\(result.usedFiles == 1 ? " is" : "s are") whole")
        }
    }

    /// Which SQLite library the inventory runs with, and whether the guard against its
    /// WAL-reset bug is on (`--verbose`).
    private static func libraryLine(manager: InventoryManager) -> String {
        let bug =
            SQLiteLibrary.hasWALResetBug
            ? "it has the WAL-reset bug (fixed in 3.51.3)" : "it does not have the WAL-reset bug"
        let guardState =
            manager.walResetGuard.isOn
            ? "the guard is on (no automatic checkpoints; writes and checkpoints take a lock on "
                + "the inventory's folder)"
            : "the guard is off"
        return "SQLite \(SQLiteLibrary.version): \(bug); \(guardState)"
    }

    private func lines(_ result: InventoryVerification, manager: InventoryManager) -> [String] {
        func users(_ ids: [Int64]) -> String {
            ids.map { id in
                // 0: a claim's replacement receipt for an item since deleted
                guard id != 0 else { return "a claim's replacement receipt" }
                let name = (try? manager.item(id: id))?.map { " \($0.name)" } ?? ""
                return "#\(id)\(name)"
            }.joined(separator: ", ")
        }
        var lines: [String] = []
        if let problem = result.databaseProblem {
            lines.append("database: damaged: \(Self.oneLine(problem))")
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
        let others = Self.otherInventories(beside: manager.databasePath)
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
            "sqlite":\(string(SQLiteLibrary.version)),\
            "walResetGuard":\(WALResetGuard(environment: ProcessInfo.processInfo.environment).isOn)}
            """
    }
}
