import Foundation
import InventoryKit

/// Where an import's rows go: the manager's transaction (`ImportBatch`), or, for a dry run,
/// nowhere (`DryRunSink`), with the same checks.
protocol ImportSink: ~Copyable {
    /// Whether rows are written.
    var writes: Bool { get }
    func itemID(importRef ref: String) throws -> Int64?
    mutating func add(_ draft: ItemDraft, importRef ref: String?) throws
    mutating func update(id: Int64, _ patch: ItemPatch) throws -> Bool
}

extension ImportBatch: ImportSink {
    var writes: Bool { true }
}

/// A dry run's sink: each row checked as the manager would, nothing written.
struct DryRunSink: ImportSink {
    let manager: InventoryManager
    let refs: [String: Int64]
    let currency: Currency
    let today: CalendarDate
    let now: Timestamp

    init(manager: InventoryManager) {
        self.manager = manager
        refs = Dictionary(
            ((try? manager.importRefs()) ?? [:]).map { ($0.value, $0.key) },
            uniquingKeysWith: { first, _ in first })
        currency = manager.currency
        today = manager.today()
        now = Timestamp(Date())
    }

    var writes: Bool { false }

    func itemID(importRef ref: String) throws -> Int64? { refs[ref] }

    mutating func add(_ draft: ItemDraft, importRef ref: String?) throws {
        _ = try draft.validatedItem(currency: currency, now: now, today: today)
    }

    mutating func update(id: Int64, _ patch: ItemPatch) throws -> Bool {
        let patch = try patch.validated(currency: currency, today: today)
        guard let before = try manager.item(id: id) else { return false }
        return patch.applied(to: before) != before
    }
}
