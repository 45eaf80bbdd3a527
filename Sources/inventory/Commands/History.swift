import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        _superCommandName: CommandParsing.rootName,
        abstract: "What happened to an item, or to the whole inventory, newest first.",
        discussion: """
            Every add, edit and delete is recorded with its time and, for edits, each field's \
            old and new value: the record that helps prove ownership and value in a claim. \
            A claim line that took its item's values ('inventory claim refresh') is listed \
            too, with what it recorded before and after, and so is the maintenance: an \
            entry logged or removed, a schedule made or dropped.

            Examples:
              inventory history 3
              inventory history --limit 20
              inventory history 3 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id (default: every item).")
    var id: Int64?

    @Option(help: ArgumentHelp("Show at most this many entries.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print a JSON array of entries.")
    var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let manager = try database.openManager(.read)
        let entries = try manager.fullHistory(itemID: id, limit: limit)
        if entries.isEmpty, let id, try manager.item(id: id) == nil {
            throw InventoryError.itemNotFound(id)
        }
        let output = Terminal.standardOutput
        // who made each write, where it was recorded (the member on the web, the local user)
        let authors = try manager.authors(of: entries)
        if json {
            output.writeLine(
                entries.isEmpty
                    ? "[]"
                    : "[\n  "
                        + entries.map { entry in
                            var object =
                                switch entry {
                                case .item(let entry): entryJSON(entry, manager)
                                case .claimLine(let refresh): refreshJSON(refresh)
                                case .maintenance(let event): MaintenanceJSON.event(event)
                                }
                            if let author = authors[entry.writeID] {
                                object.removeLast()
                                object += ",\"by\":"
                                ItemJSON.appendString(author, to: &object)
                                object += "}"
                            }
                            return object
                        }.joined(separator: ",\n  ") + "\n]")
            return
        }
        func by(_ entry: HistoryEntry) -> String {
            authors[entry.writeID].map { "  (by \(VisibleText.of($0)))" } ?? ""
        }
        var names: [Int64: String] = [:]
        let ownFields = try manager.customFields()
        let ownNames = Dictionary(ownFields.map { ($0.key, $0.name) }) { first, _ in first }
        for merged in entries {
            let entry: JournalEntry
            switch merged {
            case .item(let item): entry = item
            case .claimLine(let refresh):
                output.writeLine(
                    "\(refresh.time.iso8601)  #\(refresh.itemID.map(String.init) ?? "?") "
                        + "\(VisibleText.of(refresh.after.name))  claim \(refresh.claimID) line "
                        + "\(refresh.line) took the item's values: "
                        + (refresh.changes.isEmpty
                            ? "(no field changed)"
                            : refresh.changes.map(\.description).joined(separator: ", ")))
                continue
            case .maintenance(let event):
                // named as the item's own lines name it: as it is now, if it still is
                if names[event.itemID] == nil {
                    names[event.itemID] = (try manager.item(id: event.itemID)?.name) ?? ""
                }
                let name = names[event.itemID].map { $0.isEmpty ? "" : " " + $0 } ?? ""
                output.writeLine(
                    "\(event.time.secondText(in: .current))  #\(event.itemID)"
                        + VisibleText.of(name) + "  " + VisibleText.of(event.description)
                        + by(merged))
                continue
            }
            let change = entry.change
            var line =
                "\(entry.time.secondText(in: .current))  #\(change.item.id) \(VisibleText.of(change.item.name))  "
                + change.kind.rawValue
            switch change.kind {
            case .added:
                var facts: [String] = []
                if let price = change.item.price { facts.append("price \(price.formatted)") }
                if let value = change.item.replacementValue {
                    facts.append("value \(value.formatted)")
                }
                if change.item.quantity > 1 { facts.append("quantity \(change.item.quantity)") }
                facts.append("luxury \(change.item.isLuxury ? "yes" : "no")")
                facts.append("insured \(change.item.isInsured ? "yes" : "no")")
                if change.item.isScheduled { facts.append("scheduled yes") }
                if !change.item.tags.isEmpty {
                    facts.append("tags " + VisibleText.of(change.item.tags.joined(separator: ", ")))
                }
                if let location = change.item.location {
                    facts.append("in " + VisibleText.of(location))
                }
                if change.item.hasLifetimeWarranty {
                    facts.append("lifetime warranty")
                } else if let until = change.item.warrantyUntil {
                    facts.append("warranty until \(until)")
                }
                // the household's own fields, by their names, in the order they were defined
                for field in ownFields {
                    if let value = change.item.customFields[field.key] {
                        facts.append(VisibleText.of("\(field.name) \(value)"))
                    }
                }
                line += ": " + facts.joined(separator: ", ")
            case .edited:
                // the household's own fields by their names, not their keys
                let fields = change.item.fieldChanges(from: change.before!).map { change in
                    ownNames[change.field].map {
                        FieldChange(field: $0, old: change.old, new: change.new)
                    } ?? change
                }
                if let event = change.item.lifeEvent(since: change.before!) {
                    line += ": " + VisibleText.of(event)
                    break
                }
                line +=
                    fields.isEmpty
                    ? " (no field changed)"
                    : ": " + fields.map(\.description).joined(separator: ", ")
            case .deleted:
                break
            }
            output.writeLine(line + by(merged))
        }
        if entries.isEmpty { output.writeLine("no changes recorded") }
    }

    private func refreshJSON(_ refresh: ClaimLineRefresh) -> String {
        "{\"at\":\"\(refresh.time.iso8601)\",\"change\":\"claim-refreshed\""
            + ",\"id\":\(refresh.itemID.map(String.init) ?? "null"),\"claim\":\(refresh.claimID)"
            + ",\"line\":\(refresh.line),\"fields\":["
            + refresh.changes.map { "\"\($0.field)\"" }.joined(separator: ",") + "]"
            + ",\"before\":" + ClaimJSON.line(refresh.before)
            + ",\"after\":" + ClaimJSON.line(refresh.after) + "}"
    }

    private func entryJSON(_ entry: JournalEntry, _ manager: InventoryManager) -> String {
        let change = entry.change
        let before = change.kind == .added ? nil : (change.before ?? change.item)
        let after = change.kind == .deleted ? nil : change.item
        let fields =
            (after != nil && before != nil) ? after!.changedFields(comparedTo: before!) : []
        return
            "{\"seq\":\(entry.sequence),\"at\":\"\(entry.time.iso8601)\",\"change\":\"\(change.kind.rawValue)\""
            + ",\"id\":\(change.item.id),\"fields\":["
            + fields.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            + ",\"before\":" + (before.map { ItemJSON.object($0, manager: manager) } ?? "null")
            + ",\"after\":" + (after.map { ItemJSON.object($0, manager: manager) } ?? "null") + "}"
    }
}
