import ArgumentParser
import Foundation
import InventoryKit

/// `inventory mcp`: the inventory's tools for an AI assistant, over stdio, through
/// `inventory-server` (which links the MCP SDK).
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        _superCommandName: CommandParsing.rootName,
        abstract:
            "Let an AI assistant use the inventory (a Model Context Protocol server on stdio).",
        discussion: """
            A desktop assistant (Claude Desktop, an IDE, any MCP client) starts this command \
            and talks to it on stdin and stdout. It offers tools to find and show things \
            (search_items, show_item, totals, check, due, list_claims) and to change them \
            (add_item, edit_item, move_item, tag_item, lend_item, return_item). Every change \
            takes the version the assistant read and is refused if the item changed since; \
            dryRun shows exactly what a change would do. Each change is in the history with \
            the assistant and the person it acts for ('by you (assistant claude-desktop)'). \
            Deleting, restoring and sharing are not offered. --read-only offers reading only; \
            --member acts as a member, with their role. See docs/assistants.md.

            Examples:
              inventory mcp
              inventory mcp --db ~/house.sqlite --read-only
              inventory mcp --member Sam
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp(
            "A JSON file of views (default: $INVENTORY_VIEWS, else "
                + "$XDG_CONFIG_HOME/inventory/views.json).", valueName: "file"))
    var viewsFile: String?

    @Option(help: ArgumentHelp("Act as this member, with their role.", valueName: "name"))
    var member: String?

    @Flag(help: "Offer reading only: every change is refused.")
    var readOnly = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let location = try InventoryLocation.resolve(
            option: database.path, environment: environment)
        if location.isDefault {
            try InventoryLocation.createDefaultFolder(for: location.path)
        } else if !FileManager.default.fileExists(atPath: location.path) {
            // A mistyped path in an assistant's configuration is said, not made an empty
            // inventory (opening it to read says there is none).
            _ = try database.openManager(.read)
        }
        var arguments = ["mcp", "--db", location.path]
        if let views = InventoryLocation.viewsFile(option: viewsFile, environment: environment) {
            arguments += ["--views", views.path]
            if !views.isExplicit { arguments.append("--tolerate-views") }
        }
        if let member { arguments += ["--member", member] }
        if readOnly { arguments.append("--read-only") }
        let server = try Serve.serverPath()
        Terminal.standardOutput.flush()
        // The server takes this process's place: stdin and stdout are the assistant's.
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        throw CommandFailure(description: "cannot start \(server): \(reason)", status: 1)
    }
}
