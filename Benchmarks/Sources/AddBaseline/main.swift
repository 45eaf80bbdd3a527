// The baseline of the import benchmark: `InventoryManager.add(contentsOf:)` of the items a
// Homebox CSV of HomeboxRow rows imports as, made in memory as they are added — the write
// without reading, parsing or checking a file. A whole process, as `inventory import` is, so
// that both times and both peak memories include the same start, open and close.
//
// Usage: AddBaseline DATABASE COUNT
import BenchmarkRows
import Foundation
import InventoryKit

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: AddBaseline DATABASE COUNT\n".utf8))
    exit(64)
}
do {
    let manager = try InventoryManager(path: arguments[1], notificationCenter: NotificationCenter())
    let drafts = (0..<count).lazy.map { index in
        let homebox = HomeboxRow(index)
        let row = homebox.row
        return ItemDraft(
            name: row.name, description: homebox.description,
            price: try? Money(minorUnits: row.price, currency: .usd),
            purchaseDate: try? CalendarDate(parsing: row.purchaseDate), isInsured: row.isInsured,
            quantity: row.quantity, location: row.location, brand: row.brand, model: homebox.model,
            serialNumber: homebox.serial, notes: homebox.notes,
            purchasedFrom: homebox.purchasedFrom, tags: homebox.tags)
    }
    guard try manager.add(contentsOf: drafts)?.count == count else {
        FileHandle.standardError.write(Data("AddBaseline: not every item was added\n".utf8))
        exit(1)
    }
    manager.close()
} catch {
    FileHandle.standardError.write(Data("AddBaseline: \(error)\n".utf8))
    exit(1)
}
