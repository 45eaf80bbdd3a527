import ArgumentParser
import InventoryKit

/// `--output FILE` and `--force`, for every command that can write a file instead of stdout:
/// the file is checked (`OutputFile`) before any work is done.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    func validate() throws {
        if force && output == nil { throw ValidationError("--force needs --output") }
    }

    /// The file to write, checked now: a name that cannot be written is refused at once.
    /// Nil for stdout.
    func file(for manager: InventoryManager) throws -> OutputFile? {
        try output.map { try manager.outputFile(at: $0, replacing: force) }
    }
}
