import ArgumentParser
import Foundation
import InventoryBrowse
import InventoryCommandLine
import InventoryExchange
import InventoryKit
import InventoryServer
import Locking
import NIOCore

/// The server binary `inventory serve` runs, with the paths it resolved. A binary of its own so
/// that the command line does not link NIO and Hummingbird: linked into `inventory`, they
/// slowed the start of every command (the cold listing's benchmark row).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventory-server",
        abstract: "Serve the inventory to browsers (run by `inventory serve`).")

    @Option(help: ArgumentHelp("The inventory file.", valueName: "path"))
    var db: String

    @Option(help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var views: String?

    @Flag(help: "Leave out the views file's views when it has problems, with a warning.")
    var tolerateViews = false

    @Option(
        name: .customLong("remind-at"),
        help: ArgumentHelp("When to send the day's reminders, or never.", valueName: "HH:MM"))
    var remindAt = "08:00"

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free one).", valueName: "port"))
    var port = 8420

    @Flag(help: "Open the sign-in link in the browser.")
    var open = false

    @Option(
        help: ArgumentHelp("The TLS certificate chain (PEM), to serve HTTPS.", valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The TLS certificate's private key (PEM).", valueName: "file"))
    var tlsKey: String?

    @Flag(help: "Set the household password (read from the terminal, or a line of stdin).")
    var setPassword = false

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
    }

    func run() async throws {
        let manager: InventoryManager
        do {
            manager = try InventoryManager.openShared(
                path: db, access: .write, walResetGuard: Self.walResetGuard)
        } catch let error as InventoryError {
            Self.fail(CommandLineMessage.text(for: error))
        }
        defer { InventoryManager.closeShared() }
        if setPassword {
            try Self.setPassword(manager)
            return
        }
        let isLoopback = InventoryServer.loopbackHosts.contains(host)
        if !isLoopback {
            guard (try? manager.serverPasswordHash()) ?? nil != nil else {
                Self.fail(
                    "--host \(host) serves other machines, which needs a household password: "
                        + "set one first with 'inventory serve --set-password'")
            }
            if tlsCert == nil {
                Self.warn(
                    "warning: pages and the password cross the network unencrypted (no "
                        + "--tls-cert): serve beyond this machine only on a network you trust")
            }
        }
        let registry = Self.registry(
            currency: manager.currency, views: views, tolerating: tolerateViews)
        let sessions = Sessions()
        // The link is the household owner's: the local user who serves, as history names them.
        let owner = NSUserName()
        let token = sessions.makeSignInToken(for: .owner(named: owner))
        let open = self.open
        let db = self.db
        let tls = tlsCert.flatMap { certificate in tlsKey.map { (certificate, $0) } }
        // The port served first is served again after a restore, whatever --port 0 chose.
        let listening = Lock<Int?>(nil)
        var current = manager
        let served = ServedInventory(manager)
        if let time = DailyTime(remindAt) { Self.remindDaily(at: time, served) }
        while true {
            served.manager = current
            let title = (try? current.settings())?.title ?? "Inventory"
            let server = InventoryServer(
                manager: current, views: registry,
                configuration: .init(
                    host: host, port: listening.withLock { $0 } ?? port, title: title, tls: tls,
                    owner: owner),
                sessions: sessions)
            let ending: InventoryServer.Ending
            do {
                ending = try await server.run { address in
                    let isFirst = listening.withLock { served in
                        defer { served = Int(address.split(separator: ":").last ?? "") }
                        return served == nil
                    }
                    guard isFirst else {
                        Self.say("Serving the restored inventory again at \(address).")
                        return
                    }
                    let link = "\(address)/signin?token=\(token)"
                    if !isLoopback {
                        Self.say(
                            "Other machines sign in at \(address)/signin with the household "
                                + "password.")
                    }
                    Self.say(
                        "Serving \(db) at \(address)\nSign in (the link works once): \(link)\n"
                            + "Ctrl-C stops the server.")
                    if open { Self.openInBrowser(link) }
                }
            } catch let error as InventoryServer.TLSProblem {
                Self.fail("cannot serve HTTPS: \(error.description)")
            } catch {
                Self.fail("cannot serve on \(host):\(port): \(Self.reason(error))")
            }
            guard case .replaced = ending else { break }
            // A restore replaced the file: its views, pages and journal are another file's.
            // Sessions and share links stay; everything else is read again.
            Self.say("The inventory was replaced (a restore): reading it again.")
            InventoryManager.closeShared()
            do {
                current = try InventoryManager.openShared(
                    path: db, access: .write, walResetGuard: Self.walResetGuard)
            } catch let error as InventoryError {
                Self.fail(CommandLineMessage.text(for: error))
            }
        }
        Self.say("Stopped.")
    }

    /// Sends the day's reminders now and every day at `time`, on a thread of their own (a
    /// round waits on sendmail and curl), through the inventory `served` holds then; what was
    /// sent and what failed go to the log (stdout, stderr).
    static func remindDaily(at time: DailyTime, _ served: ServedInventory) {
        let round = ReminderRound(
            sender: ReminderSender(path: ProcessInfo.processInfo.environment["PATH"]))
        let thread = Thread {
            while true {
                let manager = served.manager
                do {
                    for outcome in try round.run(manager, withinDays: 7) {
                        switch outcome {
                        case .sent(let channel, let things):
                            say(
                                "Reminders: \(channel): sent \(things.count) thing"
                                    + (things.count == 1 ? "" : "s"))
                        case .failed(let channel, let reason):
                            warn("Reminders: \(channel): \(reason); sent at the next round")
                        case .nothingNew(let channel): say("Reminders: \(channel): nothing new")
                        case .wouldSend: break
                        case .anotherRound:
                            say("Reminders: another round is sending (inventory remind?)")
                        }
                    }
                } catch let error as InventoryError {
                    warn("Reminders: \(CommandLineMessage.text(for: error))")
                } catch {
                    warn("Reminders: \(error)")
                }
                Thread.sleep(until: time.next(after: Date()))
            }
        }
        thread.name = "reminders"
        thread.start()
    }

    /// Reads the new household password (twice, without echo, from a terminal; else one line
    /// of stdin), checks it and stores its hash.
    static func setPassword(_ manager: InventoryManager) throws {
        let password: String
        if isatty(0) == 1 {
            let first = readSecret("New household password: ")
            let second = readSecret("The same again: ")
            guard first == second else { fail("the two passwords differ; nothing was changed") }
            password = first
        } else {
            password = readLine(strippingNewline: true) ?? ""
        }
        if let problem = HouseholdPassword.problem(with: password) {
            fail("\(problem); nothing was changed")
        }
        do {
            try manager.setServerPasswordHash(try HouseholdPassword.hash(password))
        } catch let error as InventoryError {
            fail(CommandLineMessage.text(for: error))
        }
        say(
            "The household password is set: with --host, browsers of other machines sign in "
                + "with it at /signin.")
    }

    /// A line read from the terminal with echo off.
    static func readSecret(_ prompt: String) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(0, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &quiet)
        defer {
            tcsetattr(0, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }

    /// Why the server could not start, in a user's words: by the system's error number when
    /// binding failed (NIO's `IOError`), never by the wording of its message.
    static func reason(_ error: any Error) -> String {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE: "the port is in use (choose another with --port)"
        case EACCES, EPERM: "not allowed to listen there (ports below 1024 need root)"
        case EADDRNOTAVAIL: "this machine has no such address"
        default: String(describing: error)
        }
    }

    static func openInBrowser(_ link: String) {
        for opener in ["/usr/bin/xdg-open", "/usr/bin/open"]
        where FileManager.default.isExecutableFile(atPath: opener) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [link]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil { return }
        }
        warn("no browser opener (xdg-open) here: open the sign-in link yourself")
    }

    /// Writes `text` and a newline to standard output at once (a script may be reading it).
    static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// The built-in views and those of the file `views`; a file with problems ends the
    /// command, unless `tolerating` (the default file, not one named): then its views are left
    /// out, with a warning.
    static func registry(
        currency: Currency, views: String?, tolerating: Bool, command: String = "serve"
    ) -> ViewRegistry {
        let registry = ViewRegistry(currency: currency, otherTypes: BrowseScreens.typeNames)
        if let views {
            do {
                try registry.load(contentsOf: views)
            } catch {
                guard tolerating else { fail(error.description, command: command) }
                warn("warning: \(views) has problems; its views are left out", command: command)
            }
        }
        return registry
    }

    static func warn(_ message: String, command: String = "serve") {
        FileHandle.standardError.write(Data("inventory \(command): \(message)\n".utf8))
    }

    /// The guard against SQLite's WAL-reset bug the environment asks for (`inventory serve`
    /// passes its own on).
    static var walResetGuard: WALResetGuard {
        WALResetGuard(environment: ProcessInfo.processInfo.environment)
    }

    static func fail(_ message: String, command: String = "serve") -> Never {
        warn(message, command: command)
        InventoryManager.closeShared()
        Foundation.exit(1)
    }
}

/// The inventory being served: a restore replaces it.
final class ServedInventory: Sendable {
    private let current: Lock<InventoryManager>

    init(_ manager: InventoryManager) {
        current = Lock(manager)
    }

    var manager: InventoryManager {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
