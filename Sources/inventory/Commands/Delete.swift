import ArgumentParser
import InventoryKit

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        _superCommandName: CommandParsing.rootName,
        abstract: "Delete items: all of them, or none if an id does not exist.",
        discussion: """
            A photo or file no other item or claim uses is deleted with its last item. An \
            item listed in an insurance claim is not deleted unless --force is given; the \
            claim then keeps the item as it recorded it (every field, and its files).

            With --view instead of ids, every item of the view is deleted (narrowed by \
            --with-tag and --search): on a terminal you are asked first; without one, --yes is \
            needed. --dry-run lists them and deletes nothing.

            Examples:
              inventory delete 7
              inventory delete 3 5 9
              inventory delete 4 --force
              inventory delete --view all --with-tag sold --dry-run
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to delete (or use --view).")
    var ids: [Int64] = []

    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Delete items listed in claims too; each claim keeps a copy.")
    var force = false

    func validate() throws {
        guard !ids.isEmpty || selection.view != nil else {
            throw ValidationError("Missing expected argument '<ids>' (or --view)")
        }
        try selection.validate(ids: ids)
    }

    func run() throws {
        let manager = try database.openManager(selection.dryRun ? .read : .write)
        var ids = ids
        var expected: [Int64: Int] = [:]
        if selection.view != nil || selection.dryRun {
            let items =
                selection.view != nil
                ? try selection.items(manager: manager)
                : try ids.map { id in
                    guard let item = try manager.item(id: id) else {
                        throw InventoryError.itemsNotFound([id])
                    }
                    return item
                }
            guard !items.isEmpty else {
                Terminal.standardOutput.writeLine("no items to delete; nothing was changed")
                return
            }
            if selection.dryRun {
                // An item listed in a claim is deleted only with --force: say which.
                let claimed = Dictionary(
                    try manager.claims().flatMap { claim in
                        claim.items.compactMap(\.itemID).map { ($0, claim.id) }
                    }, uniquingKeysWith: { first, _ in first })
                for item in items {
                    let note =
                        claimed[item.id].map {
                            force
                                ? " (in claim \($0): it keeps a copy)"
                                : " (in claim \($0): needs --force)"
                        } ?? ""
                    Terminal.standardOutput.writeLine(
                        "would delete  #\(item.id) \(VisibleText.of(item.name))\(note)")
                }
                Terminal.standardOutput.writeLine(
                    "\(items.count) item\(items.count == 1 ? "" : "s") would be deleted; "
                        + "nothing was written (--dry-run)")
                return
            }
            try selection.confirm("Delete", items, currency: manager.currency)
            ids = items.map(\.id)
            expected = SelectionOptions.versions(of: items)
        }
        let deleted: [HouseholdItem]
        do {
            deleted = try manager.delete(ids: ids, force: force, expectedVersions: expected)
        } catch let error as InventoryError {
            guard case .itemsInClaims = error else { throw error }
            // What to type is the command line's to say, not the library's.
            throw CommandFailure(
                description: "\(error) (delete with --force to keep a copy of it in the claim)",
                status: Inventory.exitStatus(for: error))
        }
        for item in deleted {
            Terminal.standardOutput.writeLine("deleted \(item.id) \(VisibleText.of(item.name))")
        }
    }
}
