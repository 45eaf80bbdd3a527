public import Foundation
public import InventoryExchange
public import InventoryKit

/// One copy of an inventory in the repository: a restic snapshot of its staged backup.
public struct OffsiteSnapshot: Sendable, Hashable {
    /// restic's id of it.
    public var id: String
    /// The short form of the id restic shows.
    public var shortID: String
    /// When it was taken.
    public var time: Date
    /// The identity of the inventory it is a copy of.
    public var inventory: String
    /// How many items it holds, as its tags say (nil when the tag is missing).
    public var items: Int?
    /// How many claims it holds, as its tags say.
    public var claims: Int?
    /// How many stored files it holds, as its tags say.
    public var files: Int?
    /// What its items were worth together, in minor units of `currency`.
    public var worth: Int128?
    /// The code of the currency of `worth`.
    public var currency: String?
    /// The folder it holds (the staged backup, by its path where it was pushed from).
    public var path: String
}

/// What a push sent.
public struct OffsitePush: Sendable, Hashable {
    /// The snapshot made.
    public var snapshot: String
    /// The backup staged and copied.
    public var manifest: BackupManifest
    /// The bytes restic stored that the repository did not have.
    public var bytesAdded: Int64
    /// The bytes restic read.
    public var bytesProcessed: Int64
    /// How many snapshots the retention policy removed.
    public var forgotten: Int
}

/// How many copies a push keeps: restic's `forget` policy (nil keeps every copy).
public struct OffsiteRetention: Sendable, Hashable {
    /// How many days keep their last snapshot.
    public var daily: Int?
    /// How many weeks keep their last snapshot.
    public var weekly: Int?
    /// How many months keep their last snapshot.
    public var monthly: Int?

    /// A policy keeping the last copy of each of `daily` days, `weekly` weeks and `monthly`
    /// months.
    public init(daily: Int? = nil, weekly: Int? = nil, monthly: Int? = nil) {
        self.daily = daily
        self.weekly = weekly
        self.monthly = monthly
    }

    /// Whether it keeps everything (nothing set).
    public var keepsEverything: Bool { daily == nil && weekly == nil && monthly == nil }
}

/// The household's copy away from the house: the inventory staged as an unpacked backup (the
/// database copied while others write, every stored file by its content-hash name, the
/// manifest) and copied by restic, which encrypts it, sends only what the repository lacks,
/// and keeps a snapshot per push. A restore goes through every check `restore` makes.
public struct OffsiteCopy: Sendable {
    /// The inventory copied.
    public let manager: InventoryManager
    /// restic, for the repository of the settings.
    public let restic: Restic
    /// The inventory's identity, which tags its copies.
    public let identity: String

    /// The tag of every copy of an inventory, and the prefix of the one naming it.
    static let tag = "inventory"
    static let identityPrefix = "inventory-"

    /// The off-site copy of `manager`'s inventory, as it is set up.
    ///
    /// - Throws: `OffsiteError.notSetUp`, `.resticMissing`, `.noPassword`.
    public init(
        manager: InventoryManager,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let settings = try manager.offsiteSettings()
        guard let repository = settings.repository else { throw OffsiteError.notSetUp }
        self.manager = manager
        restic = try Restic(repository: repository, settings: settings, environment: environment)
        identity = try manager.identity()
    }

    /// Whether `setUp` made a repository or joined one that was there.
    public enum SetUp: Sendable, Hashable {
        /// A new repository was made.
        case created
        /// The repository there was opened with the password.
        case joined
    }

    /// Sets the copy up: the repository at `repository` is opened with the password restic
    /// finds (`passwordFile`, `passwordCommand`, or the environment), or made when nothing is
    /// there; then the settings are stored (never the password).
    ///
    /// - Throws: `OffsiteError` (nothing is stored then); `InventoryError.invalidValue`.
    @discardableResult
    public static func setUp(
        _ manager: InventoryManager, repository: String, passwordFile: String?,
        passwordCommand: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SetUp {
        var settings = try manager.offsiteSettings()
        settings.repository = repository
        settings.passwordFile = passwordFile
        settings.passwordCommand = passwordCommand
        if passwordFile != nil || passwordCommand != nil {
            // What init says is what restic uses, whatever the environment holds.
            var environment = environment
            for variable in Restic.passwordVariables { environment[variable] = nil }
            return try setUp(manager, settings, environment: environment)
        }
        return try setUp(manager, settings, environment: environment)
    }

    private static func setUp(
        _ manager: InventoryManager, _ settings: OffsiteSettings,
        environment: [String: String]
    ) throws -> SetUp {
        try manager.checkOffsiteSettings(settings)
        let restic = try Restic(
            repository: settings.repository ?? "", settings: settings, environment: environment)
        let outcome: SetUp
        do {
            try restic.run(["cat", "config"])
            outcome = .joined
        } catch OffsiteError.noRepository {
            try restic.run(["init"])
            outcome = .created
        }
        try manager.setOffsiteSettings(settings)
        return outcome
    }

    /// The folder staged for restic beside the inventory: `.NAME.offsite` for `NAME.sqlite`.
    /// It stays between pushes, so that restic finds the stored files unchanged.
    public var stagingFolder: String {
        let path = manager.databasePath
        let name = (path as NSString).lastPathComponent
        return ((path as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(".\(name).offsite")
    }

    /// Stages the inventory and copies it: one snapshot, tagged with the inventory's identity
    /// and what it holds; then, with a `retention`, forgets and prunes the copies it no longer
    /// keeps. The inventory is only read (the time of the push is recorded at the end).
    ///
    /// - Throws: `OffsiteError`, `BackupError`, `InventoryError`.
    public func push(
        programVersion: String, retention: OffsiteRetention = OffsiteRetention(),
        now: Date = Date()
    ) throws -> OffsitePush {
        let manifest = try Backup.stage(
            manager, in: stagingFolder, programVersion: programVersion, now: now)
        let worth = try manager.totalWorth()
        let tags = [
            Self.tag, Self.identityPrefix + identity, "items:\(manifest.counts.items)",
            "claims:\(manifest.counts.claims)", "files:\(manifest.fileCount)",
            "worth:\(worth):\(manager.currency.code)",
        ]
        let backup = [
            "backup", "--json", "--quiet", "--tag", tags.joined(separator: ","), stagingFolder,
        ]
        let output: Restic.Output
        do {
            output = try restic.run(backup)
        } catch OffsiteError.locked {
            // A lock a killed restic left (on this host, of a process that is gone) goes, and
            // the push is tried once more: restic unlock removes stale locks only. (Opening the
            // repository costs restic half a second of key derivation: not done every time.)
            try restic.run(["unlock"])
            output = try restic.run(backup)
        }
        var push = OffsitePush(
            snapshot: "", manifest: manifest, bytesAdded: 0, bytesProcessed: 0, forgotten: 0)
        for line in output.standardOutput.split(separator: UInt8(ascii: "\n")) {
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                object["message_type"] as? String == "summary"
            else { continue }
            push.snapshot = object["snapshot_id"] as? String ?? ""
            push.bytesAdded = (object["data_added"] as? NSNumber)?.int64Value ?? 0
            push.bytesProcessed = (object["total_bytes_processed"] as? NSNumber)?.int64Value ?? 0
        }
        guard !push.snapshot.isEmpty else {
            throw OffsiteError.failed(
                repository: restic.repository, detail: "restic made no snapshot")
        }
        var settings = try manager.offsiteSettings()
        settings.lastPush = Timestamp(now)
        try manager.setOffsiteSettings(settings)
        if !retention.keepsEverything {
            try restic.run(["unlock"])  // forget takes the repository for itself
            var arguments = [
                "forget", "--json", "--prune", "--tag", Self.identityPrefix + identity,
            ]
            if let daily = retention.daily { arguments += ["--keep-daily", String(daily)] }
            if let weekly = retention.weekly { arguments += ["--keep-weekly", String(weekly)] }
            if let monthly = retention.monthly { arguments += ["--keep-monthly", String(monthly)] }
            let forgotten = try restic.run(arguments)
            push.forgotten = Self.countRemoved(in: forgotten.standardOutput)
        }
        return push
    }

    /// How many snapshots `restic forget --json` says it removed.
    static func countRemoved(in output: Data) -> Int {
        // The JSON is the first line that is an array; prune's report follows it.
        for line in output.split(separator: UInt8(ascii: "\n"))
        where line.first == UInt8(ascii: "[") {
            guard
                let groups = try? JSONSerialization.jsonObject(with: Data(line)) as? [[String: Any]]
            else { continue }
            return groups.reduce(0) { $0 + (($1["remove"] as? [Any])?.count ?? 0) }
        }
        return 0
    }

    /// Every copy of an inventory in the repository, oldest first.
    public func snapshots() throws -> [OffsiteSnapshot] {
        let output = try restic.run(["snapshots", "--json", "--tag", Self.tag])
        guard
            let list = try? JSONSerialization.jsonObject(with: output.standardOutput)
                as? [[String: Any]]
        else {
            throw OffsiteError.failed(
                repository: restic.repository, detail: "restic listed its snapshots unreadably")
        }
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plainDates = ISO8601DateFormatter()
        return list.compactMap { object -> OffsiteSnapshot? in
            guard let id = object["id"] as? String, let time = object["time"] as? String,
                let tags = object["tags"] as? [String],
                let inventory = tags.first(where: { $0.hasPrefix(Self.identityPrefix) }),
                let path = (object["paths"] as? [String])?.first
            else { return nil }
            // restic writes nanoseconds; the formatter reads up to milliseconds.
            let trimmed = Self.trimmingFraction(time)
            var snapshot = OffsiteSnapshot(
                id: id, shortID: object["short_id"] as? String ?? String(id.prefix(8)),
                time: dates.date(from: trimmed) ?? plainDates.date(from: trimmed)
                    ?? Date(timeIntervalSince1970: 0),
                inventory: String(inventory.dropFirst(Self.identityPrefix.count)), path: path)
            for tag in tags {
                let parts = tag.split(separator: ":").map(String.init)
                switch parts.first {
                case "items": snapshot.items = parts.count == 2 ? Int(parts[1]) : nil
                case "claims": snapshot.claims = parts.count == 2 ? Int(parts[1]) : nil
                case "files": snapshot.files = parts.count == 2 ? Int(parts[1]) : nil
                case "worth" where parts.count == 3:
                    snapshot.worth = Int128(parts[1])
                    snapshot.currency = parts[2]
                default: break
                }
            }
            return snapshot
        }.sorted { $0.time < $1.time }
    }

    /// `2026-11-28T13:15:02.123456789+01:00` with at most three digits of its fraction.
    static func trimmingFraction(_ time: String) -> String {
        guard let dot = time.firstIndex(of: ".") else { return time }
        let digits = time[time.index(after: dot)...].prefix { $0.isNumber }
        let rest = time[digits.endIndex...]
        return time[..<dot] + "." + digits.prefix(3) + rest
    }

    /// The copy to restore: the one whose id starts with `id`; else the last taken on or
    /// before the end of `day` (where the user is); else the last one. Without an id, copies of
    /// this inventory are chosen first, then those of the only inventory the repository holds.
    ///
    /// - Throws: `OffsiteError.noSnapshot`, `.noSnapshots`, `.severalInventories`.
    public func choose(
        id: String? = nil, day: CalendarDate? = nil, timeZone: TimeZone = .current
    ) throws -> OffsiteSnapshot {
        let all = try snapshots()
        guard !all.isEmpty else { throw OffsiteError.noSnapshots(repository: restic.repository) }
        if let id {
            let matching = all.filter { $0.id.hasPrefix(id.lowercased()) }
            guard matching.count == 1, let found = matching.first else {
                throw OffsiteError.noSnapshot(
                    matching.isEmpty ? "\(quoted(id))" : "\(quoted(id)) alone (several start so)")
            }
            return found
        }
        var candidates = all.filter { $0.inventory == identity }
        if candidates.isEmpty {
            let inventories = Set(all.map(\.inventory))
            guard inventories.count == 1 else {
                throw OffsiteError.severalInventories(inventories.sorted())
            }
            candidates = all
        }
        if let day {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            guard
                let start = calendar.date(
                    from: DateComponents(year: day.year, month: day.month, day: day.day)),
                let end = calendar.date(byAdding: .day, value: 1, to: start)
            else { throw OffsiteError.noSnapshot("of \(day)") }
            guard let found = candidates.last(where: { $0.time < end }) else {
                throw OffsiteError.noSnapshot("of \(day) or before")
            }
            return found
        }
        return candidates[candidates.count - 1]
    }

    /// Brings `snapshot` back into a private folder beside the inventory file `databasePath`
    /// and checks it as `restore` checks an archive.
    ///
    /// - Throws: `OffsiteError`; `BackupError.refused` for a copy that fails a check.
    public func stage(_ snapshot: OffsiteSnapshot, besideDatabaseAt databasePath: String)
        throws -> StagedRestore
    {
        let folder = try StagedRestore.privateFolder(besideDatabaseAt: databasePath)
        do {
            try restic.run(["restore", snapshot.id, "--target", folder])
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        return try Self.checked(snapshot, restoredIn: folder)
    }

    /// The snapshot restic restored into `folder` (at the path it was pushed from, inside it),
    /// checked as `restore` checks an archive; the value removes `folder` when it goes away.
    private static func checked(_ snapshot: OffsiteSnapshot, restoredIn folder: String) throws
        -> StagedRestore
    {
        let content = (folder as NSString).appendingPathComponent(
            snapshot.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        return try StagedRestore(
            unpackedIn: content, owning: folder, named: "off-site copy \(snapshot.shortID)")
    }

    /// Checks a snapshot restic restored into `folder` (made by
    /// `StagedRestore.privateFolder(besideDatabaseAt:)`) as `stage` does, then removes it: what a
    /// restore checks, alone (the benchmarks time it).
    ///
    /// - Returns: how many items the snapshot holds.
    /// - Throws: `BackupError.refused` for a copy that fails a check.
    public static func checkRestored(
        _ snapshot: OffsiteSnapshot, in folder: String
    ) throws -> Int {
        try checked(snapshot, restoredIn: folder).manifest.counts.items
    }

    /// Checks the repository's structure, and with `readData` every byte of it.
    ///
    /// - Throws: `OffsiteError.damaged` when it is damaged, or another `OffsiteError`.
    public func check(readData: Bool) throws {
        let output = try restic.run(["check"] + (readData ? ["--read-data"] : []), checked: false)
        guard output.status != 0 else { return }
        let failure = restic.failure(of: output)
        if case .failed(let repository, let detail) = failure {
            throw OffsiteError.damaged(repository: repository, detail: detail)
        }
        throw failure
    }
}
