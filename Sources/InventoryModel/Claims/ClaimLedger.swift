/// What the household recorded on a claimed line for the ledger: a replacement cost with its
/// source, the item's condition, the depreciation terms its category had when the line was
/// made, and the replacement bought.
public struct ClaimLineTerms: Sendable, Hashable {
    /// What one would cost to replace, as priced for the claim; nil: the line's worth.
    public var replacementCost: Money?
    /// Where that price was found: a shop, an address.
    public var source: String?
    /// The day it was priced.
    public var pricedOn: CalendarDate?
    /// The condition before the loss.
    public var condition: ItemCondition = .good
    /// The depreciation category recorded when the line was made; nil for a line made before
    /// the ledger existed (today's table is used).
    public var category: String?
    /// Its terms as recorded (with `category`).
    public var depreciation: DepreciationTerms?
    /// The most depreciation may take, as recorded, in basis points.
    public var maximumBasisPoints: Int?
    /// What the replacement bought cost (all of them, for a quantity).
    public var replacedPaid: Money?
    /// The day it was bought.
    public var replacedOn: CalendarDate?
    /// The stored file of its receipt.
    public var replacementReceipt: String?
    /// Whether the thing was used for a business.
    public var businessUse = false
    /// The sales tax of this line, when it is not the claim's (bought in another state).
    public var salesTax: SalesTaxRate?

    /// Terms with nothing entered.
    public init() {}
}

/// One line of the claim ledger: what the insurer will pay for a claimed line, with the
/// arithmetic. Replacement-cost policies pay the actual cash value (replacement cost minus
/// depreciation) first and hold the depreciation back until a replacement is bought; a
/// replacement, once its receipt is shown, releases what it cost above the actual cash value,
/// up to what was held back.
///
/// Every amount is in minor units. The age is taken to a tenth of a year and the percentage
/// to a tenth of a percent (half to even), as the explanation shows them; the amount is then
/// rounded half to even once, at the line.
///
/// A line of an item that was not insured when it was claimed is listed with its replacement
/// cost and pays nothing: its depreciation, actual cash value, held back and released are 0.
public struct LedgerLine: Sendable, Hashable {
    /// Whether the policy covers the line: the item was insured when it was claimed.
    public let isCovered: Bool
    /// The replacement cost of the whole line before tax (each × quantity).
    public let costBeforeTax: Int128
    /// The sales tax rate added to it (the line's, else the claim's), nil for none; a line
    /// exempt from the claim's tax has its own rate of 0.
    public let salesTaxRate: SalesTaxRate?
    /// The sales tax on it, in minor units.
    public let salesTax: Int128
    /// The replacement cost of the whole line: each × quantity, and the sales tax.
    public let replacementCost: Int128
    /// Whether the line has a replacement cost at all (a value, a price, or one entered).
    public let isPriced: Bool
    /// The category whose terms were used.
    public let category: String
    /// The age at the incident in tenths of a year, or nil without a purchase date.
    public let ageTenths: Int?
    /// The depreciation taken, in tenths of a percent (capped by the maximum).
    public let depreciationTenthsOfPercent: Int
    /// The depreciation, in minor units.
    public let depreciation: Int128
    /// The actual cash value: replacement cost − depreciation.
    public let actualCashValue: Int128
    /// What the insurer holds back until a replacement is bought: the depreciation.
    public let heldBack: Int128
    /// What a replacement bought, with its receipt, released of it.
    public let released: Int128
    /// Whether a replacement was recorded without a receipt: nothing is released until one is.
    public let awaitsReceipt: Bool
    /// How it was worked out: "4.2 years of 8, good: 52.5 %".
    public let explanation: String

    /// The ledger line of `item` for an incident on `incidentDate`, with `table` for a line
    /// that recorded no terms, and the claim's `salesTax` for a line without its own. The tax
    /// is added to the replacement cost, as adjusters do, and depreciates with it.
    public init(
        _ item: ClaimedItem, incidentDate: CalendarDate, table: DepreciationTable,
        salesTax claimTax: SalesTaxRate? = nil
    ) {
        let terms = item.terms
        let each = terms.replacementCost ?? item.worth
        isPriced = each != nil
        costBeforeTax = each.map { Int128($0.minorUnits) * Int128(item.quantity) } ?? 0
        let rate = terms.salesTax ?? claimTax
        salesTaxRate = rate
        salesTax = salesTaxRate?.tax(on: costBeforeTax) ?? 0
        replacementCost = costBeforeTax + salesTax
        category = terms.category ?? table.category(forTags: item.tags)
        let depreciationTerms = terms.depreciation ?? table.terms(of: category)
        let maximum = terms.maximumBasisPoints ?? table.maximumBasisPoints
        isCovered = item.isInsured
        ageTenths = item.purchaseDate.map { bought in
            let days = max(0, incidentDate.daysSince1970 - bought.daysSince1970)
            // days / 365.25 in tenths: days × 40 / 1461, half to even
            return Int(Self.divideHalfEven(Int128(days) * 40, by: 1461))
        }
        let condition = terms.condition
        var explanation: String
        var tenths = 0
        if depreciationTerms.neverDepreciates {
            explanation = "\(category) never depreciates: 0 %"
        } else if let age = ageTenths {
            let rate = depreciationTerms.yearlyRateBasisPoints
            // age (tenths of a year) × rate (basis points) × condition (percent), in tenths of
            // a percent: age × rate × condition / 10,000
            tenths = Int(
                Self.divideHalfEven(
                    Int128(age) * Int128(rate) * Int128(condition.factorPercent), by: 10_000))
            var years = "\(age / 10).\(age % 10) year\(age == 10 ? "" : "s")"
            if let bought = item.purchaseDate, bought > incidentDate {
                years =
                    "bought \(bought), after the incident (\(incidentDate)): taken as "
                    + years
            }
            let months = depreciationTerms.lifeMonths ?? 0
            explanation =
                months > 0 && months % 12 == 0 && rate == DepreciationTerms.straightLine(months)
                ? "\(years) of \(months / 12)"
                : "\(years) at \(DepreciationTerms.percent(basisPoints: rate)) % a year"
            explanation += ", \(condition.rawValue)"
            if condition != .good { explanation += " \(condition.factorText)" }
            let cap = maximum / 10
            if tenths > cap {
                tenths = cap
                explanation += ": \(Self.tenthsText(tenths)) % (the most taken)"
            } else {
                explanation += ": \(Self.tenthsText(tenths)) %"
            }
        } else {
            explanation = "no purchase date, so no age: 0 % (the adjuster will ask)"
        }
        if !isPriced {
            explanation = "no price, value or replacement cost: nothing to pay"
            tenths = 0
        }
        if !isCovered {
            explanation = "not insured when claimed: listed, not paid"
            tenths = 0
        }
        depreciationTenthsOfPercent = tenths
        depreciation = Self.divideHalfEven(replacementCost * Int128(tenths), by: 1000)
        actualCashValue = isCovered ? replacementCost - depreciation : 0
        heldBack = depreciation
        awaitsReceipt = isCovered && terms.replacedPaid != nil && terms.replacementReceipt == nil
        if isCovered, let paid = terms.replacedPaid, terms.replacementReceipt != nil {
            let spent = min(Int128(paid.minorUnits), replacementCost)
            released = min(heldBack, max(0, spent - actualCashValue))
        } else {
            released = 0
        }
        self.explanation = explanation
    }

    /// `value / divisor` rounded half to even (both not negative, divisor positive).
    public static func divideHalfEven(_ value: Int128, by divisor: Int128) -> Int128 {
        let quotient = value / divisor
        let remainder = value % divisor
        if remainder * 2 > divisor || (remainder * 2 == divisor && quotient % 2 == 1) {
            return quotient + 1
        }
        return quotient
    }

    /// A percentage in tenths as text: 525 → "52.5", 800 → "80".
    public static func percentText(_ tenths: Int) -> String { tenthsText(tenths) }

    /// 525 → "52.5", 800 → "80".
    static func tenthsText(_ tenths: Int) -> String {
        tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}

/// The sums of a claim's ledger: of the lines the policy covers, and apart, of those it does
/// not.
public struct LedgerTotals: Sendable, Hashable {
    /// Replacement cost of every covered line before tax.
    public var costBeforeTax: Int128 = 0
    /// The sales tax on it.
    public var salesTax: Int128 = 0
    /// Replacement cost of every covered line, with its tax.
    public var replacementCost: Int128 = 0
    /// Depreciation taken.
    public var depreciation: Int128 = 0
    /// Actual cash value: what is paid first.
    public var actualCashValue: Int128 = 0
    /// Held back until replacements are bought.
    public var heldBack: Int128 = 0
    /// Released by replacements bought.
    public var released: Int128 = 0
    /// How many lines the policy does not cover (not insured when claimed).
    public var notCoveredLines = 0
    /// Their replacement cost: listed, not paid.
    public var notCovered: Int128 = 0

    /// The totals of `lines`.
    public init(_ lines: some Sequence<LedgerLine>) {
        for line in lines {
            guard line.isCovered else {
                notCoveredLines += 1
                notCovered += line.replacementCost
                continue
            }
            costBeforeTax += line.costBeforeTax
            salesTax += line.salesTax
            replacementCost += line.replacementCost
            depreciation += line.depreciation
            actualCashValue += line.actualCashValue
            heldBack += line.heldBack
            released += line.released
        }
    }

    /// What the policy will pay at most: the actual cash value and what was released, of the
    /// covered lines.
    public var payable: Int128 { actualCashValue + released }
}
