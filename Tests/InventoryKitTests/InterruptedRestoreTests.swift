import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

/// What a restore killed before its commit leaves: a marker of the files it added, which the
/// next process to open the inventory removes when no item uses them.
@Suite struct InterruptedRestoreTests {
    let folder = TemporaryFolder()

    /// The pid of a process that has ended.
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func theNextOpeningRemovesWhatAKilledRestoreAddedAndNoItemUses() throws {
        var manager: InventoryManager? = try makeManager(in: folder)
        let picture = folder.file("used.png")
        writePNG(at: picture, seed: "used")
        let item = try manager!.add(ItemDraft(name: "Lamp", photoFile: picture))
        let used = try #require(item.photo)
        let photos = manager!.photos.directory
        manager?.close()
        manager = nil
        // as a restore killed before its commit left it: one file no item uses, and one that
        // the current content uses as well (listed, since a file the restore found is never)
        let orphan = String(repeating: "a", count: 64) + ".png"
        try Data(pngBytes(seed: "orphan")).write(to: URL(fileURLWithPath: photos + "/" + orphan))
        let marker = photos + "/.restore-\(try deadProcessID()).pending"
        try Data("\(orphan)\n\(used)\n../../etc/passwd\n".utf8).write(
            to: URL(fileURLWithPath: marker))
        // a restore still running (this process) is left alone
        let running = photos + "/.restore-\(getpid()).pending"
        try Data("\(orphan)\n".utf8).write(to: URL(fileURLWithPath: running))

        let reader = try InventoryManager(
            path: folder.file("inventory.sqlite"), access: .read,
            notificationCenter: NotificationCenter())
        defer { reader.close() }
        #expect(!FileManager.default.fileExists(atPath: photos + "/" + orphan))
        #expect(FileManager.default.fileExists(atPath: photos + "/" + used), "an item uses it")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(try reader.verify().unused.isEmpty)
    }

    /// A marker stays until every file it lists could be checked: a restore whose inventory a
    /// signal closed under it, or an opening that cannot read the inventory, leaves the files
    /// to the next process instead of forgetting them.
    @Test func aMarkerStaysUntilEveryFileItListsCouldBeChecked() throws {
        let manager = try makeManager(in: folder)
        let photos = manager.photos
        manager.close()
        let name = String(repeating: "ab", count: 32) + ".png"
        let marker = photos.directory + "/.restore-\(try deadProcessID()).pending"
        try FileManager.default.createDirectory(
            atPath: photos.directory, withIntermediateDirectories: true)
        try Data("\(name)\n".utf8).write(to: URL(fileURLWithPath: marker))

        var offered: [[String]] = []
        photos.removeInterruptedRestores { names in
            offered.append(names)
            return names  // none could be checked
        }
        #expect(offered == [[name]])
        #expect(FileManager.default.fileExists(atPath: marker))

        photos.removeInterruptedRestores { names in
            offered.append(names)
            return []
        }
        #expect(offered == [[name], [name]])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
