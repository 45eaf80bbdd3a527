/// A sales tax rate, as adjusters add it to a replacement cost: 8.875 % and the like, kept in
/// millionths so that every rate a tax office publishes (three decimals of a percent) is exact.
public struct SalesTaxRate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The rate in millionths: 88,750 is 8.875 %.
    public let partsPerMillion: Int

    /// A rate of `partsPerMillion` (0 to 1,000,000: 0 to 100 %), or nil outside.
    public init?(partsPerMillion: Int) {
        guard (0...1_000_000).contains(partsPerMillion) else { return nil }
        self.partsPerMillion = partsPerMillion
    }

    /// Reads "8.875", "8.875%" or "8.875 %": a percentage with at most four decimals, 0 to
    /// 100; nil for anything else.
    public init?(percent text: String) {
        var text = Substring(text.trimmingPrefix(while: \.isWhitespace))
        while text.last?.isWhitespace == true { text = text.dropLast() }
        if text.last == "%" { text = text.dropLast() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 3,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let whole = Int(parts[0])
        else { return nil }
        var fraction = 0
        if parts.count == 2 {
            guard (1...4).contains(parts[1].count) else { return nil }
            fraction = Int(parts[1] + String(repeating: "0", count: 4 - parts[1].count)) ?? 0
        }
        self.init(partsPerMillion: whole * 10_000 + fraction)
    }

    /// "8.875 %", "20 %".
    public var description: String { "\(percentText) %" }

    /// "8.875", "20": the percentage without its sign.
    public var percentText: String {
        let whole = partsPerMillion / 10_000
        var fraction = String(partsPerMillion % 10_000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// The tax on `amount` minor units, rounded half to even.
    public func tax(on amount: Int128) -> Int128 {
        LedgerLine.divideHalfEven(amount * Int128(partsPerMillion), by: 1_000_000)
    }

    /// Whether `lhs` is the lower rate.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.partsPerMillion < rhs.partsPerMillion
    }
}

/// Whether the insurer paid before the claim was settled, or as a payment of it.
public enum ClaimPaymentKind: String, Sendable, Hashable, CaseIterable {
    /// Paid ahead, often for living expenses or the first needs after a loss.
    case advance
    /// A payment of what the claim is owed.
    case payment
}

/// Money the insurer paid on a claim.
public struct ClaimPayment: Sendable, Hashable, Identifiable {
    /// Its number, for removing it.
    public let id: Int64
    /// The day it was received.
    public var receivedOn: CalendarDate
    /// How much.
    public var amount: Money
    /// An advance or a payment.
    public var kind: ClaimPaymentKind
    /// What it was for, as the insurer's letter says.
    public var memo: String?

    /// A payment as recorded.
    public init(
        id: Int64, receivedOn: CalendarDate, amount: Money, kind: ClaimPaymentKind,
        memo: String?
    ) {
        self.id = id
        self.receivedOn = receivedOn
        self.amount = amount
        self.kind = kind
        self.memo = memo
    }
}

extension Claim {
    /// The number `payment` has in this claim's list: 1 for its first recorded, in the order
    /// they were recorded (a removal renumbers those after it).
    public func number(of payment: ClaimPayment) -> Int {
        (payments.map(\.id).sorted().firstIndex(of: payment.id) ?? 0) + 1
    }

    /// The payment numbered `number` in this claim's list, if there is one.
    public func payment(numbered number: Int) -> ClaimPayment? {
        let ids = payments.map(\.id).sorted()
        guard ids.indices.contains(number - 1) else { return nil }
        return payments.first { $0.id == ids[number - 1] }
    }
}

/// Where the money of a claim stands: what its ledger makes payable, what the insurer has
/// paid, and what it still owes.
public struct ClaimBalance: Sendable, Hashable {
    /// What the policy pays now: the actual cash value and what replacements released.
    public let payable: Int128
    /// Advances received.
    public let advances: Int128
    /// Payments received.
    public let payments: Int128

    /// The balance of a claim whose ledger totals `totals`, with `payments` received.
    public init(_ totals: LedgerTotals, payments: [ClaimPayment]) {
        payable = totals.payable
        advances = payments.filter { $0.kind == .advance }.reduce(0) {
            $0 + Int128($1.amount.minorUnits)
        }
        self.payments = payments.filter { $0.kind == .payment }.reduce(0) {
            $0 + Int128($1.amount.minorUnits)
        }
    }

    /// Everything received.
    public var received: Int128 { advances + payments }

    /// What is still owed: payable less everything received (negative when the insurer paid
    /// more than the ledger makes payable, such as an advance before the prices are in).
    public var owed: Int128 { payable - received }
}

/// An item's age as adjusters write it: whole years and months.
public enum AdjusterAge {
    /// The age of something bought on `bought` at `day` in whole years and months ("4 years
    /// 3 months", "8 months", "1 year", "less than a month"); a purchase after `day` is 0.
    public static func text(bought: CalendarDate, at day: CalendarDate) -> String {
        let months = self.months(bought: bought, at: day)
        let years = months / 12
        let rest = months % 12
        var parts: [String] = []
        if years > 0 { parts.append("\(years) year\(years == 1 ? "" : "s")") }
        if rest > 0 { parts.append("\(rest) month\(rest == 1 ? "" : "s")") }
        return parts.isEmpty ? "less than a month" : parts.joined(separator: " ")
    }

    /// Whole months from `bought` to `day` (a month counts once its day of the month comes).
    public static func months(bought: CalendarDate, at day: CalendarDate) -> Int {
        guard day > bought else { return 0 }
        var months = (day.year - bought.year) * 12 + day.month - bought.month
        if day.day < bought.day { months -= 1 }
        return max(0, months)
    }
}
