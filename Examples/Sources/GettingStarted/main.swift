// The code of InventoryKit's "Getting started" article, run: open an inventory, add, edit,
// delete and list.
import Foundation
import InventoryKit

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "getting-started-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let manager = try InventoryManager(path: folder.appendingPathComponent("inventory.sqlite").path)
defer { manager.close() }  // so the last process folds the -wal file back in

// Add
let usd = manager.currency
let boat = try manager.add(
    ItemDraft(
        name: "Boat", price: try Money(parsing: "25000.00", currency: usd),
        isLuxury: true, location: "Garage"))
let more = try manager.add([
    ItemDraft(
        name: "Wedding ring", price: try Money(parsing: "3200.50", currency: usd),
        isLuxury: true, isInsured: true),
    ItemDraft(name: "Chairs", price: try Money(parsing: "45", currency: usd), quantity: 6),
])

// A draft that breaks a rule is refused whole, naming the field.
do {
    _ = try manager.add(ItemDraft(name: "Mug", quantity: 0))
} catch {
    print("refused: \(error)")
}

// Edit and delete
var patch = ItemPatch()
patch.isInsured = true
let insured = try manager.edit(id: boat.id, patch, expectedVersion: boat.version)
print("\(insured.name) is insured: \(insured.isInsured)")
try manager.delete(id: more[1].id)

// List
let expensive = try manager.items(
    matching: ItemFilter(minWorth: try Money(parsing: "1000", currency: usd)),
    sortedBy: ItemSort(.worth, descending: true))
for item in expensive { print(item.name, item.worth?.decimalString ?? "-") }
print("luxury: \(try manager.luxuryItems().map(\.name))")
print("not insured: \(try manager.nonInsuredItems().map(\.name))")
print("history of the boat: \(try manager.history(itemID: boat.id).count) entries")
