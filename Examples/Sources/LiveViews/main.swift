// The blog's scenario two: a luxury view and a non-insured view observe one manager and stay
// in sync as the boat is added and then insured.
import Foundation
import InventoryKit
import Synchronization

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "live-views-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let manager = try InventoryManager(path: folder.appendingPathComponent("inventory.sqlite").path)
defer { manager.close() }

// Two live views over the same manager; each reports what a write did to it. The handlers
// run on the writing thread, in no set order between views, so each view keeps its own lines.
let luxury = try InventoryView.luxury(manager)
let nonInsured = try InventoryView.nonInsured(manager)
let seen = Mutex<[String: [String]]>([:])
func report(_ view: InventoryView) -> ViewObservation {
    view.observe { change in
        let entered = change.entered.map { "#\($0.id) at \($0.index)" }
        let left = change.left.map { "#\($0.id) from \($0.index)" }
        let line =
            "\(view.name): entered \(entered) left \(left) changed \(change.changed.map(\.id))"
            + " -> \(view.count) item(s)"
        seen.withLock { $0[view.name, default: []].append(line) }
    }
}
let observations = [report(luxury), report(nonInsured)]
func printSeen() {
    let lines = seen.withLock { seen in
        defer { seen = [:] }
        return [luxury, nonInsured].flatMap { seen[$0.name] ?? [] }
    }
    lines.forEach { print("  " + $0) }
}

print("Adding the boat, a luxury item, not insured")
let boat = try manager.add(
    ItemDraft(
        name: "Boat", price: try Money(parsing: "25000.00", currency: .usd), isLuxury: true))
printSeen()

print("Insuring it")
var insure = ItemPatch()
insure.isInsured = true
try manager.edit(id: boat.id, insure)
printSeen()

print("luxury holds \(luxury.ids), non-insured holds \(nonInsured.ids)")
observations.forEach { $0.cancel() }
