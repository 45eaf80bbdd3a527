import ArgumentParser
import Foundation
import InventoryBrowse
import InventoryKit

struct ViewsCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: CommandParsing.rootName,
        abstract: "Check a file of views and print every problem (exit 65 if there is one).",
        discussion: """
            The file is checked together with the built-in views and your configured file, so \
            it may use the views they define. Its browse screens (ViewList, AddItem, Tabs) are \
            checked too.

            Examples:
              inventory views check views.json
            """)

    @Argument(help: "The JSON file of views to check.")
    var file: String

    func run() throws {
        let registry = ViewRegistry(otherTypes: BrowseScreens.typeNames)
        let configured = InventoryLocation.viewsFile(
            option: nil, environment: InventoryLocation.processEnvironment
        ).map(\.path).flatMap { $0 == file ? nil : $0 }
        if let configured { try? registry.load(contentsOf: configured) }
        var problems = registry.check(contentsOf: file)
        let output = Terminal.standardOutput
        let before = registry.names.count
        if problems.isEmpty {
            try? registry.load(contentsOf: file)
            // The screens may name the file's views, so they are checked once those are in.
            let screens = BrowseScreens(views: registry)
            if let configured { try? screens.load(contentsOf: configured) }
            problems = screens.check(contentsOf: file)
        }
        if problems.isEmpty {
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
