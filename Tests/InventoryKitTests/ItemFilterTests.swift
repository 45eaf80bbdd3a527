import Foundation
import InventoryMigrations
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite struct ItemFilterTests {
    let folder = TemporaryFolder()

    @Test func searchWordsAreSplitAndFoldedLikeFTS5() {
        #expect(
            SearchText("Sony  a7-III, 'Mirrorless' 📷").words == ["sony", "a7", "iii", "mirrorless"])
        #expect(SearchText("ÉCLAIR").words == ["eclair"])
        #expect(
            SearchText("Küche Ku\u{308}che ǖber İstanbul").words == [
                "kuche", "kuche", "uber", "istanbul",
            ])
        // What SQLite's table leaves alone stays: ø has no accent to take off, nor Greek.
        #expect(SearchText("Smørrebrød Ελλάδα ǡ").words == ["smørrebrød", "ελλάδα", "ǡ"])
        #expect(SearchText("!!! ...").words.isEmpty)
        #expect(SearchText("say \"hi\"").ftsQuery == "\"say\"* AND \"hi\"*")
    }

    @Test func anEarlierReleasesFileIsSearchedWithoutAccentsOnceOpened() throws {
        let path = folder.file("earlier.sqlite")
        let earlier = try Database(
            path: path, options: .init(applicationID: Database.inventoryApplicationID))
        try Migrator(migrations: MigrationScripts.all.filter { $0.number <= 12 }).migrate(earlier)
        try earlier.execute(
            """
            INSERT INTO items (name, name_key, location, created_at, updated_at)
            VALUES ('Küche chair', 'küche chair', 'Salle à manger', 0, 0)
            """)
        earlier.close()
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        func names(_ text: String) throws -> [String] {
            try manager.items(matching: ItemFilter(text: text), sortedBy: .id).map(\.name)
        }
        #expect(try names("kuche") == ["Küche chair"])
        #expect(try names("KÜCHE salle a") == ["Küche chair"])
        #expect(try names("cafe") == [])
    }

    @Test func eachConditionSelectsTheRightItems() throws {
        let manager = try makeManager(in: folder)
        let photo = folder.file("p.png")
        writePNG(at: photo, seed: "p")
        try manager.add([
            ItemDraft(
                name: "Camera", description: "Mirrorless body", price: usd("1800"),
                purchaseDate: try CalendarDate(parsing: "2023-06-01"), photoFile: photo,
                isInsured: true, location: "Study", brand: "Fujifilm", model: "X-T5"),
            ItemDraft(name: "Chair", price: usd("45"), location: "STUDY", brand: "IKEA"),
            ItemDraft(
                name: "Painting", purchaseDate: try CalendarDate(parsing: "2019-01-01"),
                isLuxury: true),
            ItemDraft(name: "Émail vase", location: "Salle à manger", notes: "from grand-mère"),
        ])
        func ids(_ filter: ItemFilter) throws -> [Int64] {
            let queried = try manager.items(matching: filter, sortedBy: .id).map(\.id)
            let tested = try manager.items(matching: .all, sortedBy: .id).filter(filter.matches)
                .map(\.id)
            #expect(queried == tested, "query and in-memory test disagree on \(filter)")
            return queried
        }
        #expect(try ids(ItemFilter(hasPhoto: true)) == [1])
        #expect(try ids(ItemFilter(hasPhoto: false)) == [2, 3, 4])
        #expect(try ids(ItemFilter(minPrice: usd("45"))) == [1, 2])
        #expect(try ids(ItemFilter(maxPrice: usd("44.99"))) == [])
        #expect(try ids(ItemFilter(purchasedAfter: try CalendarDate(parsing: "2019-01-01"))) == [1])
        #expect(
            try ids(ItemFilter(purchasedBefore: try CalendarDate(parsing: "2023-06-01"))) == [3])
        #expect(try ids(ItemFilter(location: "study")) == [1, 2])
        #expect(try ids(ItemFilter(location: "SALLE À MANGER")) == [4])
        #expect(try ids(ItemFilter(brand: "fujiFILM")) == [1])
        #expect(try ids(ItemFilter(text: "mirror")) == [1])
        #expect(try ids(ItemFilter(text: "x-t5 fuji")) == [1])
        #expect(try ids(ItemFilter(text: "GRAND mère")) == [4])
        #expect(try ids(ItemFilter(text: "grand mere")) == [4])
        #expect(try ids(ItemFilter(text: "email")) == [4])
        #expect(try ids(ItemFilter(text: "study")) == [1, 2])
        #expect(try ids(ItemFilter(text: "...")) == [])
        #expect(try ids(ItemFilter(text: "'); DROP TABLE items;--")) == [])
        #expect(try ids(ItemFilter.luxury.narrowed(by: ItemFilter(isLuxury: false))) == [])
        #expect(
            try ids(ItemFilter(isInsured: false).narrowed(by: ItemFilter(location: "study"))) == [2]
        )
    }

    /// Random items and random filters: the SQL query and `matches(_:)` must always agree.
    @Test func whatLeftIsLeftOutUnlessAFilterInTheChainAsksForIt() throws {
        let manager = try makeManager(in: folder)
        try manager.add([
            ItemDraft(name: "Boat", price: usd("25000"), isLuxury: true),
            ItemDraft(name: "Ring", price: usd("3000"), isLuxury: true),
            ItemDraft(name: "TV", price: usd("800")),
        ])
        try manager.leave(id: 2, how: .stolen)
        try manager.lend(id: 3, to: "Sam")
        #expect(try manager.items(matching: .all).map(\.name) == ["Boat", "TV"])
        #expect(try manager.count(matching: .all) == 2)
        #expect(try manager.count() == 3)
        #expect(try manager.items(matching: .archive).map(\.name) == ["Ring"])
        #expect(try manager.items(matching: .onLoan).map(\.name) == ["TV"])
        #expect(try manager.items(matching: .luxury).map(\.name) == ["Boat"])
        // a view built on the archive keeps to the archive; narrowing it keeps that too
        let stolenLuxury = ItemFilter.archive.narrowed(by: .luxury)
        #expect(stolenLuxury.resolvedPresence == .left)
        #expect(try manager.items(matching: stolenLuxury).map(\.name) == ["Ring"])
        let fromRegistry = ViewRegistry()
        try fromRegistry.load(
            json: #"""
                {"gone-luxury": {"Type": "FilteredList", "Dependencies": {
                    "title": "@Gone", "base": "archive", "filter": {"luxury": true}}},
                 "any": {"Type": "FilteredList", "Dependencies": {
                    "title": "@Any", "filter": {"presence": "any"}}}}
                """#, source: "views.json")
        let gone = try fromRegistry.definition(named: "gone-luxury").filter
        #expect(try manager.items(matching: gone).map(\.name) == ["Ring"])
        #expect(try manager.count(matching: fromRegistry.definition(named: "any").filter) == 3)
        #expect(
            try manager.items(matching: ItemFilter(text: "ring")).isEmpty,
            "a search finds only what is here")
        #expect(try manager.tags().isEmpty)
    }

    @Test func queryAndInMemoryTestAgreeOnRandomFilters() throws {
        let seed =
            ProcessInfo.processInfo.environment["INVENTORY_TEST_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        print("queryAndInMemoryTestAgreeOnRandomFilters: seed \(seed) (INVENTORY_TEST_SEED)")
        var random = SplitMix64(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func maybe<T>(_ value: @autoclosure () -> T) -> T? {
            random.next() % 3 == 0 ? value() : nil
        }
        let words = [
            "boat", "Boat", "BOATS", "éclair", "Éclair", "chair", "chairs", "x1", "X10",
            "grand-mère", "Ångström", "tv", "TV-set", "oak", "Oak", "Küche", "kuche",
            "Ku\u{308}che", "cafe\u{301}", "Café", "ǖber", "Smørrebrød",
        ]
        func phrase() -> String {
            (0..<(1 + Int(random.next() % 3))).map { _ in pick(words) }.joined(separator: " ")
        }
        let places = ["Study", "study", "STUDY", "Salle à manger", "SALLE À MANGER", "Garage"]
        let tags = ["Jewelry", "jewelry", "électronique", "ÉLECTRONIQUE", "tools", "Kids' room"]
        let manager = try makeManager(in: folder)
        let photo = folder.file("p.png")
        writePNG(at: photo, seed: "p")
        try manager.add(
            (0..<300).map { _ in
                ItemDraft(
                    name: phrase(), description: maybe(phrase()),
                    price: maybe(usd(String(random.next() % 3_000))),
                    purchaseDate: maybe(
                        CalendarDate(
                            year: 2018 + Int(random.next() % 6), month: 1 + Int(random.next() % 12),
                            day: 1 + Int(random.next() % 28))!),
                    photoFile: random.next() % 5 == 0 ? photo : nil,
                    isLuxury: random.next() % 2 == 0, isInsured: random.next() % 2 == 0,
                    location: maybe(pick(places)),
                    brand: maybe(pick(["Oak", "OAK", "Sony", "sony", "Ångström"])),
                    model: maybe(pick(words)), serialNumber: maybe("SN-\(random.next() % 50)"),
                    notes: maybe(phrase()),
                    replacementValue: maybe(usd(String(random.next() % 3_000))),
                    tags: (0..<Int(random.next() % 3)).map { _ in pick(tags) })
            })
        // some lent, some gone, some lent and then gone
        for id in Int64(1)...300 {
            switch random.next() % 6 {
            case 0: try manager.lend(id: id, to: pick(["Sam", "Jo"]))
            case 1: try manager.leave(id: id, how: pick(Departure.allCases))
            case 2:
                try manager.lend(id: id, to: "Sam")
                try manager.leave(id: id, how: .sold, for: usd("10"))
            default: break
            }
        }
        let everything = try manager.items(matching: .everything, sortedBy: .id)
        #expect(everything.count == 300)
        for round in 0..<300 {
            func randomFilter() -> ItemFilter {
                ItemFilter(
                    isLuxury: maybe(random.next() % 2 == 0),
                    isInsured: maybe(random.next() % 2 == 0),
                    hasPhoto: maybe(random.next() % 2 == 0),
                    minPrice: maybe(usd(String(random.next() % 3_000))),
                    maxPrice: maybe(usd(String(random.next() % 3_000))),
                    minWorth: maybe(usd(String(random.next() % 3_000))),
                    maxWorth: maybe(usd(String(random.next() % 3_000))),
                    tags: random.next() % 3 == 0 ? [pick(tags)] : [],
                    purchasedAfter: maybe(
                        CalendarDate(year: 2018 + Int(random.next() % 6), month: 6, day: 15)!),
                    purchasedBefore: maybe(
                        CalendarDate(year: 2018 + Int(random.next() % 6), month: 6, day: 15)!),
                    location: maybe(pick(places)),
                    brand: maybe(pick(["oak", "SONY", "ångström", "Nikon"])),
                    text: maybe(String(pick(words).prefix(1 + Int(random.next() % 4)))),
                    isOnLoan: maybe(random.next() % 2 == 0),
                    presence: maybe(pick(ItemFilter.Presence.allCases)))
            }
            var filter = randomFilter()
            if random.next() % 4 == 0 { filter = randomFilter().narrowed(by: filter) }
            let sort = pick(ItemSort.allCases)
            let queried = try manager.items(matching: filter, sortedBy: sort).map(\.id)
            let tested = everything.filter(filter.matches)
                .sorted { SortKey($0, sort: sort) < SortKey($1, sort: sort) }.map(\.id)
            try #require(
                queried == tested, "seed \(seed), round \(round): \(filter) by \(sort.rawValue)")
            #expect(try manager.count(matching: filter) == tested.count)
        }
    }
}
