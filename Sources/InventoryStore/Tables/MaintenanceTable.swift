public import InventoryModel

/// Maintenance, what is due, and the reminders sent (`Migrations/0020_maintenance.sql`: the
/// tables `maintenance_schedules`, `maintenance_entries` and `reminders_sent`).
public struct MaintenanceTable {
    /// The connection of the inventory's database.
    let database: Database
    /// The inventory's currency, of the costs.
    let currency: Currency

    // MARK: - Schedules

    /// Records a schedule and returns its number.
    public func insertSchedule(
        itemID: Int64, what: String, everyMonths: Int?, fromLast: Bool, startsOn: CalendarDate,
        at time: Timestamp
    ) throws -> Int64 {
        try database.execute(
            """
            INSERT INTO maintenance_schedules (item_id, what, every_months, from_last, starts_on,
                created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(itemID), .text(what), .integer(everyMonths.map(Int64.init)),
                .integer(fromLast ? 1 : 0), .text(startsOn.description),
                .integer(time.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    /// Has the item's entries of the same thing (its words, in any case) that count for no
    /// schedule count for schedule `id`: what was logged before the schedule was made.
    public func link(scheduleID id: Int64, itemID: Int64, what: String) throws {
        try database.execute(
            """
            UPDATE maintenance_entries SET schedule_id = ?
            WHERE item_id = ? AND schedule_id IS NULL AND inventory_fold(what) = inventory_fold(?)
            """, [.integer(id), .integer(itemID), .text(what)])
    }

    /// Removes the schedule `id` of the item; false when the item has none such. Its entries
    /// stay in the log.
    public func deleteSchedule(id: Int64, itemID: Int64) throws -> Bool {
        try database.execute(
            "DELETE FROM maintenance_schedules WHERE id = ? AND item_id = ?",
            [.integer(id), .integer(itemID)])
        return database.changedRowCount == 1
    }

    private static let scheduleQuery = """
        SELECT s.id, s.item_id, s.what, s.every_months, s.from_last, s.starts_on,
            (SELECT max(done_on) FROM maintenance_entries WHERE schedule_id = s.id), s.created_at
        FROM maintenance_schedules AS s
        """

    private func decodeSchedule(_ row: Statement) throws -> MaintenanceSchedule {
        MaintenanceSchedule(
            id: row.int64(at: 0), itemID: row.int64(at: 1), what: row.text(at: 2),
            everyMonths: row.optionalInt64(at: 3).map(Int.init), fromLast: row.int64(at: 4) != 0,
            startsOn: try CalendarDate(parsing: row.text(at: 5)),
            lastDone: try row.optionalText(at: 6).map { try CalendarDate(parsing: $0) },
            madeOn: CalendarDate(utcDayOf: Timestamp(millisecondsSince1970: row.int64(at: 7))))
    }

    /// Every item's schedules and log, by item id (an export writes them all).
    public func everything() throws
        -> [Int64: (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])]
    {
        var found: [Int64: (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])] = [:]
        let statement = try database.cachedStatement(
            "SELECT DISTINCT item_id FROM maintenance_schedules UNION "
                + "SELECT DISTINCT item_id FROM maintenance_entries")
        var ids: [Int64] = []
        do {
            defer { statement.reset() }
            while try statement.step() { ids.append(statement.int64(at: 0)) }
        }
        for id in ids { found[id] = (try schedules(itemID: id), try entries(itemID: id)) }
        return found
    }

    /// The schedules of the item, oldest first, each with the latest entry that counts for it.
    public func schedules(itemID: Int64) throws -> [MaintenanceSchedule] {
        let statement = try database.cachedStatement(
            Self.scheduleQuery + " WHERE s.item_id = ? ORDER BY s.id")
        try statement.bind([.integer(itemID)])
        defer { statement.reset() }
        var found: [MaintenanceSchedule] = []
        while try statement.step() { found.append(try decodeSchedule(statement)) }
        return found
    }

    /// Every schedule of an item still in the household, with the item's name, by item.
    public func allSchedules() throws -> [(schedule: MaintenanceSchedule, itemName: String)] {
        let statement = try database.cachedStatement(
            """
            SELECT s.id, s.item_id, s.what, s.every_months, s.from_last, s.starts_on, last.day,
                s.created_at, items.name
            FROM maintenance_schedules AS s JOIN items ON items.id = s.item_id
            LEFT JOIN (SELECT schedule_id, max(done_on) AS day FROM maintenance_entries
                WHERE schedule_id IS NOT NULL GROUP BY schedule_id) AS last
                ON last.schedule_id = s.id
            WHERE items.left_on IS NULL
            ORDER BY s.item_id, s.id
            """)
        defer { statement.reset() }
        var found: [(MaintenanceSchedule, String)] = []
        while try statement.step() {
            found.append((try decodeSchedule(statement), statement.text(at: 8)))
        }
        return found
    }

    // MARK: - The log

    /// Records an entry and returns its number.
    public func insertEntry(
        itemID: Int64, scheduleID: Int64?, doneOn: CalendarDate, what: String, cost: Money?,
        doneBy: String?, file: String?, at time: Timestamp
    ) throws -> Int64 {
        try database.execute(
            """
            INSERT INTO maintenance_entries (item_id, schedule_id, done_on, what, cost, done_by,
                file, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(itemID), .integer(scheduleID), .text(doneOn.description), .text(what),
                .integer(cost?.minorUnits), .text(doneBy), .text(file),
                .integer(time.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    /// Removes the entry `id` of the item and returns it; nil when the item has none such.
    public func deleteEntry(id: Int64, itemID: Int64) throws -> MaintenanceEntry? {
        guard let entry = try entries(itemID: itemID).first(where: { $0.id == id }) else {
            return nil
        }
        try database.execute(
            "DELETE FROM maintenance_entries WHERE id = ? AND item_id = ?",
            [.integer(id), .integer(itemID)])
        return entry
    }

    /// Gives the entry `id` of the item the stored file `file` as its receipt; the file it
    /// had, if any, or nil when the item has no such entry.
    public func setFile(_ file: String, ofEntry id: Int64, itemID: Int64) throws -> String?? {
        guard let entry = try entries(itemID: itemID).first(where: { $0.id == id }) else {
            return nil
        }
        try database.execute(
            "UPDATE maintenance_entries SET file = ? WHERE id = ? AND item_id = ?",
            [.text(file), .integer(id), .integer(itemID)])
        return .some(entry.file)
    }

    /// The item's log, oldest first.
    public func entries(itemID: Int64) throws -> [MaintenanceEntry] {
        let statement = try database.cachedStatement(
            """
            SELECT id, item_id, schedule_id, done_on, what, cost, done_by, file
            FROM maintenance_entries WHERE item_id = ? ORDER BY done_on, id
            """)
        try statement.bind([.integer(itemID)])
        defer { statement.reset() }
        var found: [MaintenanceEntry] = []
        while try statement.step() {
            found.append(
                MaintenanceEntry(
                    id: statement.int64(at: 0), itemID: statement.int64(at: 1),
                    scheduleID: statement.optionalInt64(at: 2),
                    doneOn: try CalendarDate(parsing: statement.text(at: 3)),
                    what: statement.text(at: 4),
                    cost: try statement.optionalInt64(at: 5).map {
                        try Money(minorUnits: $0, currency: currency)
                    },
                    doneBy: statement.optionalText(at: 6), file: statement.optionalText(at: 7)))
        }
        return found
    }

    /// The stored files of the item's log.
    public func files(itemID: Int64) throws -> [String] {
        try entries(itemID: itemID).compactMap(\.file)
    }

    // MARK: - Its journal

    /// What was done to the maintenance of one item (or of every item), newest first, at most
    /// `limit` (`maintenance_journal`, written by triggers).
    public func journal(itemID: Int64?, limit: Int?) throws -> [MaintenanceEvent] {
        let statement = try database.cachedStatement(
            """
            SELECT seq, write_id, at, kind, item_id, what,
                json_extract(detail, '$.done_on'), json_extract(detail, '$.cost'),
                json_extract(detail, '$.done_by'), json_extract(detail, '$.file'),
                json_extract(detail, '$.every_months'), json_extract(detail, '$.from_last'),
                json_extract(detail, '$.starts_on')
            FROM maintenance_journal WHERE ?2 IS NULL OR item_id = ?2
            ORDER BY seq DESC LIMIT ?1
            """)
        try statement.bind([.integer(Int64(limit ?? -1)), .integer(itemID)])
        defer { statement.reset() }
        var found: [MaintenanceEvent] = []
        while try statement.step() {
            guard let kind = MaintenanceEvent.Kind(rawValue: statement.text(at: 3)) else {
                continue
            }
            let itemID = statement.int64(at: 4)
            let what = statement.text(at: 5)
            var entry: MaintenanceEntry?
            var schedule: MaintenanceSchedule?
            switch kind {
            case .logged, .removed:
                entry = MaintenanceEntry(
                    id: 0, itemID: itemID, scheduleID: nil,
                    doneOn: try CalendarDate(parsing: statement.text(at: 6)), what: what,
                    cost: try statement.optionalInt64(at: 7).map {
                        try Money(minorUnits: $0, currency: currency)
                    },
                    doneBy: statement.optionalText(at: 8), file: statement.optionalText(at: 9))
            case .scheduled, .unscheduled:
                schedule = MaintenanceSchedule(
                    id: 0, itemID: itemID, what: what,
                    everyMonths: statement.optionalInt64(at: 10).map(Int.init),
                    fromLast: statement.optionalInt64(at: 11) == 1,
                    startsOn: try CalendarDate(parsing: statement.text(at: 12)), lastDone: nil)
            }
            found.append(
                MaintenanceEvent(
                    sequence: statement.int64(at: 0), writeID: statement.int64(at: 1),
                    time: Timestamp(millisecondsSince1970: statement.int64(at: 2)), kind: kind,
                    itemID: itemID, entry: entry, schedule: schedule))
        }
        return found
    }

    // MARK: - What is due besides maintenance

    /// The items whose warranty (not a lifetime one) ends from `from` to `through`: id, name,
    /// last day.
    public func warrantiesEnding(from: CalendarDate, through: CalendarDate) throws
        -> [(id: Int64, name: String, until: CalendarDate)]
    {
        let statement = try database.cachedStatement(
            """
            SELECT id, name, warranty_until FROM items
            WHERE lifetime_warranty = 0 AND warranty_until BETWEEN ? AND ? AND left_on IS NULL
            ORDER BY warranty_until, id
            """)
        try statement.bind([.text(from.description), .text(through.description)])
        defer { statement.reset() }
        var found: [(Int64, String, CalendarDate)] = []
        while try statement.step() {
            found.append(
                (
                    statement.int64(at: 0), statement.text(at: 1),
                    try CalendarDate(parsing: statement.text(at: 2))
                ))
        }
        return found
    }

    /// The items on loan that are due back on or before `through`: id, name, who has it,
    /// the day it is due.
    public func loansDue(through: CalendarDate) throws
        -> [(id: Int64, name: String, lentTo: String, due: CalendarDate)]
    {
        let statement = try database.cachedStatement(
            """
            SELECT id, name, lent_to, loan_due FROM items
            WHERE loan_due <= ? AND lent_to IS NOT NULL AND left_on IS NULL
            ORDER BY loan_due, id
            """)
        try statement.bind([.text(through.description)])
        defer { statement.reset() }
        var found: [(Int64, String, String, CalendarDate)] = []
        while try statement.step() {
            found.append(
                (
                    statement.int64(at: 0), statement.text(at: 1), statement.text(at: 2),
                    try CalendarDate(parsing: statement.text(at: 3))
                ))
        }
        return found
    }

    /// The items last reviewed (or, never reviewed, added) on or before `before`: id, name, the
    /// day they were last seen.
    public func unreviewed(before: CalendarDate) throws
        -> [(id: Int64, name: String, seen: CalendarDate)]
    {
        let statement = try database.cachedStatement(
            """
            SELECT id, name, seen FROM (
                SELECT id, name,
                    coalesce(reviewed_at, date(created_at / 1000, 'unixepoch')) AS seen
                FROM items WHERE left_on IS NULL)
            WHERE seen <= ? ORDER BY seen, id
            """)
        try statement.bind([.text(before.description)])
        defer { statement.reset() }
        var found: [(Int64, String, CalendarDate)] = []
        while try statement.step() {
            found.append(
                (
                    statement.int64(at: 0), statement.text(at: 1),
                    try CalendarDate(parsing: statement.text(at: 2))
                ))
        }
        return found
    }

    // MARK: - Reminders sent

    /// Which of `keys` were sent already.
    public func sent(_ keys: [String]) throws -> Set<String> {
        let statement = try database.cachedStatement(
            "SELECT 1 FROM reminders_sent WHERE key = ?")
        var found: Set<String> = []
        for key in keys {
            try statement.bind([.text(key)])
            defer { statement.reset() }
            if try statement.step() { found.insert(key) }
        }
        return found
    }

    /// Writes the reminders this inventory sent into the inventory file at `path` (one about
    /// to replace it: a restore), beside its own: what went before the restore is not sent
    /// again after it.
    public func carrySent(into path: String) throws {
        let statement = try database.cachedStatement("SELECT key, sent_at FROM reminders_sent")
        var sent: [(String, Int64)] = []
        do {
            defer { statement.reset() }
            while try statement.step() {
                sent.append((statement.text(at: 0), statement.int64(at: 1)))
            }
        }
        guard !sent.isEmpty else { return }
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            for (key, at) in sent {
                try copy.execute(
                    "INSERT OR IGNORE INTO reminders_sent (key, sent_at) VALUES (?, ?)",
                    [.text(key), .integer(at)])
            }
        }
    }

    /// Remembers that `keys` were sent.
    public func markSent(_ keys: [String], at time: Timestamp) throws {
        let statement = try database.cachedStatement(
            "INSERT OR IGNORE INTO reminders_sent (key, sent_at) VALUES (?, ?)")
        for key in keys {
            try statement.bind([.text(key), .integer(time.millisecondsSince1970)])
            defer { statement.reset() }
            try statement.run()
        }
    }
}
