import Foundation
import InventoryMigrations
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite struct ClaimTests {
    let folder = TemporaryFolder()
    let manager: InventoryManager
    let items: [HouseholdItem]

    init() throws {
        let today = Date(timeIntervalSince1970: 1_795_341_024)  // 2026-11-22
        manager = try InventoryManager(
            path: folder.file("i.sqlite"), notificationCenter: NotificationCenter(),
            clock: { today })
        try manager.add([
            ItemDraft(name: "TV", price: usd("800"), isInsured: true, location: "Living room"),
            ItemDraft(name: "Laptop", price: usd("2000"), isLuxury: true),
            ItemDraft(name: "Ring", price: usd("3000"), isLuxury: true, isInsured: true),
            ItemDraft(name: "Chairs", price: usd("45"), quantity: 4),
        ])
        items = try manager.entireHouseholdInventory()
    }

    private func form(editing claim: Claim? = nil) -> (ClaimFormController, ClaimSaver) {
        let form = ClaimFormController(items: items, editing: claim)
        let saver = ClaimSaver(manager: manager, claimID: claim?.id)
        form.delegate = saver
        return (form, saver)
    }

    @Test func theListIsGivenTheSelectionAndReportsBackThroughItsDelegate() {
        let (form, saver) = form()
        _ = saver
        let list = form.presentProductList()
        #expect(list.selectedIDs.isEmpty)
        #expect(list.visibleItems.map(\.name) == ["Chairs", "Laptop", "Ring", "TV"])
        #expect(list.perform(line: "2,3") == .changed)
        #expect(list.perform(line: "done") == .finished)
        #expect(form.selectedItemIDs == [2, 3])
        #expect(form.presentedList == nil)

        let again = form.presentProductList()
        #expect(again.selectedIDs == [2, 3], "the selection is passed forward")
        #expect(again.perform(line: "1-4") == .changed)
        #expect(again.selectedIDs == [4, 1], "in list order: Chairs, TV")
        #expect(again.perform(line: "cancel") == .cancelled)
        #expect(form.selectedItemIDs == [2, 3], "cancel leaves the form's selection")
    }

    @Test func theLineProtocolFiltersTogglesAndHints() {
        let list = ProductListController(items: items, selectedIDs: [])
        #expect(list.perform(line: "/la") == .changed)
        #expect(list.visibleItems.map(\.name) == ["Laptop"])
        #expect(list.perform(line: "1") == .changed)
        #expect(list.selectedIDs == [2])
        #expect(list.perform(line: "2") == .hint("there is no line 2: lines 1 to 1 are shown"))
        #expect(list.perform(line: "/living") == .changed)
        #expect(list.visibleItems.map(\.name) == ["TV"])
        #expect(list.perform(line: "all") == .changed)
        #expect(list.perform(line: "/") == .changed)
        #expect(list.visibleItems.count == 4)
        #expect(list.selectedIDs == [2, 1])
        #expect(list.perform(line: "none") == .changed)
        #expect(list.selectedIDs.isEmpty)
        for bad in ["3-", "a", "5-2", "sell"] {
            guard case .hint = list.perform(line: bad) else {
                Issue.record("\(bad) should give a hint")
                continue
            }
        }
        #expect(list.selectedIDs.isEmpty)
    }

    @Test func aRefusedSubmissionKeepsEverythingTypedAndSaysWhatToFix() throws {
        let (form, saver) = form()
        _ = saver
        form.title = "   "
        form.incidentDateText = "2026-12-25"
        form.notes = "Back door forced"
        form.kind = .theft
        #expect(!form.submit())
        #expect(form.problems(for: .title).map(\.message) == ["a claim needs a title"])
        #expect(form.problems(for: .incidentDate).first?.message.contains("in the future") == true)
        #expect(form.problems(for: .items).map(\.message) == ["choose at least one item"])
        #expect(
            form.title == "   " && form.incidentDateText == "2026-12-25"
                && form.notes == "Back door forced")
        #expect(try manager.claims().isEmpty)

        form.incidentDateText = "2026-13-01"
        #expect(!form.submit())
        #expect(form.problems.map(\.field) == [.incidentDate])

        form.title = "Burglary"
        form.incidentDateText = "2026-11-20"
        let list = form.presentProductList()
        _ = list.perform(line: "2,3")
        _ = list.perform(line: "")
        #expect(form.submit())
        let claim = try #require(form.savedClaim)
        #expect(
            claim.title == "Burglary" && claim.kind == .theft && claim.notes == "Back door forced")
        #expect(claim.items.map(\.itemID) == [2, 3])
        #expect(try manager.claim(id: claim.id) == claim)
    }

    @Test func anItemDeletedBeforeSavingIsRefused() throws {
        let (form, saver) = form()
        _ = saver
        form.title = "Fire"
        let list = form.presentProductList()
        _ = list.perform(line: "1")
        _ = list.perform(line: "done")
        try manager.delete(id: 4)
        #expect(!form.submit())
        #expect(form.problems.map(\.message) == ["there is no item 4"])
    }

    @Test func totalsSplitTheValueIntoInsuredNotInsuredAndLuxury() {
        let (form, saver) = form()
        _ = saver
        let list = form.presentProductList()
        _ = list.perform(line: "all")
        _ = list.perform(line: "done")
        let totals = form.totals
        #expect(totals.itemCount == 4)
        #expect(totals.total == 598_000)  // 800 + 2000 + 3000 + 4 × 45
        #expect(totals.insured == 380_000)
        #expect(totals.notInsured == 218_000)
        #expect(totals.luxury == 500_000)
    }

    @Test func aClaimedItemIsNotDeletedUnlessForcedAndThenTheClaimKeepsACopy() throws {
        let claim = try manager.createClaim(
            ClaimDraft(title: "Burglary", kind: .theft, itemIDs: [2, 3]))
        let other = try manager.createClaim(ClaimDraft(title: "Water", kind: .water, itemIDs: [2]))
        let error = #expect(throws: InventoryError.self) { try manager.delete(ids: [1, 2]) }
        #expect(
            error?.description
                == "item 2 \"Laptop\" is in claim \(claim.id) \"Burglary\", claim \(other.id) \"Water\"; "
                + "nothing was deleted", "the library says what happened, not what to type")
        #expect(try manager.count() == 4)
        try manager.delete(ids: [2], force: true)
        let kept = try #require(try manager.claim(id: claim.id))
        #expect(kept.items.map(\.itemID) == [nil, 3])
        #expect(
            kept.items[0].name == "Laptop" && kept.items[0].price == usd("2000")
                && kept.items[0].isLuxury)
        #expect(kept.totals.total == 500_000)

        // Editing the claim keeps the copy and replaces the living items.
        let (form, saver) = form(editing: kept)
        _ = saver
        #expect(form.selectedItemIDs == [3])
        let list = form.presentProductList()
        _ = list.perform(line: "none")
        _ = list.perform(line: "done")
        #expect(form.submit(), "the kept copy counts as an item")
        #expect(try manager.claim(id: claim.id)?.items.map(\.name) == ["Laptop"])
    }

    @Test func aLineKeepsWhatItRecordedThroughEditsClaimEditsAndRefreshes() throws {
        let claim = try manager.createClaim(ClaimDraft(title: "Fire", itemIDs: [1, 2]))
        var patch = ItemPatch()
        patch.price = .some(usd("1200"))
        patch.isInsured = false
        patch.addedTags = ["Electronics"]
        try manager.edit(id: 1, patch)
        var saved = try #require(try manager.claim(id: claim.id))
        #expect(saved.items[0].price == usd("800") && saved.items[0].isInsured)
        #expect(saved.items[0].tags == [])
        #expect(saved.items[0].changesSince.map(\.field) == ["price", "insured", "tags"])
        #expect(saved.items[0].changesSince[0].description == "price 800.00 -> 1,200.00")
        #expect(saved.items[1].changesSince.isEmpty)
        // The form editing the claim shows the line as recorded too.
        let editing = ClaimFormController(manager: manager, editing: saved)
        #expect(editing.selectedItems.map(\.price) == [usd("800"), usd("2000")])

        // A claim edit that keeps the TV keeps its line as recorded; an added item is recorded
        // as it is now; the order is the draft's.
        saved = try manager.updateClaim(id: claim.id, ClaimDraft(title: "Fire", itemIDs: [3, 1]))
        #expect(saved.items.map(\.itemID) == [3, 1])
        #expect(saved.items[1].price == usd("800") && saved.items[1].changesSince.count == 3)

        let (refreshed, changes) = try manager.refreshClaimLine(
            claimID: claim.id, line: .item(1))
        #expect(changes.map(\.field) == ["price", "insured", "tags"])
        #expect(refreshed.items[1].price == usd("1200") && !refreshed.items[1].isInsured)
        #expect(refreshed.items[1].tags == ["Electronics"])
        #expect(refreshed.items[1].changesSince.isEmpty)
        let journal = try manager.claimJournal(itemID: 1)
        #expect(journal.count == 1 && journal[0].claimID == claim.id && journal[0].line == 2)
        #expect(journal[0].before.price == usd("800") && journal[0].after.price == usd("1200"))
        #expect(journal[0].changes == changes)
        #expect(try manager.claimJournal(itemID: 3).isEmpty)
        #expect(try manager.refreshClaimLine(claimID: claim.id, line: .item(1)).changes.isEmpty)
        #expect(try manager.claimJournal().count == 1, "a refresh that changes nothing is not kept")
    }

    @Test func aClaimIsRefusedWhenTheIncidentIsBeforeAnItemWasBought() throws {
        var patch = ItemPatch()
        patch.purchaseDate = .some(CalendarDate(year: 2025, month: 6, day: 1))
        try manager.edit(id: 2, patch)
        let draft = ClaimDraft(
            title: "Fire", incidentDate: CalendarDate(year: 2025, month: 1, day: 1),
            itemIDs: [1, 2])
        let error = #expect(throws: InventoryError.self) { try manager.createClaim(draft) }
        #expect(
            error?.description
                == "cannot save the claim: the incident date 2025-01-01 is before item 2 (Laptop) was bought (2025-06-01): "
                + "one of the dates is wrong")
        #expect(try manager.claims().isEmpty)
    }

    @Test func claimsAreListedAndDeletedWithoutTouchingItems() throws {
        let first = try manager.createClaim(ClaimDraft(title: "A", itemIDs: [1]))
        let second = try manager.createClaim(
            ClaimDraft(title: " B ", notes: " ", itemIDs: [1, 1, 4]))
        #expect(second.title == "B" && second.notes == nil && second.items.map(\.itemID) == [1, 4])
        #expect(try manager.claims().map(\.id) == [second.id, first.id])
        try manager.deleteClaim(id: first.id)
        #expect(throws: InventoryError.claimNotFound(first.id)) {
            try manager.deleteClaim(id: first.id)
        }
        #expect(try manager.count() == 4)
        #expect(throws: InventoryError.self) { try manager.delete(id: 4) }
        try manager.deleteClaim(id: second.id)
        #expect(try manager.delete(id: 4).name == "Chairs", "no claim lists it any more")
    }

    @Test func aDatabaseMadeBeforeClaimsUpgradesInPlace() throws {
        let path = folder.file("old.sqlite")
        do {
            let database = try Database(
                path: path, options: .init(applicationID: Database.inventoryApplicationID))
            let old = try InventoryDatabase(
                database: database,
                migrator: Migrator(migrations: Array(MigrationScripts.all.prefix(3))))
            _ = old
            // A row as that release wrote it, with its columns only.
            try database.execute(
                """
                INSERT INTO items (name, name_key, created_at, updated_at)
                VALUES ('Heirloom', 'heirloom', 1700000000000, 1700000000000)
                """)
        }
        let upgraded = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let claim = try upgraded.createClaim(ClaimDraft(title: "Flood", kind: .water, itemIDs: [1]))
        #expect(claim.items.map(\.name) == ["Heirloom"])
    }

    @Test func idListsParseOrExplainWhatIsWrong() throws {
        #expect(try parseIDList("3,5,9-12") == [3, 5, 9, 10, 11, 12])
        #expect(try parseIDList(" 2 , 2,1") == [2, 1])
        for bad in ["3-", "a", "5-2", "", "1,,2", "-1"] {
            #expect(throws: InventoryError.self, "\(bad)") { try parseIDList(bad) }
        }
        let most = Array(repeating: "1-50000", count: 2).joined(separator: ",")
        #expect(try IDList.numbers(in: most).get().count == IDList.maximumRange)
        #expect(throws: IDListError(part: most + ",1", isTooMany: true)) {
            try IDList.numbers(in: most + ",1").get()
        }
    }
}

@Suite struct PagedProductListTests {
    let folder = TemporaryFolder()

    @Test func aListOverTheInventoryPagesThroughALiveViewAndBehavesLikeAnArrayList() throws {
        let manager = try makeManager(in: folder)
        try manager.add(["Oar", "Boat", "Anchor", "Rope", "Buoy"].map { ItemDraft(name: $0) })
        let paged = try ProductListController(manager: manager, selectedIDs: [4, 99])
        let whole = ProductListController(
            items: try manager.entireHouseholdInventory(), selectedIDs: [4, 99])
        for list in [paged, whole] {
            #expect(list.totalCount == 5 && list.visibleCount == 5)
            #expect(list.visibleItems(in: 1..<3).map(\.name) == ["Boat", "Buoy"])
            #expect(list.selectedIDs == [4])
            #expect(list.perform(line: "/b") == .changed)
            #expect(list.visibleItems.map(\.name) == ["Boat", "Buoy"])
            #expect(list.perform(line: "all") == .changed)
            #expect(list.perform(line: "/") == .changed)
            #expect(list.selectedIDs == [2, 5, 4], "in list order: Boat, Buoy, Rope")
        }
        let form = ClaimFormController(manager: manager)
        form.chooseItems([3, 1])
        #expect(form.selectedItems.map(\.name) == ["Anchor", "Oar"])
        #expect(form.presentProductList().selectedIDs == [3, 1])
    }
}
