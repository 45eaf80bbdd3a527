import PackagePlugin

/// Turns every `NNNN_name.sql` file of a target into one generated Swift file of string literals.
///
/// The `.sql` files are the command's declared inputs, so SwiftPM runs it again when a file is
/// added, edited or removed.
@main
struct MigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let scripts = target.sourceFiles(withSuffix: ".sql").map(\.url)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "MigrationScripts+All.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(scripts.count) migration(s) of \(target.name)",
                executable: try context.tool(named: "MigrationsGenerator").url,
                arguments: [output.path()] + scripts.map { $0.path() },
                inputFiles: scripts,
                outputFiles: [output]
            )
        ]
    }
}
