import InventoryModel

/// How an item row is read: the columns every read of items selects (those the store keeps
/// itself, then one per field of `ItemField.all`) and their decoding into `HouseholdItem`. The
/// items table, the journal's items before and after, and the claims' current items read
/// them alike.
struct ItemRows {
    /// The currency the inventory records its amounts in.
    let currency: Currency

    /// The columns of an item row the store keeps itself (`keptColumns`), then one per field
    /// of `ItemField.all`: what every read of items selects, in this order, and `decodeItem`
    /// reads by it.
    static let columnNames = keptColumns + ItemField.all.map(\.column)
    /// The columns of an item row that are not fields: its id, photo, files, times, version,
    /// the item it is inside, and the values of the household's own fields.
    static let keptColumns = [
        "id", "photo", "attachments", "created_at", "updated_at", "version", "container_id",
        "custom",
    ]
    static let columns = columnNames.joined(separator: ", ")

    /// Reads an item from the row's columns `offset` on, in `columnNames` order: its kept
    /// columns, then each field of `ItemField.all` by its kind. The columns added later may be
    /// NULL (a journal entry written before them).
    ///
    /// - Throws: `StoreError.damaged` for a value that breaks a rule the file enforces (its
    ///   CHECK constraints, which every write passed): only damage puts one there, and it is
    ///   said as damage, never as the user's mistake.
    func decodeItem(_ row: Statement, offset: Int32 = 0) throws -> HouseholdItem {
        let id = row.int64(at: offset)
        do {
            let version = row.int64(at: offset + 5)
            guard version >= 1 else { throw Self.damage("version \(version)") }
            var item = HouseholdItem(
                id: id, name: "", photo: row.optionalText(at: offset + 1),
                attachments: try ItemColumns.attachments(row.optionalText(at: offset + 2)),
                containerID: row.optionalInt64(at: offset + 6),
                customFields: try ItemColumns.customFields(row.optionalText(at: offset + 7)),
                createdAt: Timestamp(millisecondsSince1970: row.int64(at: offset + 3)),
                updatedAt: Timestamp(millisecondsSince1970: row.int64(at: offset + 4)),
                version: Int(version))
            var column = offset + Int32(Self.keptColumns.count)
            for (slot, kind) in ItemField.layout {
                try read(slot, kind, of: &item, from: row, at: column)
                column += 1
            }
            return item
        } catch let error as InventoryError {
            throw Self.damage("\(error)")
        } catch let error as StoreError where error.isDamage {
            throw StoreError.damaged("item \(id): \(error.message)")
        }
    }

    /// Reads `field` of `item` from the row's column `column`.
    func read(
        _ field: ItemField, of item: inout HouseholdItem, from row: Statement, at column: Int32
    ) throws {
        try read(field.slot, field.kind, of: &item, from: row, at: column)
    }

    /// Reads the field of `item` in `slot` (of `kind`) from the row's column `column`.
    private func read(
        _ slot: ItemField.Slot, _ kind: ItemField.Kind,
        of item: inout HouseholdItem, from row: Statement, at column: Int32
    ) throws {
        switch kind {
        case .name:
            let name = row.text(at: column)
            guard !name.isEmpty else { throw Self.damage("an empty \(slot.rawValue)") }
            slot.setText(name, on: &item)
        case .text, .choice:
            slot.setText(row.optionalText(at: column), on: &item)
        case .money:
            slot.setMoney(
                try row.optionalInt64(at: column).map {
                    try Money(minorUnits: $0, currency: currency)
                }, on: &item)
        case .date:
            // Stored as YYYY-MM-DD, read from the column's bytes; anything else is parsed as
            // text, which names what is wrong with it.
            let date: CalendarDate? =
                switch row.withOptionalBytes(at: column, CalendarDate.init(storedBytes:)) {
                case .none: nil
                case .some(.some(let date)): date
                case .some(.none): try CalendarDate(parsing: row.text(at: column))
                }
            slot.setDate(date, on: &item)
        case .flag:
            // 0 or 1 (NULL, in a journal entry written before the field: 0).
            let value = row.int64(at: column)
            guard value == 0 || value == 1 else {
                throw Self.damage("a flag (\(slot.rawValue)) of \(value)")
            }
            slot.setFlag(value == 1, on: &item)
        case .count:
            let value = row.int64(at: column)
            guard value >= 1, value <= Int64(Int.max) else {
                throw Self.damage("\(slot.rawValue) \(value)")
            }
            slot.setCount(Int(value), on: &item)
        case .tags:
            slot.setTags(try ItemColumns.tags(row.optionalText(at: column)), on: &item)
        }
    }

    /// The error for a value read back from the file that breaks one of its rules: damage.
    static func damage(_ what: String) -> StoreError {
        .damaged("a value read back breaks a rule of the file: \(what)")
    }

    /// Runs `body`, which reads values back from the file into the model's types: one the
    /// model refuses (a negative price, a date that is no day) breaks a rule every write
    /// passed, so the file is damaged (`StoreError.damaged`).
    func readingStoredValues<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as InventoryError {
            throw Self.damage("\(error)")
        }
    }
}
