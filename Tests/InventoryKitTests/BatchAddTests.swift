import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryStore

/// A batch of added items writes the journal, the search index and the tag and file indexes
/// set-based, with the add triggers aside (migration 0011); one item at a time goes through the
/// triggers. Both must leave the same inventory.
@Suite struct BatchAddTests {
    let folder = TemporaryFolder()

    private func drafts() -> [ItemDraft] {
        (0..<120).map { index in
            var draft = ItemDraft(
                name: "Item \(index) \(["sofa", "camera", "ring"][index % 3])",
                description: index % 2 == 0 ? "bought in Lyon" : nil,
                price: index % 5 == 0 ? nil : usd("\(index * 3)"),
                isLuxury: index % 4 == 0, brand: index % 3 == 0 ? "Acme" : nil,
                tags: index % 2 == 0 ? ["Tools", "garage"] : [])
            if index % 10 == 0 {
                let photo = folder.file("photo-\(index % 20).png")
                writePNG(at: photo, seed: "photo-\(index % 20)")
                draft.photoFile = photo
            }
            return draft
        }
    }

    /// The inventory's content as text: items, journal (without write ids and times), search
    /// answers, tags and files.
    private func content(_ manager: InventoryManager) throws -> [String] {
        let items = try manager.entireHouseholdInventory().map { item in
            "\(item.id) \(item.name) \(item.tags) \(item.photo ?? "-")"
        }
        let journal = try manager.history().reversed().map { entry in
            let item = entry.change.item
            return "\(entry.sequence) \(entry.change.kind) \(item.id) \(item.name) "
                + "\(item.description ?? "-") \(item.price?.description ?? "-") \(item.isLuxury) "
                + "\(item.brand ?? "-") \(item.tags) \(item.attachments.map(\.file)) v\(item.version)"
        }
        let searches = try ["camera", "lyon", "acme", "item 7"].map { (words: String) in
            "\(words): "
                + (try manager.items(matching: ItemFilter(text: words)).map(\.id).sorted())
                .description
        }
        let tags = try manager.tags().map { "\($0.tag) \($0.count)" }
        let files = try manager.entireHouseholdInventory().compactMap(\.photo).map {
            "\($0) used by \(try manager.itemIDs(usingFile: $0))"
        }
        return items + journal + searches + tags + files
    }

    @Test func aBatchLeavesWhatItemsAddedOneByOneLeave() throws {
        let batch = try makeManager(in: folder, name: "batch.sqlite")
        let single = try makeManager(in: folder, name: "single.sqlite")
        defer {
            batch.close()
            single.close()
        }
        try batch.add(drafts())
        for draft in drafts() { try single.add(draft) }
        let batched = try content(batch)
        #expect(batched == (try content(single)))
        #expect(batched.contains("camera: " + (1...120).filter { $0 % 3 == 2 }.description))
        #expect(batched.contains("item 7: [8, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]"))
        #expect(batched.contains("Tools 60"))
        #expect(try batch.verify().isSound)
    }

    /// An import adds within one batch until an edit comes (the edit's triggers need the
    /// adds' index rows), then opens another: the same inventory as adds and edits one by one.
    @Test func anImportWithEditsBetweenItsAddsLeavesWhatOneByOneLeaves() throws {
        let imported = try makeManager(in: folder, name: "imported.sqlite")
        let single = try makeManager(in: folder, name: "single.sqlite")
        defer {
            imported.close()
            single.close()
        }
        let drafts = drafts().map { draft in
            var draft = draft
            draft.photoFile = nil  // an import does not copy photos
            return draft
        }
        var patch = ItemPatch()
        patch.name = "Item 10 camera, repaired"
        patch.addedTags = ["Repaired"]
        patch.brand = .some("Leica")
        _ = try imported.importItems { batch in
            for (index, draft) in drafts[..<50].enumerated() {
                try batch.add(draft, importRef: "ref-\(index)")
            }
            try batch.update(id: 11, patch)
            for (index, draft) in drafts[50...].enumerated() {
                try batch.add(draft, importRef: "ref-\(50 + index)")
            }
        }
        for draft in drafts[..<50] { try single.add(draft) }
        try single.edit(id: 11, patch)
        for draft in drafts[50...] { try single.add(draft) }
        let after = try content(imported)
        #expect(after == (try content(single)))
        #expect(after.contains("Repaired 1"))
        #expect(try imported.items(matching: ItemFilter(text: "leica")).map(\.id) == [11])
        #expect(try imported.verify().isSound)
    }

    @Test func aFailedBatchLeavesTheTriggersOnAndNothingWritten() throws {
        let manager = try makeManager(in: folder)
        defer { manager.close() }
        try manager.add(ItemDraft(name: "Before"))
        var drafts = drafts()
        drafts[60].name = "   "  // refused: an item needs a name
        #expect(throws: InventoryError.self) { try manager.add(drafts) }
        #expect(try manager.count() == 1)
        #expect(try manager.history().count == 1)
        // A single add afterwards is journaled and indexed by the triggers.
        try manager.add(ItemDraft(name: "After camera", tags: ["Tools"]))
        #expect(try manager.history().count == 2)
        #expect(
            try manager.items(matching: ItemFilter(text: "camera")).map(\.name) == ["After camera"])
        #expect(try manager.tags().map(\.tag) == ["Tools"])
    }
}
