/// The rows of one table of this inventory, carried whole into the same table of another
/// inventory file (a copy about to replace it: a restore), which keeps the household's
/// arrangements of now (share links, members) rather than the copy's.
struct CarriedRows {
    let table: String
    let columns: [String]
    let rows: [[DatabaseValue]]

    /// The rows of `table` that `condition` selects (every row when nil), read from `database`.
    init(_ table: String, where condition: String? = nil, from database: Database) throws {
        let statement = try database.makeStatement(
            "SELECT * FROM \(table)" + (condition.map { " WHERE \($0)" } ?? ""))
        self.table = table
        columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        self.rows = rows
    }

    /// Inserts them into the same table of `copy`, column by column as they were read.
    func insert(into copy: Database) throws {
        let insert = try copy.makeStatement(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
        for row in rows {
            defer { insert.reset() }
            try insert.bind(row)
            try insert.run()
        }
    }
}
