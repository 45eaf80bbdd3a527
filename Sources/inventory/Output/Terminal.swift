import Foundation
import Synchronization

/// Buffered writing to a file descriptor: listings of a million rows make one `write` per
/// 64 KiB, not one per line.
final class BufferedOutput: Sendable {
    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private static let capacity = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Appends `text`, writing out when the buffer is full.
    func write(_ text: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.capacity { Self.drain(&buffer, to: descriptor) }
        }
    }

    /// Lets `body` append bytes to the buffer, writing out when it is full: for listings that
    /// format straight into bytes.
    func write(_ body: (inout [UInt8]) -> Void) {
        buffer.withLock { buffer in
            body(&buffer)
            if buffer.count >= Self.capacity { Self.drain(&buffer, to: descriptor) }
        }
    }

    /// Appends `text` and a line feed.
    func writeLine(_ text: String) {
        write(text + "\n")
        if descriptor == 2 { flush() }
    }

    /// Writes out everything buffered.
    func flush() {
        buffer.withLock { Self.drain(&$0, to: descriptor) }
    }

    private static func drain(_ buffer: inout [UInt8], to descriptor: Int32) {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = Foundation.write(
                    descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The process's terminal streams and what they can show.
enum Terminal {
    static let standardOutput = BufferedOutput(descriptor: 1)
    static let standardError = BufferedOutput(descriptor: 2)

    /// Whether stdout may be coloured: it is a terminal, NO_COLOR is unset or empty, and TERM is
    /// not `dumb`.
    static var stdoutSupportsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(1) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}

/// ANSI styles, or nothing when colour is off.
struct Style: Sendable {
    let isEnabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
