public import InventoryModel

/// The items (`Migrations/0001_items.sql`) and what indexes them (the `items_search` full-text
/// index, `tags`, `item_tags`, `item_files`): every SQL statement about items is here. It does
/// not validate: the manager hands it items that are already valid.
public final class ItemTable {
    /// The connection of the inventory's database.
    let database: Database
    /// How an item row is read.
    let rows: ItemRows
    /// The batch of adds open (`beginBatch()`), if any.
    private var openBatch: OpenBatch?
    /// The UPDATE statements of some columns this connection has prepared (`update(_:from:)`).
    private var updateShapes: Set<String> = []
    private static let maximumUpdateShapes = 64

    private struct OpenBatch {
        /// The first id the batch gave, and the next it will give.
        let first: Int64
        var next: Int64
        /// The tags the batch recorded so far (folded key to label), which the tag index
        /// does not hold until the batch ends.
        var tagLabels: [String: String] = [:]
    }

    init(database: Database, rows: ItemRows) {
        self.database = database
        self.rows = rows
    }

    /// An item's worth in SQL: its replacement value, else its price (`HouseholdItem.worth`).
    static let worthSQL = "coalesce(value, price)"

    // MARK: - Reading

    /// The item with `id`, or nil.
    public func item(id: Int64) throws -> HouseholdItem? {
        let statement = try database.cachedStatement(
            "SELECT \(ItemRows.columns) FROM items WHERE id = ?")
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? try rows.decodeItem(statement) : nil
    }

    /// The items directly inside the item `id` (not those inside them), by id.
    public func contents(of id: Int64) throws -> [HouseholdItem] {
        let statement = try database.cachedStatement(
            "SELECT \(ItemRows.columns) FROM items WHERE container_id = ? ORDER BY id")
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        var items: [HouseholdItem] = []
        while try statement.step() { items.append(try rows.decodeItem(statement)) }
        return items
    }

    /// Sets the location of every item directly inside the item `id` to `location` (those not
    /// there already), a new version each, in one statement: their journal rows come in id
    /// order, as `contents(of:)` reads them. What they hold is left to the caller.
    package func setLocation(
        _ location: String, ofContentsOf id: Int64, at time: Timestamp
    ) throws {
        try database.cachedStatement(
            """
            UPDATE items SET location = ?2, version = version + 1, updated_at = max(?3, updated_at)
            WHERE container_id = ?1 AND location IS NOT ?2
            """
        ).runOnce([.integer(id), .text(location), .integer(time.millisecondsSince1970)])
    }

    /// The items directly inside the item `id` that hold items themselves, by id.
    package func containers(inside id: Int64) throws -> [Int64] {
        let statement = try database.cachedStatement(
            """
            SELECT id FROM items WHERE container_id = ?1 AND EXISTS (
                SELECT 1 FROM items AS inner WHERE inner.container_id = items.id)
            ORDER BY id
            """)
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    /// Every item inside another: its container, and the place of the outermost container
    /// around it (that container's location), by item id.
    public func containment() throws -> [Int64: (container: Int64, place: String?)] {
        let statement = try database.cachedStatement(
            """
            WITH RECURSIVE around(id, outer, depth) AS (
                SELECT id, container_id, 1 FROM items WHERE container_id IS NOT NULL
                UNION ALL
                SELECT around.id, items.container_id, depth + 1
                FROM around JOIN items ON items.id = around.outer
                WHERE items.container_id IS NOT NULL AND depth < 10000)
            SELECT item.id, item.container_id, top.location
            FROM around
            JOIN items AS top ON top.id = around.outer AND top.container_id IS NULL
            JOIN items AS item ON item.id = around.id
            """)
        defer { statement.reset() }
        var containment: [Int64: (container: Int64, place: String?)] = [:]
        while try statement.step() {
            containment[statement.int64(at: 0)] = (
                statement.int64(at: 1), statement.optionalText(at: 2)
            )
        }
        return containment
    }

    /// The items that hold items, by name (then id).
    public func holders() throws -> [HouseholdItem] {
        let statement = try database.cachedStatement(
            """
            SELECT \(ItemRows.columns) FROM items
            WHERE id IN (SELECT container_id FROM items WHERE container_id IS NOT NULL)
            ORDER BY inventory_fold(name), id
            """)
        defer { statement.reset() }
        var items: [HouseholdItem] = []
        while try statement.step() { items.append(try rows.decodeItem(statement)) }
        return items
    }

    /// How many items are directly inside the item `id`.
    public func contentCount(of id: Int64) throws -> Int {
        let statement = try database.cachedStatement(
            "SELECT count(*) FROM items WHERE container_id = ?")
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// The items that pass `filter`, in `sort` order.
    public func items(matching filter: ItemFilter = .all, sortedBy sort: ItemSort = .name) throws
        -> [HouseholdItem]
    {
        var items: [HouseholdItem] = []
        try forEachItem(matching: filter, sortedBy: sort) { items.append($0) }
        return items
    }

    /// Calls `body` with each item that passes `filter` (and whose id is in `ids`, when given),
    /// in `sort` order, without holding them all in memory.
    public func forEachItem(
        matching filter: ItemFilter = .all, sortedBy sort: ItemSort = .name,
        ids: ClosedRange<Int64>? = nil, _ body: (HouseholdItem) throws -> Void
    ) throws {
        let (condition, arguments) = Self.whereClause(filter, ids: ids)
        let statement = try database.cachedStatement(
            "SELECT \(ItemRows.columns) FROM items\(condition) \(Self.orderBy(sort))")
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() {
            try body(try rows.decodeItem(statement))
        }
    }

    /// Calls `body` with the id, sort key and total worth (worth × quantity, 0 without one) of
    /// each item that passes `filter`, in `sort` order: what a live view holds, read without
    /// decoding whole items.
    package func forEachSortEntry(
        matching filter: ItemFilter, sortedBy sort: ItemSort, ids: ClosedRange<Int64>? = nil,
        inIDOrder: Bool = false,
        _ body: (_ id: Int64, _ key: SortKey, _ value: Int128) throws -> Void
    ) throws {
        let (condition, arguments) = Self.whereClause(filter, ids: ids)
        let statement = try database.cachedStatement(
            "SELECT id, name_key, price, purchase_date, quantity, \(Self.worthSQL) "
                + "FROM items\(condition) " + Self.orderBy(inIDOrder ? .id : sort))
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() {
            let id = statement.int64(at: 0)
            let worth = statement.optionalInt64(at: 5)
            let purchaseDate =
                sort.field == .purchased
                ? try rows.readingStoredValues {
                    try statement.optionalText(at: 3).map { try CalendarDate(parsing: $0) }
                } : nil
            let key = SortKey(
                id: id, nameKey: statement.text(at: 1), price: statement.optionalInt64(at: 2),
                worth: worth, purchaseDate: purchaseDate, sort: sort)
            try body(id, key, worth.map { Int128($0) * Int128(statement.int64(at: 4)) } ?? 0)
        }
    }

    /// The ids of the items that pass `filter`, in no particular order.
    package func ids(matching filter: ItemFilter) throws -> [Int64] {
        let statement: Statement
        if let text = filter.text, filter == ItemFilter(text: text),
            case let search = SearchText(text), !search.words.isEmpty
        {
            // Words only: the search index has the ids (its triggers keep it equal to the
            // items), so no row of items is read but those that left (a small index).
            statement = try database.cachedStatement(
                """
                SELECT rowid FROM items_search WHERE items_search MATCH ?
                AND rowid NOT IN (SELECT id FROM items WHERE left_on IS NOT NULL)
                """)
            try statement.bind([.text(search.ftsQuery)])
        } else {
            let (condition, arguments) = Self.whereClause(filter)
            statement = try database.cachedStatement("SELECT id FROM items\(condition)")
            try statement.bind(arguments)
        }
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    /// The number of items that pass `filter`.
    public func count(matching filter: ItemFilter) throws -> Int {
        if filter == .all {
            // Every item less those that left: a count of the smallest index and of a small
            // one, where a count of the rows with no day left would read every row.
            let statement = try database.cachedStatement(
                """
                SELECT (SELECT count(*) FROM items)
                    - (SELECT count(*) FROM items WHERE left_on IS NOT NULL)
                """)
            defer { statement.reset() }
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
        let (condition, arguments) = Self.whereClause(filter)
        let statement = try database.cachedStatement("SELECT count(*) FROM items\(condition)")
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// The number of items, those that left the household too.
    public func count() throws -> Int {
        let statement = try database.cachedStatement("SELECT count(*) FROM items")
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// How many items and claim lines use the stored file `name` (as a photo or another
    /// attachment, or a replacement's receipt).
    public func fileUseCount(_ name: String) throws -> Int {
        let statement = try database.cachedStatement(
            """
            SELECT (SELECT count(*) FROM item_files WHERE file = ?1)
                + (SELECT count(*) FROM claim_items WHERE replaced_receipt = ?1)
                + (SELECT count(*) FROM claim_items, json_each(claim_items.attachments) AS file
                    WHERE json_extract(file.value, '$.file') = ?1)
                + (SELECT count(*) FROM maintenance_entries WHERE file = ?1)
            """)
        try statement.bind([.text(name)])
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// The items that use the stored file `name`, as their photo or one of their files.
    ///
    /// - Throws: `DatabaseError`.
    public func itemIDs(usingFile name: String) throws -> [Int64] {
        let statement = try database.cachedStatement(
            "SELECT DISTINCT item_id FROM item_files WHERE file = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    // MARK: - Tags

    /// `item`'s tags as the inventory spells them: a tag typed in another case takes the
    /// spelling it already has; a new tag, or one no item carries any more, is recorded as
    /// typed. Called by `insert` and `update`, so no write can skip it.
    func canonicalizeTags(of item: inout HouseholdItem) throws {
        guard !item.tags.isEmpty else { return }
        let find = try database.cachedStatement(
            """
            SELECT label, EXISTS (SELECT 1 FROM item_tags WHERE tag_key = ?1 AND item_id != ?2)
            FROM tags WHERE key = ?1
            """)
        let record = try database.cachedStatement(
            "INSERT OR REPLACE INTO tags (key, label) VALUES (?, ?)")
        item.tags = try item.tags.map { tag in
            let key = TextFolding.fold(tag)
            // Inside a batch the tag index is written at its end: a tag an earlier item of the
            // batch recorded keeps that item's spelling, as the add trigger would have made it.
            if let label = openBatch?.tagLabels[key] { return label }
            try find.bind([.text(key), .integer(item.id)])
            defer { find.reset() }
            if try find.step(), find.bool(at: 1) { return find.text(at: 0) }
            find.reset()
            try record.bind([.text(key), .text(tag)])
            try record.run()
            openBatch?.tagLabels[key] = tag
            return tag
        }
    }

    /// Every tag that items carry: its label, how many items carry it, and their total worth
    /// (minor units, added up without overflow), by label.
    public func tagSummaries() throws -> [(tag: String, count: Int, worth: Int128)] {
        let statement = try database.cachedStatement(
            """
            SELECT item_tags.tag_key, coalesce(tags.label, item_tags.tag_key),
                coalesce(items.value, items.price), items.quantity
            FROM item_tags JOIN items ON items.id = item_tags.item_id
            LEFT JOIN tags ON tags.key = item_tags.tag_key
            WHERE items.left_on IS NULL
            ORDER BY item_tags.tag_key
            """)
        defer { statement.reset() }
        var summaries: [(tag: String, count: Int, worth: Int128)] = []
        var lastKey: String?
        while try statement.step() {
            let key = statement.text(at: 0)
            if key != lastKey {
                summaries.append((statement.text(at: 1), 0, 0))
                lastKey = key
            }
            summaries[summaries.count - 1].count += 1
            summaries[summaries.count - 1].worth +=
                Int128(statement.optionalInt64(at: 2) ?? 0) * Int128(statement.int64(at: 3))
        }
        return summaries
    }

    /// The WHERE clause of `filter` (empty when it has no condition) and the values it binds.
    static func whereClause(_ filter: ItemFilter, ids: ClosedRange<Int64>? = nil)
        -> (String, [DatabaseValue])
    {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let ids {
            conditions.append("id BETWEEN ? AND ?")
            arguments += [.integer(ids.lowerBound), .integer(ids.upperBound)]
        }
        switch filter.resolvedPresence {
        case .here: conditions.append("left_on IS NULL")
        case .left: conditions.append("left_on IS NOT NULL")
        case .any: break
        }
        addConditions(of: filter, to: &conditions, &arguments)
        return (
            conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments
        )
    }

    private static func addConditions(
        of filter: ItemFilter, to conditions: inout [String], _ arguments: inout [DatabaseValue]
    ) {
        func add(_ condition: String, _ values: DatabaseValue...) {
            conditions.append(condition)
            arguments.append(contentsOf: values)
        }
        if let isOnLoan = filter.isOnLoan {
            add(isOnLoan ? "lent_to IS NOT NULL" : "lent_to IS NULL")
        }
        if let isLuxury = filter.isLuxury { add("luxury = ?", .bool(isLuxury)) }
        if let isInsured = filter.isInsured { add("insured = ?", .bool(isInsured)) }
        if let hasPhoto = filter.hasPhoto { add(hasPhoto ? "photo IS NOT NULL" : "photo IS NULL") }
        if let minPrice = filter.minPrice { add("price >= ?", .integer(minPrice.minorUnits)) }
        if let maxPrice = filter.maxPrice { add("price <= ?", .integer(maxPrice.minorUnits)) }
        if let minWorth = filter.minWorth {
            add("\(worthSQL) >= ?", .integer(minWorth.minorUnits))
        }
        if let maxWorth = filter.maxWorth {
            add("\(worthSQL) <= ?", .integer(maxWorth.minorUnits))
        }
        for tag in filter.tags {
            add(
                "id IN (SELECT item_id FROM item_tags WHERE tag_key = ?)",
                .text(TextFolding.fold(tag)))
        }
        if let after = filter.purchasedAfter { add("purchase_date > ?", .text(after.description)) }
        if let before = filter.purchasedBefore {
            add("purchase_date < ?", .text(before.description))
        }
        if let location = filter.location {
            // At the place or under it (`PlacePath.location(_:isWithinFolded:)`).
            let path = ItemFilter.foldedPath(location)
            add(
                "(inventory_fold(location) = ? OR instr(inventory_fold(location), ?) = 1)",
                .text(path), .text(path + PlacePath.separator))
        }
        if let brand = filter.brand {
            add("inventory_fold(brand) = ?", .text(TextFolding.fold(brand)))
        }
        if let text = filter.text {
            let search = SearchText(text)
            if search.words.isEmpty {
                add("0")
            } else {
                add(
                    "id IN (SELECT rowid FROM items_search WHERE items_search MATCH ?)",
                    .text(search.ftsQuery))
            }
        }
        for field in filter.fields {
            let value = "json_extract(custom, ?)"
            let path = DatabaseValue.text(CustomFieldTable.path(field.key))
            if let hasValue = field.hasValue {
                add(hasValue ? "\(value) IS NOT NULL" : "\(value) IS NULL", path)
            }
            if let equals = field.equals {
                add("inventory_fold(\(value)) = ?", path, .text(TextFolding.fold(equals)))
            }
            // a value that is no number passes no range (`Double(_:)`, in SQL too)
            if let minimum = field.minimum {
                add("inventory_number(\(value)) >= ?", path, .real(minimum))
            }
            if let maximum = field.maximum {
                add("inventory_number(\(value)) <= ?", path, .real(maximum))
            }
        }
        for inner in filter.all { addConditions(of: inner, to: &conditions, &arguments) }
    }

    /// The ORDER BY clause that gives the same order as `SortKey`.
    static func orderBy(_ sort: ItemSort) -> String {
        let direction = sort.isDescending ? " DESC" : ""
        return switch sort.field {
        case .name: "ORDER BY name_key\(direction), id"
        case .price: "ORDER BY price IS NULL, price\(direction), id"
        case .purchased: "ORDER BY purchase_date IS NULL, purchase_date\(direction), id"
        case .worth:
            "ORDER BY \(worthSQL) IS NULL, \(worthSQL)\(direction), id"
        case .id: "ORDER BY id\(direction)"
        }
    }

    // MARK: - Writing

    /// Inserts `item` (its id is ignored) and returns it with the id it was given.
    public func insert(_ item: HouseholdItem) throws -> HouseholdItem {
        try insert([item])[0]
    }

    /// Inserts `items` (their ids are ignored) and returns them, in order, with the ids they
    /// were given: consecutive, after the largest id the table has ever held.
    ///
    /// Writes up to `rowsPerInsert` rows per statement. Each statement that fires the journal
    /// and search triggers opens a statement journal, and the full-text index flushes at each
    /// one; one row per statement made a batch much slower (see the batch benchmark row).
    ///
    /// - Throws: `DatabaseError` (a constraint), `StoreError` (ids exhausted); nothing is
    ///   then inserted by the failing statement, and the caller's transaction should be rolled
    ///   back.
    public func insert(_ items: [HouseholdItem]) throws -> [HouseholdItem] {
        var items = items
        try insert(assigningIDsTo: &items)
        return items
    }

    /// Inserts `items` and gives each, in place, the id it was given; see `insert(_:)`.
    ///
    /// More than one item is a batch (`insertBatch(_:)`): a set-based write, faster than rows
    /// with the triggers even at `rowsPerInsert` a statement (the C program of `Benchmarks/`
    /// does both).
    package func insert(assigningIDsTo items: inout [HouseholdItem]) throws {
        guard !items.isEmpty else { return }
        guard items.count > 1 else {
            try insertRows(&items, firstID: try nextItemID())
            return
        }
        try insertBatch { insertRows in try insertRows(&items) }
    }

    /// Runs `body`, which inserts the rows of one batch by calling the function it is given
    /// as many times as it likes (each call gives its items, in place, the next consecutive
    /// ids): the add triggers stand aside (`journal_write.bulk`, migration 0011) until `body`
    /// returns, then the journal, the full-text index and the tag and file indexes of every
    /// row it inserted are written by one INSERT … SELECT each.
    ///
    /// One set-based pass per batch, not per statement of rows: each INSERT … SELECT into the
    /// full-text index opens a statement savepoint, at which FTS5 flushes its pending terms
    /// as a new segment, so a pass per 36 rows wrote 27,778 tiny segments for a million items
    /// and merged them over and over.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`; the caller's transaction should then
    ///   be rolled back.
    package func insertBatch(
        _ body: (_ insertRows: (inout [HouseholdItem]) throws -> Void) throws -> Void
    ) throws {
        try beginBatch()
        do {
            try body { items in try insertInBatch(&items) }
            try endBatch()
        } catch {
            abandonBatch()
            throw error
        }
    }

    /// Whether a batch of adds is open (`beginBatch()`).
    package var isInBatch: Bool { openBatch != nil }

    /// Opens a batch of adds: the add triggers stand aside until `endBatch()`, and rows are
    /// inserted with `insertInBatch(_:)`. Only adds may happen meanwhile (an edit's trigger
    /// would find no index row for an item of the batch): end the batch first.
    package func beginBatch() throws {
        precondition(openBatch == nil, "a batch is open already")
        let first = try nextItemID()
        try database.cachedStatement("UPDATE journal_write SET bulk = 1").run()
        openBatch = OpenBatch(first: first, next: first)
    }

    /// Inserts `items` into the open batch, giving them, in place, the next consecutive ids.
    package func insertInBatch(_ items: inout [HouseholdItem]) throws {
        guard let next = openBatch?.next else { preconditionFailure("no batch is open") }
        guard !items.isEmpty else { return }
        try insertRows(&items, firstID: next)
        openBatch?.next = next + Int64(items.count)
    }

    /// Ends the open batch, if any: writes the journal, the full-text index and the tag and
    /// file indexes of its rows, and puts the add triggers back.
    ///
    /// - Throws: `DatabaseError`; the caller's transaction should then be rolled back.
    package func endBatch() throws {
        guard let batch = openBatch else { return }
        openBatch = nil
        do {
            if batch.next > batch.first { try indexAdded(from: batch.first, to: batch.next - 1) }
            try database.cachedStatement("UPDATE journal_write SET bulk = 0").run()
        } catch {
            abandonBatch()
            throw error
        }
    }

    /// Forgets the open batch after a failure (the caller rolls its transaction back, which
    /// also takes back what the batch wrote); the triggers are not left aside meanwhile.
    package func abandonBatch() {
        openBatch = nil
        try? database.cachedStatement("UPDATE journal_write SET bulk = 0").run()
    }

    /// Inserts `items` with the ids `firstID`, `firstID + 1`, … (given to them in place),
    /// `rowsPerInsert` rows per statement.
    private func insertRows(_ items: inout [HouseholdItem], firstID: Int64) throws {
        guard firstID <= Int64.max - Int64(items.count) else {
            throw StoreError.noItemIDsLeft
        }
        var start = 0
        while start < items.count {
            let count = min(rowsPerStatement, items.count - start)
            let statement = try database.cachedStatement(Self.insertSQL(rows: count))
            for index in start..<start + count {
                items[index].id = firstID + Int64(index)
                try canonicalizeTags(of: &items[index])
                try bindFields(
                    of: items[index], to: statement,
                    from: Int32((index - start) * Self.insertColumnCount))
            }
            try statement.run()
            start += count
        }
    }

    /// What the add triggers write for one item, written for the items `first...last` at
    /// once: their journal rows in id order (without the item: migration 0012), the full-text
    /// index, the tag and file indexes.
    private func indexAdded(from first: Int64, to last: Int64) throws {
        let range: [DatabaseValue] = [.integer(first), .integer(last)]
        try database.cachedStatement(
            """
            INSERT INTO journal (write_id, at, kind, item_id, before, after)
            SELECT journal_write.id, journal_write.at, 'added', items.id, NULL, NULL
            FROM journal_write, items
            WHERE items.id BETWEEN ?1 AND ?2 ORDER BY items.id
            """
        ).runOnce(range)
        try database.cachedStatement(
            """
            INSERT INTO items_search (rowid, name, description, brand, model, serial, notes,
                location, custom)
            SELECT id, name, description, brand, model, serial, notes, location, custom FROM items
            WHERE id BETWEEN ?1 AND ?2
            """
        ).runOnce(range)
        try database.cachedStatement(
            """
            INSERT OR IGNORE INTO item_tags (tag_key, item_id)
            SELECT tag.value, items.id FROM items, json_each(items.tag_keys) AS tag
            WHERE items.id BETWEEN ?1 AND ?2 AND items.tag_keys != '[]'
            """
        ).runOnce(range)
        try database.cachedStatement(
            """
            INSERT OR IGNORE INTO item_files (file, item_id)
            SELECT json_extract(file.value, '$.file'), items.id
            FROM items, json_each(items.attachments) AS file
            WHERE items.id BETWEEN ?1 AND ?2 AND items.attachments != '[]'
            """
        ).runOnce(range)
    }

    /// Rows per INSERT statement where the build allows them (a batch benchmark's sweet spot:
    /// beyond a few dozen rows a statement, more gain little). 35 rows of 36 columns are 1,260
    /// parameters: within the 32,766 SQLite allows by default since 3.32, not within the 999
    /// of older builds, where `rowsPerStatement` is fewer.
    package static let rowsPerInsert = 35

    /// Rows per INSERT statement on this connection: `rowsPerInsert`, or as many as its limit
    /// of parameters takes (`SQLITE_LIMIT_VARIABLE_NUMBER`).
    private var rowsPerStatement: Int {
        min(Self.rowsPerInsert, max(1, database.parameterLimit / Self.insertColumnCount))
    }
    /// The columns an INSERT or UPDATE of an item writes, in the order `bindFields` binds
    /// them: the kept columns but the id, the folded name and tags, each field's, then the id.
    private static let writtenColumns =
        Array(ItemRows.keptColumns.dropFirst()) + ["name_key", "tag_keys"]
        + ItemField.all.map(\.column) + [
            "id"
        ]
    private static let insertColumnCount = writtenColumns.count
    private static let fullInsertSQL = makeInsertSQL(rows: rowsPerInsert)

    private static func insertSQL(rows: Int) -> String {
        rows == rowsPerInsert ? fullInsertSQL : makeInsertSQL(rows: rows)
    }

    private static func makeInsertSQL(rows: Int) -> String {
        let placeholders =
            "(" + Array(repeating: "?", count: insertColumnCount).joined(separator: ", ") + ")"
        return "INSERT INTO items (\(writtenColumns.joined(separator: ", "))) VALUES\n"
            + Array(repeating: placeholders, count: rows).joined(separator: ",\n")
    }

    /// The UPDATE of every column of an item (`update(_:from:)` past its shapes).
    private static let updateSQL =
        "UPDATE items SET "
        + writtenColumns.dropLast().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"

    /// The id the next inserted item gets, as AUTOINCREMENT would choose it: one more than the
    /// largest id ever used (kept in sqlite_sequence) or now present.
    private func nextItemID() throws -> Int64 {
        let statement = try database.cachedStatement(
            """
            SELECT max(
                coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'items'), 0),
                coalesce((SELECT max(id) FROM items), 0)) + 1
            """)
        defer { statement.reset() }
        _ = try statement.step()
        return statement.int64(at: 0)
    }

    /// Writes over the stored row with `item`'s id the columns in which `item` differs from
    /// `before`, the row as it is stored: an edit of a name sets only the name's columns, the
    /// time and the version, so the indexes and triggers of the columns it leaves alone (the
    /// tag and file indexes above all) are not rewritten.
    ///
    /// - Throws: `InventoryError.itemsNotFound` when there is no such row.
    public func update(_ item: inout HouseholdItem, from before: HouseholdItem) throws {
        precondition(item.id == before.id, "an update of item \(item.id) from item \(before.id)")
        // A stored item's tags are already spelled as the tag index spells them.
        if item.tags != before.tags { try canonicalizeTags(of: &item) }
        var stored: [ColumnValue] = []
        stored.reserveCapacity(Self.writtenColumns.count)
        try Self.forEachColumn(of: before) { stored.append($0) }
        var changed: [(column: Int, value: ColumnValue)] = []
        var column = 0
        try Self.forEachColumn(of: item) { value in
            if value != stored[column] { changed.append((column, value)) }
            column += 1
        }
        guard !changed.isEmpty else { return }
        let sql =
            "UPDATE items SET "
            + changed.map { "\(Self.writtenColumns[$0.column]) = ?" }.joined(separator: ", ")
            + " WHERE id = ?"
        // A connection keeps every statement it prepares: past `maximumUpdateShapes` sets of
        // columns, an edit writes every column, so that edits of ever new sets of fields
        // cannot fill a long-running server's memory.
        let statement: Statement
        if updateShapes.contains(sql) || updateShapes.count < Self.maximumUpdateShapes {
            updateShapes.insert(sql)
            statement = try database.cachedStatement(sql)
            for (index, change) in changed.enumerated() {
                try change.value.bind(to: statement, at: Int32(index + 1))
            }
            try statement.bind(integer: item.id, at: Int32(changed.count + 1))
        } else {
            statement = try database.cachedStatement(Self.updateSQL)
            try bindFields(of: item, to: statement, from: 0)
        }
        try statement.run()
        guard database.changedRowCount == 1 else { throw InventoryError.itemsNotFound([item.id]) }
    }

    /// Deletes the item with `id`.
    ///
    /// - Throws: `InventoryError.itemsNotFound` when there is no such row.
    public func delete(id: Int64) throws {
        let statement = try database.cachedStatement("DELETE FROM items WHERE id = ?")
        try statement.bind(id, at: 1)
        try statement.run()
        guard database.changedRowCount == 1 else { throw InventoryError.itemsNotFound([id]) }
    }

    /// Binds `item` to parameters `offset + 1` on, in `writtenColumns` order (the id last).
    private func bindFields(of item: HouseholdItem, to statement: Statement, from offset: Int32)
        throws
    {
        var index = offset
        try Self.forEachColumn(of: item) { value in
            index += 1
            try value.bind(to: statement, at: index)
        }
    }

    /// A value of one of `writtenColumns`, as it is bound.
    private enum ColumnValue: Equatable {
        case text(String?)
        case integer(Int64?)

        func bind(to statement: Statement, at index: Int32) throws {
            switch self {
            case .text(let value): try statement.bind(text: value, at: index)
            case .integer(let value): try statement.bind(integer: value, at: index)
            }
        }
    }

    /// Calls `body` with the value of each of `writtenColumns` for `item`, in order (the id
    /// last). One at a time, not as an array: an insert of many rows binds without allocating
    /// one per column.
    private static func forEachColumn(
        of item: HouseholdItem, _ body: (ColumnValue) throws -> Void
    ) throws {
        try body(.text(item.photo))
        try body(.text(ItemColumns.json(item.attachments)))
        try body(.integer(item.createdAt.millisecondsSince1970))
        try body(.integer(item.updatedAt.millisecondsSince1970))
        try body(.integer(Int64(item.version)))
        try body(.integer(item.containerID))
        try body(.text(ItemColumns.json(item.customFields)))
        try body(.text(item.nameSortKey))
        try body(.text(ItemColumns.json(item.tags.map(TextFolding.fold))))
        for (slot, _) in ItemField.layout {
            switch slot.value(of: item) {
            case .text(let value): try body(.text(value))
            case .money(let value): try body(.integer(value?.minorUnits))
            case .date(let value): try body(.text(value?.description))
            case .flag(let value): try body(.integer(value ? 1 : 0))
            case .count(let value): try body(.integer(Int64(value)))
            case .tags(let value): try body(.text(ItemColumns.json(value)))
            }
        }
        try body(.integer(item.id))
    }
}
