import InventoryModel
import Testing

/// Sales tax, ages the adjusters' way and the balance of payments, against examples worked
/// out by hand.
@Suite struct ClaimAdjustmentTests {
    let incident = CalendarDate(year: 2025, month: 11, day: 15)!

    private func item(
        price: String, quantity: Int = 1, terms: ClaimLineTerms = .init(),
        insured: Bool = true
    ) throws -> ClaimedItem {
        var item = ClaimedItem(
            itemID: 1, name: "Thing", description: nil, brand: nil, model: nil, serialNumber: nil,
            price: try Money(parsing: price, currency: .usd),
            purchaseDate: CalendarDate(year: 2021, month: 9, day: 1), location: nil,
            quantity: quantity, isLuxury: false, isInsured: insured, photo: nil,
            replacementValue: nil)
        item.tags = ["furniture"]
        item.terms = terms
        return item
    }

    @Test func aRateIsReadAsAPercentageWithUpToFourDecimals() {
        #expect(SalesTaxRate(percent: "8.875")?.partsPerMillion == 88_750)
        #expect(SalesTaxRate(percent: " 8.875 % ")?.partsPerMillion == 88_750)
        #expect(SalesTaxRate(percent: "20%")?.description == "20 %")
        #expect(SalesTaxRate(percent: "6.25")?.percentText == "6.25")
        #expect(SalesTaxRate(percent: "0.0001")?.partsPerMillion == 1)
        #expect(SalesTaxRate(percent: "100")?.partsPerMillion == 1_000_000)
        for bad in ["", "%", "100.01", "101", "-1", "8.87501", "8,875", "eight", "1e2", "٨"] {
            #expect(SalesTaxRate(percent: bad) == nil, "\(bad)")
        }
    }

    @Test func theTaxIsAddedToTheReplacementCostAndDepreciatesWithIt() throws {
        // furniture, 4.2 years of 10, good: 42 %; 3 × 333.33 = 999.99, 8.875 % = 88.749… → 88.75
        let rate = SalesTaxRate(percent: "8.875")!
        let line = LedgerLine(
            try item(price: "333.33", quantity: 3), incidentDate: incident,
            table: .builtIn, salesTax: rate)
        #expect(line.costBeforeTax == 99_999)
        #expect(line.salesTax == 8_875)
        #expect(line.replacementCost == 108_874)
        #expect(line.depreciation == 45_727)  // 42 % of 1,088.74 = 457.2708
        #expect(line.actualCashValue == 108_874 - 45_727)
        // a line's own rate wins over the claim's; 0 % is no tax
        var terms = ClaimLineTerms()
        terms.salesTax = SalesTaxRate(partsPerMillion: 0)
        let untaxed = LedgerLine(
            try item(price: "100", terms: terms), incidentDate: incident, table: .builtIn,
            salesTax: rate)
        #expect(untaxed.salesTax == 0 && untaxed.salesTaxRate?.partsPerMillion == 0)
        // a line not covered lists its tax and pays nothing
        let uncovered = LedgerLine(
            try item(price: "100", insured: false), incidentDate: incident, table: .builtIn,
            salesTax: rate)
        #expect(uncovered.replacementCost == 10_888 && uncovered.actualCashValue == 0)
        let totals = LedgerTotals([line, untaxed, uncovered])
        #expect(totals.salesTax == 8_875 && totals.costBeforeTax == 99_999 + 10_000)
        #expect(totals.notCovered == 10_888)
    }

    @Test func anAgeIsWholeYearsAndMonths() {
        func age(_ bought: (Int, Int, Int), _ at: (Int, Int, Int)) -> String {
            AdjusterAge.text(
                bought: CalendarDate(year: bought.0, month: bought.1, day: bought.2)!,
                at: CalendarDate(year: at.0, month: at.1, day: at.2)!)
        }
        #expect(age((2021, 9, 1), (2025, 11, 15)) == "4 years 2 months")
        #expect(age((2021, 9, 16), (2025, 11, 15)) == "4 years 1 month")
        #expect(age((2024, 11, 15), (2025, 11, 15)) == "1 year")
        #expect(age((2025, 3, 31), (2025, 11, 15)) == "7 months")
        #expect(age((2025, 11, 1), (2025, 11, 15)) == "less than a month")
        #expect(age((2026, 1, 1), (2025, 11, 15)) == "less than a month")
    }

    @Test func theBalanceIsWhatIsPayableLessWhatWasReceived() throws {
        var totals = LedgerTotals([])
        totals.actualCashValue = 100_000
        totals.released = 5_000
        let payments = [
            ClaimPayment(
                id: 1, receivedOn: incident, amount: try Money(parsing: "300", currency: .usd),
                kind: .advance, memo: nil),
            ClaimPayment(
                id: 2, receivedOn: incident, amount: try Money(parsing: "500.50", currency: .usd),
                kind: .payment, memo: "first"),
        ]
        let balance = ClaimBalance(totals, payments: payments)
        #expect(balance.payable == 105_000)
        #expect(balance.advances == 30_000 && balance.payments == 50_050)
        #expect(balance.owed == 105_000 - 80_050)
        #expect(ClaimBalance(LedgerTotals([]), payments: payments).owed == -80_050)
    }
}
