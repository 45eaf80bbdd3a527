import Dispatch
import Foundation
import InventoryKit
import Synchronization

/// SIGINT, SIGTERM and SIGHUP for the commands that do not handle them themselves: what the
/// command was doing in the inventory is interrupted (a write rolls back), the inventory is
/// closed, and the process says so in one line and exits with 128 + the signal's number.
enum Interruption {
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Starts handling the signals.
    static func install() {
        sources.withLock { sources in
            sources = [SIGINT, SIGTERM, SIGHUP].map { number in
                signal(number, SIG_IGN)  // the dispatch source receives it instead
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                return source
            }
        }
    }

    private static func interrupted(by number: Int32) -> Never {
        // A command blocked writing to a stalled pipe holds the inventory; do not wait for it
        // for ever (the next process then finds its -wal file and folds it in).
        _ = InventoryManager.interruptAndCloseShared(waitingAtMost: .seconds(2))
        let message = "inventory: interrupted\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(128 + number)
    }
}

/// A command that handles SIGINT and SIGTERM itself (it ends its own loop on them).
protocol HandlesSignals {}
