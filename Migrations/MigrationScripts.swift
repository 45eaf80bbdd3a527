// The SQL files beside this one are compiled into the binary by MigrationsPlugin. A shipped
// migration is never edited: add a new NNNN_name.sql file instead.

/// One schema migration, as shipped in `Migrations/NNNN_name.sql`.
public struct MigrationScript: Sendable, Hashable {
    /// The number that orders it (the `NNNN` of its file name).
    public let number: Int
    /// The file name without `.sql`, as recorded in the database.
    public let name: String
    /// The statements to run.
    public let sql: String

    /// Creates a migration; the generated `MigrationScripts.all` lists the shipped ones.
    public init(number: Int, name: String, sql: String) {
        self.number = number
        self.name = name
        self.sql = sql
    }
}

/// The migrations embedded in this binary; see `MigrationScripts.all`.
public enum MigrationScripts {}
