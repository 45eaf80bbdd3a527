import Foundation
import InventoryModel
import InventoryStore

extension InventoryManager {
    /// The problems that stop `draft` from being saved, apart from items that no longer exist
    /// (those are checked when it is saved): a blank title, an incident date after today, no
    /// items.
    ///
    /// - Parameters:
    ///   - draft: the claim as the form submits it.
    ///   - keptCopies: how many lines of the claim keep copies of deleted items.
    ///   - timeZone: where "today" is.
    public func problems(
        with draft: ClaimDraft, keptCopies: Int = 0, timeZone: TimeZone = .current
    ) -> [ClaimProblem] {
        var problems: [ClaimProblem] = []
        func reason(_ error: any Error) -> String {
            if case InventoryError.invalidValue(let field, _, let reason) = error {
                return "the \(field): \(reason)"
            }
            return ErrorMessage.text(error)
        }
        do {
            if try ItemValidation.text(draft.title, field: .title, limit: 200) == nil {
                problems.append(ClaimProblem(field: .title, message: "a claim needs a title"))
            }
        } catch {
            problems.append(ClaimProblem(field: .title, message: reason(error)))
        }
        do {
            _ = try ItemValidation.text(draft.notes, field: .notes, long: true)
        } catch {
            problems.append(ClaimProblem(field: .notes, message: reason(error)))
        }
        let today = today(in: timeZone)
        if let date = draft.incidentDate, date > today {
            problems.append(
                ClaimProblem(
                    field: .incidentDate,
                    message: "the incident date \(date) is in the future (today is \(today))"))
        }
        if draft.itemIDs.isEmpty && keptCopies == 0 {
            problems.append(ClaimProblem(field: .items, message: "choose at least one item"))
        }
        return problems
    }

    /// Saves a new claim.
    ///
    /// - Returns: the saved claim.
    /// - Throws: `InventoryError.claimRefused` with every problem (including items that no
    ///   longer exist); nothing is written then.
    @discardableResult
    public func createClaim(_ draft: ClaimDraft) throws -> Claim {
        let draft = normalized(draft)
        let problems = problems(with: draft)
        guard problems.isEmpty else { throw InventoryError.claimRefused(problems) }
        let now = Timestamp(clock())
        return try withStore { store in
            try store.items.write {
                try Self.requireItems(draft.itemIDs, in: store.items)
                let id = try store.items.insertClaim(draft, at: now)
                try recordDepreciationTerms(claimID: id, in: store.items)
                return try store.items.claim(id: id)!
            }
        }
    }

    /// Replaces a claim's title, date, kind, notes and items. Lines that keep a copy of a
    /// deleted item stay.
    ///
    /// - Throws: `InventoryError.claimNotFound`; `InventoryError.claimRefused`. Nothing is
    ///   written then.
    @discardableResult
    public func updateClaim(id: Int64, _ draft: ClaimDraft) throws -> Claim {
        let draft = normalized(draft)
        let now = Timestamp(clock())
        var receipts: [String] = []
        defer { removeUnusedFiles(receipts) }  // those of lines the claim no longer has
        return try withStore { store in
            try store.items.write {
                guard let current = try store.items.claim(id: id) else {
                    throw InventoryError.claimNotFound(id)
                }
                receipts = current.items.compactMap(\.terms.replacementReceipt)
                let kept = current.items.filter { $0.itemID == nil }.count
                let problems = problems(with: draft, keptCopies: kept)
                guard problems.isEmpty else { throw InventoryError.claimRefused(problems) }
                try Self.requireItems(draft.itemIDs, in: store.items)
                try store.items.updateClaim(id: id, draft, at: now)
                try recordDepreciationTerms(claimID: id, in: store.items)
                return try store.items.claim(id: id)!
            }
        }
    }

    /// The claim with `id`, or nil.
    public func claim(id: Int64) throws -> Claim? {
        try withStore { try $0.items.claim(id: id) }
    }

    /// Every claim, newest first.
    public func claims() throws -> [Claim] {
        try withStore { try $0.items.claims() }
    }

    /// Deletes a claim (the items stay).
    ///
    /// - Returns: the claim as it was.
    /// - Throws: `InventoryError.claimNotFound`.
    @discardableResult
    public func deleteClaim(id: Int64) throws -> Claim {
        let claim = try withStore { store in
            try store.items.write {
                guard let claim = try store.items.claim(id: id) else {
                    throw InventoryError.claimNotFound(id)
                }
                try store.items.deleteClaim(id: id)
                return claim
            }
        }
        removeUnusedFiles(claim.items.compactMap(\.terms.replacementReceipt))
        return claim
    }

    private func normalized(_ draft: ClaimDraft) -> ClaimDraft {
        var draft = draft
        draft.title = draft.title.trimmingWhitespace()
        draft.notes = draft.notes.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        var seen: Set<Int64> = []
        draft.itemIDs = draft.itemIDs.filter { seen.insert($0).inserted }
        return draft
    }

    private static func requireItems(_ ids: [Int64], in items: ItemStore) throws {
        let missing = try ids.filter { try items.item(id: $0) == nil }
        guard missing.isEmpty else {
            throw InventoryError.claimRefused([
                ClaimProblem(
                    field: .items,
                    message: missing.count == 1
                        ? "there is no item \(missing[0])"
                        : "there are no items \(missing.map(String.init).joined(separator: ", "))")
            ])
        }
    }
}
