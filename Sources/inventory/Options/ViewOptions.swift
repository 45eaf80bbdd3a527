import ArgumentParser
import Foundation
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

    static func registry(option: String?, currency: Currency) throws -> ViewRegistry {
        let registry = ViewRegistry(currency: currency)
        if let file = InventoryLocation.viewsFile(
            option: option, environment: ProcessInfo.processInfo.environment)
        {
            try registry.load(contentsOf: file.path)
        }
        return registry
    }

    /// The definition of the chosen view.
    ///
    /// - Throws: `ValidationError` (a usage error) for a name no view has.
    func definition(in registry: ViewRegistry) throws -> ViewDefinition {
        guard registry.entry(named: view) != nil else {
            throw ValidationError(
                "unknown view \"\(view)\" (views: \(registry.names.joined(separator: ", ")))")
        }
        return try registry.definition(named: view)
    }

    /// For shell completion: the names of the built-in and configured views.
    static func configuredViewNames() -> [String] {
        ((try? registry(option: nil, currency: .usd)) ?? ViewRegistry()).names
    }
}
