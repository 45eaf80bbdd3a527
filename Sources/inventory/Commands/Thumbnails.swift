import ArgumentParser
import Foundation
import InventoryKit

/// `inventory thumbnails`: makes every photo's thumbnails now, through `inventory-server`
/// (which links libvips).
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        _superCommandName: CommandParsing.rootName,
        abstract: "Make the thumbnails of every photo that has none yet.",
        discussion: """
            'inventory serve' shows a photo small in every list and large on its item's page \
            (a phone's HEIC as well, in every browser): pictures made from the photo, upright, \
            without the place the phone recorded, kept in a thumbnails folder beside the \
            photos. The server makes each the first time a page needs it; this makes them all \
            now (after an import of many photos, say), so that no page waits. It runs \
            inventory-server, installed beside inventory.

            Examples:
              inventory thumbnails
              inventory thumbnails --db ~/house.sqlite
            """)

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let location = try InventoryLocation.resolve(
            option: database.path, environment: ProcessInfo.processInfo.environment)
        let server = try Serve.serverPath()
        Terminal.standardOutput.flush()
        // The server's thumbnail maker takes this process's place: its output and exit status
        // are the command's own.
        let arguments: [String] = [server, "thumbnails", "--db", location.path]
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        throw CommandFailure(description: "cannot start \(server): \(reason)", status: 1)
    }
}
