public import Foundation

/// Another program run to its end: found on a PATH, fed its standard input, its first line of
/// complaint kept (what the reminders, the workbook and the PDF call: sendmail, curl,
/// inventory-server, Chromium).
public enum ChildProcess {
    /// The first executable named `name` in `folders`, or `name` itself when it is a path to
    /// one.
    public static func find(_ name: String, in folders: [String]) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        return folders.map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The folders of a PATH value (`/usr/bin:/bin` when there is none).
    public static func folders(ofPath path: String?) -> [String] {
        (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// Runs `program` with `arguments` and `input` on its standard input (none: /dev/null),
    /// its output discarded, and waits for it.
    ///
    /// - Returns: its exit status and the first non-blank line it wrote on stderr.
    /// - Throws: when it cannot be started.
    public static func run(_ program: String, _ arguments: [String], input: Data?) throws
        -> (status: Int32, complaint: String?)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let errors = Pipe()
        let feed = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        if let input {
            // A program that stops reading fails on its own and says why on stderr; SIGPIPE is
            // ignored (Foundation), so the write then fails here without ending this process.
            try? feed.fileHandleForWriting.write(contentsOf: input)
            try? feed.fileHandleForWriting.close()
        }
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: complaint, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        return (process.terminationStatus, line)
    }
}
