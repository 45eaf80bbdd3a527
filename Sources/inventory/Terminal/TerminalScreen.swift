import Foundation
import InventoryBrowse
import InventoryKit

/// The full-screen terminal: raw mode and the alternate screen while it is open, the
/// terminal exactly as it was after `restore()`. Draws a `Grid` by rewriting only the rows
/// that changed since the last frame.
final class TerminalScreen {
    private var original = termios()
    private var isOpen = false
    private var previousRows: [String] = []
    private var decoder = KeyDecoder()
    private let colour: Bool

    /// Switches the terminal to raw mode and the alternate screen.
    ///
    /// - Throws: `CommandFailure` when stdin or stdout is not a terminal.
    init(colour: Bool) throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw CommandFailure(
                description:
                    "browse needs a terminal: run it without redirecting its input or output",
                status: 1)
        }
        self.colour = colour
        guard tcgetattr(0, &original) == 0 else {
            throw CommandFailure(description: "cannot read the terminal's settings", status: 1)
        }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST)  // keep \n -> \r\n for anything printed by accident
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else {
            throw CommandFailure(description: "cannot put the terminal in raw mode", status: 1)
        }
        isOpen = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    deinit {
        restore()
    }

    /// Leaves the alternate screen, shows the cursor and restores the terminal's settings.
    /// Safe to call more than once.
    func restore() {
        guard isOpen else { return }
        isOpen = false
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &original)
    }

    /// The terminal's size in columns and rows.
    var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Forgets what is on screen, so the next frame is drawn whole (after a resize).
    func invalidate() {
        previousRows = []
        write("\u{1B}[2J")
    }

    /// What begins and ends every frame drawn.
    static let frameStart = "\u{1B}[?2026h"
    static let frameEnd = "\u{1B}[?2026l"

    /// Draws `grid`, rewriting only the rows that differ from the last frame.
    func draw(_ grid: Grid) {
        if previousRows.count != grid.height {
            previousRows = Array(repeating: "", count: grid.height)
        }
        var output = ""
        for row in 0..<grid.height {
            let text = encode(grid.row(row))
            guard text != previousRows[row] else { continue }
            previousRows[row] = text
            output += "\u{1B}[\(row + 1);1H" + text
        }
        // Inside a synchronized update (DEC mode 2026): a terminal that knows it shows the
        // frame whole, never half drawn; others ignore the mode.
        if !output.isEmpty { write(Self.frameStart + output + Self.frameEnd) }
    }

    /// Waits up to `milliseconds` for input and returns the keys read (maybe none).
    ///
    /// A terminal writes each key's bytes at once, so a read that ends in a lone ESC with
    /// nothing more waiting is the Escape key, taken at once, as crossterm and termion take it
    /// (a 15 ms wait for more used to delay every Escape). A sequence begun but cut, which
    /// only a slow link does, gets `sequenceWait` milliseconds to arrive whole.
    func readKeys(waitingUpTo milliseconds: Int32) -> [Key] {
        var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(0, &buffer, buffer.count)
        guard count > 0 else { return [] }
        var keys = decoder.keys(from: buffer[..<count])
        while decoder.awaitsEscapeSequence {
            let wait = decoder.awaitsLoneEscape ? 0 : Self.sequenceWait
            request.revents = 0
            guard poll(&request, 1, wait) > 0 else { break }
            let more = read(0, &buffer, buffer.count)
            guard more > 0 else { break }
            keys += decoder.keys(from: buffer[..<more])
        }
        if decoder.awaitsEscapeSequence { keys += decoder.flush() }
        return keys
    }

    /// How long the rest of a cut escape sequence is waited for, in milliseconds.
    static let sequenceWait: Int32 = 50

    private func encode(_ cells: ArraySlice<Cell>) -> String {
        var text = ""
        var current: CellStyle = []
        for cell in cells {
            if cell.style != current {
                text += "\u{1B}[0m" + sgr(cell.style)
                current = cell.style
            }
            text += cell.text
        }
        return text + "\u{1B}[0m"
    }

    private func sgr(_ style: CellStyle) -> String {
        var codes: [String] = []
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.inverse) { codes.append("7") }
        if colour {
            if style.contains(.warning) { codes.append("33") }
            if style.contains(.error) { codes.append("31") }
        } else if style.contains(.error) {
            codes.append("1")
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Foundation.write(1, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
