import ArgumentParser
import Foundation
import InventoryBrowse
import InventoryKit

/// `--views FILE` and `--view NAME`, for the commands that show a view.
struct ViewOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Which view: all, luxury, non-insured, or one of your views.", valueName: "name"),
        completion: .custom { _, _, _ in ViewOptions.configuredViewNames() })
    var view: String = "all"

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp(
            "A JSON file of views (default: $INVENTORY_VIEWS, else "
                + "$XDG_CONFIG_HOME/inventory/views.json).",
            valueName: "file"))
    var viewsFile: String?

    /// The registry with the built-in views and the user's file, if any.
    ///
    /// - Throws: `ViewRegistryError` when the file has problems.
    func registry(currency: Currency) throws -> ViewRegistry {
        try Self.registry(option: viewsFile, currency: currency)
    }

    /// The registry with the built-in views and the views file: the one named (`--views`,
    /// `$INVENTORY_VIEWS`), whose problems are an error, else the default one, whose problems
    /// only cost its own views: one warning line, and the built-in views keep working.
    static func registry(option: String?, currency: Currency, warn: Bool = true) throws
        -> ViewRegistry
    {
        try configuration(option: option, currency: currency, warn: warn, screens: false).views
    }

    /// The views and, when `screens` is set, browse's screens, from the same file and with
    /// the same rule for its problems.
    static func configuration(
        option: String?, currency: Currency, warn: Bool = true, screens: Bool
    ) throws -> (views: ViewRegistry, screens: BrowseScreens?) {
        // Screen entries in the file are browse's: the view registry sets them aside.
        let registry = ViewRegistry(currency: currency, otherTypes: BrowseScreens.typeNames)
        guard
            let file = InventoryLocation.viewsFile(
                option: option, environment: InventoryLocation.processEnvironment)
        else { return (registry, screens ? BrowseScreens(views: registry) : nil) }
        func tolerate(_ error: RegistryError, what: String) throws {
            if file.isExplicit { throw error }
            if warn {
                let count = error.problems.count
                Terminal.standardError.writeLine(
                    "inventory: warning: \(file.path) has \(count) problem"
                        + (count == 1 ? "" : "s")
                        + "; its \(what) are left out (see 'inventory views check \(file.path)')")
            }
        }
        do {
            try registry.load(contentsOf: file.path)
        } catch {
            try tolerate(error, what: "views")
            return (registry, screens ? BrowseScreens(views: registry) : nil)
        }
        guard screens else { return (registry, nil) }
        let browseScreens = BrowseScreens(views: registry)
        do {
            try browseScreens.load(contentsOf: file.path)
        } catch {
            try tolerate(error, what: "browse tabs")
        }
        return (registry, browseScreens)
    }

    /// The definition of the chosen view.
    ///
    /// - Throws: `ValidationError` (a usage error) for a name no view has.
    func definition(in registry: ViewRegistry) throws -> ViewDefinition {
        try Self.definition(named: view, in: registry)
    }

    /// The definition of the view `name`.
    ///
    /// - Throws: `ValidationError` (a usage error) for a name no view has.
    static func definition(named name: String, in registry: ViewRegistry) throws
        -> ViewDefinition
    {
        guard registry.entry(named: name) != nil else {
            throw ValidationError(
                "unknown view \"\(name)\" (views: \(registry.names.joined(separator: ", ")))")
        }
        return try registry.definition(named: name)
    }

    /// For shell completion: the names of the built-in and configured views.
    static func configuredViewNames() -> [String] {
        ((try? registry(option: nil, currency: .usd, warn: false)) ?? ViewRegistry()).names
    }
}
