public import InventoryModel

/// Claims and their ledger (`Migrations/0004_claims.sql`, `0008_claim_ledger.sql`,
/// `0015_claim_snapshots.sql`: the tables `claims`, `claim_items` and `claim_journal`): every
/// SQL statement about claims is here.
public struct ClaimTable {
    /// The connection of the inventory's database.
    let database: Database
    /// How the items that claim lines list are read, and the currency of their amounts.
    let rows: ItemRows

    // MARK: - What a line records

    /// The columns in which a claim line records its item, in the order `decodeLine` reads
    /// them, each with what it is taken from when the line records the item as it is now: the
    /// fields claims record (`ItemField.isRecordedByClaims`), named as in `items`, then
    /// whether it had a receipt, its photo and its files.
    static let lineColumns: [(column: String, fromItem: String)] =
        ItemField.all.filter(\.isRecordedByClaims).map { ($0.column, "items.\($0.column)") } + [
            (
                "has_receipt",
                "EXISTS (SELECT 1 FROM json_each(items.attachments) AS file "
                    + "WHERE json_extract(file.value, '$.kind') = 'receipt')"
            ),
            ("photo", "items.photo"), ("attachments", "items.attachments"),
        ]

    /// `claim_items.name, claim_items.description, …`: a line's recorded columns.
    private static let recordedColumns = lineColumns.map { "claim_items.\($0.column)" }
        .joined(separator: ", ")

    /// What a line records of the item as it is now, in `lineColumns` order.
    private static let itemAsRecorded = lineColumns.map(\.fromItem).joined(separator: ", ")

    /// A JSON object of what a line records, as `claim_journal` keeps it: from the line's own
    /// columns, or (`fromItem`) from the item as it is now.
    private static func recordedJSON(fromItem: Bool) -> String {
        "json_object("
            + lineColumns.map { column, item in
                var value = fromItem ? item : "claim_items.\(column)"
                if column == "tags" || column == "attachments" { value = "json(\(value))" }
                return "'\(column)', \(value)"
            }.joined(separator: ", ") + ")"
    }

    /// Reads what a line recorded from the row's columns `offset` on, in `lineColumns` order.
    private func decodeLine(_ row: Statement, offset: Int32, itemID: Int64?) throws
        -> ClaimedItem
    {
        var column = offset
        var record = HouseholdItem(
            id: 0, name: "", createdAt: Timestamp(millisecondsSince1970: 0),
            updatedAt: Timestamp(millisecondsSince1970: 0))
        for field in ItemField.all where field.isRecordedByClaims {
            try rows.read(field, of: &record, from: row, at: column)
            column += 1
        }
        let hadReceipt = row.bool(at: column)
        record.photo = row.optionalText(at: column + 1)
        record.attachments = try ItemColumns.attachments(row.optionalText(at: column + 2))
        return ClaimedItem(itemID: itemID, record: record, hadReceipt: hadReceipt)
    }

    /// The values of `lineColumns` for `line`.
    private static func values(of line: ClaimedItem) -> [DatabaseValue] {
        let record = line.record
        var values: [DatabaseValue] = []
        for field in ItemField.all where field.isRecordedByClaims {
            switch field.value(of: record) {
            case .text(let text): values.append(.text(text))
            case .money(let money): values.append(.integer(money?.minorUnits))
            case .date(let date): values.append(.text(date?.description))
            case .flag(let flag): values.append(.bool(flag))
            case .count(let count): values.append(.integer(Int64(count)))
            case .tags(let tags): values.append(.text(ItemColumns.json(tags)))
            }
        }
        return values + [
            .bool(line.hadReceipt), .text(record.photo),
            .text(ItemColumns.json(record.attachments)),
        ]
    }

    // MARK: - Claims

    /// Inserts a claim with its items (ids that must exist), each line recording its item as
    /// it is now, and returns its id.
    public func insert(_ draft: ClaimDraft, at time: Timestamp) throws -> Int64 {
        let statement = try database.cachedStatement(
            """
            INSERT INTO claims (title, incident_date, kind, notes, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        try statement.bind([
            .text(draft.title), .text(draft.incidentDate?.description), .text(draft.kind.rawValue),
            .text(draft.notes), .integer(time.millisecondsSince1970),
            .integer(time.millisecondsSince1970),
        ])
        try statement.run()
        let id = database.lastInsertedRowID
        for (offset, itemID) in draft.itemIDs.enumerated() {
            try insertLine(claimID: id, itemID: itemID, position: offset)
        }
        return id
    }

    /// Inserts a claim read from an export as it was: its times, and each line as it
    /// recorded it (a line naming an item of this inventory, which must exist, or the line of
    /// a deleted item).
    ///
    /// - Returns: its id.
    public func insert(
        title: String, incidentDate: CalendarDate?, kind: ClaimKind, notes: String?,
        createdAt: Timestamp, updatedAt: Timestamp, lines: [ClaimedItem]
    ) throws -> Int64 {
        let statement = try database.cachedStatement(
            """
            INSERT INTO claims (title, incident_date, kind, notes, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        try statement.bind([
            .text(title), .text(incidentDate?.description), .text(kind.rawValue), .text(notes),
            .integer(createdAt.millisecondsSince1970), .integer(updatedAt.millisecondsSince1970),
        ])
        try statement.run()
        let id = database.lastInsertedRowID
        let line = try database.cachedStatement(
            "INSERT INTO claim_items (claim_id, position, item_id, "
                + Self.lineColumns.map(\.column).joined(separator: ", ") + ") VALUES (?, ?, ?"
                + String(repeating: ", ?", count: Self.lineColumns.count) + ")")
        for (position, item) in lines.enumerated() {
            try line.bind(
                [.integer(id), .integer(Int64(position)), .integer(item.itemID)]
                    + Self.values(of: item))
            try line.run()
            if item.terms != ClaimLineTerms() {
                try setTerms(item.terms, claimID: id, position: position)
            }
        }
        return id
    }

    /// The id of the claim with this title made at this time, if there is one: how an import
    /// knows a claim it has brought before.
    public func id(title: String, createdAt: Timestamp) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT id FROM claims WHERE title = ? AND created_at = ?")
        try statement.bind([.text(title), .integer(createdAt.millisecondsSince1970)])
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Replaces a claim's fields and the items it lists: the lines of deleted items stay,
    /// first; a line of an item it still lists keeps what it recorded (and its ledger), in the
    /// draft's order; an item it adds is recorded as it is now; a line of an item it no longer
    /// lists goes.
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    public func update(id: Int64, _ draft: ClaimDraft, at time: Timestamp) throws {
        let statement = try database.cachedStatement(
            """
            UPDATE claims SET title = ?, incident_date = ?, kind = ?, notes = ?, updated_at = ?
            WHERE id = ?
            """)
        try statement.bind([
            .text(draft.title), .text(draft.incidentDate?.description), .text(draft.kind.rawValue),
            .text(draft.notes), .integer(time.millisecondsSince1970), .integer(id),
        ])
        try statement.run()
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(id) }
        let lines = try database.makeStatement(
            "SELECT position, item_id FROM claim_items WHERE claim_id = ? ORDER BY position")
        try lines.bind([.integer(id)])
        var copies: [Int64] = []
        var living: [Int64: Int64] = [:]
        while try lines.step() {
            if let itemID = lines.optionalInt64(at: 1) {
                living[itemID] = lines.int64(at: 0)
            } else {
                copies.append(lines.int64(at: 0))
            }
        }
        let chosen = Set(draft.itemIDs)
        for (itemID, position) in living where !chosen.contains(itemID) {
            try database.execute(
                "DELETE FROM claim_items WHERE claim_id = ? AND position = ?",
                [.integer(id), .integer(position)])
        }
        // Positions are unique within a claim: every line moves out of the way first.
        try database.execute(
            "UPDATE claim_items SET position = -1 - position WHERE claim_id = ?", [.integer(id)])
        let move = try database.cachedStatement(
            "UPDATE claim_items SET position = ? WHERE claim_id = ? AND position = ?")
        var next = 0
        for old in copies {
            try move.bind([.integer(Int64(next)), .integer(id), .integer(-1 - old)])
            try move.run()
            next += 1
        }
        for itemID in draft.itemIDs {
            if let old = living[itemID] {
                try move.bind([.integer(Int64(next)), .integer(id), .integer(-1 - old)])
                try move.run()
            } else {
                try insertLine(claimID: id, itemID: itemID, position: next)
            }
            next += 1
        }
    }

    /// Inserts the line at `position` of a claim, recording item `itemID` as it is now.
    private func insertLine(claimID: Int64, itemID: Int64, position: Int) throws {
        let statement = try database.cachedStatement(
            "INSERT INTO claim_items (claim_id, position, item_id, "
                + Self.lineColumns.map(\.column).joined(separator: ", ") + ") SELECT ?1, ?2, "
                + "items.id, \(Self.itemAsRecorded) FROM items WHERE items.id = ?3")
        try statement.bind([.integer(claimID), .integer(Int64(position)), .integer(itemID)])
        try statement.run()
    }

    /// Has the line at `position` of a claim record its item as it is now, and records in
    /// `claim_journal` what it recorded before and after.
    ///
    /// - Returns: whether there was such a line of a living item.
    public func refreshLine(claimID: Int64, position: Int, at time: Timestamp) throws -> Bool {
        try database.execute(
            """
            INSERT INTO claim_journal (at, kind, claim_id, position, item_id, before, after)
            SELECT ?, 'refreshed', claim_items.claim_id, claim_items.position, items.id,
                \(Self.recordedJSON(fromItem: false)), \(Self.recordedJSON(fromItem: true))
            FROM claim_items JOIN items ON items.id = claim_items.item_id
            WHERE claim_items.claim_id = ? AND claim_items.position = ?
            """,
            [.integer(time.millisecondsSince1970), .integer(claimID), .integer(Int64(position))])
        guard database.changedRowCount == 1 else { return false }
        try database.execute(
            "UPDATE claim_items SET ("
                + Self.lineColumns.map(\.column).joined(separator: ", ") + ") = (SELECT "
                + Self.itemAsRecorded + " FROM items WHERE items.id = claim_items.item_id) "
                + "WHERE claim_id = ? AND position = ?",
            [.integer(claimID), .integer(Int64(position))])
        return true
    }

    /// What was done on purpose to claim lines (`claim_journal`), newest first: every entry,
    /// or those of the lines of item `itemID`; at most `limit`.
    public func journal(itemID: Int64?, limit: Int?) throws -> [ClaimLineRefresh] {
        func fields(_ json: String) -> String {
            Self.lineColumns.map { "json_extract(\(json), '$.\($0.column)')" }
                .joined(separator: ", ")
        }
        let statement = try database.makeStatement(
            "SELECT seq, at, claim_id, position, item_id, \(fields("before")), "
                + "\(fields("after")) FROM claim_journal WHERE ?1 IS NULL OR item_id = ?1"
                + " ORDER BY seq DESC LIMIT ?2")
        try statement.bind([.integer(itemID), .integer(Int64(limit ?? -1))])
        var entries: [ClaimLineRefresh] = []
        let after = Int32(5 + Self.lineColumns.count)
        while try statement.step() {
            let itemID = statement.optionalInt64(at: 4)
            entries.append(
                ClaimLineRefresh(
                    sequence: statement.int64(at: 0),
                    time: Timestamp(millisecondsSince1970: statement.int64(at: 1)),
                    claimID: statement.int64(at: 2), line: Int(statement.int64(at: 3)) + 1,
                    before: try decodeLine(statement, offset: 5, itemID: itemID),
                    after: try decodeLine(statement, offset: after, itemID: itemID)))
        }
        return entries
    }

    /// Deletes a claim and its lines (never the items).
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    public func delete(id: Int64) throws {
        try database.execute("DELETE FROM claims WHERE id = ?", [.integer(id)])
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(id) }
    }

    /// The claim with `id` and its items, or nil.
    public func claim(id: Int64) throws -> Claim? {
        let statement = try database.cachedStatement(
            """
            SELECT id, title, incident_date, kind, notes, created_at, updated_at, tax_ppm, grouped
            FROM claims WHERE id = ?
            """)
        try statement.bind([.integer(id)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try rows.readingStoredValues { try decodeClaim(statement) }
    }

    /// Every claim, newest first.
    public func all() throws -> [Claim] {
        let statement = try database.cachedStatement(
            """
            SELECT id, title, incident_date, kind, notes, created_at, updated_at, tax_ppm, grouped
            FROM claims ORDER BY id DESC
            """)
        var claims: [Claim] = []
        while try statement.step() {
            claims.append(try rows.readingStoredValues { try decodeClaim(statement) })
        }
        return claims
    }

    /// The claims that list the item with `id`: id and title, oldest first.
    public func listing(itemID id: Int64) throws -> [(id: Int64, title: String)] {
        let statement = try database.cachedStatement(
            """
            SELECT DISTINCT claims.id, claims.title FROM claim_items
            JOIN claims ON claims.id = claim_items.claim_id
            WHERE claim_items.item_id = ? ORDER BY claims.id
            """)
        try statement.bind([.integer(id)])
        defer { statement.reset() }
        var found: [(Int64, String)] = []
        while try statement.step() { found.append((statement.int64(at: 0), statement.text(at: 1))) }
        return found
    }

    /// Has every claim line that lists item `id` let go of it, keeping what it recorded, so
    /// that the item can be deleted.
    public func releaseLines(ofItem id: Int64) throws {
        try database.execute(
            "UPDATE claim_items SET item_id = NULL WHERE item_id = ?", [.integer(id)])
    }

    // MARK: - The ledger

    /// The ledger's columns of a claim line (`Migrations/0008_claim_ledger.sql`), in the order
    /// `decodeTerms` reads and `setTerms` writes them.
    static let ledgerColumns = [
        "replacement", "replacement_source", "priced_on", "condition", "category", "life_months",
        "rate_bp", "max_bp", "replaced_paid", "replaced_on", "replaced_receipt", "business_use",
        "tax_ppm",
    ]

    private func decodeTerms(_ row: Statement, offset: Int32) throws -> ClaimLineTerms {
        func money(_ index: Int32) throws -> Money? {
            try row.optionalInt64(at: offset + index).map {
                try Money(minorUnits: $0, currency: rows.currency)
            }
        }
        func date(_ index: Int32) throws -> CalendarDate? {
            try row.optionalText(at: offset + index).map { try CalendarDate(parsing: $0) }
        }
        var terms = ClaimLineTerms()
        terms.replacementCost = try money(0)
        terms.source = row.optionalText(at: offset + 1)
        terms.pricedOn = try date(2)
        terms.condition = row.optionalText(at: offset + 3).flatMap(ItemCondition.init) ?? .good
        terms.category = row.optionalText(at: offset + 4)
        if terms.category != nil {
            let life = row.optionalInt64(at: offset + 5)
            let rate = row.optionalInt64(at: offset + 6)
            terms.depreciation =
                life.map {
                    DepreciationTerms(
                        lifeMonths: Int($0), yearlyRateBasisPoints: rate.map(Int.init))
                }
                ?? .never
            terms.maximumBasisPoints = row.optionalInt64(at: offset + 7).map(Int.init)
        }
        terms.replacedPaid = try money(8)
        terms.replacedOn = try date(9)
        terms.replacementReceipt = row.optionalText(at: offset + 10)
        terms.businessUse = row.int64(at: offset + 11) != 0
        terms.salesTax = row.optionalInt64(at: offset + 12).flatMap {
            SalesTaxRate(partsPerMillion: Int($0))
        }
        return terms
    }

    /// The values of `ledgerColumns` for `terms`.
    private static func values(of terms: ClaimLineTerms) -> [DatabaseValue] {
        let depreciation = terms.category == nil ? nil : terms.depreciation ?? .never
        return [
            .integer(terms.replacementCost?.minorUnits), .text(terms.source),
            .text(terms.pricedOn?.description),
            terms.condition == .good ? .null : .text(terms.condition.rawValue),
            .text(terms.category),
            .integer(
                (depreciation?.neverDepreciates ?? true)
                    ? nil : depreciation?.lifeMonths.map(Int64.init)),
            .integer(
                (depreciation?.neverDepreciates ?? true)
                    ? nil : depreciation.map { Int64($0.yearlyRateBasisPoints) }),
            .integer(terms.category == nil ? nil : terms.maximumBasisPoints.map(Int64.init)),
            .integer(terms.replacedPaid?.minorUnits), .text(terms.replacedOn?.description),
            .text(terms.replacementReceipt), .integer(terms.businessUse ? 1 : 0),
            .integer(terms.salesTax.map { Int64($0.partsPerMillion) }),
        ]
    }

    /// Records `terms` on the line at `position` of the claim.
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such line.
    public func setTerms(_ terms: ClaimLineTerms, claimID: Int64, position: Int) throws {
        try database.execute(
            "UPDATE claim_items SET "
                + Self.ledgerColumns.map { "\($0) = ?" }.joined(separator: ", ")
                + " WHERE claim_id = ? AND position = ?",
            Self.values(of: terms) + [.integer(claimID), .integer(Int64(position))])
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(claimID) }
    }

    private func decodeClaim(_ row: Statement) throws -> Claim {
        let id = row.int64(at: 0)
        let lines = try database.makeStatement(
            """
            SELECT claim_items.item_id, \(Self.recordedColumns),
                \(Self.ledgerColumns.map { "claim_items.\($0)" }.joined(separator: ", ")),
                \(ItemRows.columnNames.map { "items.\($0)" }.joined(separator: ", "))
            FROM claim_items LEFT JOIN items ON items.id = claim_items.item_id
            WHERE claim_items.claim_id = ? ORDER BY claim_items.position
            """)
        try lines.bind([.integer(id)])
        let terms = Int32(1 + Self.lineColumns.count)
        let item = terms + Int32(Self.ledgerColumns.count)
        var items: [ClaimedItem] = []
        while try lines.step() {
            var line = try decodeLine(lines, offset: 1, itemID: lines.optionalInt64(at: 0))
            line.terms = try decodeTerms(lines, offset: terms)
            if !lines.isNull(at: item) {
                line.changesSince = line.changes(to: try rows.decodeItem(lines, offset: item))
            }
            items.append(line)
        }
        var claim = Claim(
            id: id, title: row.text(at: 1),
            incidentDate: try row.optionalText(at: 2).map { try CalendarDate(parsing: $0) },
            kind: ClaimKind(rawValue: row.text(at: 3)) ?? .other, notes: row.optionalText(at: 4),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 5)),
            updatedAt: Timestamp(millisecondsSince1970: row.int64(at: 6)), items: items)
        claim.salesTax = row.optionalInt64(at: 7).flatMap {
            SalesTaxRate(partsPerMillion: Int($0))
        }
        claim.groupedCategories = try ItemColumns.tags(row.text(at: 8))
        claim.payments = try payments(claimID: id)
        return claim
    }

    // MARK: - Sales tax, grouped lines and payments (`Migrations/0019_claim_adjuster.sql`)

    /// Records the claim's sales tax and the categories its exports group.
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    public func setAdjustments(
        claimID: Int64, salesTax: SalesTaxRate?, grouped: [String], at time: Timestamp
    ) throws {
        try database.execute(
            "UPDATE claims SET tax_ppm = ?, grouped = ?, updated_at = ? WHERE id = ?",
            [
                .integer(salesTax.map { Int64($0.partsPerMillion) }),
                .text(ItemColumns.json(grouped)), .integer(time.millisecondsSince1970),
                .integer(claimID),
            ])
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(claimID) }
    }

    /// The payments of the claim, oldest first.
    public func payments(claimID: Int64) throws -> [ClaimPayment] {
        let statement = try database.cachedStatement(
            """
            SELECT id, received_on, amount, kind, memo FROM claim_payments
            WHERE claim_id = ? ORDER BY received_on, id
            """)
        try statement.bind([.integer(claimID)])
        defer { statement.reset() }
        var found: [ClaimPayment] = []
        while try statement.step() {
            found.append(
                ClaimPayment(
                    id: statement.int64(at: 0),
                    receivedOn: try CalendarDate(parsing: statement.text(at: 1)),
                    amount: try Money(minorUnits: statement.int64(at: 2), currency: rows.currency),
                    kind: ClaimPaymentKind(rawValue: statement.text(at: 3)) ?? .payment,
                    memo: statement.optionalText(at: 4)))
        }
        return found
    }

    /// Records a payment of the claim and returns its number.
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    @discardableResult
    public func insertPayment(
        claimID: Int64, receivedOn: CalendarDate, amount: Money, kind: ClaimPaymentKind,
        memo: String?, at time: Timestamp
    ) throws -> Int64 {
        try database.execute(
            """
            INSERT INTO claim_payments (claim_id, received_on, amount, kind, memo, created_at)
            SELECT id, ?, ?, ?, ?, ? FROM claims WHERE id = ?
            """,
            [
                .text(receivedOn.description), .integer(amount.minorUnits), .text(kind.rawValue),
                .text(memo), .integer(time.millisecondsSince1970), .integer(claimID),
            ])
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(claimID) }
        let id = database.lastInsertedRowID
        try database.execute(
            "UPDATE claims SET updated_at = ? WHERE id = ?",
            [.integer(time.millisecondsSince1970), .integer(claimID)])
        return id
    }

    /// Removes the payment `id` of the claim; false when the claim has no such payment.
    public func deletePayment(id: Int64, claimID: Int64, at time: Timestamp) throws -> Bool {
        try database.execute(
            "DELETE FROM claim_payments WHERE id = ? AND claim_id = ?",
            [.integer(id), .integer(claimID)])
        guard database.changedRowCount == 1 else { return false }
        try database.execute(
            "UPDATE claims SET updated_at = ? WHERE id = ?",
            [.integer(time.millisecondsSince1970), .integer(claimID)])
        return true
    }
}
