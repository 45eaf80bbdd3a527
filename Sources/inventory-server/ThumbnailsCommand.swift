import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryKit
import Thumbnailer

/// `inventory-server thumbnails --db PATH`: makes the thumbnails of every photo (and picture
/// receipt) that has none yet (run by `inventory thumbnails` and `report --single-file`;
/// `serve` makes each on first need otherwise).
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Make the thumbnails of every photo that has none (run by inventory).")

    @Option(help: ArgumentHelp("The inventory file.", valueName: "path"))
    var db: String

    func run() throws {
        let manager: InventoryManager
        do {
            manager = try InventoryManager(
                path: db, access: .read, notificationCenter: NotificationCenter())
        } catch let error as InventoryError {
            Self.fail(CommandLineMessage.text(for: error))
        }
        defer { manager.close() }
        var photos: [String] = []
        var seen: Set<String> = []
        try manager.forEachItem(matching: .everything, sortedBy: .id) { item in
            // photos, and receipts that are pictures (a report shows them large)
            for file in item.attachments where !file.file.hasSuffix(".pdf") {
                if seen.insert(file.file).inserted { photos.append(file.file) }
            }
        }
        let thumbnailer = Thumbnailer(besidePhotosIn: manager.photos.directory)
        var made = 0
        var failed: [String] = []
        for name in photos {
            for size in ThumbnailSize.allCases {
                if thumbnailer.isMade(name, size: size) { continue }
                do {
                    _ = try thumbnailer.thumbnail(
                        of: manager.photos.path(of: name), storedAs: name, size: size)
                    made += 1
                } catch let error as ThumbnailError {
                    failed.append(error.description)
                    break
                }
            }
        }
        let summary =
            "made \(made) thumbnail\(made == 1 ? "" : "s") of \(photos.count) "
            + "photo\(photos.count == 1 ? "" : "s") in \(thumbnailer.folder)\n"
        FileHandle.standardOutput.write(Data(summary.utf8))
        if !failed.isEmpty {
            manager.close()
            Self.fail(
                "\(failed.count) photo\(failed.count == 1 ? "" : "s") could not be read: "
                    + failed[0] + (failed.count > 1 ? " (and more)" : ""))
        }
    }

    /// One line on standard error, and exit 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("inventory: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
