import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryExchange

/// Every JSON export imports back into an empty inventory as it was: items with every field
/// and their files, the settings, and claims with what their lines recorded and their ledger.
@Suite struct JSONRoundTripTests {
    let folder = TemporaryFolder()

    private func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDate {
        try #require(CalendarDate(year: year, month: month, day: day))
    }

    private func pdf(_ name: String, _ text: String) -> String {
        let path = folder.file(name)
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n% \(text)\n%%EOF\n".utf8))
        return path
    }

    private func export(_ manager: InventoryManager) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try Exporter(manager: manager, format: .json).export { bytes += $0 }
        return bytes
    }

    /// A household with every field set, files, settings, and claims with ledger lines, a line
    /// whose item changed since it was claimed, and one whose item was deleted.
    private func household() throws -> InventoryManager {
        let manager = try makeManager(in: folder, name: "home.sqlite")
        var settings = try manager.settings()
        settings.title = "The Smiths' home"
        settings.receiptThreshold = usd("250")
        settings.reviewDays = 180
        settings.depreciation = ["electronics": DepreciationTerms(lifeMonths: 48)]
        settings.maximumDepreciationBasisPoints = 7_000
        settings.coverageLimit = usd("80000")
        settings.specialLimits = ["jewelry": usd("1500")]
        try manager.setSettings(settings)

        var ringDraft = ItemDraft(
            name: "Ring", description: "Gold, \"18k\"\nsecond line", price: usd("3200.50"),
            purchaseDate: try day(2020, 5, 1), isLuxury: true, isInsured: true, quantity: 1,
            location: "Bedroom / Drawer", brand: "Cartier", model: "Love", serialNumber: "-123",
            notes: "@safe\nin the box", replacementValue: usd("4000"),
            purchasedFrom: "Cartier Paris", warrantyUntil: try day(2030, 1, 1),
            hasLifetimeWarranty: true, reviewedAt: try day(2026, 1, 2), tags: ["Jewelry", "Gold"])
        ringDraft.isScheduled = true
        let ring = try manager.add(ringDraft)
        writePNG(at: folder.file("ring.png"), seed: "ring")
        try manager.attach(
            file: folder.file("ring.png"), toItem: ring.id, as: .photo, caption: "front")
        try manager.attach(
            file: pdf("invoice.pdf", "ring"), toItem: ring.id, as: .receipt, caption: "invoice")
        let tv = try manager.add(
            ItemDraft(
                name: "TV", description: "65 inch", price: usd("1100"),
                purchaseDate: try day(2021, 9, 1), isInsured: true, quantity: 2,
                location: "Living room", tags: ["Electronics"]))
        writePNG(at: folder.file("tv.png"), seed: "tv")
        try manager.attach(file: folder.file("tv.png"), toItem: tv.id, as: .photo)
        let lamp = try manager.add(
            ItemDraft(name: "Lamp", price: usd("40"), purchaseDate: try day(2024, 2, 2)))
        try manager.add(ItemDraft(name: "Chairs", quantity: 6))

        let fire = try manager.createClaim(
            ClaimDraft(
                title: "Fire", incidentDate: try day(2026, 11, 1), kind: .fire,
                notes: "Kitchen\nand living room", itemIDs: [ring.id, tv.id, lamp.id]))
        var change = ClaimLineChange()
        change.replacementCost = .some(usd("1299"))
        change.source = .some("https://shop.example/tv")
        change.pricedOn = .some(try day(2026, 11, 5))
        change.condition = .average
        try manager.editClaimLine(claimID: fire.id, line: .item(tv.id), change)
        try manager.recordReplacement(
            claimID: fire.id, line: .item(tv.id), paid: usd("2400"), on: try day(2026, 11, 10),
            receipt: pdf("new-tv.pdf", "replacement"))
        // After the loss: the TV is edited (the claim keeps it as it was), the lamp deleted.
        var patch = ItemPatch()
        patch.price = .some(usd("1500"))
        try manager.edit(id: tv.id, patch)
        try manager.delete(ids: [lamp.id], force: true)
        try manager.createClaim(ClaimDraft(title: "Water", kind: .water, itemIDs: [ring.id]))
        return manager
    }

    /// The items, each with id 0 (ids are this inventory's own), in name order.
    private func items(_ manager: InventoryManager) throws -> [HouseholdItem] {
        try manager.entireHouseholdInventory().map { item in
            HouseholdItem(
                id: 0, name: item.name, description: item.description, price: item.price,
                purchaseDate: item.purchaseDate, photo: item.photo, isLuxury: item.isLuxury,
                isInsured: item.isInsured, quantity: item.quantity, location: item.location,
                brand: item.brand, model: item.model, serialNumber: item.serialNumber,
                notes: item.notes, replacementValue: item.replacementValue,
                purchasedFrom: item.purchasedFrom, warrantyUntil: item.warrantyUntil,
                hasLifetimeWarranty: item.hasLifetimeWarranty, reviewedAt: item.reviewedAt,
                tags: item.tags, attachments: item.attachments, isScheduled: item.isScheduled,
                createdAt: item.createdAt, updatedAt: item.updatedAt, version: item.version)
        }
    }

    /// The claims, each line naming its item by name instead of id.
    private func claims(_ manager: InventoryManager) throws -> [[String]] {
        try manager.claims().map { claim in
            [
                "\(claim.id) \(claim.title) \(claim.kind) \(String(describing: claim.incidentDate))"
                    + " \(String(describing: claim.notes)) \(claim.createdAt) \(claim.updatedAt)"
            ]
                + (try claim.items.map { line in
                    let item = try line.itemID.flatMap { try manager.item(id: $0) }
                    return "\(item?.name ?? "deleted"): \(line.naming(nil))"
                })
        }
    }

    /// A document without what must differ: when and from which inventory it was exported,
    /// and the ids items have there (a claim's line names its item by its reference).
    private func comparable(_ bytes: [UInt8]) throws -> NSDictionary {
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        document["exportedAt"] = nil
        document["inventory"] = nil
        let items = try #require(document["items"] as? [[String: Any]])
        var refs: [Int: String] = [:]
        for item in items {
            refs[try #require(item["id"] as? Int)] = try #require(item["importRef"] as? String)
        }
        document["items"] = items.map { item in
            var item = item
            item["id"] = nil
            return item
        }
        document["claims"] = try #require(document["claims"] as? [[String: Any]]).map { claim in
            var claim = claim
            claim["items"] = (claim["items"] as? [[String: Any]])?.map { line in
                var line = line
                line["itemID"] = (line["itemID"] as? Int).flatMap { refs[$0] }
                return line
            }
            return claim
        }
        return document as NSDictionary
    }

    @Test func aJSONExportImportsIntoAnEmptyInventoryAsItWas() throws {
        let home = try household()
        let exported = try export(home)
        let path = folder.file("home.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(exported))

        let copy = try makeManager(in: folder, name: "copy.sqlite")
        var options = ImportOptions()
        options.files = home.photos.directory
        let report = try Importer(path: path, options: options, manager: copy).run(
            dryRun: false)
        #expect(report.added == 3 && report.claimsAdded == 2 && report.notes.isEmpty)

        #expect(try copy.settings() == home.settings())
        #expect(try items(copy) == items(home))
        #expect(try claims(copy) == claims(home))
        let tv = try #require(try copy.claim(id: 1)?.items[1])
        #expect(tv.price == usd("1100") && tv.changesSince.map(\.field) == ["price"])
        #expect(tv.terms.replacementReceipt != nil)
        let verified = try copy.verify()
        #expect(verified.isSound && verified.usedFiles == 4, "\(verified)")

        // Exported again: the same document, but for when and from where.
        #expect(try comparable(export(copy)) == comparable(exported))
    }

    @Test func withoutItsFilesAJSONExportKeepsEverythingElseAndSaysWhatIsLeftOut() throws {
        let home = try household()
        let path = folder.file("home.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(try export(home)))
        let copy = try makeManager(in: folder, name: "copy.sqlite")
        let report = try Importer(path: path, options: ImportOptions(), manager: copy).run(
            dryRun: false)
        #expect(
            report.notes == [
                "the file lists 4 stored files (photos, receipts, documents), which a JSON "
                    + "export does not hold; 4 of them are not in this inventory, and left out"
            ])
        let ring = try #require(try copy.entireHouseholdInventory().first { $0.name == "Ring" })
        #expect(ring.attachments.isEmpty && ring.photo == nil)
        #expect(try copy.verify().isSound)
        #expect(try copy.claim(id: 1)?.items[1].terms.replacementReceipt == nil)
    }

    @Test func aClaimedItemsDescriptionOfTwoLinesImportsAndAClaimIsNamedByItsNumber() throws {
        let home = try household()
        let path = folder.file("home.json")
        var text = String(decoding: try export(home), as: UTF8.self)
        let copy = try makeManager(in: folder, name: "copy.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        _ = try Importer(path: path, options: ImportOptions(), manager: copy).run(dryRun: false)
        #expect(try copy.claim(id: 1)?.items[0].description == "Gold, \"18k\"\nsecond line")

        // The second claim of the file is claim 1 of the inventory that wrote it.
        text = text.replacingOccurrences(of: "\"kind\":\"fire\"", with: "\"kind\":\"meteor\"")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let other = try makeManager(in: folder, name: "other.sqlite")
        #expect {
            try Importer(path: path, options: ImportOptions(), manager: other).run(dryRun: false)
        } throws: { error in
            "\(error)".contains("claim 1 (\"Fire\") has an unknown kind \"meteor\"")
        }
        #expect(try other.count() == 0)
    }
}
