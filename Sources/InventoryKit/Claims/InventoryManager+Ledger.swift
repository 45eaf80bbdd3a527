import Foundation
public import InventoryModel
import InventoryStore

/// Which line of a claim: the line of a living item, or a line by its number (1 first), as a
/// line that keeps a copy of a deleted item has no item any more.
public enum ClaimLineReference: Sendable, Hashable, CustomStringConvertible {
    /// The line of the item with this id.
    case item(Int64)
    /// The line with this number, from 1, in the claim's order.
    case number(Int)

    /// The position of the line in `claim`, or nil when it has none.
    public func position(in claim: Claim) -> Int? {
        switch self {
        case .item(let id): claim.items.firstIndex { $0.itemID == id }
        case .number(let number): claim.items.indices.contains(number - 1) ? number - 1 : nil
        }
    }

    /// "item 7", "line 2".
    public var description: String {
        switch self {
        case .item(let id): "item \(id)"
        case .number(let number): "line \(number)"
        }
    }
}

/// What `claim line` changes on a claimed line: a nil property leaves it as it is.
public struct ClaimLineChange: Sendable, Hashable {
    /// The replacement cost of one (`.some(nil)`: back to the line's worth).
    public var replacementCost: Money??
    /// Where it was priced (`.some(nil)` clears it).
    public var source: String??
    /// The day it was priced (`.some(nil)` clears it).
    public var pricedOn: CalendarDate??
    /// The condition before the loss.
    public var condition: ItemCondition?
    /// The depreciation category, whose terms the line then records from today's table.
    public var category: String?
    /// Whether the thing was used for a business.
    public var businessUse: Bool?
    /// The line's own sales tax (`.some(nil)`: the claim's).
    public var salesTax: SalesTaxRate??

    /// A change of nothing.
    public init() {}
}

extension Claim {
    /// The ledger of every line, for an incident on the claim's date (else `today`), with
    /// `table` for lines that recorded no terms.
    public func ledger(table: DepreciationTable, today: CalendarDate) -> [LedgerLine] {
        items.map {
            LedgerLine($0, incidentDate: incidentDate ?? today, table: table, salesTax: salesTax)
        }
    }
}

/// A limit of the policy that a claim goes over.
public struct CoverageProblem: Sendable, Hashable, CustomStringConvertible {
    /// The category whose sub-limit it exceeds, or nil for the whole personal-property limit.
    public let category: String?
    /// What the claim asks in it (replacement cost), in minor units.
    public let claimed: Int128
    /// The limit.
    public let limit: Money

    /// "jewelry: 3,200.50 claimed, over its sub-limit of 1,500.00".
    public var description: String {
        let claimed = Money.format(self.claimed, currency: limit.currency)
        guard let category else {
            return "\(claimed) claimed, over the policy's personal-property limit of "
                + "\(limit.formatted)"
        }
        return "\(category): \(claimed) claimed, over its sub-limit of \(limit.formatted)"
    }

    /// The limits of `settings` that the claim's `ledger` goes over: the personal-property
    /// limit by every covered line's replacement cost, and each sub-limit by the covered lines
    /// filed under it (a line's first tag with a sub-limit, else its depreciation category),
    /// leaving out the lines of items on a rider, which have cover of their own.
    public static func problems(
        _ claim: Claim, ledger: [LedgerLine], settings: InventorySettings
    ) -> [CoverageProblem] {
        var problems: [CoverageProblem] = []
        let totals = LedgerTotals(ledger)
        if let limit = settings.coverageLimit, totals.replacementCost > Int128(limit.minorUnits) {
            problems.append(
                CoverageProblem(category: nil, claimed: totals.replacementCost, limit: limit))
        }
        var byCategory: [String: Int128] = [:]
        for (item, line) in zip(claim.items, ledger) where !item.isScheduled && line.isCovered {
            let category = settings.limitCategory(forTags: item.tags, otherwise: line.category)
            byCategory[category, default: 0] += line.replacementCost
        }
        for (category, limit) in settings.specialLimits.sorted(by: { $0.key < $1.key }) {
            let claimed = byCategory[category] ?? 0
            if claimed > Int128(limit.minorUnits) {
                problems.append(CoverageProblem(category: category, claimed: claimed, limit: limit))
            }
        }
        return problems
    }
}

extension InventoryManager {
    /// Records on every line of the claim that has none the depreciation terms its category
    /// has in today's table (called in the transaction that saves the claim).
    func recordDepreciationTerms(claimID: Int64, in store: InventoryDatabase) throws {
        guard let claim = try store.claims.claim(id: claimID) else { return }
        let table = try store.settings.current().depreciationTable
        for (position, line) in claim.items.enumerated() where line.terms.category == nil {
            var terms = line.terms
            let category = table.category(forTags: line.tags)
            terms.category = category
            terms.depreciation = table.terms(of: category)
            terms.maximumBasisPoints = table.maximumBasisPoints
            try store.claims.setTerms(terms, claimID: claimID, position: position)
        }
    }

    /// Changes what the household recorded on the claim line `reference`.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`, `.claimRefused` (the item is not in the
    ///   claim), `.invalidValue`; nothing is written then.
    @discardableResult
    public func editClaimLine(
        claimID: Int64, line reference: ClaimLineReference, _ change: ClaimLineChange
    ) throws -> Claim {
        var source = change.source
        if case .some(.some(let text)) = change.source {
            source = .some(try ItemValidation.text(text, field: .other("source"), limit: 500))
        }
        if case .some(.some(let day)) = change.pricedOn, day > today() {
            throw InventoryError.invalidValue(
                field: .other("priced on"), value: day.description,
                reason: "it is in the future (today is \(today()))")
        }
        return try withStore { store in
            try store.database.write {
                let (claim, position) = try Self.line(reference, inClaim: claimID, store.database)
                var terms = claim.items[position].terms
                if let cost = change.replacementCost { terms.replacementCost = cost }
                if let source { terms.source = source }
                if let day = change.pricedOn { terms.pricedOn = day }
                if let condition = change.condition { terms.condition = condition }
                if let businessUse = change.businessUse { terms.businessUse = businessUse }
                if let rate = change.salesTax { terms.salesTax = rate }
                if let category = change.category?.lowercased() {
                    let table = try store.database.settings.current().depreciationTable
                    guard table.terms[category] != nil else {
                        throw InventoryError.invalidValue(
                            field: .other("category"), value: category,
                            reason: "not a depreciation category (categories: "
                                + table.terms.keys.sorted().joined(separator: ", ") + ")")
                    }
                    terms.category = category
                    terms.depreciation = table.terms(of: category)
                    terms.maximumBasisPoints = table.maximumBasisPoints
                }
                try store.database.claims.setTerms(terms, claimID: claimID, position: position)
                return try store.database.claims.claim(id: claimID)!
            }
        }
    }

    /// Records that a replacement of the claim line `reference` was bought: what it cost (for
    /// the whole line), when, and its receipt (a picture or a PDF, stored as the item's files
    /// are), which releases what the insurer held back.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`, `.claimRefused`, `.invalidValue`,
    ///   `.invalidFile`; nothing is written then (a receipt stored for it is removed).
    @discardableResult
    public func recordReplacement(
        claimID: Int64, line reference: ClaimLineReference, paid: Money, on day: CalendarDate?,
        receipt: String?
    ) throws -> Claim {
        if let day, day > today() {
            throw InventoryError.invalidValue(
                field: .other("bought on"), value: day.description,
                reason: "it is in the future (today is \(today()))")
        }
        let stored = try receipt.map { try photos.importFile(from: $0, as: .receipt) }
        do {
            let (saved, earlierReceipt) = try withStore { store in
                try store.database.write {
                    let (claim, position) = try Self.line(
                        reference, inClaim: claimID, store.database)
                    var terms = claim.items[position].terms
                    let earlier = terms.replacementReceipt
                    terms.replacedPaid = paid
                    terms.replacedOn = day ?? today()
                    if let stored { terms.replacementReceipt = stored.name }
                    try store.database.claims.setTerms(terms, claimID: claimID, position: position)
                    return (try store.database.claims.claim(id: claimID)!, earlier)
                }
            }
            // a receipt it no longer needs goes, unless something else uses it
            if let earlierReceipt, earlierReceipt != stored?.name {
                removeUnusedFiles([earlierReceipt])
            }
            return saved
        } catch {
            if let stored, stored.created { removeUnusedFiles([stored.name]) }
            throw error
        }
    }

    /// The claim and the position of its line `reference`.
    static func line(
        _ reference: ClaimLineReference, inClaim claimID: Int64, _ store: InventoryDatabase
    ) throws -> (Claim, Int) {
        guard let claim = try store.claims.claim(id: claimID) else {
            throw InventoryError.claimNotFound(claimID)
        }
        guard let position = reference.position(in: claim) else {
            throw InventoryError.claimRefused([
                ClaimProblem(field: .items, message: "claim \(claimID) has no \(reference)")
            ])
        }
        return (claim, position)
    }
}
