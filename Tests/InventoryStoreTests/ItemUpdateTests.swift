import Foundation
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryStore

/// An edit writes the columns it changes: the row reads back as the edited item, whichever
/// fields changed, and what indexes the columns it leaves alone is not rewritten.
@Suite struct ItemUpdateTests {
    let folder = TemporaryFolder()
    let database: Database
    let store: InventoryDatabase
    let stored: HouseholdItem

    init() throws {
        database = try Database(
            path: folder.file("inventory.sqlite"),
            options: .init(applicationID: Database.inventoryApplicationID))
        store = try InventoryDatabase(database: database)
        let time = Timestamp(millisecondsSince1970: 1_700_000_000_000)
        var item = HouseholdItem(
            id: 0, name: "Boat", price: usd("1000"), createdAt: time, updatedAt: time)
        item.tags = ["Garden", "Summer"]
        item.attachments = [
            Attachment(id: 1, kind: .receipt, file: String(repeating: "a", count: 64) + ".pdf")
        ]
        let inserted = try store.write { [store] in try store.items.insert(item) }
        stored = try #require(try store.items.item(id: inserted.id))
        // What each kind of column's own trigger would see: a temporary trigger, on this
        // connection only, records every UPDATE that names the tag and file columns.
        try database.execute("CREATE TEMP TABLE indexed_updates (item_id INTEGER)")
        try database.execute(
            """
            CREATE TEMP TRIGGER record_indexed_update AFTER UPDATE OF tag_keys, attachments
            ON items BEGIN INSERT INTO indexed_updates VALUES (NEW.id); END
            """)
    }

    /// Stores `edit` of the stored item as an edit does: a new version, then the update.
    @discardableResult
    private func update(_ edit: (inout HouseholdItem) -> Void) throws -> HouseholdItem {
        let before = try #require(try store.items.item(id: stored.id))
        var after = before
        edit(&after)
        after.version = before.version + 1
        try store.write { try store.items.update(&after, from: before) }
        return after
    }

    private func indexedUpdates() throws -> Int {
        let statement = try database.makeStatement("SELECT count(*) FROM indexed_updates")
        _ = try statement.step()
        return Int(statement.int64(at: 0))
    }

    /// A value of `field` other than `item`'s.
    private static func otherValue(of field: ItemField, in item: HouseholdItem) throws
        -> ItemFieldValue
    {
        switch field.kind {
        case .name: .text(item.name + " renamed")
        case .text:
            if case .text(let text) = field.value(of: item) {
                .text((text ?? "") + " changed")
            } else {
                .text("changed")
            }
        case .money: .money(usd("12.34"))
        case .date: .date(try CalendarDate(parsing: "2020-02-02"))
        case .flag: .flag(field.value(of: item) != .flag(true))
        case .count: .count(7)
        case .tags: .tags(["Changed"])
        case .choice(let options):
            .text(field.value(of: item) == .text(options[0]) ? options[1] : options[0])
        }
    }

    @Test func anEditOfOneFieldReadsBackWhicheverFieldItIs() throws {
        for field in ItemField.all {
            let after = try update { item in
                field.set(try! Self.otherValue(of: field, in: item), on: &item)
            }
            #expect(try store.items.item(id: stored.id) == after, "\(field.key)")
        }
    }

    @Test func anEditThatLeavesTheTagsAndFilesAloneDoesNotRewriteTheirIndexes() throws {
        try update { $0.name = "Sailing boat" }
        try update { $0.price = usd("900") }
        #expect(try indexedUpdates() == 0)
        #expect(try store.items.fileUseCount(stored.attachments[0].file) == 1)
        #expect(try store.items.items(matching: ItemFilter(tags: ["garden"])).count == 1)
    }

    @Test func anEditOfTheTagsOrFilesRewritesTheirIndexes() throws {
        try update { $0.tags = ["Winter"] }
        #expect(try indexedUpdates() == 1)
        #expect(try store.items.items(matching: ItemFilter(tags: ["garden"])).isEmpty)
        #expect(try store.items.items(matching: ItemFilter(tags: ["winter"])).count == 1)
        try update { $0.attachments = [] }
        #expect(try indexedUpdates() == 2)
        #expect(try store.items.fileUseCount(stored.attachments[0].file) == 0)
    }

    @Test func editsOfEverNewSetsOfFieldsStillReadBackPastTheKeptStatements() throws {
        // Pairs of fields: far more sets of columns than a connection keeps statements for.
        let fields = ItemField.all.filter { $0.kind != .tags }
        var shapes = 0
        for (offset, first) in fields.enumerated() {
            for second in fields.dropFirst(offset + 1) {
                let after = try update { item in
                    first.set(try! Self.otherValue(of: first, in: item), on: &item)
                    second.set(try! Self.otherValue(of: second, in: item), on: &item)
                }
                #expect(try store.items.item(id: stored.id) == after, "\(first.key), \(second.key)")
                shapes += 1
            }
        }
        #expect(shapes > 100)
    }
}
