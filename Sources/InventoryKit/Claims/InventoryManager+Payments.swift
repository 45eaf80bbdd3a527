import Foundation
public import InventoryModel
import InventoryStore

/// A payment to record on a claim (`InventoryManager.addClaimPayment`).
public struct ClaimPaymentDraft: Sendable, Hashable {
    /// How much was received.
    public var amount: Money
    /// The day it was received; nil is today.
    public var receivedOn: CalendarDate?
    /// An advance or a payment.
    public var kind: ClaimPaymentKind
    /// What it was for.
    public var memo: String?

    /// A payment of `amount`.
    public init(
        amount: Money, receivedOn: CalendarDate? = nil, kind: ClaimPaymentKind = .payment,
        memo: String? = nil
    ) {
        self.amount = amount
        self.receivedOn = receivedOn
        self.kind = kind
        self.memo = memo
    }
}

extension InventoryManager {
    /// Sets the claim's sales tax (nil: none; lines with a rate of their own keep it) and the
    /// depreciation categories its exports list as one line each; a nil argument leaves that
    /// as it is.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`, `.invalidValue` for a category the
    ///   depreciation table does not have; nothing is written then.
    @discardableResult
    public func setClaimAdjustments(
        claimID: Int64, salesTax: SalesTaxRate?? = nil, grouped: [String]? = nil
    ) throws -> Claim {
        let now = Timestamp(clock())
        return try withStore { store in
            try store.database.write {
                guard let claim = try store.database.claims.claim(id: claimID) else {
                    throw InventoryError.claimNotFound(claimID)
                }
                var categories = claim.groupedCategories
                if let grouped {
                    categories = try Self.checkedGroups(
                        grouped, table: store.database.settings.current().depreciationTable)
                }
                try store.database.claims.setAdjustments(
                    claimID: claimID, salesTax: salesTax ?? claim.salesTax, grouped: categories,
                    at: now)
                return try store.database.claims.claim(id: claimID)!
            }
        }
    }

    /// `names` as the groups of a claim: lower-cased, each once, each a category of the
    /// depreciation table.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the first that is not a category.
    public func checkedGroupedCategories(_ names: [String]) throws -> [String] {
        try Self.checkedGroups(names, table: settings().depreciationTable)
    }

    private static func checkedGroups(_ names: [String], table: DepreciationTable) throws
        -> [String]
    {
        var categories: [String] = []
        for name in names.map({ $0.lowercased() }) where !categories.contains(name) {
            guard table.terms[name] != nil else {
                throw InventoryError.invalidValue(
                    field: .other("group"), value: name,
                    reason: "not a depreciation category (categories: "
                        + table.terms.keys.sorted().joined(separator: ", ") + ")")
            }
            categories.append(name)
        }
        return categories
    }

    /// Records money the insurer paid on a claim.
    ///
    /// - Returns: the claim as saved and the payment's number.
    /// - Throws: `InventoryError.claimNotFound`, `.invalidValue` (nothing received, a day in
    ///   the future, a memo with control characters); nothing is written then.
    @discardableResult
    public func addClaimPayment(claimID: Int64, _ draft: ClaimPaymentDraft) throws
        -> (claim: Claim, payment: Int64)
    {
        guard draft.amount.minorUnits > 0 else {
            throw InventoryError.invalidValue(
                field: .other("amount"), value: draft.amount.decimalString,
                reason: "a payment is more than 0")
        }
        let day = draft.receivedOn ?? today()
        if day > today() {
            throw InventoryError.invalidValue(
                field: .other("received on"), value: day.description,
                reason: "it is in the future (today is \(today()))")
        }
        let memo = try ItemValidation.text(draft.memo, field: .other("what it was for"), limit: 500)
        let now = Timestamp(clock())
        return try withStore { store in
            try store.database.write {
                guard let claim = try store.database.claims.claim(id: claimID) else {
                    throw InventoryError.claimNotFound(claimID)
                }
                if let incident = claim.incidentDate, day < incident {
                    throw InventoryError.invalidValue(
                        field: .other("received on"), value: day.description,
                        reason: "it is before the loss (\(incident))")
                }
                let id = try store.database.claims.insertPayment(
                    claimID: claimID, receivedOn: day, amount: draft.amount, kind: draft.kind,
                    memo: memo, at: now)
                return (try store.database.claims.claim(id: claimID)!, id)
            }
        }
    }

    /// Removes a payment recorded by mistake.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`; `.invalidValue` when the claim has no
    ///   payment `id`.
    @discardableResult
    public func removeClaimPayment(claimID: Int64, payment id: Int64) throws -> Claim {
        let now = Timestamp(clock())
        return try withStore { store in
            try store.database.write {
                guard try store.database.claims.claim(id: claimID) != nil else {
                    throw InventoryError.claimNotFound(claimID)
                }
                guard try store.database.claims.deletePayment(id: id, claimID: claimID, at: now)
                else {
                    throw InventoryError.invalidValue(
                        field: .other("payment"), value: String(id),
                        reason: "claim \(claimID) has no payment \(id)")
                }
                return try store.database.claims.claim(id: claimID)!
            }
        }
    }
}
