// `browse` handling one keystroke at 100k items: in process (handle and render to a grid, no
// terminal), and through a pseudo-terminal with the real binary (below). Moves, tab switches, a
// toggle that writes, the detail screen, the claim picker and a search, in a loop.
import Benchmark
import BenchmarkRows
import CPseudoTerminal
import Foundation
import InventoryBrowse
import InventoryKit

private final class BrowseFixture: @unchecked Sendable {
    let folder: String
    let app: BrowseApp
    var next = 0

    static let keys: [Key] = [
        .down, .down, .pageDown, .character("i"), .up, .character("i"), .end, .home, .tab, .down,
        .enter, .escape, .tab, .character("c"), .escape, .backTab, .backTab, .character("/"),
        .character("l"), .character("a"), .character("m"), .character("p"), .enter, .escape,
    ]

    init(size: Int) throws {
        folder = try Fixtures.scratchFolder("browse")
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: size), to: path)
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        app = try BrowseApp(
            manager: manager, registry: ViewRegistry(), context: ControllerContext(name: "browse"),
            width: 120, height: 40)
        _ = app.render()
    }

    func pressNextKey() -> Grid {
        _ = app.handle(Self.keys[next % Self.keys.count])
        next += 1
        return app.render()
    }
}

private let browseFixture = Shared<BrowseFixture>()

func browseBenchmarks() {
    let size = BenchmarkSizes.browseItems
    Benchmark(
        "browse keystroke (\(size) items)",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .microseconds,
            warmupIterations: BenchmarkSizes.warmups(24),
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: BenchmarkSizes.runs(24 * 40),
            setup: { browseFixture.value = try BrowseFixture(size: size) },
            teardown: {
                if let fixture = browseFixture.value { Fixtures.remove(fixture.folder) }
                browseFixture.value = nil
            }
        )
    ) { benchmark in
        guard let fixture = browseFixture.value else { return }
        for _ in benchmark.scaledIterations {
            blackHole(fixture.pressNextKey())
        }
    }
}

/// `inventory browse` in a pseudo-terminal of 120×40, as a terminal emulator runs it: each key's
/// bytes written to the terminal in one write, as a terminal writes them, and the time taken
/// until the whole redrawn frame has been read back (browse ends every frame with the end of
/// a synchronized update, `ESC [ ? 2026 l`).
private final class TerminalSession: @unchecked Sendable {
    let folder: String
    private let master: Int32
    private let pid: pid_t
    private var next = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// The loop of keys of the in-process row, as a terminal sends them.
    static let keys: [String] = [
        "\u{1B}[B", "\u{1B}[B", "\u{1B}[6~", "i", "\u{1B}[A", "i", "\u{1B}[F", "\u{1B}[H", "\t",
        "\u{1B}[B", "\r", "\u{1B}", "\t", "c", "\u{1B}", "\u{1B}[Z", "\u{1B}[Z", "/", "l", "a", "m",
        "p", "\r", "\u{1B}",
    ]
    private static let frameEnd = Array("\u{1B}[?2026l".utf8)

    init(size: Int) throws {
        folder = try Fixtures.scratchFolder("browse-pty")
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: size), to: path)
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard pseudo_terminal_open(40, 120, &controller, &terminal) == 0 else {
            throw BenchmarkFailure("cannot open a pseudo-terminal: errno \(errno)")
        }
        master = controller
        defer { Foundation.close(terminal) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_adddup2(&actions, terminal, descriptor)
        }
        posix_spawn_file_actions_addclose(&actions, master)
        let arguments: [String] = [Fixtures.inventoryBinary, "browse", "--db", path]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var settings = Fixtures.plainEnvironment
        settings["LANG"] = "C.UTF-8"
        settings["TERM"] = "xterm-256color"
        let environment: [UnsafeMutablePointer<CChar>?] =
            settings.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Fixtures.inventoryBinary, &actions, nil, argv, environment)
        guard spawned == 0 else { throw BenchmarkFailure("cannot start browse: \(spawned)") }
        self.pid = pid
        try awaitFrame()  // the first screen
    }

    /// Writes the next key and reads until its frame has been drawn.
    func pressNextKey() throws {
        let key = Array(Self.keys[next % Self.keys.count].utf8)
        next += 1
        guard key.withUnsafeBytes({ write(master, $0.baseAddress, $0.count) }) == key.count else {
            throw BenchmarkFailure("cannot write to browse's terminal")
        }
        try awaitFrame()
    }

    /// Reads what browse draws until a frame ends. Not a timing: a frame that never comes
    /// within a minute is a failure, not a slow sample.
    private func awaitFrame() throws {
        var tail: [UInt8] = []
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while true {
            request.revents = 0
            guard poll(&request, 1, 60_000) > 0 else {
                throw BenchmarkFailure("browse drew no frame after key \(next)")
            }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { throw BenchmarkFailure("browse's terminal closed") }
            tail = Array((tail + buffer[..<count]).suffix(Self.frameEnd.count))
            if tail == Self.frameEnd { return }
        }
    }

    /// Quits browse (q), waits for it and removes its files.
    func close() {
        _ = "q".withCString { write(master, $0, 1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        Foundation.close(master)
        Fixtures.remove(folder)
    }
}

private let terminalSession = Shared<TerminalSession>()

func browseTerminalBenchmarks() {
    let size = BenchmarkSizes.browseItems
    Benchmark(
        "browse keystroke to screen (\(size) items, pty)",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .microseconds,
            warmupIterations: BenchmarkSizes.warmups(24),
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: BenchmarkSizes.runs(24 * 40),
            setup: { terminalSession.value = try TerminalSession(size: size) },
            teardown: {
                terminalSession.value?.close()
                terminalSession.value = nil
            }
        )
    ) { benchmark in
        guard let session = terminalSession.value else { return }
        for _ in benchmark.scaledIterations {
            try session.pressNextKey()
        }
    }
}
