public import Foundation
public import InventoryKit
import Locking

/// Why the off-site copy could not be made, listed or brought back: one sentence each, never
/// restic's own output in full.
public enum OffsiteError: Error, Sendable, Hashable {
    /// No repository was set up (`inventory offsite init`).
    case notSetUp
    /// restic is not on PATH.
    case resticMissing
    /// Neither the settings nor the environment say where restic finds the password.
    case noPassword
    /// The password does not open the repository.
    case wrongPassword(repository: String)
    /// Nothing is at the address, or not a repository.
    case noRepository(repository: String)
    /// A repository is at the address already (`init` of a new one).
    case repositoryExists(repository: String)
    /// The repository's host or service cannot be reached.
    case unreachable(repository: String, detail: String)
    /// Another restic holds the repository's lock.
    case locked(repository: String)
    /// No copy of the repository is the one asked for.
    case noSnapshot(String)
    /// The repository holds no copy of an inventory.
    case noSnapshots(repository: String)
    /// Copies of several inventories are there: which one is to be restored?
    case severalInventories([String])
    /// `restic check` found the repository damaged.
    case damaged(repository: String, detail: String)
    /// restic failed otherwise; its last words.
    case failed(repository: String, detail: String)
}

extension OffsiteError: CustomStringConvertible {
    /// The error as one line for the user.
    public var description: String {
        switch self {
        case .notSetUp:
            "no off-site copy is set up: inventory offsite init --repo REPOSITORY starts one"
        case .resticMissing:
            "restic is not installed (it makes the off-site copy): apt install restic, or put it "
                + "on PATH"
        case .noPassword:
            "restic has no password for the repository: give init --password-file FILE or "
                + "--password-command COMMAND, or set RESTIC_PASSWORD_FILE"
        case .wrongPassword(let repository):
            "the password does not open the repository \(quoted(repository))"
        case .noRepository(let repository):
            "there is no restic repository at \(quoted(repository)) (is its disk mounted? "
                + "inventory offsite init makes a new one)"
        case .repositoryExists(let repository):
            "a repository is at \(quoted(repository)) already, and the password does not open it"
        case .unreachable(let repository, let detail):
            "the repository \(quoted(repository)) cannot be reached: \(detail)"
        case .locked(let repository):
            "the repository \(quoted(repository)) is in use by another restic: try again when it "
                + "is done"
        case .noSnapshot(let wanted):
            "no off-site copy is \(wanted) (inventory offsite list shows them)"
        case .noSnapshots(let repository):
            "the repository \(quoted(repository)) holds no off-site copy yet (inventory offsite "
                + "push makes one)"
        case .severalInventories(let identities):
            "the repository holds copies of \(identities.count) inventories "
                + "(\(identities.joined(separator: ", "))): name the snapshot to restore"
        case .damaged(let repository, let detail):
            "the repository \(quoted(repository)) is damaged: \(detail)"
        case .failed(let repository, let detail):
            "restic failed on \(quoted(repository)): \(detail)"
        }
    }

    /// The exit status: 69 (unavailable) when restic or the repository cannot be reached,
    /// 77 (no permission) for a wrong password, 65 for damage, else 1.
    public var exitStatus: Int32 {
        switch self {
        case .resticMissing, .unreachable, .noRepository, .locked: 69
        case .wrongPassword, .noPassword: 77
        case .damaged: 65
        default: 1
        }
    }
}

/// restic, run for one repository: found on PATH, given the password the way restic takes it
/// (a file or a command, through its environment: never on its command line), with nothing to
/// read on its input (it never waits for a password).
public struct Restic: Sendable {
    /// The restic program.
    public let executable: String
    /// The repository's address.
    public let repository: String
    /// restic's environment: the caller's, with where the password is.
    let environment: [String: String]

    /// The variables through which restic takes its password.
    static let passwordVariables = [
        "RESTIC_PASSWORD", "RESTIC_PASSWORD_FILE", "RESTIC_PASSWORD_COMMAND",
    ]

    /// restic for `repository`, its password from `environment` if it names one, else from the
    /// file or command of `settings`.
    ///
    /// - Throws: `OffsiteError.resticMissing`, `.noPassword`.
    public init(
        repository: String, settings: OffsiteSettings,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        self.repository = repository
        guard let executable = Self.find("restic", in: environment["PATH"]) else {
            throw OffsiteError.resticMissing
        }
        self.executable = executable
        var environment = environment
        environment["RESTIC_REPOSITORY"] = nil
        environment["RESTIC_REPOSITORY_FILE"] = nil
        if !Self.passwordVariables.contains(where: { environment[$0] != nil }) {
            if let file = settings.passwordFile {
                environment["RESTIC_PASSWORD_FILE"] = file
            } else if let command = settings.passwordCommand {
                environment["RESTIC_PASSWORD_COMMAND"] = command
            } else {
                throw OffsiteError.noPassword
            }
        }
        self.environment = environment
    }

    /// The first executable `name` in the folders of `path`.
    static func find(_ name: String, in path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = (String(folder) as NSString).appendingPathComponent(name)
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// What restic printed and how it ended.
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String
    }

    /// Runs `restic -r REPOSITORY arguments…` and waits for it.
    ///
    /// - Throws: `OffsiteError` when restic cannot be started, or (`checked`) when it fails.
    @discardableResult
    func run(_ arguments: [String], checked: Bool = true) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--repo", repository] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw OffsiteError.resticMissing
        }
        // Both read at once: restic may fill one pipe while this waits on the other.
        let errorText = Collected()
        let read = DispatchSemaphore(value: 0)
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.data.withLock { $0 = data }
            read.signal()
        }
        reader.start()
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        read.wait()
        let result = Output(
            status: process.terminationStatus, standardOutput: standardOutput,
            standardError: String(decoding: errorText.data.withLock { $0 }, as: UTF8.self))
        if checked, result.status != 0 { throw failure(of: result) }
        return result
    }

    /// What a failed run of restic means, from what it said.
    func failure(of output: Output) -> OffsiteError {
        let text = output.standardError
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        var last =
            lines.last { !$0.hasPrefix("/") && !$0.hasPrefix("Is there") }
            ?? "exit status \(output.status)"
        if last.hasPrefix("Fatal: ") { last.removeFirst("Fatal: ".count) }
        if text.contains("wrong password or no key found") {
            return .wrongPassword(repository: repository)
        }
        if text.contains("config file already exists") {
            return .repositoryExists(repository: repository)
        }
        if text.contains("repository is already locked") {
            return .locked(repository: repository)
        }
        let unreachable = [
            "no such host", "connection refused", "dial tcp", "network is unreachable",
            "i/o timeout", "ssh: ", "Connection closed", "subprocess ssh",
        ]
        if unreachable.contains(where: { text.contains($0) }) {
            return .unreachable(repository: repository, detail: last)
        }
        if text.contains("Is there a repository at the following location?")
            || text.contains("unable to open config file")
            || text.contains("repository does not exist")
        {
            return .noRepository(repository: repository)
        }
        return .failed(repository: repository, detail: last)
    }
}

/// What another thread read, handed over under a lock.
private final class Collected: Sendable {
    let data = Lock(Data())
}
