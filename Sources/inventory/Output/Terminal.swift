import Foundation
import InventoryKit
import Locking
import Synchronization

/// Buffered writing to a file descriptor: listings of a million rows make one `write` per
/// 64 KiB, not one per line. A write that fails is remembered (`failure`), and nothing more is
/// written after it, so that the command can say so and exit non-zero.
final class BufferedOutput: Sendable {
    private let descriptor: Int32
    private let state = Lock<State>(State())
    /// Set from another thread to make a write blocked on a stalled reader give up.
    private let abandoned = Atomic<Bool>(false)
    private static let capacity = 1 << 16

    /// What is buffered, and the `errno` of the first write that failed.
    private struct State: ~Copyable {
        var buffer = OutputBytes(capacity: BufferedOutput.capacity + 1024)
        var failure: Int32?
    }

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Appends `text`, writing out when the buffer is full. A failure is remembered
    /// (`failure`).
    func write(_ text: String) {
        try? write { $0.append(contentsOf: text.utf8) }
    }

    /// Lets `body` append bytes to the buffer, writing out when it is full: for listings that
    /// format straight into bytes.
    ///
    /// - Throws: `OutputFailure` once a write has failed, so that a listing stops producing
    ///   output nobody receives.
    func write(_ body: (inout OutputBytes) -> Void) throws {
        let failure = state.withLock { state -> Int32? in
            guard state.failure == nil else { return state.failure }
            body(&state.buffer)
            if state.buffer.count >= Self.capacity { drain(&state) }
            return state.failure
        }
        if let failure { throw OutputFailure(code: failure) }
    }

    /// Appends `text` and a line feed.
    func writeLine(_ text: String) {
        write(text + "\n")
        if descriptor == 2 { flush() }
    }

    /// Writes out everything buffered.
    func flush() {
        state.withLock { drain(&$0) }
    }

    /// The `errno` of the first write that failed (or came up short), if one did.
    var failure: Int32? { state.withLock { $0.failure } }

    /// Records that the stream cannot be written (it was closed before the program started).
    func markFailed(_ code: Int32) {
        state.withLock { $0.failure = $0.failure ?? code }
    }

    /// Makes every write from now on fail at once, and a write blocked on a reader that does
    /// not read give up when the blocked thread gets a signal (see `Interruption`).
    func abandon() {
        abandoned.store(true, ordering: .releasing)
    }

    private func drain(_ state: inout State) {
        defer { state.buffer.removeAll() }
        guard state.failure == nil else { return }
        var offset = 0
        state.buffer.withUnsafeBytes { bytes in
            while offset < bytes.count {
                if abandoned.load(ordering: .acquiring) {
                    state.failure = EINTR
                    return
                }
                let written = Foundation.write(
                    descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    state.failure = written < 0 ? errno : EIO
                    return
                }
                offset += written
            }
        }
    }
}

/// Standard output could not be written: the output is incomplete.
struct OutputFailure: Error {
    /// The `errno` of the failed write.
    let code: Int32

    /// Whether the reader went away (a closed pipe, as with `| head`): nothing to report.
    var isClosedPipe: Bool { code == EPIPE }
}

/// The process's terminal streams and what they can show.
enum Terminal {
    static let standardOutput = BufferedOutput(descriptor: 1)
    static let standardError = BufferedOutput(descriptor: 2)

    /// Makes sure descriptors 0, 1 and 2 are open before anything else is opened: a closed
    /// one is pointed at /dev/null, so that no file the program opens (the inventory, a photo)
    /// can take its number and receive output meant for the terminal. A closed stdout is then
    /// remembered as failed, so that writing to it is reported.
    static func secureStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == 1 { standardOutput.markFailed(EBADF) }
        }
        // A closed pipe is a failed write (EPIPE) to handle, not a signal that kills the
        // process before it closes the inventory.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The width of the terminal standard output is, or nil when it is not a terminal.
    static var standardOutputWidth: Int? {
        guard isatty(1) == 1 else { return nil }
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return Int(window.ws_col)
    }

    /// Whether stdout may be coloured: it is a terminal, NO_COLOR is unset or empty, and TERM is
    /// not `dumb`.
    static var stdoutSupportsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(1) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}

/// How a command prints.
enum OutputFormat: String, Sendable {
    case table, json, csv
}

/// ANSI styles, or nothing when colour is off.
struct Style: Sendable {
    let isEnabled: Bool

    /// The style for standard output printing `format`: coloured only for a table on a
    /// terminal that may show colour.
    static func standardOutput(_ format: OutputFormat) -> Style {
        Style(isEnabled: format == .table && Terminal.stdoutSupportsColor)
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
