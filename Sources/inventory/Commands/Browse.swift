import ArgumentParser
import Dispatch
import Foundation
import InventoryBrowse
import InventoryKit
import Synchronization

struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        _superCommandName: CommandParsing.rootName,
        abstract: "The inventory app, full screen: a tab per view, live, with forms and claims.",
        discussion: """
            Tabs: your views (the built-in ones first) with their counts and totals, and Add \
            item; a views file can add, order and hide tabs (see the README's views section). \
            Changes show at once in every tab, also those made by other processes. \
            Keys: arrows, PgUp/PgDn, Home/End move; Tab and 1-9 change tab; Enter opens an \
            item; a adds, e edits, d deletes, i and l toggle insured and luxury, m moves the \
            item to a place or into a box, p shows what a place or a box holds, / searches, \
            c starts a claim, ? shows the keys, q quits.

            Examples:
              inventory browse
              inventory browse --views ~/views.json
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var viewsFile: String?

    func run() throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw CommandFailure(
                description:
                    "browse needs a terminal: run it without redirecting its input or output",
                status: 1)
        }
        let manager = try database.openManager(.write)
        let (registry, screens) = try ViewOptions.configuration(
            option: viewsFile, currency: manager.currency, screens: true)
        let environment = ProcessInfo.processInfo.environment
        let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
        let appearance = BrowseApp.Appearance(
            unicode: locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8"),
            colour: Terminal.stdoutSupportsColor, timeZone: .current)

        let stop = Signals()
        let screen = try TerminalScreen(colour: appearance.colour)
        defer { screen.restore() }
        var size = screen.size
        let browse = try BrowseApp(
            manager: manager, registry: registry, screens: screens,
            context: ControllerContext(name: "app"),
            width: size.width,
            height: size.height, appearance: appearance)
        // Writes to a file that was deleted or replaced would be lost: stop, and say why.
        let replaced = FileReplacement(manager: manager)
        manager.startFollowing()
        defer { manager.stopFollowing() }
        loop: while !stop.shouldQuit && !replaced.happened {
            if stop.takeResize() {
                size = screen.size
                browse.resize(width: size.width, height: size.height)
                screen.invalidate()
            }
            if browse.needsRedraw { screen.draw(browse.render()) }
            for key in screen.readKeys(waitingUpTo: 40) where !browse.handle(key) {
                break loop
            }
        }
        if replaced.happened {
            screen.restore()  // so that the message is on the terminal the user returns to
            throw CommandFailure(
                description:
                    "\(manager.databasePath) was deleted, replaced by another file or restored from a backup; browse "
                    + "stopped (run it again to open the file now there)",
                status: 1)
        }
    }
}

/// Notes that the inventory's file was deleted or replaced while following it.
final class FileReplacement {
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let flag = Flag()
    private let center: NotificationCenter
    private let token: any NSObjectProtocol

    init(manager: InventoryManager) {
        let flag = flag
        center = manager.notificationCenter
        token = center.addObserver(
            forName: InventoryManager.fileReplacedNotification, object: manager, queue: nil
        ) { _ in flag.value.store(true, ordering: .releasing) }
    }

    deinit {
        center.removeObserver(token)
    }

    /// Whether the file has been deleted or replaced.
    var happened: Bool { flag.value.load(ordering: .acquiring) }
}

/// SIGTERM, SIGINT and SIGHUP end the app (and so restore the terminal); SIGWINCH asks for a
/// redraw at the new size.
final class Signals {
    private final class Flags: Sendable {
        let quit = Atomic<Bool>(false)
        let resized = Atomic<Bool>(false)
    }

    private let flags = Flags()
    private var sources: [any DispatchSourceSignal] = []

    init() {
        sources = [SIGTERM, SIGINT, SIGHUP, SIGWINCH].map { [flags] number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if number == SIGWINCH {
                    flags.resized.store(true, ordering: .releasing)
                } else {
                    flags.quit.store(true, ordering: .releasing)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    var shouldQuit: Bool { flags.quit.load(ordering: .acquiring) }

    func takeResize() -> Bool { flags.resized.exchange(false, ordering: .acquiringAndReleasing) }
}
