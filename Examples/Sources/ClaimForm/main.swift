// The blog's scenario one: a claim form presents a multi-select list of items; the list
// tells the form what was chosen through its delegate, and the form hands the claim to its
// own delegate, which validates and saves it.
import Foundation
import InventoryKit

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "claim-form-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let manager = try InventoryManager(path: folder.appendingPathComponent("inventory.sqlite").path)
defer { manager.close() }
try manager.add([
    ItemDraft(name: "Bicycle", price: try Money(parsing: "900", currency: .usd), isInsured: true),
    ItemDraft(name: "Laptop", price: try Money(parsing: "1400", currency: .usd)),
    ItemDraft(name: "Sofa", price: try Money(parsing: "700", currency: .usd)),
])

// The form never saves itself: a ClaimSaver validates and saves what it submits.
let form = ClaimFormController(manager: manager)
let saver = ClaimSaver(manager: manager)
form.delegate = saver

// A first try without a title is refused, and every field stays as typed.
form.incidentDateText = "2026-11-20"
form.kind = .theft
print("submitted without a title: \(form.submit()) — \(form.problems.map(\.message))")

// The picker: given the form's selection, it reports back to the form, its delegate.
let list = form.presentProductList()
list.narrow(to: "bicycle")
list.toggle(row: 0)
list.narrow(to: "laptop")
list.toggle(row: 0)
list.finish()
print(
    "chosen: \(form.selectedItems.map(\.name)), worth "
        + Money.format(form.totals.total, currency: manager.currency))

form.title = "Break-in"
if form.submit(), let claim = form.savedClaim {
    print("saved claim \(claim.id) \"\(claim.title)\" with \(claim.items.count) items")
}
