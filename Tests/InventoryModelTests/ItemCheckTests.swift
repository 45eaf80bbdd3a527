import InventoryModel
import Testing

/// Every rule of `inventory check`, on both sides of its threshold, against hand-made items.
@Suite struct ItemCheckTests {
    let today = CalendarDate(year: 2026, month: 6, day: 15)!
    let check: ItemCheck

    init() throws {
        check = ItemCheck(
            settings: InventorySettings(
                receiptThreshold: try Money(minorUnits: 50_000, currency: .usd), reviewDays: 365),
            today: CalendarDate(year: 2026, month: 6, day: 15)!)
    }

    /// An item that passes every rule; each test takes one thing away.
    func complete() throws -> HouseholdItem {
        HouseholdItem(
            id: 1, name: "Camera", price: try Money(minorUnits: 120_000, currency: .usd),
            purchaseDate: CalendarDate(year: 2025, month: 1, day: 2), photo: "a.jpg",
            isLuxury: true, isInsured: true, brand: "Fuji", serialNumber: "X100-1",
            reviewedAt: CalendarDate(year: 2026, month: 1, day: 1), tags: ["Electronics"],
            attachments: [
                Attachment(id: 1, kind: .photo, file: "a.jpg"),
                Attachment(id: 2, kind: .receipt, file: "b.pdf"),
            ],
            createdAt: Timestamp(millisecondsSince1970: 1_735_776_000_000),
            updatedAt: Timestamp(millisecondsSince1970: 1_735_776_000_000))
    }

    func rules(_ item: HouseholdItem) -> [ItemCheck.Rule] { check.findings(for: item).map(\.rule) }

    @Test func aCompleteItemNeedsNothing() throws {
        #expect(rules(try complete()).isEmpty)
    }

    @Test func aFieldOfTheHouseholdsOwnRequiredForATagIsAskedOfItemsWithIt() throws {
        let withFields = ItemCheck(
            settings: check.settings, today: today,
            ownFields: [
                CustomField(id: 1, name: "Wattage", kind: .number, requiredForTag: "electronics"),
                CustomField(id: 2, name: "Fuel", kind: .text, requiredForTag: "vehicles"),
                CustomField(id: 3, name: "Colour", kind: .text),
            ])
        var item = try complete()
        #expect(
            withFields.findings(for: item) == [
                .init(
                    rule: .ownField, message: "no Wattage (required for items tagged electronics)")
            ])
        item.customFields["wattage"] = "1500"
        #expect(withFields.findings(for: item).isEmpty)
        item.customFields["wattage"] = "  "
        #expect(withFields.findings(for: item).map(\.rule) == [.ownField])
        #expect(rules(item).isEmpty, "a check that knows no such field asks nothing")
    }

    @Test func aPhotoIsAlwaysAskedFor() throws {
        var item = try complete()
        item.photo = nil
        #expect(check.findings(for: item) == [.init(rule: .photo, message: "no photo")])
    }

    @Test func aReceiptIsAskedForAboveTheThresholdCountingTheQuantity() throws {
        var item = try complete()
        item.attachments.removeAll { $0.kind == .receipt }
        #expect(
            check.findings(for: item) == [
                .init(rule: .receipt, message: "no receipt (worth 1,200.00, more than 500.00)")
            ])
        item.price = try Money(minorUnits: 50_000, currency: .usd)  // at the threshold: fine
        #expect(rules(item).isEmpty)
        item.quantity = 2  // 1,000.00 in all
        #expect(rules(item) == [.receipt])
        item.replacementValue = try Money(minorUnits: 100, currency: .usd)  // worth is the value
        #expect(rules(item).isEmpty)
    }

    @Test func aSerialIsAskedOfElectronicsOnlyNotOfASofaOrARingWithABrand() throws {
        var item = try complete()
        item.serialNumber = "  "
        #expect(
            check.findings(for: item) == [
                .init(rule: .serial, message: "no serial number (tagged electronics)")
            ])
        item.tags = ["Electronics"]
        #expect(rules(item) == [.serial])
        item.model = "Söderhamn"
        item.tags = ["furniture"]  // a sofa with a brand and a model

        #expect(rules(item).isEmpty)
        item.tags = ["jewelry"]
        #expect(rules(item).isEmpty)
    }

    @Test func aWorthAndAPurchaseDateAreAskedFor() throws {
        var item = try complete()
        item.price = nil
        item.purchaseDate = nil
        #expect(rules(item) == [.worth, .purchaseDate])
        item.replacementValue = try Money(minorUnits: 10, currency: .usd)
        #expect(rules(item) == [.purchaseDate])
    }

    @Test func aReviewIsAskedForAfterTheIntervalCountingFromTheAddingDay() throws {
        var item = try complete()
        item.reviewedAt = CalendarDate(year: 2025, month: 6, day: 15)  // 365 days ago: fine
        #expect(rules(item).isEmpty)
        item.reviewedAt = CalendarDate(year: 2025, month: 6, day: 14)
        #expect(
            check.findings(for: item) == [
                .init(rule: .review, message: "not reviewed since 2025-06-14")
            ])
        item.reviewedAt = nil  // added 2025-01-02, never reviewed
        #expect(
            check.findings(for: item) == [
                .init(rule: .review, message: "never reviewed (added 2025-01-02)")
            ])
    }

    @Test func aLuxuryItemIsAskedToBeInsured() throws {
        var item = try complete()
        item.isInsured = false
        #expect(rules(item) == [.insurance])
        item.isLuxury = false
        #expect(rules(item).isEmpty)
    }

    @Test func aLuxuryItemOverItsCategorysSubLimitIsAskedForARider() throws {
        var settings = check.settings
        settings.specialLimits = ["jewelry": try Money(minorUnits: 150_000, currency: .usd)]
        let withLimits = ItemCheck(settings: settings, today: today)
        var ring = try complete()
        ring.tags = ["Jewelry"]
        ring.price = try Money(minorUnits: 320_050, currency: .usd)
        #expect(
            withLimits.findings(for: ring) == [
                .init(
                    rule: .rider,
                    message:
                        "not on a rider (worth 3,200.50, over the jewelry sub-limit of 1,500.00)")
            ])
        ring.isScheduled = true
        #expect(withLimits.findings(for: ring).isEmpty)
        ring.isScheduled = false
        ring.price = try Money(minorUnits: 150_000, currency: .usd)  // at the limit: fine
        #expect(withLimits.findings(for: ring).isEmpty)
        ring.quantity = 2  // 3,000.00 in all
        #expect(withLimits.findings(for: ring).map(\.rule) == [.rider])
        ring.isLuxury = false
        #expect(withLimits.findings(for: ring).isEmpty, "only luxury items")
    }

    @Test func aWarrantyEndingWithinThirtyDaysIsReported() throws {
        var item = try complete()
        item.warrantyUntil = today
        #expect(
            check.findings(for: item) == [.init(rule: .warranty, message: "warranty ends today")])
        item.warrantyUntil = CalendarDate(year: 2026, month: 6, day: 16)
        #expect(check.findings(for: item).map(\.message) == ["warranty ends 2026-06-16 (in 1 day)"])
        item.warrantyUntil = CalendarDate(year: 2026, month: 7, day: 15)  // 30 days
        #expect(rules(item) == [.warranty])
        item.warrantyUntil = CalendarDate(year: 2026, month: 7, day: 16)  // 31 days
        #expect(rules(item).isEmpty)
        item.warrantyUntil = CalendarDate(year: 2026, month: 6, day: 14)  // already ended
        #expect(rules(item).isEmpty)
        item.warrantyUntil = today
        item.hasLifetimeWarranty = true
        #expect(rules(item).isEmpty)
    }
}
