import Dispatch
import Foundation
import InventoryModel
import InventoryStore
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Watches the inventory for commits made by other connections and has the manager post them.
///
/// It runs on a thread of its own with its own connection. It sleeps until the WAL file is
/// written (inotify on Linux) or a fallback interval passes, then compares
/// `PRAGMA data_version`; when another connection has committed, it calls
/// `InventoryManager.catchUp()`, which posts the new journal entries in order, each once.
final class JournalFollower: Sendable {
    private let stopRequested = Lock(false)
    private let finished = DispatchSemaphore(value: 0)
    private let threadID = Lock<pthread_t?>(nil)
    private let ended = Lock(false)

    /// Starts following for `manager`, which the follower holds weakly: it stops by itself
    /// once the manager is gone.
    init(manager: InventoryManager, path: String, fallbackInterval: Duration) {
        let thread = Thread { [self, weak manager] in
            threadID.withLock { $0 = pthread_self() }
            defer {
                ended.withLock { $0 = true }
                finished.signal()
            }
            run(manager: { manager }, path: path, fallbackInterval: fallbackInterval)
        }
        thread.name = "inventory.journal-follower"
        thread.start()
    }

    /// Asks the thread to stop and, unless called from that thread (an observer of a posted
    /// change may call it), waits until it has.
    func stop() {
        stopRequested.withLock { $0 = true }
        let onFollowerThread = threadID.withLock { id in
            id.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        if !onFollowerThread { finished.wait() }
    }

    /// Asks the thread to stop without waiting (from the manager's deinit).
    func requestStop() {
        stopRequested.withLock { $0 = true }
    }

    private var isStopRequested: Bool { stopRequested.withLock { $0 } }

    /// Whether the following thread has ended.
    var hasEnded: Bool { ended.withLock { $0 } }

    private func run(
        manager: () -> InventoryManager?, path: String, fallbackInterval: Duration
    ) {
        let fallback = Int32(
            max(
                1,
                fallbackInterval.components.seconds * 1000
                    + fallbackInterval.components.attoseconds / 1_000_000_000_000_000))
        while !isStopRequested {
            // No strong reference kept across the loops: the manager may go away meanwhile.
            guard let readsSnapshot = manager()?.readsSnapshot else { return }
            if readsSnapshot {
                guard waitForAnotherSnapshot(manager: manager, path: path) else { return }
            } else {
                followCommits(manager: manager, path: path, fallback: fallback)
                return
            }
        }
    }

    /// For a manager that reads a snapshot (an inventory in memory before its file exists,
    /// or another user's file read as it was, which leaves no -wal or -shm of this user's
    /// behind): looks at the file four times a second and, when it has appeared or changed,
    /// has the manager open it again and post what was committed since. Returns whether the
    /// manager was reopened (false: following stops).
    private func waitForAnotherSnapshot(manager: () -> InventoryManager?, path: String) -> Bool {
        var last = FileState(path: path)
        while !isStopRequested {
            usleep(250_000)
            guard let current = manager() else { return false }
            let now = FileState(path: path)
            guard now != last else { continue }
            if let identity = current.fileIdentity, now.identity != identity {
                current.postFileReplaced()
                return false
            }
            last = now
            // A commit being folded into the file may be read half-done: try again next time.
            if (try? current.reopen()) != nil { return true }
        }
        return false
    }

    /// For a manager that reads the live file: sleeps until the WAL is written (inotify) or
    /// the fallback interval passes, and has the manager post each commit of another process.
    private func followCommits(manager: () -> InventoryManager?, path: String, fallback: Int32) {
        // Opened as the manager's own connection was: never leaving files another user's
        // inventory cannot use.
        guard let walResetGuard = manager()?.walResetGuard,
            let connection = try? InventoryFile.open(
                path: path, access: .read, walResetGuard: walResetGuard)
        else { return }
        let watcher = WALWatcher(databasePath: path)
        // The file the manager opened, not whatever is at the path by the time this thread
        // runs.
        guard let identity = manager()?.fileIdentity else { return }
        var nextIdentityCheck = ContinuousClock.now + .seconds(1)
        var lastVersion = (try? connection.dataVersion()) ?? 0
        try? manager()?.catchUp()
        while !isStopRequested {
            let woken = watcher.wait(milliseconds: fallback)
            // The WAL is written before the commit is visible: after a wake-up, look a few
            // times, a millisecond apart, for the new data version.
            var attempts = woken ? 10 : 1
            while attempts > 0, !isStopRequested {
                attempts -= 1
                let version = (try? connection.dataVersion()) ?? lastVersion
                if version != lastVersion {
                    lastVersion = version
                    guard let manager = manager() else { return }
                    // Content replaced by a restore: said once (by the manager), and stop.
                    if (try? manager.catchUpUnlessReplaced()) == false { return }
                    break
                }
                if attempts > 0 { usleep(1_000) }
            }
            if manager() == nil { return }
            // A file deleted or replaced (a restore, a move) is no longer this inventory: its
            // changes would never arrive. Say so once, and stop.
            if ContinuousClock.now >= nextIdentityCheck {
                nextIdentityCheck = ContinuousClock.now + .seconds(1)
                if FileIdentity(path: path) != identity {
                    manager()?.postFileReplaced()
                    return
                }
            }
        }
    }
}

/// What a reader that keeps no lock can see of an inventory's files: which file, its size and
/// time of change, and whether a process has it open (its -shm file exists).
private struct FileState: Equatable {
    let identity: FileIdentity?
    let size: Int64
    let modified: Int64
    let isOpenElsewhere: Bool

    init(path: String) {
        identity = FileIdentity(path: path)
        var status = stat()
        if stat(path, &status) == 0 {
            size = Int64(status.st_size)
            #if canImport(Glibc)
                let time = status.st_mtim
            #else
                let time = status.st_mtimespec
            #endif
            modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        } else {
            size = -1
            modified = 0
        }
        isOpenElsewhere = access(path + "-shm", F_OK) == 0
    }
}

/// Wakes up when the database's WAL file is written (inotify), or after a timeout.
private final class WALWatcher {
    private let descriptor: Int32

    init(databasePath: String) {
        #if canImport(Glibc)
            descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            if descriptor >= 0 {
                _ = inotify_add_watch(descriptor, databasePath + "-wal", UInt32(IN_MODIFY))
            }
        #else
            descriptor = -1
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Waits until the WAL is written or `milliseconds` pass; returns whether it was written.
    func wait(milliseconds: Int32) -> Bool {
        guard descriptor >= 0 else {
            usleep(UInt32(milliseconds) * 1000)
            return false
        }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return true
    }
}
