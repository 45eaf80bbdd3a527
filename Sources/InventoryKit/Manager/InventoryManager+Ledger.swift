import Foundation
import InventoryModel
import InventoryStore

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

    /// A change of nothing.
    public init() {}
}

extension Claim {
    /// The ledger of every line, for an incident on the claim's date (else `today`), with
    /// `table` for lines that recorded no terms.
    public func ledger(table: DepreciationTable, today: CalendarDate) -> [LedgerLine] {
        items.map { LedgerLine($0, incidentDate: incidentDate ?? today, table: table) }
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

    /// The limits of `settings` that `totals` go over.
    public static func problems(_ totals: LedgerTotals, settings: InventorySettings)
        -> [CoverageProblem]
    {
        var problems: [CoverageProblem] = []
        if let limit = settings.coverageLimit, totals.replacementCost > Int128(limit.minorUnits) {
            problems.append(
                CoverageProblem(category: nil, claimed: totals.replacementCost, limit: limit))
        }
        for (category, limit) in settings.specialLimits.sorted(by: { $0.key < $1.key }) {
            let claimed = totals.byCategory[category] ?? 0
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
    func recordDepreciationTerms(claimID: Int64, in store: ItemStore) throws {
        guard let claim = try store.claim(id: claimID) else { return }
        let table = try store.settings().depreciationTable
        for (position, line) in claim.items.enumerated() where line.terms.category == nil {
            var terms = line.terms
            let category = table.category(forTags: line.tags)
            terms.category = category
            terms.depreciation = table.terms(of: category)
            terms.maximumBasisPoints = table.maximumBasisPoints
            try store.setTerms(terms, claimID: claimID, position: position)
        }
    }

    /// Changes what the household recorded on the claim's line of item `itemID`.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`, `.claimRefused` (the item is not in the
    ///   claim), `.invalidValue`; nothing is written then.
    @discardableResult
    public func editClaimLine(claimID: Int64, itemID: Int64, _ change: ClaimLineChange) throws
        -> Claim
    {
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
            try store.items.write {
                let (claim, position) = try Self.line(of: itemID, inClaim: claimID, store.items)
                var terms = claim.items[position].terms
                if let cost = change.replacementCost { terms.replacementCost = cost }
                if let source { terms.source = source }
                if let day = change.pricedOn { terms.pricedOn = day }
                if let condition = change.condition { terms.condition = condition }
                if let category = change.category?.lowercased() {
                    let table = try store.items.settings().depreciationTable
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
                try store.items.setTerms(terms, claimID: claimID, position: position)
                return try store.items.claim(id: claimID)!
            }
        }
    }

    /// Records that a replacement of the claimed item `itemID` was bought: what it cost (for
    /// the whole line), when, and its receipt (a picture or a PDF, stored as the item's files
    /// are), which releases what the insurer held back.
    ///
    /// - Returns: the claim as saved.
    /// - Throws: `InventoryError.claimNotFound`, `.claimRefused`, `.invalidValue`,
    ///   `.invalidFile`; nothing is written then (a receipt stored for it is removed).
    @discardableResult
    public func recordReplacement(
        claimID: Int64, itemID: Int64, paid: Money, on day: CalendarDate?, receipt: String?
    ) throws -> Claim {
        if let day, day > today() {
            throw InventoryError.invalidValue(
                field: .other("bought on"), value: day.description,
                reason: "it is in the future (today is \(today()))")
        }
        let stored = try receipt.map { try photos.importFile(from: $0, as: .receipt) }
        do {
            let (saved, earlierReceipt) = try withStore { store in
                try store.items.write {
                    let (claim, position) = try Self.line(
                        of: itemID, inClaim: claimID, store.items)
                    var terms = claim.items[position].terms
                    let earlier = terms.replacementReceipt
                    terms.replacedPaid = paid
                    terms.replacedOn = day ?? today()
                    if let stored { terms.replacementReceipt = stored.name }
                    try store.items.setTerms(terms, claimID: claimID, position: position)
                    return (try store.items.claim(id: claimID)!, earlier)
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

    /// The claim and the position of its line for `itemID`.
    private static func line(of itemID: Int64, inClaim claimID: Int64, _ store: ItemStore) throws
        -> (Claim, Int)
    {
        guard let claim = try store.claim(id: claimID) else {
            throw InventoryError.claimNotFound(claimID)
        }
        guard let position = claim.items.firstIndex(where: { $0.itemID == itemID }) else {
            throw InventoryError.claimRefused([
                ClaimProblem(
                    field: .items, message: "claim \(claimID) does not list item \(itemID)")
            ])
        }
        return (claim, position)
    }
}
