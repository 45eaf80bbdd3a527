import ArgumentParser
import InventoryKit

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the given fields of one or more items, all in one transaction.",
        discussion: """
            Only the fields you give change. An empty value clears a field, and --no-luxury, \
            --no-insured and --no-photo clear those. If any id does not exist, nothing changes.

            Examples:
              inventory edit 1 --insured
              inventory edit 3 5 9 --location Attic --no-luxury
              inventory edit 4 --price "" --notes ""
              inventory edit 2 --price 24000 --if-version 3
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to change.")
    var ids: [Int64]

    @OptionGroup var fields: ItemFieldOptions

    @Flag(inversion: .prefixedNo, help: "Set or clear the luxury flag.")
    var luxury: Bool?

    @Flag(inversion: .prefixedNo, help: "Set or clear the insured flag.")
    var insured: Bool?

    @Flag(name: .customLong("no-photo"), help: "Remove the photo.")
    var removePhoto = false

    @Option(
        name: .customLong("if-version"),
        help: ArgumentHelp(
            "Refuse the edit if the item has changed since this version (one id only).",
            valueName: "version"))
    var ifVersion: Int?

    @Flag(help: "Print the changed items as JSON.")
    var json = false

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Missing expected argument '<ids>'") }
        if ifVersion != nil, ids.count != 1 {
            throw ValidationError("--if-version takes exactly one id")
        }
        if fields.isEmpty, luxury == nil, insured == nil, !removePhoto {
            throw ValidationError(
                "nothing to change: give the fields to change, such as --insured or --price 1200")
        }
        if removePhoto, fields.photo != nil {
            throw ValidationError("--photo and --no-photo cannot be used together")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        var patch = ItemPatch()
        patch.name = fields.name
        patch.description = fields.description.map { $0 }
        patch.price = try fields.parsedPrice(currency: manager.currency)
        patch.purchaseDate = try fields.parsedPurchaseDate()
        if removePhoto {
            patch.photoFile = .some(nil)
        } else if let photo = fields.photo {
            patch.photoFile = photo.isEmpty ? .some(nil) : photo
        }
        patch.isLuxury = luxury
        patch.isInsured = insured
        patch.quantity = try fields.parsedQuantity()
        patch.location = fields.location.map { $0 }
        patch.brand = fields.brand.map { $0 }
        patch.model = fields.model.map { $0 }
        patch.serialNumber = fields.serial.map { $0 }
        patch.notes = fields.notes.map { $0 }
        let items = try manager.edit(
            ids: ids, patch, expectedVersions: ifVersion.map { [ids[0]: $0] } ?? [:])
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.array(items, manager: manager))
        } else {
            for item in items {
                Terminal.standardOutput.writeLine(
                    "edited \(item.id) \(VisibleText.of(item.name)) (version \(item.version))")
            }
        }
    }
}
