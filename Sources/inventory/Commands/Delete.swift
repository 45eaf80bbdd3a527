import ArgumentParser
import InventoryKit

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete items: all of them, or none if an id does not exist.",
        discussion: """
            A photo no other item uses is deleted with its last item.

            Examples:
              inventory delete 7
              inventory delete 3 5 9
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The ids of the items to delete.")
    var ids: [Int64]

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Missing expected argument '<ids>'") }
    }

    func run() throws {
        let manager = try database.openManager()
        for item in try manager.delete(ids: ids) {
            Terminal.standardOutput.writeLine("deleted \(item.id) \(item.name)")
        }
    }
}
