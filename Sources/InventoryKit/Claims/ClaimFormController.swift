import Foundation
public import InventoryModel
import InventoryStore

/// What a `ClaimFormDelegate` made of a submitted claim.
public enum ClaimSubmissionResult: Sendable, Equatable {
    /// Saved.
    case accepted(Claim)
    /// Not saved, for these reasons.
    case refused([ClaimProblem])
}

/// Validates and saves what a claim form submits (seed 004's data-source delegate): the form
/// never saves itself.
public protocol ClaimFormDelegate: AnyObject {
    /// Validates `draft` and saves it, or returns the problems.
    func claimForm(_ form: ClaimFormController, didSubmit draft: ClaimDraft)
        -> ClaimSubmissionResult
}

/// The claim form (the blog's data-entry form): title, incident date, kind, notes, the chosen
/// items and running totals. It presents a `ProductListController` and is its delegate; it
/// submits to its own delegate, and a refused submission keeps every field as typed.
public final class ClaimFormController {
    /// Validates and saves submissions.
    public weak var delegate: (any ClaimFormDelegate)?
    /// The title as typed.
    public var title: String {
        didSet { if title != oldValue { problems.removeAll { $0.field == .title } } }
    }
    /// The incident date as typed (`YYYY-MM-DD`, or empty).
    public var incidentDateText: String {
        didSet {
            if incidentDateText != oldValue { problems.removeAll { $0.field == .incidentDate } }
        }
    }
    /// The kind of loss.
    public var kind: ClaimKind
    /// The notes as typed.
    public var notes: String {
        didSet { if notes != oldValue { problems.removeAll { $0.field == .notes } } }
    }
    /// The chosen items, in list order.
    public private(set) var selectedItemIDs: [Int64]
    /// What stopped the last submission, by field; empty after a successful one.
    public private(set) var problems: [ClaimProblem] = []
    /// The claim saved by the last accepted submission.
    public private(set) var savedClaim: Claim?
    /// The list while it is presented.
    public private(set) var presentedList: ProductListController?

    private let lookup: (Int64) -> HouseholdItem?
    private let makeList: ([Int64]) -> ProductListController
    private let keptCopies: [ClaimedItem]
    /// The lines of the claim edited, by item: a line kept shows what it recorded.
    private let recorded: [Int64: ClaimedItem]

    /// A form over `items` (in list order), empty or filled from `claim`.
    public convenience init(items: [HouseholdItem], editing claim: Claim? = nil) {
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        self.init(
            lookup: { byID[$0] },
            makeList: { ProductListController(items: items, selectedIDs: $0) }, editing: claim)
    }

    /// A form over every item of `manager`, read only as needed: the picker pages through a
    /// live view, and the totals read only the chosen items. For large inventories.
    ///
    /// - Parameters:
    ///   - manager: the inventory the items come from.
    ///   - view: a live view of every item to pick from (for instance the one an "all" tab
    ///     keeps); without it the picker makes its own when it is presented.
    ///   - claim: the claim to edit, whose fields fill the form; nil for a new claim.
    public convenience init(
        manager: InventoryManager, view: InventoryView? = nil, editing claim: Claim? = nil
    ) {
        self.init(
            lookup: { try? manager.item(id: $0) },
            makeList: { selected in
                if let view {
                    return ProductListController(
                        view: view, manager: manager, selectedIDs: selected)
                }
                return (try? ProductListController(manager: manager, selectedIDs: selected))
                    ?? ProductListController(items: [], selectedIDs: [])
            }, editing: claim)
    }

    private init(
        lookup: @escaping (Int64) -> HouseholdItem?,
        makeList: @escaping ([Int64]) -> ProductListController, editing claim: Claim?
    ) {
        self.lookup = lookup
        self.makeList = makeList
        self.title = claim?.title ?? ""
        self.incidentDateText = claim?.incidentDate?.description ?? ""
        self.kind = claim?.kind ?? .other
        self.notes = claim?.notes ?? ""
        self.selectedItemIDs = claim?.items.compactMap(\.itemID) ?? []
        self.keptCopies = claim?.items.filter { $0.itemID == nil } ?? []
        var recorded: [Int64: ClaimedItem] = [:]
        for line in claim?.items ?? [] {
            if let id = line.itemID { recorded[id] = line }
        }
        self.recorded = recorded
    }

    /// The claimed lines: those of deleted items first, then the chosen items, each as the
    /// claim recorded it if it lists it already, else as it is now.
    public var selectedItems: [ClaimedItem] {
        keptCopies
            + selectedItemIDs.compactMap { id in
                recorded[id] ?? lookup(id).map(ClaimedItem.init(item:))
            }
    }

    /// The running totals of the chosen items.
    public var totals: ClaimTotals { ClaimTotals(selectedItems) }

    /// The problems of one field, to show next to it.
    public func problems(for field: ClaimField) -> [ClaimProblem] {
        problems.filter { $0.field == field }
    }

    /// Sets the chosen items directly (ids given on a command line, say); ids that do not
    /// exist are kept, so that submitting reports them.
    public func chooseItems(_ itemIDs: [Int64]) {
        var seen: Set<Int64> = []
        selectedItemIDs = itemIDs.filter { seen.insert($0).inserted }
    }

    /// Presents the item list with the current selection passed forward; the form is its
    /// delegate.
    public func presentProductList() -> ProductListController {
        let list = makeList(selectedItemIDs)
        list.delegate = self
        presentedList = list
        return list
    }

    /// Hands the form's contents to the delegate. On refusal every field stays as typed and
    /// `problems` says what to fix.
    ///
    /// - Returns: whether the claim was saved.
    @discardableResult
    public func submit() -> Bool {
        let date: CalendarDate?
        let text = incidentDateText.trimmingWhitespace()
        if text.isEmpty {
            date = nil
        } else {
            do {
                date = try CalendarDate(parsing: text, field: .incidentDate)
            } catch {
                problems = [ClaimProblem(field: .incidentDate, message: ErrorMessage.text(error))]
                return false
            }
        }
        let draft = ClaimDraft(
            title: title, incidentDate: date, kind: kind, notes: notes,
            itemIDs: selectedItemIDs)
        guard let delegate else {
            problems = [ClaimProblem(field: .items, message: "nothing can save this form")]
            return false
        }
        switch delegate.claimForm(self, didSubmit: draft) {
        case .accepted(let claim):
            savedClaim = claim
            problems = []
            return true
        case .refused(let refusals):
            problems = refusals
            return false
        }
    }
}

// MARK: - ProductListDelegate

extension ClaimFormController: ProductListDelegate {
    public func productList(_ list: ProductListController, didFinishSelecting itemIDs: [Int64]) {
        selectedItemIDs = itemIDs
        presentedList = nil
    }

    public func productListDidCancel(_ list: ProductListController) {
        presentedList = nil
    }
}

/// The delegate that validates a claim form's submission against the inventory and saves it
/// through the manager: a new claim, or the one being edited.
public final class ClaimSaver: ClaimFormDelegate {
    private let manager: InventoryManager
    private let claimID: Int64?

    /// Saves into `manager`: a new claim, or the claim `claimID`.
    public init(manager: InventoryManager, claimID: Int64? = nil) {
        self.manager = manager
        self.claimID = claimID
    }

    public func claimForm(_ form: ClaimFormController, didSubmit draft: ClaimDraft)
        -> ClaimSubmissionResult
    {
        do {
            let claim =
                try claimID.map { try manager.updateClaim(id: $0, draft) }
                ?? manager.createClaim(draft)
            return .accepted(claim)
        } catch InventoryError.claimRefused(let problems) {
            return .refused(problems)
        } catch {
            return .refused([ClaimProblem(field: .items, message: ErrorMessage.text(error))])
        }
    }
}
