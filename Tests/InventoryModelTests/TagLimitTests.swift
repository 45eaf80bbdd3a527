import Testing

@testable import InventoryModel

/// An item's tags are limited in number and in bytes: the command line, an import and the
/// server all validate through `ItemValidation`, so the limits hold wherever tags come from.
@Suite struct TagLimitTests {
    let hundred = (1...100).map { "tag\($0)" }

    @Test func anItemHasAtMostAHundredTags() throws {
        #expect(try ItemValidation.tags(hundred).count == 100)
        // Another spelling of a tag it has is the same tag.
        #expect(try ItemValidation.tags(hundred + ["TAG1", "Tag2"]).count == 100)
        #expect(
            throws: InventoryError.invalidValue(
                field: .tag, value: "tag1, tag10, tag100, …",
                reason: "an item has at most 100 tags; these are 101")
        ) {
            try ItemValidation.tags(hundred + ["tag101"])
        }
    }

    @Test func anItemsTagsTakeAtMost4096BytesTogether() throws {
        // Within the count and each within its 50 characters, but 90 × 50 bytes together.
        let long = (10..<100).map { "\($0)" + String(repeating: "x", count: 48) }
        #expect(throws: InventoryError.self) { try ItemValidation.tags(long) }
        do {
            _ = try ItemValidation.tags(long)
        } catch {
            #expect(
                "\(error)".hasSuffix(
                    "an item's tags take at most 4096 bytes together; these take 4500"))
        }
        // A character may take many bytes: 50 characters of 4 bytes each, 30 times.
        let wide = (0..<30).map { "\($0)" + String(repeating: "😀", count: 47) }
        #expect(throws: InventoryError.self) { try ItemValidation.tags(wide) }
        #expect(try ItemValidation.tags(Array(long.prefix(81))).count == 81)
    }

    @Test func anEditMayNotAddPastTheLimitButMayAlwaysRemove() throws {
        let today = try #require(CalendarDate(year: 2026, month: 11, day: 25))
        var item = try ItemDraft(name: "Box", tags: hundred).validatedItem(
            currency: .usd, now: Timestamp(millisecondsSince1970: 0), today: today, fields: [])
        var adding = ItemPatch()
        adding.addedTags = ["one more"]
        #expect(throws: InventoryError.self) {
            try adding.validated(currency: .usd, today: today).applied(to: item)
        }
        // An item an earlier version let have more keeps them, and may lose some.
        item.tags = hundred + ["tag101", "tag102"]
        var removing = ItemPatch()
        removing.removedTags = ["tag1"]
        #expect(try removing.applied(to: item).tags.count == 101)
        var readding = ItemPatch()
        readding.addedTags = ["TAG5"]
        #expect(throws: InventoryError.self) { try readding.applied(to: item) }
    }
}
