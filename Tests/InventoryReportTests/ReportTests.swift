import Foundation
import InventoryKit
import InventoryReport
import InventoryTestSupport
import Testing

@testable import InventoryStore

/// A seeded generator, so a failing inventory can be made again.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct ReportTests {
    let folder = TemporaryFolder()

    /// An inventory of `count` random items: rooms spelt in two cases and none, tags, worth
    /// from a price, a value, both or neither, quantities, insured and luxury at random.
    private func randomInventory(count: Int, seed: UInt64) throws -> InventoryManager {
        var random = SeededGenerator(state: seed)
        let manager = try makeManager(in: folder)
        let rooms: [String?] = ["Kitchen", "kitchen", "Living room", "Garage", "Attic", nil, ""]
        let tags = ["electronics", "Jewelry", "jewelry", "tools", "art", "furniture"]
        var drafts: [ItemDraft] = []
        for index in 0..<count {
            func money() throws -> Money? {
                Bool.random(using: &random)
                    ? try Money(
                        minorUnits: Int64.random(in: 0...5_000_000, using: &random), currency: .usd)
                    : nil
            }
            let location = rooms.randomElement(using: &random)!
            drafts.append(
                ItemDraft(
                    name: "Item \(index)", price: try money(),
                    isLuxury: Bool.random(using: &random), isInsured: Bool.random(using: &random),
                    quantity: Int.random(in: 1...4, using: &random),
                    location: location?.isEmpty == true ? nil : location,
                    replacementValue: try money(),
                    tags: Array(
                        Set(
                            (0..<Int.random(in: 0...2, using: &random)).map { _ in
                                tags.randomElement(using: &random)!.lowercased()
                            }))))
        }
        _ = try manager.add(drafts)
        return manager
    }

    private func query(_ manager: InventoryManager, _ sql: String) throws -> [[DatabaseValue]] {
        let database = try Database(
            path: manager.databasePath, options: .init(createIfMissing: false))
        let statement = try database.makeStatement(sql)
        var rows: [[DatabaseValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    private func integer(_ value: DatabaseValue) -> Int128 {
        if case .integer(let number) = value { return Int128(number) }
        return 0
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theTotalsAreWhatAQueryOfTheFileSays(seed: UInt64) throws {
        let manager = try randomInventory(count: 400, seed: seed)
        let totals = ReportTotals(try manager.items(matching: ItemFilter()).map(ReportLine.init))
        let worth = "coalesce(value, price) * quantity"
        let overall = try query(
            manager,
            """
            SELECT count(*), sum(quantity), coalesce(sum(CASE WHEN insured THEN \(worth) END), 0),
                coalesce(sum(CASE WHEN NOT insured THEN \(worth) END), 0),
                sum(luxury), coalesce(sum(CASE WHEN luxury THEN \(worth) END), 0),
                sum(photo IS NULL), sum(coalesce(value, price) IS NULL)
            FROM items
            """)[0].map(integer)
        #expect(Int128(totals.lineCount) == overall[0] && Int128(totals.quantity) == overall[1])
        #expect(totals.worth.insured == overall[2] && totals.worth.notInsured == overall[3])
        #expect(Int128(totals.luxuryCount) == overall[4] && totals.luxuryWorth == overall[5])
        #expect(Int128(totals.withoutPhoto) == overall[6])
        #expect(Int128(totals.withoutWorth) == overall[7])
        #expect(totals.withoutReceipt == totals.lineCount, "no item has a receipt")

        let rooms = try query(
            manager,
            """
            SELECT lower(coalesce(location, '')) AS room, count(*),
                coalesce(sum(CASE WHEN insured THEN \(worth) END), 0),
                coalesce(sum(CASE WHEN NOT insured THEN \(worth) END), 0)
            FROM items GROUP BY room ORDER BY room = '', room
            """)
        #expect(totals.rooms.count == rooms.count)
        for (room, row) in zip(totals.rooms, rooms) {
            guard case .text(let name) = row[0] else { Issue.record("no room name"); continue }
            #expect((room.name?.lowercased() ?? "") == name)
            #expect(Int128(room.lines.count) == integer(row[1]))
            #expect(
                room.worth.insured == integer(row[2]) && room.worth.notInsured == integer(row[3]))
            let keys = room.lines.map { ($0.name.lowercased(), $0.id ?? 0) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "by name, then id")
        }

        let tags = try query(
            manager,
            """
            SELECT t.tag_key, coalesce(sum(CASE WHEN insured THEN \(worth) END), 0),
                coalesce(sum(CASE WHEN NOT insured THEN \(worth) END), 0)
            FROM item_tags t JOIN items i ON i.id = t.item_id GROUP BY t.tag_key
            """)
        #expect(totals.tags.count == tags.count)
        for row in tags {
            guard case .text(let key) = row[0] else { continue }
            let tag = try #require(totals.tags.first { $0.tag.lowercased() == key })
            #expect(tag.worth.insured == integer(row[1]) && tag.worth.notInsured == integer(row[2]))
        }
        #expect(totals.tags.map(\.worth.total) == totals.tags.map(\.worth.total).sorted(by: >))
    }

    @Test func roomsAreInOrderWithTheUnplacedLastAndTheirItemsByName() throws {
        // Items as a file of another program could hold them: the inventory itself spells
        // one place one way.
        let items = [("b", "kitchen"), ("A", "Kitchen"), ("z", nil), ("c", "Attic")].enumerated()
            .map { index, item in
                HouseholdItem(
                    id: Int64(index + 1), name: item.0, price: usd("1"), location: item.1,
                    createdAt: Timestamp(millisecondsSince1970: 0),
                    updatedAt: Timestamp(millisecondsSince1970: 0))
            }.sorted { $0.nameSortKey < $1.nameSortKey }
        let totals = ReportTotals(items.map(ReportLine.init))
        #expect(
            totals.rooms.map(\.name) == ["Attic", "Kitchen", nil], "as the first line spells it")
        #expect(totals.rooms[1].lines.map(\.name) == ["A", "b"])
    }

    // MARK: - Escaping

    static let hostileNames = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "Tom & Jerry &amp; co",
        "it's </style><style>body{display:none}",
    ]

    @Test func everyTextIsShownAsTyped() throws {
        let manager = try makeManager(in: folder)
        for name in Self.hostileNames {
            let item = try manager.add(
                ItemDraft(
                    name: name, description: name, location: name, brand: name, serialNumber: name,
                    tags: ["<b>bold</b>"]))
            writePNG(at: folder.file("receipt.png"), seed: name)
            _ = try manager.attach(
                file: folder.file("receipt.png"), toItem: item.id, as: .receipt, caption: name)
        }
        let title = "\"} body { display: none } </style><script>alert(3)</script>"
        let report = Report(
            title: title, subject: "<i>subject</i>", date: manager.today(), currency: .usd,
            lines: try manager.items(matching: ItemFilter()).map(ReportLine.init))
        let html = report.html(
            photo: { _ in .source("files/x\"onerror=\"alert(4).png") },
            receipt: { _ in .source("files/y\"onerror=\"alert(5).pdf") })
        #expect(!html.contains("<script"), "no script, ours or anyone's")
        #expect(!html.contains("<img src=x") && !html.contains("\"onerror"))
        #expect(
            html.contains(
                "</strong> · &lt;script&gt;alert(1)&lt;/script&gt; (#1, &lt;script&gt;alert(1)"
                    + "&lt; / script&gt;) · &lt;script&gt;alert(1)&lt;/script&gt;</figcaption>"),
            "a receipt's item, room and caption are shown as typed (the room as a path: '/' separates places)"
        )
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Tom &amp; Jerry &amp;amp; co"), "an entity typed is shown as typed")
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt;"))
        #expect(html.contains("alt=\"Photo of &quot;&gt;&lt;img src=x onerror=alert(2)&gt;\""))
        // the title in the printed pages' margins is a CSS string that cannot end the style
        #expect(html.components(separatedBy: "</style>").count == 2)
        #expect(html.components(separatedBy: "<style>").count == 2)
    }

    // MARK: - Warranty, riders, receipts

    @Test func aWarrantyThatEndedBeforeTheReportsDateSaysExpiredAndARiderIsMarked() throws {
        let manager = try makeManager(in: folder)
        let day = try #require(CalendarDate(year: 2026, month: 6, day: 1))
        for (name, until, lifetime, scheduled) in [
            ("Ended", CalendarDate(year: 2026, month: 5, day: 31), false, true),
            ("Last day", day, false, false), ("Forever", nil, true, false),
        ] {
            var draft = ItemDraft(
                name: name, price: usd("10"), isInsured: true, warrantyUntil: until,
                hasLifetimeWarranty: lifetime)
            draft.isScheduled = scheduled
            _ = try manager.add(draft)
        }
        let report = Report(
            title: "Home", subject: "Every item", date: day, currency: .usd,
            lines: try manager.items(matching: ItemFilter()).map(ReportLine.init))
        let html = report.html(photo: { _ in .none }, receipt: { _ in .none })
        #expect(
            html.contains(
                "<div class=\"no\">warranty <span class=\"phrase\">expired 2026-05-31</span></div>")
        )
        #expect(html.contains("<div>warranty <span class=\"phrase\">until 2026-06-01</span></div>"))
        #expect(html.contains("lifetime warranty"))
        #expect(
            html.components(separatedBy: "<div class=\"rider phrase\">on a rider</div>").count == 2)
        #expect(report.totals.scheduledCount == 1 && report.totals.scheduledWorth == 1_000)
    }

    @Test func receiptsAreNumberedInTheReportsOrderAndShownAfterTheTotal() throws {
        let manager = try makeManager(in: folder)
        let pdf = folder.file("invoice.pdf")
        _ = FileManager.default.createFile(
            atPath: pdf, contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8))
        writePNG(at: folder.file("till.png"), seed: "till")
        // Added in another order than the report's (by room, then name).
        let vase = try manager.add(ItemDraft(name: "Vase", location: "Attic"))
        let bike = try manager.add(ItemDraft(name: "Bike", location: "Garage"))
        let lamp = try manager.add(ItemDraft(name: "Lamp", location: "Attic"))
        _ = try manager.attach(file: pdf, toItem: bike.id, as: .receipt, caption: "Invoice")
        _ = try manager.attach(file: folder.file("till.png"), toItem: vase.id, as: .receipt)
        _ = try manager.attach(file: pdf, toItem: lamp.id, as: .receipt)
        _ = try manager.attach(file: folder.file("till.png"), toItem: lamp.id, as: .photo)
        let report = Report(
            title: "Home", subject: "Every item", date: manager.today(), currency: .usd,
            lines: try manager.items(matching: ItemFilter()).map(ReportLine.init))
        var asked: [String] = []
        let html = report.html(
            photo: { _ in .none },
            receipt: { receipt in
                asked.append(receipt.file)
                return receipt.file.hasSuffix(".pdf") && asked.count == 1
                    ? .missing : .source("files/\(receipt.file)")
            })
        let pdfName = try #require(try manager.item(id: bike.id)?.attachments.first?.file)
        let pngName = try #require(try manager.item(id: vase.id)?.attachments.first?.file)
        #expect(asked == [pdfName, pngName, pdfName], "Attic: Lamp, Vase; then Garage: Bike")
        // R1 (the lamp's PDF) is missing; R2, the vase's picture, is shown; R3 is linked.
        #expect(html.contains("<span class=\"missing\">R1 missing</span>"))
        #expect(html.contains("receipt <a href=\"#receipt-2\">R2</a>"))
        let appendix = try #require(html.range(of: "<h2>Receipts</h2>"))
        #expect(html.range(of: "Grand total")!.lowerBound < appendix.lowerBound)
        let after = html[appendix.upperBound...]
        #expect(after.contains("<img src=\"files/\(pngName)\" alt=\"Receipt R2: Vase\""))
        #expect(after.contains("<a href=\"files/\(pdfName)\">open \(pdfName)</a>"))
        #expect(after.contains("R3</strong> · Bike (#\(bike.id), Garage) · Invoice"))
        #expect(after.contains("Its file is missing"))
        // A line without any receipt says so in its row.
        let none = Report(
            title: "Home", subject: "x", date: manager.today(), currency: .usd,
            lines: [ReportLine(try manager.add(ItemDraft(name: "Rug")))])
        let plain = none.html(photo: { _ in .none }, receipt: { _ in .none })
        #expect(plain.contains("<div class=\"no phrase\">no receipt</div>"))
        #expect(!plain.contains("<h2>Receipts</h2>"))
    }

    // MARK: - Writing

    private func inventoryWithPhotos() throws -> (InventoryManager, [HouseholdItem]) {
        let manager = try makeManager(in: folder)
        var items: [HouseholdItem] = []
        for name in ["Lamp", "Chair", "Desk"] {
            let picture = folder.file("\(name).png")
            writePNG(at: picture, seed: name)
            items.append(
                try manager.add(ItemDraft(name: name, price: usd("10"), photoFile: picture)))
        }
        items.append(try manager.add(ItemDraft(name: "Rug", price: usd("5"))))
        return (manager, items)
    }

    private func report(of manager: InventoryManager) throws -> Report {
        Report(
            title: "Home", subject: "Every item", date: manager.today(), currency: .usd,
            lines: try manager.items(matching: ItemFilter()).map(ReportLine.init))
    }

    @Test func aFolderHoldsThePageAndItsPhotosHardLinkedAndPrivate() throws {
        let (manager, items) = try inventoryWithPhotos()
        let output = folder.file("report")
        let written = try ReportWriter(manager: manager).writeFolder(
            try report(of: manager), to: output, replacing: false)
        #expect(written.photos == 3 && written.missingPhotos == 0)
        #expect(written.page == output + "/report.html")
        #expect(permissions(output) == 0o700 && permissions(written.page) == 0o600)
        let html = try String(contentsOfFile: written.page, encoding: .utf8)
        for item in items.prefix(3) {
            let name = try #require(item.photo)
            let copy = output + "/files/" + name
            #expect(html.contains("src=\"files/\(name)\""))
            var stored = stat()
            var linked = stat()
            #expect(stat(manager.photos.path(of: name), &stored) == 0 && stat(copy, &linked) == 0)
            #expect(stored.st_ino == linked.st_ino, "a hard link, not a copy")
        }
        #expect(html.contains("no photo"), "the rug has none")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".report")
            }.isEmpty)
    }

    @Test func aMissingPhotoIsMarkedAndTheRestIsWritten() throws {
        let (manager, items) = try inventoryWithPhotos()
        let lost = try #require(items[0].photo)
        try FileManager.default.removeItem(atPath: manager.photos.path(of: lost))
        let written = try ReportWriter(manager: manager).writeFolder(
            try report(of: manager), to: folder.file("report"), replacing: false)
        #expect(written.photos == 2 && written.missingPhotos == 1)
        let html = try String(contentsOfFile: written.page, encoding: .utf8)
        #expect(html.contains("photo missing") && !html.contains(lost))
        let single = ReportWriter(manager: manager).singleFile(try report(of: manager), page: "x")
        #expect(single.written.photos == 2 && single.written.missingPhotos == 1)
    }

    @Test func aSingleFileCarriesItsPhotosInside() throws {
        let (manager, items) = try inventoryWithPhotos()
        let made = ReportWriter(manager: manager).singleFile(
            try report(of: manager), page: "r.html")
        #expect(made.written.photos == 3)
        #expect(!made.html.contains("files/"))
        for item in items.prefix(3) {
            let bytes = try Data(
                contentsOf: URL(fileURLWithPath: manager.photos.path(of: item.photo!)))
            #expect(
                made.html.contains("src=\"data:image/png;base64,\(bytes.base64EncodedString())\""))
        }
    }

    @Test func anExistingFolderIsReplacedOnlyWhenAskedAndOnlyIfItIsAReport() throws {
        let (manager, _) = try inventoryWithPhotos()
        let writer = ReportWriter(manager: manager)
        let output = folder.file("report")
        try writer.writeFolder(try report(of: manager), to: output, replacing: false)
        #expect(throws: InventoryError.self) {
            try writer.writeFolder(try report(of: manager), to: output, replacing: false)
        }
        _ = try manager.add(ItemDraft(name: "Vase", price: usd("7")))
        try writer.writeFolder(try report(of: manager), to: output, replacing: true)
        #expect(
            try String(contentsOfFile: output + "/report.html", encoding: .utf8).contains("Vase"))

        // a folder of the user's is never replaced, even with --force
        let mine = folder.file("mine")
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: mine + "/thesis.txt", contents: Data("keep".utf8))
        #expect(throws: InventoryError.self) {
            try writer.writeFolder(try report(of: manager), to: mine, replacing: true)
        }
        #expect(FileManager.default.contents(atPath: mine + "/thesis.txt") == Data("keep".utf8))
        // nor the inventory's own folder, nor one holding the inventory
        for own in [manager.photos.directory, folder.path] {
            #expect(throws: InventoryError.self) {
                try writer.writeFolder(try report(of: manager), to: own, replacing: true)
            }
        }
        #expect(try manager.count() == 5)
    }
}

@Suite struct ReportFolderReplacementTests {
    let folder = TemporaryFolder()

    @Test func aFolderWithTheUsersFilesUnderFilesIsNeverReplaced() throws {
        let manager = try makeManager(in: folder)
        _ = try manager.add(ItemDraft(name: "Lamp", price: usd("5")))
        let report = Report(
            title: "Home", subject: "Every item", date: manager.today(), currency: .usd,
            lines: try manager.items(matching: ItemFilter()).map(ReportLine.init))
        let mine = folder.file("mydocs")
        try FileManager.default.createDirectory(
            atPath: mine + "/files", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: mine + "/report.html", contents: Data())
        _ = FileManager.default.createFile(
            atPath: mine + "/files/taxes-2024.pdf", contents: Data("keep".utf8))
        #expect(throws: InventoryError.self) {
            try ReportWriter(manager: manager).writeFolder(report, to: mine, replacing: true)
        }
        #expect(
            FileManager.default.contents(atPath: mine + "/files/taxes-2024.pdf")
                == Data("keep".utf8))
    }

    @Test func aLinkedPhotoIsReadOnlySoTheReportCannotChangeTheStoredFile() throws {
        let manager = try makeManager(in: folder)
        let picture = folder.file("p.png")
        writePNG(at: picture, seed: "p")
        let item = try manager.add(ItemDraft(name: "Lamp", photoFile: picture))
        let report = Report(
            title: "Home", subject: "Every item", date: manager.today(), currency: .usd,
            lines: [ReportLine(item)])
        try ReportWriter(manager: manager).writeFolder(
            report, to: folder.file("r"), replacing: false)
        #expect(permissions(folder.file("r/files/" + item.photo!)) == 0o400)
        #expect(try manager.verify().isSound)
    }
}
