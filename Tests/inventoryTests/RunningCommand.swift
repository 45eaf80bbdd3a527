import Foundation
import Locking

/// An `inventory` process left running (such as `watch`), whose stdout lines are collected as
/// they arrive.
final class RunningCommand: Sendable {
    private let process: Process
    private final class Output: Sendable {
        let state = Lock<(lines: [String], partial: String, closed: Bool)>(([], "", false))
    }

    private let output = Output()
    private let stderrFile: String

    /// Starts `inventory ARGUMENTS` on the sandbox's database (`database: nil`: on none, so the
    /// default applies), as another user when `user` is given (with `executable`, a copy of
    /// the binary that user may run), with `environment` added to its own.
    init(
        _ arguments: [String], in sandbox: Sandbox, database: String? = "",
        executable: String = inventoryBinary, asUser user: String? = nil,
        environment: [String: String] = [:]
    ) throws {
        let process = Process()
        let database = database == "" ? sandbox.database : database
        let command =
            [arguments[0]] + (database.map { ["--db", $0] } ?? []) + arguments.dropFirst()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                [
                    "--reuid=\(user)", "--regid=\(user == "nobody" ? "nogroup" : user)",
                    "--clear-groups", executable,
                ] + command
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = command
        }
        process.environment = ["HOME": sandbox.file("home"), "PATH": "/usr/bin:/bin"]
            .merging(sanitizerEnvironment) { $1 }.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.path)
        stderrFile = sandbox.file(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        self.process = process
        try process.run()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [output] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                let text = String(decoding: buffer[..<count], as: UTF8.self)
                output.state.withLock { state in
                    state.partial += text
                    while let newline = state.partial.firstIndex(of: "\n") {
                        state.lines.append(String(state.partial[..<newline]))
                        state.partial = String(
                            state.partial[state.partial.index(after: newline)...])
                    }
                }
            }
            output.state.withLock { $0.closed = true }
        }
        thread.start()
    }

    /// The complete lines printed so far.
    var lines: [String] { output.state.withLock { $0.lines } }

    /// Waits until at least `count` lines have arrived or stdout closed (bounded, generously);
    /// returns the lines.
    @discardableResult
    func waitForLines(_ count: Int, seconds: Double = 60) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let (lines, closed) = output.state.withLock { ($0.lines, $0.closed) }
            if lines.count >= count || closed { return lines }
            usleep(2_000)
        }
        return lines
    }

    /// Kills the process if it still runs: for a test that failed half-way.
    func killIfRunning() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end and returns its exit status; a process still running
    /// after `seconds` is killed (and the status then is not 0).
    func wait(seconds: Double = 120) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        _ = waitForLines(Int.max, seconds: 5)
        return process.terminationStatus
    }

    var stderr: String {
        String(decoding: FileManager.default.contents(atPath: stderrFile) ?? Data(), as: UTF8.self)
    }
}
