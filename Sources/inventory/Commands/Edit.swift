import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        _superCommandName: CommandParsing.rootName,
        abstract: "Change the given fields of one or more items, all in one transaction.",
        discussion: """
            Only the fields you give change. An empty value clears a field, and --no-luxury, \
            --no-insured, --no-photo and --no-tags clear those. If any id does not exist, \
            nothing changes. --tag adds a tag, --untag takes one away, --reviewed records that \
            you checked the item today.

            With --view instead of ids, every item of the view changes (narrowed by --with-tag \
            and --search): on a terminal you are shown how many and their worth and asked \
            first; without one, --yes is needed. --dry-run prints each change and writes \
            nothing.

            Examples:
              inventory edit 1 --insured
              inventory edit 3 5 9 --location Attic --no-luxury
              inventory edit 4 --price "" --notes ""
              inventory edit 2 --price 24000 --if-version 3
              inventory edit 7 --value 1299 --tag electronics --reviewed
              inventory edit --view non-insured --with-tag jewelry --insured --dry-run
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to change (or use --view).")
    var ids: [Int64] = []

    @OptionGroup var selection: SelectionOptions

    @OptionGroup var fields: ItemFieldOptions

    @Option(name: .customLong("untag"), help: ArgumentHelp("Take a tag away.", valueName: "tag"))
    var untags: [String] = []

    @Flag(name: .customLong("no-tags"), help: "Take every tag away (before --tag adds).")
    var removeTags = false

    @Flag(
        name: .customLong("lifetime-warranty"), inversion: .prefixedNo,
        help: "Set or clear the lifetime warranty.")
    var lifetimeWarranty: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Set or clear whether the policy lists it on a rider (scheduled).")
    var scheduled: Bool?

    @Flag(help: "Record that you checked the item today (it is there, its facts are right).")
    var reviewed = false

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
        guard !ids.isEmpty || selection.view != nil else {
            throw ValidationError("Missing expected argument '<ids>' (or --view)")
        }
        try selection.validate(ids: ids)
        if ifVersion != nil, ids.count != 1 {
            throw ValidationError("--if-version takes exactly one id")
        }
        if fields.isEmpty, luxury == nil, insured == nil, !removePhoto, untags.isEmpty,
            !removeTags, lifetimeWarranty == nil, scheduled == nil, !reviewed
        {
            throw ValidationError(
                "nothing to change: give the fields to change, such as --insured or --price 1200")
        }
        if removePhoto, fields.photo != nil {
            throw ValidationError("--photo and --no-photo cannot be used together")
        }
    }

    func run() throws {
        // A dry run writes nothing: not even a new inventory or a migration.
        let manager = try database.openManager(selection.dryRun ? .read : .write)
        let patch = try makePatch(manager: manager)
        var ids = ids
        var expected = ifVersion.map { [ids[0]: $0] } ?? [:]
        let before: [HouseholdItem]
        if selection.view != nil {
            before = try selection.items(manager: manager)
            guard !before.isEmpty else {
                Terminal.standardOutput.writeLine("no items to edit; nothing was changed")
                return
            }
            ids = before.map(\.id)
            expected = SelectionOptions.versions(of: before)
            if !selection.dryRun {
                try selection.confirm("Edit", before, currency: manager.currency)
            }
        } else {
            before = try ids.compactMap { try manager.item(id: $0) }
        }
        if selection.dryRun {
            try printPreview(manager.preview(ids: ids, patch))
            return
        }
        let items = try manager.edit(ids: ids, patch, expectedVersions: expected)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.array(items, manager: manager))
            return
        }
        let versions = SelectionOptions.versions(of: before)
        for item in items {
            let verb = versions[item.id] == item.version ? "unchanged" : "edited"
            Terminal.standardOutput.writeLine(
                "\(verb) \(item.id) \(VisibleText.of(item.name)) (version \(item.version))")
        }
    }

    private func makePatch(manager: InventoryManager) throws -> ItemPatch {
        var patch = ItemPatch()
        for (field, value) in try fields.values(currency: manager.currency) {
            patch.set(field, to: value)
        }
        if removePhoto {
            patch.photoFile = .some(nil)
        } else if let photo = fields.photo {
            patch.photoFile = photo.isEmpty ? .some(nil) : photo
        }
        patch.isLuxury = luxury
        patch.isInsured = insured
        patch.hasLifetimeWarranty = lifetimeWarranty
        patch.isScheduled = scheduled
        if reviewed { patch.reviewedAt = .some(manager.today()) }
        patch.addedTags = fields.tags
        patch.removedTags = untags
        patch.removesAllTags = removeTags
        for (name, text) in try fields.customFields() { patch.customFields[name] = text }
        return patch
    }

    /// One line per item: what would change, field by field.
    private func printPreview(_ pairs: [(before: HouseholdItem, after: HouseholdItem)]) {
        let output = Terminal.standardOutput
        var changing = 0
        for (before, after) in pairs {
            var changes = after.fieldChanges(from: before).map(\.description)
            if let photo = fields.photo, !photo.isEmpty { changes.append("photo -> \(photo)") }
            let name = "#\(before.id) \(VisibleText.of(before.name))"
            if changes.isEmpty {
                output.writeLine("unchanged   \(name)")
            } else {
                changing += 1
                output.writeLine("would edit  \(name) · " + changes.joined(separator: ", "))
            }
        }
        output.writeLine(
            "\(changing) of \(pairs.count) item\(pairs.count == 1 ? "" : "s") would change; "
                + "nothing was written (--dry-run)")
    }
}
