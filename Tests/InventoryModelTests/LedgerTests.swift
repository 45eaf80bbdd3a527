import InventoryModel
import Testing

/// Every rule of the claim ledger against examples worked out by hand.
@Suite struct LedgerTests {
    let incident = CalendarDate(year: 2025, month: 11, day: 15)!
    let table = DepreciationTable.builtIn

    private func line(
        price: String? = "1000.00", value: String? = nil, quantity: Int = 1,
        bought: CalendarDate? = CalendarDate(year: 2021, month: 9, day: 1),
        tags: [String] = ["electronics"], terms: ClaimLineTerms = ClaimLineTerms(),
        insured: Bool = true
    ) throws -> ClaimedItem {
        var item = ClaimedItem(
            itemID: 1, name: "Thing", description: nil, brand: nil, model: nil, serialNumber: nil,
            price: try price.map { try Money(parsing: $0, currency: .usd) }, purchaseDate: bought,
            location: nil, quantity: quantity, isLuxury: false, isInsured: insured, photo: nil,
            replacementValue: try value.map { try Money(parsing: $0, currency: .usd) })
        item.tags = tags
        item.terms = terms
        return item
    }

    private func money(_ text: String) throws -> Money { try Money(parsing: text, currency: .usd) }

    @Test func theAgeIsInTenthsOfAYearToTheIncident() throws {
        // 2021-09-01 to 2025-11-15: 1,536 days; 1,536 / 365.25 = 4.205… → 4.2
        let ledger = LedgerLine(try line(), incidentDate: incident, table: table)
        #expect(ledger.ageTenths == 42)
        // 2022-05-01: 1,294 days → 3.54… → 3.5
        let later = LedgerLine(
            try line(bought: CalendarDate(year: 2022, month: 5, day: 1)), incidentDate: incident,
            table: table)
        #expect(later.ageTenths == 35)
    }

    @Test func straightLineDepreciationOverTheUsefulLife() throws {
        // furniture: 10 years, 10 % a year; 3.5 years, good: 35 %
        let item = try line(
            price: "2200.00", bought: CalendarDate(year: 2022, month: 5, day: 1),
            tags: ["Furniture"])
        let ledger = LedgerLine(item, incidentDate: incident, table: table)
        #expect(ledger.category == "furniture")
        #expect(ledger.depreciationTenthsOfPercent == 350)
        #expect(ledger.replacementCost == 220_000 && ledger.depreciation == 77_000)
        #expect(ledger.actualCashValue == 143_000 && ledger.heldBack == 77_000)
        #expect(ledger.released == 0)
        #expect(ledger.explanation == "3.5 years of 10, good: 35 %")
    }

    @Test func theIssuesExampleEightYearsGood() throws {
        // a category of 8 years (12.5 % a year); 4.2 years good: 52.5 %
        var eight = table
        eight.terms["sports"] = DepreciationTerms(lifeMonths: 96)
        let ledger = LedgerLine(
            try line(price: "1299.00", tags: ["sports"]), incidentDate: incident, table: eight)
        #expect(ledger.explanation == "4.2 years of 8, good: 52.5 %")
        // 1,299.00 × 52.5 % = 681.975 → 681.98 (half to even at the cent: 681.975 → .98)
        #expect(ledger.depreciation == 68_198)
        #expect(ledger.actualCashValue == 129_900 - 68_198)
    }

    @Test func theConditionScalesAndTheMaximumCaps() throws {
        let bought = CalendarDate(year: 2022, month: 5, day: 1)  // 3.5 years
        var terms = ClaimLineTerms()
        for (condition, tenths) in [
            (ItemCondition.new, 175), (.good, 350), (.average, 438), (.poor, 525),
        ] {
            terms.condition = condition
            let ledger = LedgerLine(
                try line(bought: bought, tags: ["furniture"], terms: terms), incidentDate: incident,
                table: table)
            // average: 3.5 × 10 × 1.25 = 43.75 % → 43.8 (half to even in tenths: 437.5 → 438)
            #expect(ledger.depreciationTenthsOfPercent == tenths, "\(condition)")
        }
        // electronics, 4.2 years at 20 %: 84 %, capped at 80 %
        let capped = LedgerLine(try line(), incidentDate: incident, table: table)
        #expect(capped.depreciationTenthsOfPercent == 800)
        #expect(capped.explanation == "4.2 years of 5, good: 80 % (the most taken)")
        var lower = table
        lower.maximumBasisPoints = 5000
        #expect(
            LedgerLine(try line(), incidentDate: incident, table: lower)
                .depreciationTenthsOfPercent == 500)
    }

    @Test func jewelryAndArtNeverDepreciateAndNoDateMeansNoAge() throws {
        let ring = LedgerLine(try line(tags: ["jewelry"]), incidentDate: incident, table: table)
        #expect(ring.depreciation == 0 && ring.actualCashValue == 100_000)
        #expect(ring.explanation == "jewelry never depreciates: 0 %")
        let undated = LedgerLine(
            try line(bought: nil, tags: []), incidentDate: incident, table: table)
        #expect(undated.category == "other" && undated.ageTenths == nil)
        #expect(undated.depreciation == 0)
        let unpriced = LedgerLine(
            try line(price: nil, tags: []), incidentDate: incident, table: table)
        #expect(!unpriced.isPriced && unpriced.replacementCost == 0)
        #expect(unpriced.depreciationTenthsOfPercent == 0)
    }

    @Test func theReplacementCostIsTheEnteredOneElseTheValueElseThePriceTimesTheQuantity()
        throws
    {
        let ring = ["jewelry"]
        #expect(
            LedgerLine(
                try line(price: "10.00", value: "12.00", quantity: 3, tags: ring),
                incidentDate: incident, table: table
            ).replacementCost == 3_600)
        var terms = ClaimLineTerms()
        terms.replacementCost = try money("15.00")
        #expect(
            LedgerLine(
                try line(price: "10.00", value: "12.00", quantity: 3, tags: ring, terms: terms),
                incidentDate: incident, table: table
            ).replacementCost == 4_500)
    }

    @Test func roundingIsHalfToEvenOnceAtTheLine() throws {
        // 5 cents at 50 %: 2.5 cents → 2; 15 cents: 7.5 → 8
        var half = table
        half.terms["other"] = DepreciationTerms(lifeMonths: 12, yearlyRateBasisPoints: 5000)
        half.maximumBasisPoints = 10_000
        let oneYear = CalendarDate(year: 2024, month: 11, day: 15)  // 365 days: 1.0 year
        for (price, expected) in [("0.05", 2), ("0.15", 8), ("0.25", 12), ("0.35", 18)] {
            let ledger = LedgerLine(
                try line(price: price, bought: oneYear, tags: []), incidentDate: incident,
                table: half)
            #expect(ledger.depreciationTenthsOfPercent == 500)
            #expect(ledger.depreciation == Int128(expected), "\(price)")
        }
    }

    @Test func aReplacementReleasesWhatItCostAboveTheCashValueUpToWhatWasHeldBack() throws {
        // 1,000.00 at 80 %: cash value 200.00, held back 800.00
        var terms = ClaimLineTerms()
        terms.replacementReceipt = String(repeating: "c", count: 64) + ".pdf"
        for (paid, released) in [
            ("150.00", 0), ("700.00", 50_000), ("1000.00", 80_000), ("1500.00", 80_000),
        ] {
            terms.replacedPaid = try money(paid)
            let ledger = LedgerLine(
                try line(terms: terms), incidentDate: incident, table: table)
            #expect(ledger.actualCashValue == 20_000 && ledger.heldBack == 80_000)
            #expect(ledger.released == Int128(released), "paid \(paid)")
        }
        // without its receipt, a replacement releases nothing yet
        var unproven = terms
        unproven.replacementReceipt = nil
        let waiting = LedgerLine(try line(terms: unproven), incidentDate: incident, table: table)
        #expect(waiting.released == 0 && waiting.awaitsReceipt)
        let totals = LedgerTotals([
            LedgerLine(try line(terms: terms), incidentDate: incident, table: table),
            LedgerLine(try line(tags: ["jewelry"]), incidentDate: incident, table: table),
        ])
        #expect(totals.replacementCost == 200_000 && totals.depreciation == 80_000)
        #expect(totals.payable == 20_000 + 100_000 + 80_000)
    }

    @Test func aLineNotInsuredIsListedWithItsCostAndPaysNothing() throws {
        var terms = ClaimLineTerms()
        terms.replacedPaid = try money("900.00")
        terms.replacementReceipt = String(repeating: "c", count: 64) + ".pdf"
        let uncovered = LedgerLine(
            try line(terms: terms, insured: false), incidentDate: incident, table: table)
        #expect(!uncovered.isCovered && uncovered.replacementCost == 100_000)
        #expect(uncovered.depreciation == 0 && uncovered.actualCashValue == 0)
        #expect(uncovered.heldBack == 0 && uncovered.released == 0 && !uncovered.awaitsReceipt)
        #expect(uncovered.explanation == "not insured when claimed: listed, not paid")
        let covered = LedgerLine(try line(), incidentDate: incident, table: table)
        let totals = LedgerTotals([covered, uncovered])
        #expect(totals.replacementCost == 100_000 && totals.payable == covered.actualCashValue)
        #expect(totals.notCoveredLines == 1 && totals.notCovered == 100_000)
    }

    @Test func anItemBoughtAfterTheIncidentIsTakenAsNewAndTheLedgerSaysSo() throws {
        let ledger = LedgerLine(
            try line(bought: CalendarDate(year: 2026, month: 1, day: 1)), incidentDate: incident,
            table: table)
        #expect(ledger.ageTenths == 0 && ledger.depreciation == 0)
        #expect(
            ledger.explanation
                == "bought 2026-01-01, after the incident (2025-11-15): taken as 0.0 years of 5, "
                + "good: 0 %")
    }

    @Test func recordedTermsWinOverTodaysTable() throws {
        var terms = ClaimLineTerms()
        terms.category = "electronics"
        terms.depreciation = DepreciationTerms(lifeMonths: 120)  // as the table was then
        terms.maximumBasisPoints = 8000
        let ledger = LedgerLine(try line(terms: terms), incidentDate: incident, table: table)
        #expect(ledger.depreciationTenthsOfPercent == 420)
    }

    @Test func aLifeUnderAYearLosesEverythingInItsFirstYear() throws {
        let six = try #require(DepreciationTerms(text: "6m"))
        #expect(six.yearlyRateBasisPoints == 10_000, "at most 100 % a year")
        var short = table
        short.terms["clothing"] = six
        short.maximumBasisPoints = 10_000
        let ledger = LedgerLine(
            try line(tags: ["clothing"]), incidentDate: incident, table: short)
        #expect(ledger.depreciationTenthsOfPercent == 1000)
        #expect(ledger.explanation == "4.2 years at 100 % a year, good: 100 % (the most taken)")
    }

    @Test func termsAreReadAndWrittenAsText() {
        #expect(DepreciationTerms(text: "8y") == DepreciationTerms(lifeMonths: 96))
        #expect(DepreciationTerms(text: "8y")?.yearlyRateBasisPoints == 1250)
        #expect(DepreciationTerms(text: "8y:15%")?.yearlyRateBasisPoints == 1500)
        #expect(DepreciationTerms(text: "18m")?.lifeMonths == 18)
        #expect(DepreciationTerms(text: "2.5y")?.lifeMonths == 30)
        #expect(DepreciationTerms(text: "NEVER") == .never)
        for bad in ["", "8", "y", "0y", "8x", "8y:0%", "8y:101%", "8y:15", "-1y", "101y"] {
            #expect(DepreciationTerms(text: bad) == nil, "\(bad)")
        }
        for text in ["8y", "8y:15%", "18m", "never", "5y:12.5%"] {
            #expect(DepreciationTerms(text: text)?.text == text)
        }
    }

    @Test func theCategoryIsTheFirstTagThatNamesOne() {
        #expect(table.category(forTags: ["Kitchen", "Appliances", "Tools"]) == "appliances")
        #expect(table.category(forTags: ["kitchen"]) == "other")
        #expect(table.category(forTags: []) == "other")
    }
}
