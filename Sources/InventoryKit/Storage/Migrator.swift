import InventoryMigrations

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

    /// Applies every migration the database has not recorded yet. Applying twice does nothing.
    ///
    /// - Throws: `MigrationError.writtenByNewerVersion` when the database records a migration
    ///   this binary does not know (nothing is changed then); `DatabaseError` when a migration
    ///   fails (that migration is rolled back, earlier ones stay).
    public func migrate(_ database: Database) throws {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                number     INTEGER PRIMARY KEY NOT NULL,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            ) STRICT
            """)
        // Quick read first: an up-to-date database is the common case and needs no write lock.
        if try pendingMigrations(in: database).isEmpty { return }
        for migration in migrations {
            try database.transaction(.immediate) {
                // Another process may have applied it while this one waited for the lock.
                guard try !appliedMigrations(in: database).keys.contains(migration.number) else {
                    return
                }
                try database.execute(migration.sql)
                try database.execute(
                    "INSERT INTO schema_migrations (number, name) VALUES (?, ?)",
                    [.integer(Int64(migration.number)), .text(migration.name)])
            }
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
}

// MARK: - CustomStringConvertible

extension MigrationError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .writtenByNewerVersion(let path, let migration):
            "this inventory was written by a newer version of inventory (\(path) records "
                + "migration \(migration), unknown to this one); upgrade inventory to open it"
        }
    }
}
