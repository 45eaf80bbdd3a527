// The GRDB baselines for "insert then fetch 100,000 items", on the inventory's own schema (its
// migrations, with the journal and search triggers) and with the same pragmas as
// InventoryKit's Database, in one transaction, then fetched back by column position. Three
// ways of writing:
//
// - idiomatic: `record.insert(db)` per row, as GRDB's documentation shows first;
// - cached statement: one prepared INSERT reused for every row, its arguments set unchecked
//   (GRDB's documented fast path for many rows);
// - multi-row: a cached INSERT of 36 rows per statement, as InventoryKit writes them (the
//   triggers' per-statement work is shared by the rows of a statement).
//
// The table compares ours with the fastest of the last two, and shows the idiomatic one too.
// It runs in its own process because GRDB brings its own SQLite module.
import Benchmark
import BenchmarkRows
import Foundation
import GRDB
import InventoryMigrations

struct ItemRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "items"
    var id: Int64?
    var name: String
    var nameKey: String
    var description: String?
    var price: Int64?
    var purchaseDate: String?
    var photo: String?
    var isLuxury: Bool
    var isInsured: Bool
    var quantity: Int
    var location: String?
    var brand: String?
    var model: String?
    var serialNumber: String?
    var notes: String?
    var createdAt: Int64
    var updatedAt: Int64
    var version: Int

    static let selection = """
        SELECT id, name, name_key, description, price, purchase_date, photo, luxury, insured,
            quantity, location, brand, model, serial, notes, created_at, updated_at, version
        FROM items
        """

    init(_ index: Int, now: Int64) {
        let row = BenchmarkRow(index)
        name = row.name
        nameKey = row.nameKey
        description = row.description
        price = row.price
        purchaseDate = row.purchaseDate
        isLuxury = row.isLuxury
        isInsured = row.isInsured
        quantity = row.quantity
        location = row.location
        brand = row.brand
        createdAt = now
        updatedAt = now
        version = 1
    }

    // Columns by position, GRDB's fastest way to read a row.
    init(row: Row) throws {
        id = row[0]
        name = row[1]
        nameKey = row[2]
        description = row[3]
        price = row[4]
        purchaseDate = row[5]
        photo = row[6]
        isLuxury = row[7]
        isInsured = row[8]
        quantity = row[9]
        location = row[10]
        brand = row[11]
        model = row[12]
        serialNumber = row[13]
        notes = row[14]
        createdAt = row[15]
        updatedAt = row[16]
        version = row[17]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["name_key"] = nameKey
        container["description"] = description
        container["price"] = price
        container["purchase_date"] = purchaseDate
        container["photo"] = photo
        container["luxury"] = isLuxury
        container["insured"] = isInsured
        container["quantity"] = quantity
        container["location"] = location
        container["brand"] = brand
        container["model"] = model
        container["serial"] = serialNumber
        container["notes"] = notes
        container["created_at"] = createdAt
        container["updated_at"] = updatedAt
        container["version"] = version
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A new database with the inventory's schema, opened with InventoryKit's pragmas.
func makeQueue(at path: String) throws -> DatabaseQueue {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.foreignKeysEnabled = true
    configuration.prepareDatabase { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
    }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.writeWithoutTransaction { db in
        for script in MigrationScripts.all { try db.execute(sql: script.sql) }
    }
    return queue
}

extension ItemRecord {
    static let columns = [
        "name", "name_key", "description", "price", "purchase_date", "photo", "luxury", "insured",
        "quantity", "location", "brand", "model", "serial", "notes", "created_at", "updated_at",
        "version",
    ]

    /// An INSERT of `rows` rows.
    static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO items (" + columns.joined(separator: ", ") + ") VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// The record's values in `columns` order.
    func append(to values: inout [(any DatabaseValueConvertible)?]) {
        values += [
            name, nameKey, description, price, purchaseDate, photo, isLuxury, isInsured, quantity,
            location, brand, model, serialNumber, notes, createdAt, updatedAt, version,
        ]
    }
}

/// Rows per statement of the multi-row way: InventoryKit's own `rowsPerInsert`.
let rowsPerStatement = 36

enum InsertWay: String, CaseIterable {
    case idiomatic = "GRDB"
    case cachedStatement = "GRDB cached statement"
    case multiRow = "GRDB multi-row statement"

    func insert(_ records: [ItemRecord], into db: GRDB.Database) throws {
        switch self {
        case .idiomatic:
            for var record in records { try record.insert(db) }
        case .cachedStatement:
            let statement = try db.cachedStatement(sql: ItemRecord.insertSQL(rows: 1))
            var values: [(any DatabaseValueConvertible)?] = []
            values.reserveCapacity(ItemRecord.columns.count)
            for record in records {
                values.removeAll(keepingCapacity: true)
                record.append(to: &values)
                statement.setUncheckedArguments(StatementArguments(values))
                try statement.execute()
            }
        case .multiRow:
            var start = 0
            var values: [(any DatabaseValueConvertible)?] = []
            while start < records.count {
                let count = min(rowsPerStatement, records.count - start)
                let statement = try db.cachedStatement(sql: ItemRecord.insertSQL(rows: count))
                values.removeAll(keepingCapacity: true)
                for record in records[start..<start + count] { record.append(to: &values) }
                statement.setUncheckedArguments(StatementArguments(values))
                try statement.execute()
                start += count
            }
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let stored = BenchmarkSizes.storedItems
    for way in InsertWay.allCases {
        Benchmark(
            "insert then fetch, \(way.rawValue) (\(stored) items)",
            configuration: .init(
                metrics: [.wallClock],
                timeUnits: .milliseconds,
                warmupIterations: BenchmarkSizes.warmups(1),
                scalingFactor: .one,
                maxDuration: .seconds(30),
                maxIterations: BenchmarkSizes.runs(5)
            )
        ) { benchmark in
            let folder = NSTemporaryDirectory() + "inventory-bench-grdb-\(getpid())"
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let records = (0..<stored).map { ItemRecord($0, now: 1_700_000_000_000) }
            for _ in benchmark.scaledIterations {
                let queue = try makeQueue(at: folder + "/grdb.sqlite")
                benchmark.startMeasurement()
                try queue.write { db in
                    try db.execute(
                        sql: "UPDATE journal_write SET id = id + 1, at = ?", arguments: [1])
                    try way.insert(records, into: db)
                }
                let fetched = try queue.read { db in
                    try ItemRecord.fetchAll(db, sql: ItemRecord.selection + " ORDER BY id")
                }
                benchmark.stopMeasurement()
                guard fetched.count == stored,
                    fetched.last?.name == records.last?.name
                else {
                    throw GRDB.DatabaseError(message: "fetched \(fetched.count)")
                }
            }
        }
    }
}
