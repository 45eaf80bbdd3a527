import ArgumentParser
import Foundation
import InventoryKit

struct ViewsCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a file of views and print every problem (exit 65 if there is one).",
        discussion: """
            The file is checked together with the built-in views and your configured file, so \
            it may use the views they define.

            Examples:
              inventory views check views.json
            """)

    @Argument(help: "The JSON file of views to check.")
    var file: String

    func run() throws {
        let registry = ViewRegistry()
        if let configured = InventoryLocation.viewsFile(
            option: nil, environment: ProcessInfo.processInfo.environment),
            configured.path != file
        {
            try? registry.load(contentsOf: configured.path)
        }
        let problems = registry.check(contentsOf: file)
        let output = Terminal.standardOutput
        if problems.isEmpty {
            let before = registry.names.count
            try? registry.load(contentsOf: file)
            output.writeLine("\(file): no problems (\(registry.names.count - before) new view(s))")
            return
        }
        for problem in problems { output.writeLine(problem.description) }
        output.flush()
        Terminal.standardError.writeLine(
            "inventory: \(file) has \(problems.count) problem\(problems.count == 1 ? "" : "s")")
        throw ExitCode(65)
    }
}
