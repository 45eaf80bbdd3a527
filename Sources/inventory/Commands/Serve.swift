import ArgumentParser
import Foundation
import InventoryKit

/// `inventory serve`: runs `inventory-server`, installed beside this binary, with the
/// inventory and views files resolved here by the same rules as every other command.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        _superCommandName: CommandParsing.rootName,
        abstract: "Serve the inventory to the browsers of the house, live.",
        discussion: """
            Prints the address and a sign-in link: open the link in a browser (each link \
            works once; restarting the server makes a new one and ends every session). The \
            pages show every view as a tab with its count and worth, paged, sorted by any \
            column and searchable; each item with its photos, files and history; forms to add, \
            edit and delete. Every open page follows the inventory as it changes, whoever \
            changes it: another page, a command in a terminal, another process. A JSON API \
            lives under /api/ (see the README). The read-only links 'inventory share' makes \
            open through it, without signing in.

            The server listens on this machine only (127.0.0.1) unless --host names another \
            address; that needs a household password (--set-password), which browsers of \
            other machines sign in with at /signin. With --tls-cert and --tls-key it serves \
            HTTPS (and its cookies are Secure); without them, serve beyond this machine only \
            on a network you trust. Ctrl-C or SIGTERM stops the server.

            While it runs, it sends what is newly due through the reminder channels \
            ('inventory remind --email/--webhook') when it starts and every day at --remind-at, \
            as 'inventory remind' does; nothing is sent twice.

            Examples:
              inventory serve
              inventory serve --port 8080 --open
              inventory serve --db ~/house.sqlite --views ~/views.json
              inventory serve --set-password
              inventory serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp(
            "A JSON file of views (default: $INVENTORY_VIEWS, else "
                + "$XDG_CONFIG_HOME/inventory/views.json).",
            valueName: "file"))
    var viewsFile: String?

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port = 8420

    @Flag(help: "Open the sign-in link in the browser.")
    var open = false

    @Option(
        help: ArgumentHelp(
            "The TLS certificate chain (PEM): serve HTTPS (with --tls-key).", valueName: "file"),
        completion: .file())
    var tlsCert: String?

    @Option(
        help: ArgumentHelp("The TLS certificate's private key (PEM).", valueName: "file"),
        completion: .file())
    var tlsKey: String?

    @Option(
        name: .customLong("remind-at"),
        help: ArgumentHelp(
            "When to send what is newly due each day, local time ('never': leave it to cron; "
                + "it also sends once when it starts).",
            valueName: "HH:MM"))
    var remindAt = "08:00"

    @Flag(
        help: ArgumentHelp(
            "Set the household password other machines sign in with (asked twice on a "
                + "terminal, else read as one line of stdin), then stop."))
    var setPassword = false

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
        guard remindAt == "never" || DailyTime(remindAt) != nil else {
            throw ValidationError("--remind-at takes a time of day such as 08:00, or never")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let location = try InventoryLocation.resolve(
            option: database.path, environment: environment)
        if location.isDefault { try InventoryLocation.createDefaultFolder(for: location.path) }
        var arguments = ["--db", location.path, "--host", host, "--port", String(port)]
        if let views = InventoryLocation.viewsFile(option: viewsFile, environment: environment) {
            arguments += ["--views", views.path]
            if !views.isExplicit { arguments.append("--tolerate-views") }
        }
        if open { arguments.append("--open") }
        arguments += ["--remind-at", remindAt]
        if setPassword { arguments.append("--set-password") }
        if let tlsCert, let tlsKey { arguments += ["--tls-cert", tlsCert, "--tls-key", tlsKey] }
        let server = try Self.serverPath()
        Terminal.standardOutput.flush()
        // The server takes this process's place: its signals and exit status are the
        // command's own.
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        throw CommandFailure(description: "cannot start \(server): \(reason)", status: 1)
    }

    /// `inventory-server` beside this binary (symbolic links followed).
    static func serverPath() throws -> String {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let path = ((me as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("inventory-server")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CommandFailure(
                description:
                    "inventory-server is missing beside inventory (\(path)): inventory serve "
                    + "runs it, and it writes Excel files; Scripts/install installs both, "
                    + "swift build builds both",
                status: 1)
        }
        return path
    }
}
