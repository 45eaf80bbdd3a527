import ArgumentParser
import InventoryKit

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete items: all of them, or none if an id does not exist.",
        discussion: """
            A photo no other item uses is deleted with its last item. An item listed in an \
            insurance claim is not deleted unless --force is given; the claim then keeps a copy \
            of it (name, brand, model, serial, price, purchase date, location, quantity).

            Examples:
              inventory delete 7
              inventory delete 3 5 9
              inventory delete 4 --force
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to delete.")
    var ids: [Int64]

    @Flag(help: "Delete items listed in claims too; each claim keeps a copy.")
    var force = false

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Missing expected argument '<ids>'") }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        for item in try manager.delete(ids: ids, force: force) {
            Terminal.standardOutput.writeLine("deleted \(item.id) \(VisibleText.of(item.name))")
        }
    }
}
