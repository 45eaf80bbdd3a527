import ArgumentParser
import Foundation
import InventoryAssistant
import InventoryCommandLine
import InventoryKit
import MCP

/// `inventory-server mcp`: the inventory's tools for an AI assistant over stdio, run by
/// `inventory mcp` (a binary apart, so that the command line does not link the MCP SDK).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract:
            "Serve the inventory's tools to an AI assistant over stdio (run by `inventory mcp`).")

    @Option(help: ArgumentHelp("The inventory file.", valueName: "path"))
    var db: String

    @Option(help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var views: String?

    @Flag(help: "Leave out the views file's views when it has problems, with a warning.")
    var tolerateViews = false

    @Option(help: ArgumentHelp("Act as this member, with their role.", valueName: "name"))
    var member: String?

    @Flag(help: "Offer reading only: every change is refused.")
    var readOnly = false

    func run() async throws {
        let manager: InventoryManager
        do {
            manager = try InventoryManager.openShared(
                path: db, access: .write, walResetGuard: ServeCommand.walResetGuard)
        } catch let error as InventoryError {
            ServeCommand.fail(CommandLineMessage.text(for: error), command: "mcp")
        }
        defer { InventoryManager.closeShared() }
        let registry = ServeCommand.registry(
            currency: manager.currency, views: views, tolerating: tolerateViews, command: "mcp")
        var person = NSUserName()
        var memberID: Int64?
        var canWrite = !readOnly
        if let member {
            do {
                let found = try manager.member(named: member)
                person = found.name
                memberID = found.id
                canWrite = canWrite && found.role.canWrite
            } catch let error as InventoryError {
                ServeCommand.fail(CommandLineMessage.text(for: error), command: "mcp")
            }
        }
        let tools = AssistantTools(
            manager: manager, views: registry, person: person, memberID: memberID,
            canWrite: canWrite)
        try await Assistant.serve(
            tools, version: Release.version, transport: StdioTransport())
    }
}
