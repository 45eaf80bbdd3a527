import Foundation
import InventoryKit
import InventoryStore
import InventoryTestSupport
import Testing

@testable import InventoryBrowse

@Suite struct BrowseAppTests {
    let folder = TemporaryFolder()
    let manager: InventoryManager
    let app: BrowseApp

    init() throws {
        manager = try makeManager(in: folder)
        try manager.add([
            ItemDraft(name: "Wedding ring", price: usd("3200.50"), isLuxury: true, isInsured: true),
            ItemDraft(name: "Chairs", price: usd("45"), quantity: 6, location: "Dining room"),
            ItemDraft(name: "TV", price: usd("800"), isInsured: true),
        ])
        app = try BrowseApp(
            manager: manager, registry: ViewRegistry(), context: ControllerContext(name: "app"),
            width: 120, height: 24)
    }

    private func type(_ text: String) {
        for character in text { app.handle(.character(character)) }
    }

    private var screen: String { app.render().text }

    /// The names in the list, top to bottom.
    private var rows: [String] {
        let grid = app.render()
        return (3..<grid.height - 2).map { grid.text(ofRow: $0) }.filter { !$0.isEmpty }
    }

    @Test func theTabsShowEveryViewWithCountAndTotalThenAddItemAndCheck() {
        let tabs = app.render().text(ofRow: 0)
        #expect(tabs.contains("1 Entire inventory 3·4,270.50"))
        #expect(tabs.contains("2 Luxury items 1·3,200.50"))
        #expect(tabs.contains("3 Non-insured items 1·270.00"))
        #expect(tabs.hasSuffix("4 + Add item │ 5 Check"), "the check is counted once shown")
        #expect(rows.count == 3 && rows[0].contains("Chairs") && rows[2].contains("Wedding ring"))
        #expect(screen.contains("3 items · worth 4,270.50 USD"))
    }

    @Test func tabsSwitchWithTabArrowsAndDigits() {
        app.handle(.tab)
        #expect(rows.count == 1 && rows[0].contains("Wedding ring"))
        app.handle(.character("3"))
        #expect(rows.count == 1 && rows[0].contains("Chairs"))
        app.handle(.right)
        #expect(screen.contains("Add item\n  Name"))
        app.handle(.escape)
        #expect(rows.count == 3)
        app.handle(.backTab)
        #expect(screen.contains("items need something"), "the last tab is Check")
        app.handle(.backTab)
        #expect(screen.contains("Add item\n  Name"))
    }

    @Test func theCheckTabListsWhatItemsLackAndFollowsChanges() throws {
        app.handle(.character("5"))
        #expect(screen.contains("3 of 3 items need something"))
        #expect(rows.contains { $0.contains("#3") && $0.contains("TV: no photo; no receipt") })
        #expect(app.render().text(ofRow: 0).hasSuffix("5 Check 3"))
        // a change anywhere is found again when the tab is drawn next
        let tv = try #require(try manager.item(id: 3))
        var patch = ItemPatch()
        patch.price = .some(usd("100"))
        patch.purchaseDate = .some(CalendarDate(year: 2025, month: 1, day: 1))
        _ = try manager.edit(id: tv.id, patch)
        #expect(app.needsRedraw)
        #expect(rows.contains { $0.contains("TV: no photo") && !$0.contains("receipt") })
        // Enter opens the item under the cursor
        app.handle(.end)
        app.handle(.enter)
        #expect(screen.contains("#1 Wedding ring"))
        app.handle(.escape)
        app.handle(.character("1"))
        #expect(rows.count == 3)
    }

    @Test func theCursorMovesAndStaysOnItsItemWhenItMoves() throws {
        let grid = { app.render() }
        app.handle(.down)
        #expect(grid().row(4).allSatisfy { $0.style.contains(.inverse) }, "the cursor is on TV")
        app.handle(.end)
        #expect(grid().row(5).first?.style.contains(.inverse) == true)
        app.handle(.home)
        #expect(grid().row(3).first?.style.contains(.inverse) == true)
        app.handle(.down)
        var patch = ItemPatch()
        patch.name = "Aardvark lamp"  // TV moves to the top
        try manager.edit(id: 3, patch)
        #expect(grid().text(ofRow: 3).contains("Aardvark lamp"))
        #expect(grid().row(3).first?.style.contains(.inverse) == true, "the cursor followed it")
    }

    @Test func theAddFormShowsEveryProblemAtOnceAndGoesToTheFirstKeepingWhatWasTyped() throws {
        app.handle(.character("a"))
        app.handle(.down)  // Price
        type("12.345")
        app.handle(.down)  // Value
        app.handle(.down)  // Purchased
        type("2021-02-30")
        app.handle(.enter)
        // One submission: the name, the price and the date are all refused, and the cursor
        // is on the first of them, the name.
        #expect(screen.contains("Name         [_]  required"), "\(screen)")
        #expect(screen.contains("[12.345]  USD has at most 2 decimal places"))
        #expect(screen.contains("[2021-02-30]  "))
        #expect(try manager.count() == 3)
        type("Boat")
        #expect(!screen.contains("required"), "typing in a field clears its problem")
        app.handle(.down)  // Price
        app.handle(.backspace)
        app.handle(.down)
        app.handle(.down)  // Purchased
        for _ in 0..<2 { app.handle(.backspace) }
        type("28")
        app.handle(.enter)
        #expect(screen.contains("Added #4 Boat"), "\(screen)")
        let boat = try #require(try manager.item(id: 4))
        #expect(boat.price == usd("12.34") && boat.purchaseDate?.description == "2021-02-28")
        app.handle(.escape)
        app.handle(.character("3"))
        #expect(rows.contains { $0.contains("Boat") })
    }

    @Test func aLongIdTakesRoomFromTheNameNotFromTheFlagsAndThePickerShowsIds() throws {
        // The next item gets id 123456, as in a household that imported a lot.
        let raw = try Database(path: folder.file("inventory.sqlite"))
        try raw.execute("UPDATE sqlite_sequence SET seq = 123455 WHERE name = 'items'")
        raw.close()
        try manager.add(ItemDraft(name: "TV", price: usd("90"), isInsured: true))
        let wide = try BrowseApp(
            manager: manager, registry: ViewRegistry(), context: ControllerContext(name: "app"),
            width: 80, height: 24)
        let grid = wide.render()
        let row = try #require(
            (3..<grid.height).map { grid.text(ofRow: $0) }.first { $0.contains("123456") })
        #expect(row.hasSuffix("no  yes"), "\(row)")
        #expect(grid.text(ofRow: 2).hasSuffix("LUX INS"))
        // Two items called TV are told apart in the claim's picker by their ids.
        wide.handle(.character("c"))
        for _ in 0..<4 { wide.handle(.down) }  // Items
        wide.handle(.enter)
        let picker = wide.render().text
        #expect(picker.contains("#3 TV") && picker.contains("#123456 TV"), "\(picker)")
    }

    @Test func anEditChangesOnlyWhatWasTypedAndKeepsTheCursorOnTheItem() throws {
        app.handle(.down)  // TV
        app.handle(.character("e"))
        #expect(screen.contains("Edit #3 TV"))
        app.handle(.down)
        for _ in 0..<6 { app.handle(.backspace) }
        type("750")
        app.handle(.enter)
        #expect(try manager.item(id: 3)?.price == usd("750"))
        #expect(screen.contains("Saved #3 TV"))
        #expect(app.render().row(4).first?.style.contains(.inverse) == true)
    }

    @Test func anEditOfAnItemChangedMeanwhileIsShownAsAConflict() throws {
        app.handle(.down)
        app.handle(.character("e"))
        var elsewhere = ItemPatch()
        elsewhere.location = "Bedroom"
        try manager.edit(id: 3, elsewhere)
        app.handle(.down)
        for _ in 0..<6 { app.handle(.backspace) }
        type("750")
        app.handle(.enter)
        #expect(screen.contains("was changed by someone else since version 1"))
        #expect(try manager.item(id: 3)?.price == usd("800"))
        #expect(screen.contains("[750_]"), "the form stays open with the input")
    }

    @Test func theDetailGetsItsItemForwardAndAnEditSendsTheIDBackToTheList() throws {
        app.handle(.down)  // TV
        app.handle(.enter)
        guard case .detail(let detail) = app.modal else {
            Issue.record("the detail screen is not shown")
            return
        }
        #expect(detail.name == "detail" && detail.inner === app.listContext)
        #expect(detail[BrowseApp.itemIDKey] == 3)
        #expect(app.listContext[BrowseApp.editedItemIDKey] == nil)
        app.handle(.character("e"))
        app.handle(.down)
        for _ in 0..<6 { app.handle(.backspace) }
        type("1")
        app.handle(.enter)
        #expect(
            app.listContext[BrowseApp.editedItemIDKey] == 3, "set by name from the detail's chain")
        #expect(try manager.item(id: 3)?.price == usd("1"))
    }

    @Test func deleteAsksFirst() throws {
        app.handle(.character("d"))
        #expect(screen.contains("Delete #2 Chairs? (y/n)"))
        app.handle(.character("n"))
        #expect(try manager.count() == 3)
        app.handle(.character("d"))
        app.handle(.character("y"))
        #expect(try manager.count() == 2)
        #expect(screen.contains("Deleted #2 Chairs"))
    }

    @Test func deletingAClaimedItemAsksToKeepACopyInItsOwnWordsNotTheCommandLines() throws {
        try manager.createClaim(ClaimDraft(title: "Burglary", itemIDs: [2]))
        app.handle(.character("d"))
        app.handle(.character("y"))
        #expect(screen.contains("Delete #2 Chairs and keep a copy in claim 1 Burglary? (y/n)"))
        #expect(!screen.contains("--force"))
        #expect(try manager.count() == 3)
        app.handle(.character("y"))
        #expect(try manager.count() == 2)
        #expect(screen.contains("Deleted #2 Chairs; its claims keep a copy"))
        #expect(try manager.claim(id: 1)?.items.first?.itemID == nil)
    }

    @Test func insuredAndLuxuryToggleOnTheCurrentItem() throws {
        app.handle(.character("3"))  // Non-insured: Chairs
        app.handle(.character("i"))
        #expect(try manager.item(id: 2)?.isInsured == true)
        #expect(rows.isEmpty || rows[0].contains("Nothing"))
        app.handle(.character("1"))
        app.handle(.character("l"))
        #expect(try manager.item(id: 2)?.isLuxury == true)
    }

    @Test func aWriteToADamagedFileIsRefusedWithoutACommandToType() throws {
        // What `verify` (or any command that met damage) records in the file.
        let store = try InventoryDatabase(database: try Database(path: manager.databasePath))
        store.recordDamage("a page of the items' table", at: Timestamp(Date()))
        store.close()
        app.handle(.character("3"))  // Non-insured: Chairs
        app.handle(.character("i"))
        #expect(try manager.item(id: 2)?.isInsured == false)
        #expect(screen.contains("the inventory file is damaged"), "\(screen)")
        for word in ["'inventory", "inventory restore", "inventory verify", "--"] {
            #expect(!screen.contains(word), "\(screen)")
        }
    }

    @Test func aFieldsProblemGoesAwayAsSoonAsTheFieldIsCorrected() throws {
        app.handle(.character("a"))
        type("Boat")
        app.handle(.down)  // Price
        type("12.345")
        app.handle(.enter)
        #expect(screen.contains("USD has at most 2 decimal places"))
        #expect(screen.contains("[12.345_]"), "the cursor is on the field refused")
        app.handle(.backspace)
        #expect(!screen.contains("USD has at most 2 decimal places"), "corrected: no old error")
        app.handle(.up)  // Name
        for _ in 0..<4 { app.handle(.backspace) }
        app.handle(.enter)
        #expect(screen.contains("Name         [_]  required"))
        app.handle(.down)  // another field changes: the name still has its problem
        type("0")
        #expect(screen.contains("Name         []  required"))
    }

    @Test func aClaimFieldsProblemGoesAwayWhenItIsChanged() {
        let form = ClaimFormController(items: [])
        let saver = ClaimSaver(manager: manager)
        form.delegate = saver
        form.incidentDateText = "2999-01-01"
        #expect(!form.submit())
        #expect(!form.problems(for: .title).isEmpty && !form.problems(for: .incidentDate).isEmpty)
        form.incidentDateText = "2024-01-01"
        #expect(form.problems(for: .incidentDate).isEmpty)
        #expect(!form.problems(for: .title).isEmpty)
    }

    @Test func aSearchTakesTagsAfterAHash() throws {
        var patch = ItemPatch()
        patch.addedTags = ["Jewelry"]
        try manager.edit(id: 1, patch)
        app.handle(.character("/"))
        type("#jewelry")
        app.handle(.enter)
        #expect(rows.count == 1 && rows[0].contains("Wedding ring"), "\(rows)")
        app.handle(.character("/"))
        type("#jewelry tv")
        app.handle(.enter)
        #expect(rows == [" No item matches \"#jewelry tv\" here (Esc clears the search)."])
    }

    @Test func theAddFormStartsFromATemplateAndTakesTheHouseholdsOwnFields() throws {
        try manager.defineCustomField(name: "Wattage", kind: .number, minimum: 0)
        var defaults = ItemDraft(name: "", isInsured: true, tags: ["tools"])
        defaults.brand = "Bosch"
        try manager.saveTemplate(ItemTemplate(name: "Tools", defaults: defaults))
        app.handle(.character("a"))
        // the cursor starts on the name; the template's line is above it
        #expect(screen.contains("Template     [] Enter fills the form"))
        app.handle(.up)
        type("tools")
        app.handle(.enter)
        #expect(screen.contains("Started from the template Tools"))
        #expect(screen.contains("Brand        [Bosch]"))
        type("Drill")
        // the household's own field is the last line
        for _ in ItemFormField.allCases.dropFirst() { app.handle(.down) }
        app.handle(.down)
        #expect(screen.contains("Wattage      [_]"))
        type("-5")
        app.handle(.enter)
        #expect(screen.contains("the least is 0"))
        app.handle(.backspace)
        app.handle(.backspace)
        type("800")
        app.handle(.enter)
        let drill = try #require(try manager.item(id: 4))
        #expect(drill.name == "Drill" && drill.brand == "Bosch" && drill.isInsured)
        #expect(drill.tags == ["tools"] && drill.customFields == ["wattage": "800"])
    }

    @Test func theFormSavesTheInsurersFields() throws {
        app.handle(.character("a"))
        type("Drill")
        let fields = ItemFormField.allCases
        var current = 0  // Name
        func move(to field: ItemFormField) {
            let target = fields.firstIndex(of: field)!
            for _ in current..<target { app.handle(.down) }
            current = target
        }
        for (field, text) in [
            (ItemFormField.value, "120"), (.purchasedFrom, "Acme"), (.tags, "tools, Garage"),
            (.warrantyUntil, "2030-01-01"),
        ] {
            move(to: field)
            type(text)
        }
        move(to: .lifetimeWarranty)
        app.handle(.character(" "))
        move(to: .scheduled)
        #expect(screen.contains("Rider        [ ]"))
        app.handle(.character(" "))
        #expect(screen.contains("Rider        [x]"))
        app.handle(.enter)
        let drill = try #require(try manager.item(id: 4))
        #expect(drill.isScheduled)
        #expect(drill.replacementValue == usd("120") && drill.purchasedFrom == "Acme")
        #expect(drill.tags == ["Garage", "tools"])
        #expect(drill.warrantyUntil == CalendarDate(year: 2030, month: 1, day: 1))
        #expect(drill.hasLifetimeWarranty)
    }

    @Test func slashStartsANewSearchEachTime() {
        app.handle(.character("/"))
        type("wed")
        app.handle(.enter)
        app.handle(.character("/"))
        type("tv")
        app.handle(.enter)
        #expect(rows.count == 1 && rows[0].contains("TV"), "\(rows)")
        #expect(screen.contains("search \"tv\""))
    }

    @Test func slashNarrowsTheTabAndEscapeClearsIt() {
        app.handle(.character("/"))
        type("wed")
        app.handle(.enter)
        #expect(rows.count == 1 && rows[0].contains("Wedding ring"))
        #expect(screen.contains("search \"wed\""))
        app.handle(.escape)
        #expect(rows.count == 3)
    }

    @Test func enterOpensTheDetailWithHistory() throws {
        var patch = ItemPatch()
        patch.price = .some(usd("900"))
        // made by a member on the web: the detail names them
        try InventoryManager.writing(as: Author(name: "Sam")) { try manager.edit(id: 3, patch) }
        app.handle(.down)
        app.handle(.enter)
        #expect(screen.contains("#3 TV"))
        #expect(screen.contains("History"))
        #expect(screen.contains("edited: price 800.00 -> 900.00  (by Sam)"))
        app.handle(.escape)
        #expect(rows.count == 3)
    }

    @Test func aClaimIsMadeWithTheFullScreenPicker() throws {
        app.handle(.character("c"))
        type("Burglary")
        for _ in 0..<4 { app.handle(.down) }  // Items
        app.handle(.enter)
        #expect(screen.contains("Choose the lost items"))
        #expect(screen.contains("[x] #2 Chairs"), "the item under the cursor is chosen already")
        app.handle(.down)
        app.handle(.character(" "))
        app.handle(.enter)
        #expect(screen.contains("2 chosen"))
        app.handle(.up)
        app.handle(.enter)
        #expect(screen.contains("Saved claim 1 Burglary (2 items)"))
        #expect(try manager.claim(id: 1)?.items.map(\.itemID) == [2, 3])
    }

    @Test func changesFromTheManagerShowWhileATabIsShown() throws {
        app.handle(.character("2"))
        _ = app.render()
        #expect(!app.needsRedraw)
        try manager.add(ItemDraft(name: "Boat", price: usd("25000"), isLuxury: true))
        #expect(app.needsRedraw)
        #expect(rows.count == 2 && rows[0].contains("Boat"))
        #expect(app.render().text(ofRow: 0).contains("Luxury items 2"))
    }

    @Test func mMovesAnItemToAPlaceIntoABoxOrANewPlaceAndRefusesALoop() throws {
        let box = try manager.add(ItemDraft(name: "Red toolbox", location: "House / Garage"))
        #expect(rows.map { $0.contains("Red toolbox") } == [false, true, false, false])
        app.handle(.character("m"))  // on Chairs
        #expect(screen.contains("Move #2 Chairs to…"))
        type("gar")
        #expect(rows.contains { $0.contains("House / Garage") })
        app.handle(.enter)
        #expect(screen.contains("Moved #2 Chairs to House / Garage"))
        #expect(try manager.item(id: 2)?.location == "House / Garage")
        // Into an item by its number: it becomes a box.
        app.handle(.down)
        app.handle(.down)  // TV
        app.handle(.character("m"))
        type("#\(box.id)")
        app.handle(.enter)
        #expect(try manager.item(id: 3)?.location == "House / Garage / Red toolbox")
        #expect(try manager.item(id: 3)?.containerID == box.id)
        #expect(rows.contains { $0.contains("TV") && $0.contains("…/ Red toolbox") })
        // The box's detail lists what it holds; it cannot go inside the TV it holds.
        app.handle(.up)
        app.handle(.enter)
        #expect(screen.contains("Inside it (1)") && screen.contains("#3 TV"))
        app.handle(.character("m"))
        type("#3")
        app.handle(.enter)
        #expect(screen.contains("Red toolbox cannot go inside itself: Red toolbox → TV"))
        #expect(try manager.item(id: box.id)?.location == "House / Garage")
        // A place that does not exist yet is made; the box takes the TV along.
        app.handle(.escape)
        #expect(screen.contains("#\(box.id) Red toolbox\n"))
        app.handle(.character("m"))
        type("Attic")
        #expect(rows.contains { $0.contains("New place: Attic") })
        app.handle(.end)
        app.handle(.enter)
        #expect(screen.contains("Moved #\(box.id) Red toolbox to Attic"))
        #expect(try manager.item(id: 3)?.location == "Attic / Red toolbox")
        #expect(try manager.place(path: "Attic") != nil)
    }

    @Test func pNarrowsTheTabToAPlaceOrABoxLiveAndEscShowsAllAgain() throws {
        let box = try manager.add(ItemDraft(name: "Toolbox", location: "Dining room"))
        try manager.move(ids: [3], to: .container(box.id))
        app.handle(.character("p"))
        #expect(screen.contains("Show what a place or a box holds"))
        #expect(rows.contains { $0.contains("Dining room") && $0.contains("3 items · 1,070.00") })
        type("dining")
        app.handle(.enter)
        #expect(rows.count == 3)
        #expect(screen.contains("3 items · worth 1,070.00 USD · in Dining room (Esc clears)"))
        app.handle(.character("p"))
        type("toolbox")
        #expect(rows.contains { $0.contains("#4 Toolbox") && $0.contains("in Dining room") })
        app.handle(.enter)
        #expect(rows.count == 1 && rows[0].contains("TV"))
        // Live: a thing put in the box shows at once.
        try manager.move(ids: [1], to: .container(box.id))
        #expect(rows.count == 2)
        app.handle(.escape)
        #expect(rows.count == 4)
    }

    @Test func oLendsAndTakesBackXRecordsALeavingAndRLogsMaintenance() throws {
        // rows: Chairs, TV, Wedding ring; the cursor on Chairs
        app.handle(.character("o"))
        #expect(screen.contains("Lend #2 Chairs"))
        type("Sam")
        app.handle(.enter)
        type("2w")
        app.handle(.enter)
        #expect(screen.contains("Lent #2 Chairs to Sam, due back "))
        #expect(try manager.item(id: 2)?.lentTo == "Sam")
        #expect(try manager.item(id: 2)?.loanDue == manager.today().adding(days: 14))
        app.handle(.character("o"))
        #expect(screen.contains("#2 Chairs is back from Sam"))
        #expect(try manager.item(id: 2)?.lentTo == nil)

        // from the detail: record maintenance, then a refused leaving keeps what was typed
        app.handle(.enter)
        app.handle(.character("r"))
        #expect(screen.contains("Record what was done to #2 Chairs"))
        type("Glued a leg")
        app.handle(.tab)
        type("2026-11-01")
        app.handle(.down)
        type("12")
        app.handle(.enter)
        app.handle(.enter)
        // a file that is not there: refused, the prompt stays
        type(folder.file("no-such-bill.pdf"))
        app.handle(.enter)
        #expect(screen.contains("no such file"))
        #expect(try manager.maintenance(itemID: 2).entries.isEmpty)
        let bill = folder.file("glue.pdf")
        try Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8).write(
            to: URL(fileURLWithPath: bill))
        for _ in 0..<40 { app.handle(.backspace) }
        for _ in 0..<80 { app.handle(.backspace) }
        type(bill)
        app.handle(.enter)
        #expect(screen.contains("#2 Chairs: recorded Glued a leg on 2026-11-01"))
        #expect(try manager.maintenance(itemID: 2).entries.first?.file?.hasSuffix(".pdf") == true)
        #expect(screen.contains("logged Glued a leg, done 2026-11-01, 12.00"), "in its history")
        #expect(try manager.maintenance(itemID: 2).entries.map(\.what) == ["Glued a leg"])
        app.handle(.character("x"))
        type("burnt")
        for _ in 0..<4 { app.handle(.enter) }
        #expect(screen.contains("say sold, given, discarded, lost or stolen"))
        #expect(screen.contains("[burnt]"), "what was typed stays")
        #expect(try manager.item(id: 2)?.hasLeft == false)
        app.handle(.up)
        app.handle(.up)
        app.handle(.up)
        for _ in 0..<5 { app.handle(.backspace) }
        type("given")
        app.handle(.down)
        type("Jo")
        for _ in 0..<3 { app.handle(.enter) }
        #expect(try manager.item(id: 2)?.leftTo == "Jo")
        #expect(screen.contains("Left"), "back in the detail, which says it left")
        app.handle(.character("o"))
        #expect(screen.contains("left the household: x brings it back"))
        app.handle(.character("x"))
        #expect(screen.contains("#2 Chairs is back in the household"))
        #expect(try manager.item(id: 2)?.hasLeft == false)
        // Esc leaves a prompt with nothing written
        app.handle(.character("r"))
        type("Nothing")
        app.handle(.escape)
        #expect(try manager.maintenance(itemID: 2).entries.count == 1)
    }

    @Test func sSchedulesAndUListsWhatIsDueWhoseEnterOpensTheItem() throws {
        app.handle(.down)  // TV
        app.handle(.character("s"))
        #expect(screen.contains("Schedule maintenance of #3 TV"))
        type("Dust the vents")
        app.handle(.enter)
        type("often")
        for _ in 0..<3 { app.handle(.enter) }
        #expect(screen.contains("a period is months or years"), "refused, the prompt stays")
        app.handle(.up)
        app.handle(.up)
        for _ in 0..<5 { app.handle(.backspace) }
        type("6m")
        app.handle(.enter)
        type("y")
        app.handle(.enter)
        app.handle(.enter)
        #expect(screen.contains("#3 TV: Dust the vents, every 6 months from the last time"))
        let schedule = try #require(try manager.maintenance(itemID: 3).schedules.first)
        #expect(schedule.everyMonths == 6 && schedule.fromLast)

        // due today, so in the list of what is due; Enter opens the TV
        app.handle(.character("u"))
        #expect(screen.contains("Due within 30 days: "))
        #expect(screen.contains("#3 TV") && screen.contains("Dust the vents"))
        let row = try #require(
            (0..<24).map { app.render().text(ofRow: $0) }.firstIndex {
                $0.contains("Dust the vents")
            })
        for _ in 0..<(row - 3) { app.handle(.down) }
        app.handle(.enter)
        #expect(screen.contains("#3 TV\n") && screen.contains("Next due"))
        #expect(screen.contains("scheduled Dust the vents, every 6 months from the last time"))
        app.handle(.escape)
        app.handle(.character("?"))
        #expect(screen.contains("what is due (Enter opens its item)"))
        #expect(screen.contains("Press any key."), "the help fits 24 rows")
    }

    @Test func everythingFitsAt80By24AndInASCII() throws {
        let small = try BrowseApp(
            manager: manager, registry: ViewRegistry(), context: ControllerContext(name: "app"),
            width: 80, height: 24, appearance: .init(unicode: false))
        let grid = small.render()
        #expect(grid.width == 80 && grid.height == 24)
        #expect(grid.text(ofRow: 2).hasSuffix("LUX INS"))
        #expect(!grid.text.contains("─") && !grid.text.contains("│"))
        small.resize(width: 120, height: 30)
        #expect(small.render().width == 120)
    }
}
