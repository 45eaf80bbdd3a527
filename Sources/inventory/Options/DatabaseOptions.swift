import ArgumentParser
import Foundation
import InventoryKit

/// `--db PATH`, shared by every subcommand.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The inventory file (default: $INVENTORY_DB, else "
                + "$XDG_DATA_HOME/inventory/inventory.sqlite).",
            valueName: "path"))
    var path: String?

    /// Opens the inventory and builds the `app` context for a command printing in `format`.
    func open(format: OutputFormat) throws -> (manager: InventoryManager, app: ControllerContext) {
        let manager = try openManager()
        return (manager, AppContext.make(manager: manager, format: format))
    }

    /// Opens the inventory and makes it the shared manager.
    func openManager() throws -> InventoryManager {
        let location = try InventoryLocation.resolve(
            option: path, environment: ProcessInfo.processInfo.environment)
        if location.isDefault {
            try InventoryLocation.createDefaultFolder(for: location.path)
        }
        return try InventoryManager.openShared(path: location.path)
    }
}
