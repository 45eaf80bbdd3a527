import InventoryModel

/// Claims (`Migrations/0004_claims.sql`): every SQL statement about claims is here.
extension ItemStore {
    /// Inserts a claim with its items (ids that must exist) and returns its id.
    public func insertClaim(_ draft: ClaimDraft, at time: Timestamp) throws -> Int64 {
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
        try insertLines(claimID: id, itemIDs: draft.itemIDs, from: 0)
        return id
    }

    /// Inserts a claim read from an export as it was: its times, and each line as it
    /// recorded it — a line of a living item (which must exist) with the value and receipt it
    /// recorded, a copy of a deleted item with every field.
    ///
    /// - Returns: its id.
    public func insertClaim(
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
            """
            INSERT INTO claim_items (claim_id, position, item_id, name, description, brand, model,
                serial, price, purchase_date, location, quantity, luxury, insured, value,
                has_receipt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, item) in lines.enumerated() {
            // A living item's line keeps only what the claim recorded; the rest is the item's.
            let copy = item.itemID == nil
            try line.bind([
                .integer(id), .integer(Int64(position)), .integer(item.itemID),
                .text(copy ? item.name : nil), .text(copy ? item.description : nil),
                .text(copy ? item.brand : nil), .text(copy ? item.model : nil),
                .text(copy ? item.serialNumber : nil),
                .integer(copy ? item.price?.minorUnits : nil),
                .text(copy ? item.purchaseDate?.description : nil),
                .text(copy ? item.location : nil),
                copy ? .integer(Int64(item.quantity)) : .null,
                copy ? .bool(item.isLuxury) : .null, copy ? .bool(item.isInsured) : .null,
                .integer(item.replacementValue?.minorUnits), .bool(item.hadReceipt),
            ])
            try line.run()
            if item.terms != ClaimLineTerms() {
                try setTerms(item.terms, claimID: id, position: position)
            }
        }
        return id
    }

    /// The id of the claim with this title made at this time, if there is one: how an import
    /// knows a claim it has brought before.
    public func claimID(title: String, createdAt: Timestamp) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT id FROM claims WHERE title = ? AND created_at = ?")
        try statement.bind([.text(title), .integer(createdAt.millisecondsSince1970)])
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Replaces a claim's fields and its lines for living items; lines that keep a copy of a
    /// deleted item stay, first.
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    public func updateClaim(id: Int64, _ draft: ClaimDraft, at time: Timestamp) throws {
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
        let recorded = try recordedLines(claimID: id)
        let recordedTerms = try recordedTerms(claimID: id)
        try database.execute(
            "DELETE FROM claim_items WHERE claim_id = ? AND item_id IS NOT NULL", [.integer(id)])
        // Renumber the kept copies from 0, then append the chosen items.
        try database.execute(
            """
            UPDATE claim_items SET position = -1 - (
                SELECT count(*) FROM claim_items AS earlier
                WHERE earlier.claim_id = claim_items.claim_id AND earlier.position < claim_items.position)
            WHERE claim_id = ?
            """, [.integer(id)])
        try database.execute(
            "UPDATE claim_items SET position = -1 - position WHERE claim_id = ?", [.integer(id)])
        let kept = try countLines(claimID: id)
        try insertLines(claimID: id, itemIDs: draft.itemIDs, from: kept, recorded: recorded)
        // what the household recorded on a line stays with the item's line
        for (offset, itemID) in draft.itemIDs.enumerated() {
            if let terms = recordedTerms[itemID] {
                try setTerms(terms, claimID: id, position: kept + offset)
            }
        }
    }

    /// Inserts a line per item, recording its replacement value and whether it has a receipt
    /// now, unless `recorded` holds what an earlier line of the claim recorded for it.
    private func insertLines(
        claimID: Int64, itemIDs: [Int64], from start: Int,
        recorded: [Int64: (value: Int64?, hasReceipt: Bool)] = [:]
    ) throws {
        let statement = try database.cachedStatement(
            """
            INSERT INTO claim_items (claim_id, position, item_id, value, has_receipt)
            SELECT ?1, ?2, id, CASE WHEN ?6 THEN ?4 ELSE value END,
                CASE WHEN ?6 THEN ?5 ELSE EXISTS (SELECT 1 FROM json_each(items.attachments)
                    WHERE json_extract(value, '$.kind') = 'receipt') END
            FROM items WHERE id = ?3
            """)
        for (offset, itemID) in itemIDs.enumerated() {
            // What an earlier line recorded stays, a recorded "no value" too.
            let earlier = recorded[itemID]
            try statement.bind([
                .integer(claimID), .integer(Int64(start + offset)), .integer(itemID),
                .integer(earlier?.value), .bool(earlier?.hasReceipt ?? false),
                .bool(earlier != nil),
            ])
            try statement.run()
        }
    }

    /// What the lines of living items of a claim recorded: item id to value and receipt.
    private func recordedLines(claimID: Int64) throws -> [Int64: (value: Int64?, hasReceipt: Bool)]
    {
        let statement = try database.cachedStatement(
            """
            SELECT item_id, value, has_receipt FROM claim_items
            WHERE claim_id = ? AND item_id IS NOT NULL AND has_receipt IS NOT NULL
            """)
        try statement.bind([.integer(claimID)])
        defer { statement.reset() }
        var recorded: [Int64: (Int64?, Bool)] = [:]
        while try statement.step() {
            recorded[statement.int64(at: 0)] = (
                statement.optionalInt64(at: 1), statement.bool(at: 2)
            )
        }
        return recorded
    }

    private func countLines(claimID: Int64) throws -> Int {
        let statement = try database.cachedStatement(
            "SELECT count(*) FROM claim_items WHERE claim_id = ?")
        try statement.bind([.integer(claimID)])
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// Deletes a claim and its lines (never the items).
    ///
    /// - Throws: `InventoryError.claimNotFound` when there is no such claim.
    public func deleteClaim(id: Int64) throws {
        try database.execute("DELETE FROM claims WHERE id = ?", [.integer(id)])
        guard database.changedRowCount == 1 else { throw InventoryError.claimNotFound(id) }
    }

    /// The claim with `id` and its items, or nil.
    public func claim(id: Int64) throws -> Claim? {
        let statement = try database.cachedStatement(
            """
            SELECT id, title, incident_date, kind, notes, created_at, updated_at
            FROM claims WHERE id = ?
            """)
        try statement.bind([.integer(id)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try readingStoredValues { try decodeClaim(statement) }
    }

    /// Every claim, newest first.
    public func claims() throws -> [Claim] {
        let statement = try database.cachedStatement(
            """
            SELECT id, title, incident_date, kind, notes, created_at, updated_at
            FROM claims ORDER BY id DESC
            """)
        var claims: [Claim] = []
        while try statement.step() {
            claims.append(try readingStoredValues { try decodeClaim(statement) })
        }
        return claims
    }

    /// The claims that list the item with `id`: id and title, oldest first.
    public func claims(listingItem id: Int64) throws -> [(id: Int64, title: String)] {
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

    /// Has every claim line that lists `item` keep a copy of it and let go of the reference,
    /// so the item can be deleted.
    public func keepClaimCopies(of item: HouseholdItem) throws {
        let statement = try database.cachedStatement(
            """
            UPDATE claim_items SET item_id = NULL, name = ?, description = ?, brand = ?, model = ?,
                serial = ?, price = ?, purchase_date = ?, location = ?, quantity = ?, luxury = ?,
                insured = ?,
                -- a line that recorded the value and receipt when it was made keeps them
                value = CASE WHEN has_receipt IS NULL THEN ? ELSE value END,
                has_receipt = coalesce(has_receipt, ?)
            WHERE item_id = ?
            """)
        try statement.bind([
            .text(item.name), .text(item.description), .text(item.brand), .text(item.model),
            .text(item.serialNumber), .integer(item.price?.minorUnits),
            .text(item.purchaseDate?.description), .text(item.location),
            .integer(Int64(item.quantity)), .bool(item.isLuxury), .bool(item.isInsured),
            .integer(item.replacementValue?.minorUnits), .bool(item.hasReceipt), .integer(item.id),
        ])
        try statement.run()
    }

    // MARK: - The ledger

    /// The ledger's columns of a claim line (`Migrations/0008_claim_ledger.sql`), in the order
    /// `decodeTerms` reads and `setTerms` writes them.
    static let ledgerColumns = [
        "replacement", "replacement_source", "priced_on", "condition", "category", "life_months",
        "rate_bp", "max_bp", "replaced_paid", "replaced_on", "replaced_receipt",
    ]

    private func decodeTerms(_ row: Statement, offset: Int32) throws -> ClaimLineTerms {
        func money(_ index: Int32) throws -> Money? {
            try row.optionalInt64(at: offset + index).map {
                try Money(minorUnits: $0, currency: currency)
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
            .text(terms.replacementReceipt),
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

    /// The ledger terms of the living items' lines of a claim, by item id.
    private func recordedTerms(claimID: Int64) throws -> [Int64: ClaimLineTerms] {
        let statement = try database.makeStatement(
            "SELECT item_id, \(Self.ledgerColumns.joined(separator: ", ")) FROM claim_items "
                + "WHERE claim_id = ? AND item_id IS NOT NULL")
        try statement.bind([.integer(claimID)])
        var terms: [Int64: ClaimLineTerms] = [:]
        while try statement.step() {
            terms[statement.int64(at: 0)] = try readingStoredValues {
                try decodeTerms(statement, offset: 1)
            }
        }
        return terms
    }

    private func decodeClaim(_ row: Statement) throws -> Claim {
        let id = row.int64(at: 0)
        let lines = try database.makeStatement(
            """
            SELECT claim_items.item_id, claim_items.name, claim_items.description, claim_items.brand,
                claim_items.model, claim_items.serial, claim_items.price, claim_items.purchase_date,
                claim_items.location, claim_items.quantity, claim_items.luxury, claim_items.insured,
                claim_items.value, claim_items.has_receipt,
                \(Self.ledgerColumns.map { "claim_items.\($0)" }.joined(separator: ", ")),
                \(Self.columnNames.map { "items.\($0)" }.joined(separator: ", "))
            FROM claim_items LEFT JOIN items ON items.id = claim_items.item_id
            WHERE claim_items.claim_id = ? ORDER BY claim_items.position
            """)
        try lines.bind([.integer(id)])
        var items: [ClaimedItem] = []
        func recordedValue() throws -> Money? {
            try lines.optionalInt64(at: 12).map { try Money(minorUnits: $0, currency: currency) }
        }
        while try lines.step() {
            let terms = try decodeTerms(lines, offset: 14)
            if lines.isNull(at: 0) {
                items.append(
                    ClaimedItem(
                        itemID: nil, name: lines.text(at: 1),
                        description: lines.optionalText(at: 2),
                        brand: lines.optionalText(at: 3), model: lines.optionalText(at: 4),
                        serialNumber: lines.optionalText(at: 5),
                        price: try lines.optionalInt64(at: 6).map {
                            try Money(minorUnits: $0, currency: currency)
                        },
                        purchaseDate: try lines.optionalText(at: 7).map {
                            try CalendarDate(parsing: $0)
                        },
                        location: lines.optionalText(at: 8), quantity: Int(lines.int64(at: 9)),
                        isLuxury: lines.bool(at: 10), isInsured: lines.bool(at: 11), photo: nil,
                        replacementValue: try recordedValue(), hadReceipt: lines.bool(at: 13)))
                items[items.count - 1].terms = terms
            } else {
                // The item as it is, with the value and receipt recorded when it was claimed
                // (lines made before they were recorded show the item's own).
                let item = try decodeItem(lines, offset: 14 + Int32(Self.ledgerColumns.count))
                let line = ClaimedItem(item: item)
                items.append(
                    lines.isNull(at: 13)
                        ? line
                        : ClaimedItem(
                            itemID: item.id, name: item.name, description: item.description,
                            brand: item.brand, model: item.model,
                            serialNumber: item.serialNumber, price: item.price,
                            purchaseDate: item.purchaseDate, location: item.location,
                            quantity: item.quantity, isLuxury: item.isLuxury,
                            isInsured: item.isInsured, photo: item.photo,
                            replacementValue: try recordedValue(), hadReceipt: lines.bool(at: 13)))
                items[items.count - 1].tags = item.tags
                items[items.count - 1].isScheduled = item.isScheduled
                items[items.count - 1].terms = terms
            }
        }
        return Claim(
            id: id, title: row.text(at: 1),
            incidentDate: try row.optionalText(at: 2).map { try CalendarDate(parsing: $0) },
            kind: ClaimKind(rawValue: row.text(at: 3)) ?? .other, notes: row.optionalText(at: 4),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 5)),
            updatedAt: Timestamp(millisecondsSince1970: row.int64(at: 6)), items: items)
    }
}
