import InventoryKit

/// How a command prints.
enum OutputFormat: String, Sendable {
    case table, json, csv
}

extension ContextKey where Value == String {
    /// The inventory file.
    static let databasePath = ContextKey("database path")
    /// The inventory's currency code.
    static let currency = ContextKey("currency")
}

extension ContextKey where Value == Bool {
    /// Whether output may be coloured.
    static let colour = ContextKey("colour")
}

extension ContextKey where Value == OutputFormat {
    /// The output format the user asked for.
    static let outputFormat = ContextKey("output format")
}

/// The `app` context every command receives: the chain other contexts end in.
enum AppContext {
    static func make(manager: InventoryManager, format: OutputFormat) -> ControllerContext {
        let app = ControllerContext(name: "app")
        app[.databasePath] = manager.databasePath
        app[.currency] = manager.currency.code
        app[.colour] = format == .table && Terminal.stdoutSupportsColor
        app[.outputFormat] = format
        return app
    }
}
