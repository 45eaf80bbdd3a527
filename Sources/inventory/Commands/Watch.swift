import ArgumentParser
import Dispatch
import Foundation
import InventoryCommandLine
import InventoryExchange
import InventoryKit
import Locking
import Synchronization

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        _superCommandName: CommandParsing.rootName,
        abstract: "Show a view, then every change to it as it happens, from any process.",
        discussion: """
            Prints the view, then one line per change that touches it: an item that entered \
            the view, left it, or changed inside it (with what changed). Changes made by other \
            processes (another terminal's `inventory add`, a script) appear as they commit. \
            With --json, prints only the changes, one JSON object per line:
            {"seq": 42, "change": "entered|left|changed", "item": {…}}. \
            Ends (with exit status 0) on Ctrl-C, SIGTERM or SIGHUP, after --limit changes, or \
            after --timeout seconds.

            Examples:
              inventory watch --view non-insured
              inventory watch --view high-value --views ~/views.json
              inventory watch --json --limit 1 --timeout 60
            """)

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var views: ViewOptions

    @Flag(help: "Print each change as one JSON object per line.")
    var json = false

    @Option(help: ArgumentHelp("Stop after this many changes.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be more than 0") }
    }

    func run() throws {
        let finished = DispatchSemaphore(value: 0)
        // Before anything is printed: a signal sent once the view is on screen must end it.
        let signals = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)  // the dispatch source receives it instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { finished.signal() }
            source.resume()
            return source
        }
        let manager = try database.openManager(.read)
        let definition = try views.definition(in: try views.registry(currency: manager.currency))
        let (sequence, items) = try manager.snapshot(
            matching: definition.filter, sortedBy: definition.sort)
        if !json {
            let table = ItemTable(
                items: items, currency: manager.currency,
                style: Style.standardOutput(.table), width: Terminal.standardOutputWidth)
            Terminal.standardOutput.write(table.render())
            Terminal.standardOutput.flush()
        }
        let printer = ChangePrinter(
            manager: manager, filter: definition.filter, json: json, limit: limit,
            after: sequence, finished: finished)
        let token = manager.notificationCenter.addObserver(
            forName: InventoryManager.didChangeNotification, object: manager, queue: nil
        ) { notification in
            guard let changeSet = notification.inventoryChangeSet else { return }
            printer.print(changeSet)
        }
        let replaced = Atomic(false)
        let replacedToken = manager.notificationCenter.addObserver(
            forName: InventoryManager.fileReplacedNotification, object: manager, queue: nil
        ) { _ in
            replaced.store(true, ordering: .releasing)
            finished.signal()
        }
        manager.startFollowing()
        if let timeout {
            _ = finished.wait(timeout: .now() + timeout)
        } else {
            finished.wait()
        }
        manager.stopFollowing()
        manager.notificationCenter.removeObserver(token)
        manager.notificationCenter.removeObserver(replacedToken)
        if let failure = printer.failureDescription {
            throw CommandFailure(description: failure, status: 1)
        }
        if replaced.load(ordering: .acquiring) {
            throw CommandFailure(
                description:
                    "\(manager.databasePath) was deleted, replaced by another file or restored from a backup; stopped "
                    + "watching (run watch again to watch the file now there)",
                status: 1)
        }
        signals.forEach { $0.cancel() }
        Terminal.standardOutput.flush()
    }
}

/// Turns change sets into the lines `watch` prints, flushing each line at once.
final class ChangePrinter: Sendable {
    private let manager: InventoryManager
    private let filter: ItemFilter
    private let json: Bool
    private let limit: Int?
    private let finished: DispatchSemaphore
    private let state: Lock<(lastSequence: Int64, printed: Int)>

    init(
        manager: InventoryManager, filter: ItemFilter, json: Bool, limit: Int?, after: Int64,
        finished: DispatchSemaphore
    ) {
        self.manager = manager
        self.filter = filter
        self.json = json
        self.limit = limit
        self.finished = finished
        self.state = Lock((after, 0))
    }

    func print(_ changeSet: InventoryChangeSet) {
        for change in changeSet.changes {
            guard print(change) else { return }
        }
        guard let batch = changeSet.addedInBulk else { return }
        // A batch names its items: read them a page at a time, as they were added.
        do {
            try manager.items(addedBy: batch) { page in
                for item in page {
                    let change = InventoryChange(
                        kind: .added, item: item, sequence: batch.sequence(of: item.id))
                    guard print(change) else { throw LimitReached() }
                }
            }
        } catch is LimitReached {
        } catch {
            failure.withLock {
                $0 =
                    "could not read the \(batch.count) items added by another write: "
                    + CommandLineMessage.textWithoutPath(for: error)
            }
            finished.signal()
        }
    }

    /// Why printing stopped early, when it did; `watch` ends with it.
    var failureDescription: String? { failure.withLock { $0 } }

    private let failure = Lock<String?>(nil)

    private struct LimitReached: Error {}

    /// Prints the line of `change`, if it has one and is new; returns false once the limit is
    /// reached.
    private func print(_ change: InventoryChange) -> Bool {
        let line: String? = state.withLock { state in
            guard change.sequence > state.lastSequence else { return nil }
            state.lastSequence = change.sequence
            if let limit, state.printed >= limit { return nil }
            guard let line = self.line(for: change) else { return nil }
            state.printed += 1
            return line
        }
        if let line {
            Terminal.standardOutput.writeLine(line)
            Terminal.standardOutput.flush()
        }
        if let limit, state.withLock({ $0.printed }) >= limit {
            finished.signal()
            return false
        }
        return true
    }

    private func line(for change: InventoryChange) -> String? {
        let wasIn = change.kind == .added ? false : filter.matches(change.before ?? change.item)
        let isIn = change.kind == .deleted ? false : filter.matches(change.item)
        let kind: String
        let details: String
        switch (wasIn, isIn) {
        case (false, true):
            kind = "entered"
            details = change.item.worth.map { "\($0.formatted) \($0.currency.code)" } ?? ""
        case (true, false):
            kind = "left"
            details =
                change.kind == .deleted
                ? "deleted"
                : change.item.fieldChanges(from: change.before!).map(\.description)
                    .joined(separator: ", ")
        case (true, true):
            kind = "changed"
            details = change.item.fieldChanges(from: change.before!).map(\.description)
                .joined(separator: ", ")
        case (false, false):
            return nil
        }
        if json {
            return "{\"seq\":\(change.sequence),\"change\":\"\(kind)\",\"item\":"
                + ItemJSON.object(change.item, manager: manager) + "}"
        }
        let label = kind.padding(toLength: 8)
        return "\(label) #\(change.item.id) \(VisibleText.of(change.item.name))"
            + (details.isEmpty ? "" : " · \(details)")
    }
}
