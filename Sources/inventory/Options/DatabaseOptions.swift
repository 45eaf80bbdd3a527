import ArgumentParser
import Foundation
import InventoryKit

/// `--db PATH` and `--verbose`, shared by every subcommand that uses the inventory.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The inventory file (default: $INVENTORY_DB, else "
                + "$XDG_DATA_HOME/inventory/inventory.sqlite).",
            valueName: "path"))
    var path: String?

    @Flag(help: "Add what SQLite said (and the SQL) under an error about the inventory file.")
    var verbose = false

    func validate() throws {
        if let path, path.isEmpty {
            throw ValidationError("--db needs a path, not an empty text")
        }
    }

    /// The inventory's path, as `openManager` finds it.
    func resolvedPath() throws -> String {
        try InventoryLocation.resolve(
            option: path, environment: InventoryLocation.processEnvironment
        ).path
    }

    /// Opens the inventory for `access` and makes it the shared manager, which `Inventory.main`
    /// closes on the way out.
    ///
    /// A command that only reads creates nothing: a file named with `--db` or `$INVENTORY_DB`
    /// must exist, and the default one, before the first `add` creates it, reads as an empty
    /// inventory (which a follower opens once the file appears).
    func openManager(_ access: InventoryAccess) throws -> InventoryManager {
        let location = try InventoryLocation.resolve(
            option: path, environment: InventoryLocation.processEnvironment)
        if access == .read, location.isDefault,
            !FileManager.default.fileExists(atPath: location.path)
        {
            return try InventoryManager.openSharedEmpty(path: location.path)
        }
        if location.isDefault, access == .write {
            try InventoryLocation.createDefaultFolder(for: location.path)
        }
        let manager = try InventoryManager.openShared(
            path: location.path, access: access,
            walResetGuard: WALResetGuard(environment: ProcessInfo.processInfo.environment))
        // What the terminal changes, history says the local user changed.
        manager.localAuthor = Author(name: NSUserName())
        return manager
    }
}
