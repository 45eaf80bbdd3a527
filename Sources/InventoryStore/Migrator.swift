public import InventoryMigrations
import InventoryModel

/// Brings a database's schema up to date by applying the migrations it has not recorded.
///
/// Each migration runs in its own `IMMEDIATE` transaction together with the row that records
/// it, so a failing migration leaves the ones before it committed and itself not applied.
public struct Migrator: Sendable {
    /// The migrations this migrator knows, in the order they apply.
    public let migrations: [MigrationScript]

    /// Creates a migrator for `migrations` (by default, those compiled into this binary).
    public init(migrations: [MigrationScript] = MigrationScripts.all) {
        self.migrations = migrations.sorted { $0.number < $1.number }
    }

    /// Applies every migration the database has not recorded yet, then checks that every
    /// table, index, trigger and view the recorded migrations create is there. Applying twice
    /// does nothing.
    ///
    /// - Throws: `MigrationError.writtenByNewerVersion` when the database records a migration
    ///   this binary does not know (nothing is changed then); `MigrationError.needsUpgrade` when
    ///   migrations are pending on a read-only connection; `MigrationError.damaged` when the
    ///   schema does not match the migrations recorded; `DatabaseError` when a migration fails
    ///   (that migration is rolled back, earlier ones stay).
    public func migrate(_ database: Database) throws {
        let (hasRecord, objectCount) = try recordState(of: database)
        if !hasRecord {
            guard objectCount == 0 else {
                throw MigrationError.damaged(path: database.path, missing: ["schema_migrations"])
            }
            guard !database.isReadOnly else {
                throw MigrationError.needsUpgrade(path: database.path)
            }
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    number     INTEGER PRIMARY KEY NOT NULL,
                    name       TEXT NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                ) STRICT
                """)
        }
        // Quick read first: an up-to-date database is the common case and needs no write lock.
        if try !pendingMigrations(in: database).isEmpty {
            guard !database.isReadOnly else {
                throw MigrationError.needsUpgrade(path: database.path)
            }
            for migration in migrations {
                try database.transaction(.immediate) {
                    // Another process may have applied it while this one waited for the lock.
                    guard try !appliedMigrations(in: database).keys.contains(migration.number)
                    else { return }
                    // Its new tables already there: the record of migrations was lost or changed.
                    // (What it drops and makes again, as a trigger, is there before it.)
                    var created: Set<String> = []
                    SchemaNames.apply(migration.sql, to: &created)
                    let new = created.subtracting(SchemaNames.dropped(in: migration.sql))
                    if !new.isDisjoint(with: try objectNames(in: database)) {
                        throw MigrationError.unrecorded(
                            path: database.path, migration: migration.name)
                    }
                    try database.execute(migration.sql)
                    try database.execute(
                        "INSERT INTO schema_migrations (number, name) VALUES (?, ?)",
                        [.integer(Int64(migration.number)), .text(migration.name)])
                    // In the same transaction: the fingerprint always matches the schema.
                    try recordFingerprint(try fingerprint(of: database), in: database)
                }
            }
        }
        try verifyFingerprint(of: database)
    }

    /// The names of the tables, indexes, triggers and views in `database`, lowercased.
    private func objectNames(in database: Database) throws -> Set<String> {
        let statement = try database.cachedStatement("SELECT name FROM sqlite_schema")
        defer { statement.reset() }
        var names: Set<String> = []
        while try statement.step() { names.insert(statement.text(at: 0).lowercased()) }
        return names
    }

    // MARK: - The schema's fingerprint

    /// A 32-bit FNV-1a hash of every object's SQL, as SQLite stores it (a renamed or added
    /// column rewrites it), kept in `PRAGMA user_version`: written with each migration, and
    /// compared at every open, so a schema changed outside the migrations is found.
    func fingerprint(of database: Database) throws -> Int32 {
        let statement = try database.cachedStatement(
            """
            SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
            """)
        defer { statement.reset() }
        var hash: UInt32 = 2_166_136_261
        while try statement.step() {
            for column in 0..<Int32(4) {
                // The bytes as SQLite has them (NULL as none): no string made for each.
                statement.withOptionalBytes(at: column) { bytes in
                    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
                }
                hash = (hash ^ 0x1F) &* 16_777_619  // a separator
            }
        }
        // 0 stands for "no fingerprint yet".
        return hash == 0 ? 1 : Int32(bitPattern: hash)
    }

    private func recordedFingerprint(of database: Database) throws -> Int32 {
        let statement = try database.cachedStatement("PRAGMA user_version")
        defer { statement.reset() }
        return try statement.step() ? Int32(truncatingIfNeeded: statement.int64(at: 0)) : 0
    }

    private func recordFingerprint(_ value: Int32, in database: Database) throws {
        try database.execute("PRAGMA user_version = \(value)")
    }

    /// Checks the schema against the fingerprint its last migration recorded. A database
    /// without one (written before fingerprints) gets one now, when it can be written.
    ///
    /// - Throws: `MigrationError.damaged` naming what is missing, else
    ///   `MigrationError.changedOutside` when they differ.
    ///
    /// A matching fingerprint also proves every object the migrations made is there (they
    /// recorded it in the transaction that made them), so only a database without one, or
    /// with another, has its objects checked by name (`verifySchema`, the clearer message):
    /// reading every migration's SQL at every open would slow every command's start.
    public func verifyFingerprint(of database: Database) throws {
        let current = try fingerprint(of: database)
        let recorded = try recordedFingerprint(of: database)
        if recorded == current { return }
        try verifySchema(of: database)
        if recorded == 0 {
            if !database.isReadOnly { try recordFingerprint(current, in: database) }
            return
        }
        guard recorded == current else {
            throw MigrationError.changedOutside(path: database.path)
        }
    }

    /// Whether `database` has the table that records migrations, and how many objects its
    /// schema holds.
    private func recordState(of database: Database) throws -> (Bool, Int64) {
        let statement = try database.cachedStatement(
            """
            SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table'
                AND name = 'schema_migrations'), (SELECT count(*) FROM sqlite_schema)
            """)
        defer { statement.reset() }
        _ = try statement.step()
        return (statement.bool(at: 0), statement.int64(at: 1))
    }

    /// Checks that the schema holds every object the recorded migrations create (and did not
    /// drop again).
    ///
    /// - Throws: `MigrationError.damaged` naming what is missing.
    public func verifySchema(of database: Database) throws {
        let applied = try appliedMigrations(in: database)
        var expected: Set<String> = []
        for migration in migrations where applied[migration.number] != nil {
            SchemaNames.apply(migration.sql, to: &expected)
        }
        let statement = try database.cachedStatement("SELECT name FROM sqlite_schema")
        defer { statement.reset() }
        while try statement.step() { expected.remove(statement.text(at: 0).lowercased()) }
        guard expected.isEmpty else {
            throw MigrationError.damaged(path: database.path, missing: expected.sorted())
        }
    }

    /// The migrations known here that `database` has not recorded.
    ///
    /// - Throws: `MigrationError.writtenByNewerVersion` when the database records one that
    ///   this binary does not know.
    public func pendingMigrations(in database: Database) throws -> [MigrationScript] {
        let applied = try appliedMigrations(in: database)
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.number, $0.name) })
        for (number, name) in applied.sorted(by: { $0.key < $1.key }) where known[number] != name {
            throw MigrationError.writtenByNewerVersion(path: database.path, migration: name)
        }
        return migrations.filter { applied[$0.number] == nil }
    }

    /// The migrations recorded in `database`: number to name.
    public func appliedMigrations(in database: Database) throws -> [Int: String] {
        let statement = try database.cachedStatement(
            "SELECT number, name FROM schema_migrations ORDER BY number")
        var applied: [Int: String] = [:]
        while try statement.step() {
            applied[Int(statement.int64(at: 0))] = statement.text(at: 1)
        }
        return applied
    }
}

/// Why a database's schema cannot be brought up to date.
public enum MigrationError: Error, Sendable, Hashable {
    /// The database records a migration this binary does not know.
    case writtenByNewerVersion(path: String, migration: String)
    /// The database needs migrations, but the connection may only read.
    case needsUpgrade(path: String)
    /// The schema lacks objects its recorded migrations create.
    case damaged(path: String, missing: [String])
    /// The schema holds the objects of a migration it does not record.
    case unrecorded(path: String, migration: String)
    /// The schema differs from what the recorded migrations made (a column renamed, added…).
    case changedOutside(path: String)
}

// MARK: - CustomStringConvertible

extension MigrationError: CustomStringConvertible {
    /// The error as a sentence for the user: what happened (what to type about it is the
    /// command line's to add).
    public var description: String {
        switch self {
        case .writtenByNewerVersion(let path, let migration):
            "this inventory was written by a newer version of inventory (\(path) records "
                + "migration \(migration), unknown to this one); upgrade inventory to open it"
        case .needsUpgrade(let path):
            "the inventory \(quoted(path)) was written by an earlier version and must be "
                + "upgraded, but it can only be read here"
        case .damaged(let path, let missing):
            "the inventory \(quoted(path)) is damaged: its schema lacks "
                + missing.joined(separator: ", ")
                + "; restore it from a backup"
        case .unrecorded(let path, let migration):
            "the inventory \(quoted(path)) is damaged: it holds the tables of migration "
                + "\(migration) but does not record it; restore it from a backup"
        case .changedOutside(let path):
            "the inventory \(quoted(path)) is damaged: its schema was changed by another "
                + "program (it differs from what its migrations made); restore it from a backup"
        }
    }
}

/// The names of the tables, indexes, triggers and views a migration's SQL creates and drops.
enum SchemaNames {
    /// The names `sql` drops (or renames away).
    static func dropped(in sql: String) -> Set<String> {
        var everything: Set<String> = []
        var dropped: Set<String> = []
        apply(sql, to: &everything, dropped: &dropped)
        return dropped
    }

    /// Adds the names `sql` creates to `names` and removes those it drops or renames.
    static func apply(_ sql: String, to names: inout Set<String>) {
        var dropped: Set<String> = []
        apply(sql, to: &names, dropped: &dropped)
    }

    private static func apply(
        _ sql: String, to names: inout Set<String>, dropped: inout Set<String>
    ) {
        let words = tokens(of: sql)
        var index = 0
        func word(_ offset: Int) -> String? {
            index + offset < words.count ? words[index + offset] : nil
        }
        let kinds: Set<String> = ["table", "index", "trigger", "view"]
        while index < words.count {
            switch words[index] {
            case "create":
                var next = index + 1
                while next < words.count,
                    ["temp", "temporary", "unique", "virtual"].contains(words[next])
                {
                    next += 1
                }
                guard next < words.count, kinds.contains(words[next]) else { break }
                next += 1
                if next + 2 < words.count, words[next] == "if", words[next + 1] == "not" {
                    next += 3
                }
                if next < words.count { names.insert(unqualified(words[next])) }
            case "drop":
                guard let kind = word(1), kinds.contains(kind) else { break }
                var next = index + 2
                if next + 1 < words.count, words[next] == "if" { next += 2 }
                if next < words.count {
                    names.remove(unqualified(words[next]))
                    dropped.insert(unqualified(words[next]))
                }
            case "alter":
                guard word(1) == "table", let table = word(2), word(3) == "rename",
                    word(4) == "to", let newName = word(5)
                else { break }
                names.remove(unqualified(table))
                dropped.insert(unqualified(table))
                names.insert(unqualified(newName))
            default: break
            }
            index += 1
        }
    }

    private static func unqualified(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The words of `sql`, lowercased, without comments and string literals; quoted names
    /// lose their quotes.
    private static func tokens(of sql: String) -> [String] {
        var words: [String] = []
        var current = ""
        var iterator = Array(sql.unicodeScalars)[...]
        func flush() {
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
        }
        while let scalar = iterator.popFirst() {
            switch scalar {
            case "-" where iterator.first == "-":
                flush()
                while let next = iterator.popFirst(), next != "\n" {}
            case "/" where iterator.first == "*":
                flush()
                iterator.removeFirst()
                while let next = iterator.popFirst() {
                    if next == "*", iterator.first == "/" {
                        iterator.removeFirst()
                        break
                    }
                }
            case "'":
                flush()
                while let next = iterator.popFirst() {
                    if next == "'" {
                        if iterator.first == "'" { iterator.removeFirst() } else { break }
                    }
                }
            case "\"", "`", "[", "]":
                break
            case "(", ")", ",", ";":
                flush()
            case _ where scalar.properties.isWhitespace:
                flush()
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        flush()
        return words
    }
}
