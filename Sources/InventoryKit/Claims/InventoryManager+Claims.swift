public import Foundation
public import InventoryModel
import InventoryStore

extension ClaimedItem {
    /// The stored files the line uses: those it recorded, and its replacement's receipt.
    var files: [String] {
        record.attachments.map(\.file) + [record.photo, terms.replacementReceipt].compactMap { $0 }
    }
}

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
            try store.database.write {
                try Self.requireItems(draft.itemIDs, in: store.database.items)
                let id = try store.database.claims.insert(draft, at: now)
                let claim = try store.database.claims.claim(id: id)!
                try Self.requireBoughtBeforeIncident(claim, lines: claim.items.indices)
                try recordDepreciationTerms(claimID: id, in: store.database)
                return try store.database.claims.claim(id: id)!
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
        var files: [String] = []
        defer { removeUnusedFiles(files) }  // those of lines the claim no longer has
        return try withStore { store in
            try store.database.write {
                guard let current = try store.database.claims.claim(id: id) else {
                    throw InventoryError.claimNotFound(id)
                }
                files = current.items.flatMap(\.files)
                let kept = current.items.filter { $0.itemID == nil }.count
                let problems = problems(with: draft, keptCopies: kept)
                guard problems.isEmpty else { throw InventoryError.claimRefused(problems) }
                try Self.requireItems(draft.itemIDs, in: store.database.items)
                try store.database.claims.update(id: id, draft, at: now)
                let updated = try store.database.claims.claim(id: id)!
                // A new incident date is checked against every line; the same date, against
                // the lines added (a line kept as it was is not refused again).
                let listed = Set(current.items.compactMap(\.itemID))
                try Self.requireBoughtBeforeIncident(
                    updated,
                    lines: updated.items.indices.filter {
                        draft.incidentDate != current.incidentDate
                            || updated.items[$0].itemID.map { !listed.contains($0) } ?? false
                    })
                try recordDepreciationTerms(claimID: id, in: store.database)
                return try store.database.claims.claim(id: id)!
            }
        }
    }

    /// The claim with `id`, or nil.
    public func claim(id: Int64) throws -> Claim? {
        try withStore { try $0.database.claims.claim(id: id) }
    }

    /// The claims that list the item `id`, oldest first: what a stolen thing's page links to.
    public func claims(listingItem id: Int64) throws -> [ClaimReference] {
        try withStore { store in
            try store.database.claims.listing(itemID: id).map {
                ClaimReference(id: $0.id, title: $0.title)
            }
        }
    }

    /// Every claim, newest first.
    public func claims() throws -> [Claim] {
        try withStore { try $0.database.claims.all() }
    }

    /// Deletes a claim (the items stay).
    ///
    /// - Returns: the claim as it was.
    /// - Throws: `InventoryError.claimNotFound`.
    @discardableResult
    public func deleteClaim(id: Int64) throws -> Claim {
        let claim = try withStore { store in
            try store.database.write {
                guard let claim = try store.database.claims.claim(id: id) else {
                    throw InventoryError.claimNotFound(id)
                }
                try store.database.claims.delete(id: id)
                return claim
            }
        }
        removeUnusedFiles(claim.items.flatMap(\.files))
        return claim
    }

    /// Has the claim line `reference` take its item's values as they are now, on purpose: the
    /// line no longer records the item as it was claimed. What it recorded before and after is
    /// kept in the claims' journal (`claimJournal`), in the same transaction.
    ///
    /// - Returns: the claim as saved, and the fields that changed on the line (none: the item
    ///   had not changed, and nothing was written).
    /// - Throws: `InventoryError.claimNotFound`; `.claimRefused` when the claim has no such
    ///   line, its item has been deleted, or the item was bought after the incident. Nothing is
    ///   written then.
    @discardableResult
    public func refreshClaimLine(claimID: Int64, line reference: ClaimLineReference) throws
        -> (claim: Claim, changes: [FieldChange])
    {
        let now = Timestamp(clock())
        var before: [String] = []
        defer { removeUnusedFiles(before) }  // the files the line recorded and no longer does
        return try withStore { store in
            try store.database.write {
                let (claim, position) = try Self.line(reference, inClaim: claimID, store.database)
                let line = claim.items[position]
                before = line.files
                guard line.itemID != nil else {
                    throw InventoryError.claimRefused([
                        ClaimProblem(
                            field: .items,
                            message: "line \(position + 1) of claim \(claimID) is an item that "
                                + "has been deleted: there is nothing to take its values from")
                    ])
                }
                let changes = line.changesSince
                guard !changes.isEmpty else { return (claim, []) }
                _ = try store.database.claims.refreshLine(
                    claimID: claimID, position: position, at: now)
                let saved = try store.database.claims.claim(id: claimID)!
                try Self.requireBoughtBeforeIncident(saved, lines: [position])
                return (saved, changes)
            }
        }
    }

    /// The claim lines refreshed on purpose (`refreshClaimLine`), newest first: every one, or
    /// those of item `itemID`; at most `limit`.
    public func claimJournal(itemID: Int64? = nil, limit: Int? = nil) throws
        -> [ClaimLineRefresh]
    {
        try withStore { try $0.database.claims.journal(itemID: itemID, limit: limit) }
    }

    private func normalized(_ draft: ClaimDraft) -> ClaimDraft {
        var draft = draft
        draft.title = draft.title.trimmingWhitespace()
        draft.notes = draft.notes.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        var seen: Set<Int64> = []
        draft.itemIDs = draft.itemIDs.filter { seen.insert($0).inserted }
        return draft
    }

    /// Refuses a claim whose incident happened before one of `lines` was bought: the item
    /// was not yet the household's to lose (or one of the dates is wrong).
    static func requireBoughtBeforeIncident(_ claim: Claim, lines: some Sequence<Int>) throws {
        guard let incident = claim.incidentDate else { return }
        let later = lines.compactMap { index -> (Int, CalendarDate)? in
            guard let bought = claim.items[index].purchaseDate, bought > incident else {
                return nil
            }
            return (index, bought)
        }
        guard !later.isEmpty else { return }
        let named = later.prefix(3).map { index, bought in
            let line = claim.items[index]
            return "\(line.itemID.map { "item \($0)" } ?? "line \(index + 1)") "
                + "(\(line.name)) was bought (\(bought))"
        }
        throw InventoryError.claimRefused([
            ClaimProblem(
                field: .incidentDate,
                message: "the incident date \(incident) is before "
                    + named.joined(separator: ", ")
                    + (later.count > 3 ? " and \(later.count - 3) more" : "")
                    + ": one of the dates is wrong")
        ])
    }

    private static func requireItems(_ ids: [Int64], in items: ItemTable) throws {
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
