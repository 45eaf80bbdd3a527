import BenchmarkRows
import Foundation
import InventoryMigrations
import Testing

/// The benchmarks' fixtures: the rows every benchmark and the C baseline write, and the Homebox
/// CSV the import benchmark reads. A ratio is fair only when both sides do the same work, so the
/// C baseline (`Baselines/insert.c`, compiled here with `cc`) must write exactly the rows
/// `BenchmarkRow` describes, the same way whichever of its three ways it takes.
@Suite struct FixtureTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchmark-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static let baselines = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Baselines")

    @Test func theRowsFollowTheirFormulas() {
        let first = BenchmarkRow(0)
        #expect(first.name == "Red Lamp 0")
        #expect(first.nameKey == "red lamp 0")
        #expect(first.price == 100)
        #expect(first.purchaseDate == "2010-01-01")
        #expect(first.isLuxury && !first.isInsured)
        let row = BenchmarkRow(1_234_567)
        #expect(row.name == "Small Watch 1234567")  // 1234567 % 7 == 5, % 11 == 4
        #expect(row.price == 100 + Int64(1_234_567 * 7919 % 5_000_000))
        #expect(row.purchaseDate == "2017-08-20")  // 10 + 7, 1 + 7, 1 + 19
        #expect(!row.isLuxury && row.isInsured && row.quantity == 2)
        // Every date is one SQLite and the schema accept.
        for index in 0..<(15 * 12 * 28) {
            let date = BenchmarkRow(index).purchaseDate.split(separator: "-").map { Int($0)! }
            #expect(date.count == 3 && (1...12).contains(date[1]) && (1...28).contains(date[2]))
        }
    }

    @Test(arguments: ["rows", "multirow", "setbased"])
    func theCBaselineWritesTheBenchmarkRows(way: String) throws {
        let insert = try compileInsertBaseline()
        let count = 100  // more than the 36 rows of a multi-row statement, and not a multiple
        let path = try migratedInventory("\(way).sqlite")
        try run(insert, [path, String(count), way])

        let items = try query(
            path,
            "SELECT id, name, name_key, description, price, purchase_date, luxury, insured, "
                + "quantity, location, brand FROM items ORDER BY id")
        try #require(items.count == count)
        for (index, item) in items.enumerated() {
            let row = BenchmarkRow(index)
            #expect(item["id"] as? Int == index + 1)
            #expect(item["name"] as? String == row.name)
            #expect(item["name_key"] as? String == row.nameKey)
            #expect(item["description"] as? String == row.description)
            #expect(item["price"] as? Int == Int(row.price))
            #expect(item["purchase_date"] as? String == row.purchaseDate)
            #expect(item["luxury"] as? Int == (row.isLuxury ? 1 : 0))
            #expect(item["insured"] as? Int == (row.isInsured ? 1 : 0))
            #expect(item["quantity"] as? Int == row.quantity)
            #expect(item["location"] as? String == row.location)
            #expect(item["brand"] as? String == row.brand)
        }
        // One write, one journal row per item, and the search index finds them.
        let journal = try query(
            path,
            "SELECT count(*) AS rows, count(DISTINCT write_id) AS writes, "
                + "count(DISTINCT item_id) AS items, min(kind) AS kind FROM journal")
        #expect(journal.first?["rows"] as? Int == count)
        #expect(journal.first?["writes"] as? Int == 1)
        #expect(journal.first?["items"] as? Int == count)
        #expect(journal.first?["kind"] as? String == "added")
        let lamps = try query(
            path, "SELECT count(*) AS found FROM items_search WHERE items_search MATCH 'lamp'")
        #expect(lamps.first?["found"] as? Int == (0..<count).filter { $0 % 11 == 0 }.count)
    }

    /// The three ways leave the same inventory: the set-based one, which the batch is judged
    /// against, skips no index and no journal row.
    @Test func theCBaselinesThreeWaysLeaveTheSameInventory() throws {
        let insert = try compileInsertBaseline()
        var dumps: [String: [String]] = [:]
        for way in ["rows", "multirow", "setbased"] {
            let path = try migratedInventory("same-\(way).sqlite")
            try run(insert, [path, "80", way])
            // Everything but the times of the write (each run has its own), a line a row.
            dumps[way] = try output(
                "sqlite3",
                [
                    path,
                    """
                    SELECT json_array(id, name, description, price, location) FROM items;
                    SELECT json_array(seq, write_id, kind, item_id, before,
                        json_remove(after, '$.created_at', '$.updated_at')) FROM journal_entries;
                    SELECT group_concat(rowid) FROM items_search WHERE items_search MATCH 'bought';
                    SELECT tag_key || ':' || item_id FROM item_tags;
                    SELECT file || ':' || item_id FROM item_files;
                    """,
                ]
            ).split(separator: "\n").map(String.init)
        }
        let rows = try #require(dumps["rows"])
        #expect(rows.count == 80 + 80 + 1)
        #expect(firstDifference(rows, dumps["multirow"] ?? []) == nil)
        #expect(firstDifference(rows, dumps["setbased"] ?? []) == nil)
    }

    /// The first line where `a` and `b` differ, shown from both.
    func firstDifference(_ a: [String], _ b: [String]) -> String? {
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : "(none)"
            let right = index < b.count ? b[index] : "(none)"
            if left != right { return "line \(index + 1): \(left) ≠ \(right)" }
        }
        return nil
    }

    /// The import benchmark's CSV is one a CSV reader reads back into Homebox's 21 columns, with
    /// the quoted description whole.
    @Test func theHomeboxRowsAreTheColumnsHomeboxWrites() throws {
        let csv = folder.appendingPathComponent("homebox.csv")
        let count = 30
        try ([HomeboxRow.header] + (0..<count).map { HomeboxRow($0).line })
            .joined(separator: "\n").appending("\n")
            .write(to: csv, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("csv.sqlite").path
        try run("sqlite3", [path, ".import --csv \(csv.path) homebox"])
        let columns = try query(
            path, "SELECT count(*) AS columns FROM pragma_table_info('homebox')")
        #expect(columns.first?["columns"] as? Int == 21)
        let rows = try query(path, "SELECT * FROM homebox")
        try #require(rows.count == count)
        for (index, read) in rows.enumerated() {
            let row = HomeboxRow(index)
            #expect(read["HB.import_ref"] as? String == row.importRef)
            #expect(read["HB.name"] as? String == row.row.name)
            #expect(read["HB.description"] as? String == row.description)
            #expect(read["HB.labels"] as? String == row.tags.joined(separator: ";"))
            #expect(read["HB.manufacturer"] as? String == row.row.brand)
            let price = Decimal(string: read["HB.purchase_price"] as? String ?? "")
            #expect(price == Decimal(row.row.price) / 100)
            let date = row.row.purchaseDate.split(separator: "-")
            #expect(read["HB.purchase_time"] as? String == "\(date[1])/\(date[2])/\(date[0])")
            #expect(read["HB.insured"] as? String == (row.row.isInsured ? "true" : "false"))
        }
    }

    // MARK: - Helpers

    /// `Baselines/insert.c` compiled as `Benchmarks/run` compiles it.
    func compileInsertBaseline() throws -> String {
        let binary = folder.appendingPathComponent("insert").path
        try run(
            "cc",
            [
                "-O2", "-o", binary, Self.baselines.appendingPathComponent("insert.c").path,
                "-lsqlite3",
            ])
        return binary
    }

    /// A new inventory with every shipped migration applied, as the benchmarks start from.
    func migratedInventory(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let sql = MigrationScripts.all.map(\.sql).joined(separator: "\n")
        try run("sqlite3", [path], input: sql)
        return path
    }

    /// The rows `sql` returns, read by `sqlite3 -json`.
    func query(_ path: String, _ sql: String) throws -> [[String: Any]] {
        let text = try output("sqlite3", ["-json", path, sql])
        if text.isEmpty { return [] }
        let rows = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        return try #require(rows)
    }

    func run(_ program: String, _ arguments: [String], input: String? = nil) throws {
        _ = try output(program, arguments, input: input)
    }

    /// Runs `program` (looked up on PATH) and returns its standard output; fails the test with
    /// its standard error when it exits with another status than 0.
    func output(_ program: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let out = Pipe()
        let err = Pipe()
        let into = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = into
        try process.run()
        if let input { into.fileHandleForWriting.write(Data(input.utf8)) }
        try into.fileHandleForWriting.close()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let complaint = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "\(program) \(arguments.first ?? ""): \(String(decoding: complaint, as: UTF8.self))")
        return String(decoding: printed, as: UTF8.self)
    }
}
