import Foundation
import InventoryKit

/// Where the inventory file lives, decided from the values the tool was given.
///
/// The library never reads the environment itself: the CLI passes it in.
enum InventoryLocation {
    /// The variables `resolve` and `viewsFile` read, from the process environment. Read one by
    /// one: `ProcessInfo.processInfo.environment` builds a dictionary of every variable, twice
    /// in every command's start.
    static var processEnvironment: [String: String] {
        var values: [String: String] = [:]
        for name in ["INVENTORY_DB", "INVENTORY_VIEWS", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME"]
        {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The database path: `--db` first, then `INVENTORY_DB`, then
    /// `$XDG_DATA_HOME/inventory/inventory.sqlite` (`~/.local/share/…` without it).
    ///
    /// - Parameters:
    ///   - option: the `--db` value, if any.
    ///   - environment: the process environment.
    /// - Returns: the path, and whether it is the default one (whose folders may be created).
    /// - Throws: `CommandFailure` when no path can be made (no HOME, say).
    static func resolve(option: String?, environment: [String: String]) throws
        -> (path: String, isDefault: Bool)
    {
        if let option, !option.isEmpty { return (option, false) }
        if let path = environment["INVENTORY_DB"], !path.isEmpty { return (path, false) }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        } else {
            throw CommandFailure(
                description: "cannot open inventory "
                    + "\"~/.local/share/inventory/inventory.sqlite\": neither HOME nor "
                    + "XDG_DATA_HOME is set; pass --db PATH",
                status: 1)
        }
        let path = ((dataHome as NSString).appendingPathComponent("inventory") as NSString)
            .appendingPathComponent("inventory.sqlite")
        return (path, true)
    }

    /// Creates the folders above the default database: the `inventory` folder itself with
    /// mode 0700, the ones above it (`~/.local/share`) as usual.
    ///
    /// - Throws: `CommandFailure` when a folder cannot be created.
    static func createDefaultFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !FileManager.default.fileExists(atPath: folder) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: (folder as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure(
                description: "cannot open inventory \(quoted(path)): cannot create the folder "
                    + folder,
                status: 1)
        }
    }

    /// The view files to load, in order: `--views` or `INVENTORY_VIEWS` (which must exist),
    /// else `$XDG_CONFIG_HOME/inventory/views.json` (`~/.config/…`) if it exists.
    ///
    /// - Returns: the path and whether it was asked for explicitly; nil when there is none.
    static func viewsFile(option: String?, environment: [String: String])
        -> (path: String, isExplicit: Bool)?
    {
        if let option, !option.isEmpty { return (option, true) }
        if let path = environment["INVENTORY_VIEWS"], !path.isEmpty { return (path, true) }
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            configHome = (home as NSString).appendingPathComponent(".config")
        } else {
            return nil
        }
        let path = ((configHome as NSString).appendingPathComponent("inventory") as NSString)
            .appendingPathComponent("views.json")
        return FileManager.default.fileExists(atPath: path) ? (path, false) : nil
    }
}
