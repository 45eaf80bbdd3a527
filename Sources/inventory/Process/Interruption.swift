import ArgumentParser
import Dispatch
import Foundation
import InventoryKit
import Locking

/// SIGINT, SIGTERM and SIGHUP for the commands that do not handle them themselves: what the
/// command was doing in the inventory is interrupted (a write rolls back), the inventory is
/// closed, and the process says so in one line and exits with 128 + the signal's number.
enum Interruption {
    private static let sources = Lock<[any DispatchSourceSignal]>([])

    /// The thread the command runs on, which a signal unblocks from a write to a stalled pipe.
    private static let commandThread = Lock<pthread_t?>(nil)

    /// Starts handling the signals. Call it from the thread the command runs on.
    static func install() {
        commandThread.withLock { $0 = pthread_self() }
        // SIGUSR1 only interrupts a blocked system call (no SA_RESTART), so that a write to a
        // pipe nobody reads returns and the command lets go of the inventory.
        #if canImport(Glibc)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(SIGUSR1, &action, nil)
        #endif
        // A parent may have started this process with signals blocked.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
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

    /// The signal that interrupted the command, and whether a thread is already ending the
    /// process for it.
    private static let state = Lock<(signal: Int32, isEnding: Bool)>((0, false))

    /// What the command has done for good already, said with "interrupted" if a signal comes
    /// now (a restore that has committed, say).
    static let completed = Lock<String?>(nil)

    /// The signal that interrupted the command, if one did.
    static var caughtSignal: Int32? {
        state.withLock { $0.signal == 0 ? nil : $0.signal }
    }

    private static func interrupted(by number: Int32) -> Never {
        state.withLock { if $0.signal == 0 { $0.signal = number } }
        // A write blocked on a reader that does not read holds the inventory: make it give up.
        Terminal.standardOutput.abandon()
        endProcess()
    }

    /// Closes the inventory, says "interrupted" and exits with 128 + the signal's number. The
    /// signal's thread and the command's thread (on its way out) may both come here: the first
    /// does it, the other waits for the process to end.
    static func endProcess() -> Never {
        let (isFirst, number) = state.withLock { state -> (Bool, Int32) in
            defer { state.isEnding = true }
            return (!state.isEnding, state.signal)
        }
        guard isFirst else { while true { pause() } }
        // A command that stays blocked does not get waited for for ever (the next process then
        // finds its -wal file and folds it in).
        // The signal may come just before the command blocks in a write: nudge it until it
        // lets go.
        let thread = commandThread.withLock { $0 }
        let manager = InventoryManager.sharedIfOpen
        _ = InventoryManager.interruptAndCloseShared(waitingAtMost: .seconds(2)) {
            if let thread, !pthread_equal(thread, pthread_self()).isTrue {
                pthread_kill(thread, SIGUSR1)
            }
        }
        // A write that committed before the signal is not undone: say so, rather than let
        // "interrupted" suggest it was rolled back. A commit still writing (the manager was
        // busy past the wait above) is waited for, and none may start after: only then is the
        // count final. One that outlasts that wait too may yet be saved: say that.
        let settled = manager?.refuseCommits(waitingAtMost: .seconds(30)) ?? true
        let saved =
            !settled
            ? "the change may have been saved: see inventory history"
            : (manager?.committedWriteCount ?? 0) + InventoryManager.committedWritesOfClosedShared
                > 0 ? "the change was saved before it" : nil
        let done = completed.withLock { $0 } ?? saved
        let message = "inventory: interrupted\(done.map { " (\($0))" } ?? "")\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(128 + number)
    }
}

extension Int32 {
    fileprivate var isTrue: Bool { self != 0 }
}

extension Interruption {
    /// The commands that handle SIGINT and SIGTERM themselves (each ends its own loop on
    /// them); every other command gets `install()`'s handling.
    ///
    /// A list of types rather than a marker protocol: `command is SomeProtocol` looks the
    /// conformance up among all of the binary's conformance records at every start, which
    /// every command, however short, would pay for.
    static let commandsHandlingSignals: [any ParsableCommand.Type] = [Watch.self, Browse.self]

    /// Whether `command` handles SIGINT and SIGTERM itself.
    static func handlesSignals(_ command: any ParsableCommand) -> Bool {
        let type = type(of: command)
        return commandsHandlingSignals.contains { $0 == type }
    }
}
