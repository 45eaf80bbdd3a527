// The life of an item, at the large size (1,000,000 items, 100,000 when quick), whole
// processes to /dev/null:
//
// - `inventory due --within 30d --json` with a schedule on one item in ten (100,000), against
//   `sqlite3` running the four selections `due` makes (the schedules with their items and last
//   entries, the warranties ending, the loans due back, the items not reviewed) as JSON.
// - a view filtering on a field of the household's own (`"fields": {"maker": "Acme"}`) against
//   a view filtering the built-in brand the same way (`"brand": "Acme"`): every item carries
//   its brand in the field too, so both select the same quarter of the items; `list --view …
//   --csv`, ours both.
import Benchmark
import BenchmarkRows
import Foundation

/// The large inventory with schedules, and with a field of the household's own.
private let dueInventory = Shared<String>()
private let fieldInventory = Shared<(path: String, views: String)>()

/// A copy of the large inventory with a schedule on one item in ten, made once per run.
private func inventoryWithSchedules(_ size: Int) throws -> String {
    let folder = try Fixtures.scratchFolder("due-\(size)")
    let path = folder + "/inventory.sqlite"
    if FileManager.default.fileExists(atPath: path) { return path }
    try Fixtures.copyDatabase(try Fixtures.inventory(count: size), to: path)
    try Fixtures.run(
        Fixtures.sqlite3,
        [
            path,
            """
            INSERT INTO maintenance_schedules (item_id, what, every_months, from_last, starts_on,
                created_at)
            SELECT id, 'Service', 12, 0, '2026-' || printf('%02d', id % 12 + 1) || '-01', 0
            FROM items WHERE id % 10 = 0
            """,
        ])
    try Fixtures.checkpoint(path)
    return path
}

/// A copy of the large inventory whose items carry their brand in a field of their own
/// (`maker`), and the views file of the two filters. The copy is written with the triggers of
/// item edits set aside (a million journal rows and index updates are not what is measured),
/// then put back as they were.
private func inventoryWithAField(_ size: Int) throws -> (path: String, views: String) {
    let folder = try Fixtures.scratchFolder("fields-\(size)")
    let path = folder + "/inventory.sqlite"
    let views = folder + "/views.json"
    try """
    {"acme-brand": {"Type": "FilteredList", "Dependencies": {"title": "@Acme",
        "filter": {"brand": "Acme"}}},
     "acme-maker": {"Type": "FilteredList", "Dependencies": {"title": "@Acme (own field)",
        "filter": {"fields": {"maker": "Acme"}}}}}
    """.write(toFile: views, atomically: true, encoding: .utf8)
    if FileManager.default.fileExists(atPath: path) { return (path, views) }
    try Fixtures.copyDatabase(try Fixtures.inventory(count: size), to: path)
    let triggers = try capture(
        Fixtures.sqlite3,
        [
            path,
            "SELECT sql || ';' FROM sqlite_master WHERE type = 'trigger' "
                + "AND name IN ('journal_edited', 'items_search_edited')",
        ])
    guard triggers.contains("journal_edited"), triggers.contains("items_search_edited") else {
        throw BenchmarkFailure("the fixture has not the triggers of migration 0022")
    }
    try Fixtures.run(
        Fixtures.sqlite3,
        [
            path,
            """
            DROP TRIGGER journal_edited;
            DROP TRIGGER items_search_edited;
            INSERT INTO custom_fields (name, key, kind, created_at)
                VALUES ('Maker', 'maker', 'text', 0);
            UPDATE items SET custom = json_object('maker', brand) WHERE brand IS NOT NULL;
            \(triggers)
            """,
        ])
    try Fixtures.checkpoint(path)
    return (path, views)
}

func lifeBenchmarks() {
    let large = BenchmarkSizes.large
    func row(
        _ name: String, setup: @escaping @Sendable () throws -> Void,
        command: @escaping @Sendable () -> (String, [String])
    ) {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock],
                timeUnits: .milliseconds,
                warmupIterations: BenchmarkSizes.warmups(1),
                scalingFactor: .one,
                maxDuration: .seconds(20),
                maxIterations: BenchmarkSizes.runs(10),
                setup: setup
            )
        ) { benchmark in
            let (program, arguments) = command()
            for _ in benchmark.scaledIterations {
                try Fixtures.run(program, arguments)
            }
        }
    }
    let dueSetup: @Sendable () throws -> Void = {
        dueInventory.value = try inventoryWithSchedules(large)
    }
    row("due, ours (\(large) items)", setup: dueSetup) {
        (
            Fixtures.inventoryBinary,
            ["due", "--within", "30d", "--json", "--db", dueInventory.value ?? ""]
        )
    }
    row("due, sqlite3 (\(large) items)", setup: dueSetup) {
        (Fixtures.sqlite3, ["-readonly", "-json", dueInventory.value ?? "", Schema.dueQueries])
    }
    let fieldSetup: @Sendable () throws -> Void = {
        fieldInventory.value = try inventoryWithAField(large)
    }
    for (name, view) in [("own field", "acme-maker"), ("brand", "acme-brand")] {
        row("list a view filtering the \(name) (\(large) items)", setup: fieldSetup) {
            (
                Fixtures.inventoryBinary,
                [
                    "list", "--views", fieldInventory.value?.views ?? "", "--view", view, "--csv",
                    "--db", fieldInventory.value?.path ?? "",
                ]
            )
        }
    }
}

/// What `program` prints (setting a fixture up, not measured), in a plain environment.
private func capture(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = Fixtures.plainEnvironment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchmarkFailure("\(program) exited with \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}

/// SQL the rows run.
private enum Schema {
    /// What `inventory due --within 30d` selects (`MaintenanceTable`), on a day in 2026: the
    /// schedules of the items still here with their last entries, the warranties ending, the
    /// loans due back and the items not reviewed within a year.
    static let dueQueries = """
        SELECT s.id, s.item_id, s.what, s.every_months, s.from_last, s.starts_on, last.day,
            s.created_at, items.name
        FROM maintenance_schedules AS s JOIN items ON items.id = s.item_id
        LEFT JOIN (SELECT schedule_id, max(done_on) AS day FROM maintenance_entries
            WHERE schedule_id IS NOT NULL GROUP BY schedule_id) AS last
            ON last.schedule_id = s.id
        WHERE items.left_on IS NULL ORDER BY s.item_id, s.id;
        SELECT id, name, warranty_until FROM items
        WHERE lifetime_warranty = 0 AND warranty_until BETWEEN date('now')
            AND date('now', '+30 days') AND left_on IS NULL
        ORDER BY warranty_until, id;
        SELECT id, name, lent_to, loan_due FROM items
        WHERE loan_due <= date('now', '+30 days') AND lent_to IS NOT NULL AND left_on IS NULL
        ORDER BY loan_due, id;
        SELECT id, name, seen FROM (
            SELECT id, name, coalesce(reviewed_at, date(created_at / 1000, 'unixepoch')) AS seen
            FROM items WHERE left_on IS NULL)
        WHERE seen <= date('now', '+30 days', '-366 days') ORDER BY seen, id;
        """
}
