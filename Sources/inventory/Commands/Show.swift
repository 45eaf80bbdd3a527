import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        _superCommandName: CommandParsing.rootName,
        abstract: "Show every field of one item.",
        discussion: """
            Examples:
              inventory show 1
              inventory show 1 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The id of the item.")
    var id: Int64

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        guard let item = try manager.item(id: id) else {
            throw InventoryError.itemNotFound(id)
        }
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        let style = Style.standardOutput(.table)
        let claims = try manager.claims(listingItem: item.id)
        let yesNo = { (flag: Bool) in flag ? "yes" : "no" }
        let code = manager.currency.code
        let worthNote =
            item.replacementValue != nil
            ? " (replacement value)" : item.price != nil ? " (price paid)" : ""
        var rows: [(String, String?)] = [
            ("Price", item.price.map { "\($0.formatted) \(code)" }),
            ("Value", item.replacementValue.map { "\($0.formatted) \(code) to replace" }),
            ("Quantity", String(item.quantity)),
            (
                "Worth",
                item.totalWorth.map {
                    Money.format($0, currency: manager.currency) + " \(code)"
                        + (item.quantity > 1 ? " for \(item.quantity)" : "") + worthNote
                }
            ),
            ("Purchased", item.purchaseDate?.description),
            ("Bought from", item.purchasedFrom),
            (
                "Warranty",
                item.hasLifetimeWarranty ? "for life" : item.warrantyUntil.map { "until \($0)" }
            ),
            ("Luxury", yesNo(item.isLuxury)),
            ("Insured", yesNo(item.isInsured) + (item.isScheduled ? ", scheduled on a rider" : "")),
            ("Location", item.location),
            ("Brand", item.brand),
            ("Model", item.model),
            ("Serial", item.serialNumber),
            ("Tags", item.tags.isEmpty ? nil : item.tags.joined(separator: ", ")),
            ("Description", item.description),
            ("Notes", item.notes),
            ("Photo", manager.photoPath(of: item).map(Self.markedIfMissing)),
            ("Files", item.attachments.isEmpty ? nil : Self.files(item, manager: manager)),
            ("Reviewed", item.reviewedAt?.description),
            ("On loan", item.loanText(today: manager.today())),
            ("Left", item.departureText),
            (
                "Claims",
                claims.isEmpty
                    ? nil
                    : claims.map { "\($0.id) \($0.title)" }.joined(
                        separator: "; ")
            ),
        ]
        // A field added to the item since this layout was written shows by its label.
        rows += ItemField.all.filter { !Self.shownFields.contains($0.key) }.map {
            ($0.label, $0.text(of: item))
        }
        // The household's own fields, in the order they were defined.
        rows += try manager.customFields().map { ($0.name, item.customFields[$0.key]) }
        rows += [
            ("Added", item.createdAt.secondText(in: .current)),
            ("Updated", "\(item.updatedAt.secondText(in: .current)) (version \(item.version))"),
        ]
        let output = Terminal.standardOutput
        output.writeLine(style.bold("#\(item.id) \(VisibleText.of(item.name))"))
        for case (let label, let value?) in rows {
            let indented = VisibleText.of(value, keepingLineBreaks: true)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n" + String(repeating: " ", count: 15))
            output.writeLine("  " + style.dim(label.padding(toLength: 13)) + indented)
        }
    }
}

extension Show {
    /// One line per attached file: its number, kind, caption and where it is stored.
    static func files(_ item: HouseholdItem, manager: InventoryManager) -> String {
        item.attachments.map { file in
            "\(file.id)  \(file.kind.rawValue)" + (file.caption.map { "  \($0)" } ?? "")
                + (file.file == item.photo ? "  (main photo)" : "") + "\n   "
                + markedIfMissing(manager.photos.path(of: file.file))
        }.joined(separator: "\n")
    }

    /// The fields the layout above shows (some together: the warranty, insured and rider).
    static let shownFields: Set<String> = [
        "name", "price", "value", "quantity", "purchaseDate", "purchasedFrom", "warrantyUntil",
        "lifetimeWarranty", "luxury", "insured", "scheduled", "location", "brand", "model",
        "serial", "tags", "description", "notes", "reviewedAt", "lentTo", "lentOn", "loanDue",
        "leftOn", "leftHow", "leftTo", "leftFor",
    ]

    /// `path`, followed by a warning when no file is there.
    static func markedIfMissing(_ path: String) -> String {
        access(path, F_OK) == 0 ? path : path + "  (missing: see 'inventory verify')"
    }
}

extension String {
    /// The string padded with spaces to `length` characters.
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
