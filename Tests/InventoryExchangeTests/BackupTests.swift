import Foundation
import InventoryFiles
import InventoryKit
import InventoryStore
import InventoryTestSupport
import Locking
import Testing
import ZIPFoundation

@testable import InventoryExchange

/// An inventory with items, tags, a photo and a receipt, a claim and some history.
private func makeFurnishedInventory(in folder: TemporaryFolder, name: String = "home.sqlite")
    throws -> InventoryManager
{
    let manager = try makeManager(in: folder, name: name)
    try manager.add([
        ItemDraft(
            name: "Camera", price: usd("1200"), isInsured: true, location: "Home / Office",
            serialNumber: "SN-1", tags: ["photo", "travel"]),
        ItemDraft(name: "Ring", price: usd("3000"), isLuxury: true),
        ItemDraft(name: "Sofa", price: usd("800"), location: "Living room"),
    ])
    writePNG(at: folder.file("camera.png"), seed: "camera")
    writePNG(at: folder.file("receipt.png"), seed: "receipt")
    try manager.attach(file: folder.file("camera.png"), toItem: 1, as: .photo)
    try manager.attach(file: folder.file("receipt.png"), toItem: 1, as: .receipt)
    var patch = ItemPatch()
    patch.quantity = 2
    try manager.edit(id: 3, patch)
    _ = try manager.createClaim(ClaimDraft(title: "Burglary", kind: .theft, itemIDs: [2]))
    return manager
}

private func backUp(_ manager: InventoryManager, to path: String) throws -> BackupManifest {
    try Backup.write(
        manager, to: manager.outputFile(at: path, replacing: false), programVersion: "test")
}

private func sha256(_ bytes: Data) -> String {
    SHA256.hash(data: bytes).hexadecimal
}

@Suite struct BackupTests {
    @Test func aRestoredInventoryHasItsItemsClaimsHistoryAndFiles() throws {
        let folder = TemporaryFolder()
        let original = try makeFurnishedInventory(in: folder)
        let manifest = try backUp(original, to: folder.file("backup.zip"))
        #expect(permissions(folder.file("backup.zip")) == 0o600)
        #expect(manifest.counts == InventoryCounts(items: 3, claims: 1, journalEntries: 6))
        #expect(manifest.fileCount == 2)

        try FileManager.default.createDirectory(
            atPath: folder.file("restored"), withIntermediateDirectories: false)
        let target = try makeManager(in: folder, name: "restored/inventory.sqlite")
        do {
            let staged = try StagedRestore(
                archiveAt: folder.file("backup.zip"), besideDatabaseAt: target.databasePath)
            try staged.restore(into: target, replacing: false)
        }
        target.close()
        // Nothing of the unpacked copy is left beside the inventory.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("restored"))
        #expect(Set(left) == ["inventory.sqlite", "photos"])

        let restored = try InventoryManager(
            path: folder.file("restored/inventory.sqlite"), notificationCenter: .init())
        #expect(try restored.items(matching: .all) == original.items(matching: .all))
        #expect(try restored.claims() == original.claims())
        #expect(try restored.history() == original.history())
        for item in try original.items(matching: .all) {
            for attachment in item.attachments {
                let copy = try Data(
                    contentsOf: URL(fileURLWithPath: restored.photos.path(of: attachment.file)))
                let source = try Data(
                    contentsOf: URL(fileURLWithPath: original.photos.path(of: attachment.file)))
                #expect(copy == source)
                #expect(permissions(restored.photos.path(of: attachment.file)) == 0o600)
            }
        }
    }

    @Test func anInventoryWithItemsIsReplacedOnlyWhenAskedAndKeepsItsFilesInTheSharedFolder() throws
    {
        let folder = TemporaryFolder()
        let backedUp = try makeFurnishedInventory(in: folder)
        _ = try backUp(backedUp, to: folder.file("backup.zip"))

        let other = TemporaryFolder()
        let target = try makeManager(in: other)
        writePNG(at: other.file("dog.png"), seed: "dog")
        let dog = try target.add(ItemDraft(name: "Dog bed"))
        try target.attach(file: other.file("dog.png"), toItem: dog.id, as: .photo)
        let dogPhoto = try #require(target.item(id: dog.id)?.photo)

        let staged = try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: target.databasePath)
        #expect(
            throws: BackupError.notEmpty(
                path: target.databasePath, counts: .init(items: 1, claims: 0, journalEntries: 2))
        ) {
            try staged.restore(into: target, replacing: false)
        }
        #expect(try target.items(matching: .all).map(\.name) == ["Dog bed"])

        try staged.restore(into: target, replacing: true)
        target.close()
        let restored = try InventoryManager(
            path: other.file("inventory.sqlite"), notificationCenter: .init())
        #expect(try restored.items(matching: .all).map(\.name) == ["Camera", "Ring", "Sofa"])
        // The folder may be another inventory's too: nothing in it is deleted.
        #expect(FileManager.default.fileExists(atPath: restored.photos.path(of: dogPhoto)))
        #expect(restored.photos.storedNames().count == 3)
        // Ids go on from the highest the replaced content gave: an export made before the
        // restore never names a new item.
        #expect(try restored.add(ItemDraft(name: "Kettle")).id == 4)
    }

    @Test func anotherInventoryInTheSameFolderKeepsItsFiles() throws {
        let folder = TemporaryFolder()
        let backedUp = try makeFurnishedInventory(in: folder)
        _ = try backUp(backedUp, to: folder.file("backup.zip"))
        let shared = TemporaryFolder()
        let house = try makeManager(in: shared, name: "house.sqlite")
        let cabin = try makeManager(in: shared, name: "cabin.sqlite")
        writePNG(at: shared.file("red.png"), seed: "red")
        writePNG(at: shared.file("blue.png"), seed: "blue")
        let red = try house.add(ItemDraft(name: "Red chair"))
        try house.attach(file: shared.file("red.png"), toItem: red.id, as: .photo)
        let blue = try cabin.add(ItemDraft(name: "Blue chair"))
        try cabin.attach(file: shared.file("blue.png"), toItem: blue.id, as: .photo)
        let redPhoto = try #require(try house.item(id: red.id)?.photo)
        let bluePhoto = try #require(try cabin.item(id: blue.id)?.photo)

        try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: cabin.databasePath
        )
        .restore(into: cabin, replacing: true)
        // Both stay: a file may be the other inventory's too.
        #expect(FileManager.default.fileExists(atPath: cabin.photos.path(of: bluePhoto)))
        #expect(FileManager.default.fileExists(atPath: house.photos.path(of: redPhoto)))
    }

    @Test func aDamagedStoredFileIsReplacedByTheBackupsCopy() throws {
        let folder = TemporaryFolder()
        let manager = try makeFurnishedInventory(in: folder)
        _ = try backUp(manager, to: folder.file("backup.zip"))
        let photo = try #require(try manager.item(id: 1)?.photo)
        let whole = try Data(contentsOf: URL(fileURLWithPath: manager.photos.path(of: photo)))
        try whole.prefix(10).write(to: URL(fileURLWithPath: manager.photos.path(of: photo)))
        try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: manager.databasePath
        )
        .restore(into: manager, replacing: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: manager.photos.path(of: photo))) == whole)
    }

    @Test func aWriteAfterAnotherProcessRestoredIsRefusedAndSaysSo() throws {
        let folder = TemporaryFolder()
        let backedUp = try makeFurnishedInventory(in: folder)
        _ = try backUp(backedUp, to: folder.file("backup.zip"))
        let other = TemporaryFolder()
        let writer = try makeManager(in: other)
        try writer.add(ItemDraft(name: "Kettle"))
        let replaced = Lock(false)
        let token = writer.notificationCenter.addObserver(
            forName: InventoryManager.fileReplacedNotification, object: writer, queue: nil
        ) { _ in replaced.withLock { $0 = true } }
        defer { writer.notificationCenter.removeObserver(token) }
        let restorer = try InventoryManager(path: writer.databasePath, notificationCenter: .init())
        try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: restorer.databasePath
        )
        .restore(into: restorer, replacing: true)
        restorer.close()
        #expect {
            try writer.add(ItemDraft(name: "Toaster"))
        } throws: { error in
            "\(error)".contains("it was replaced (restored from a backup) since it was opened")
        }
        #expect(replaced.withLock { $0 })
        #expect(try writer.counts().items == 3)
    }

    @Test func aFollowerOfTheReplacedInventoryIsToldItWasReplacedNotFedItsJournal() throws {
        let folder = TemporaryFolder()
        let backedUp = try makeFurnishedInventory(in: folder)
        _ = try backUp(backedUp, to: folder.file("backup.zip"))

        let other = TemporaryFolder()
        let follower = try makeManager(in: other)
        try follower.add([ItemDraft(name: "Kettle"), ItemDraft(name: "Toaster")])
        let replaced = Lock(false)
        let token = follower.notificationCenter.addObserver(
            forName: InventoryManager.fileReplacedNotification, object: follower, queue: nil
        ) { _ in replaced.withLock { $0 = true } }
        defer { follower.notificationCenter.removeObserver(token) }
        let recorder = ChangeRecorder(follower)

        let restorer = try InventoryManager(
            path: follower.databasePath, notificationCenter: .init())
        try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: restorer.databasePath
        )
        .restore(into: restorer, replacing: true)
        restorer.close()

        try follower.catchUp()
        #expect(replaced.withLock { $0 })
        #expect(recorder.changeSets.isEmpty)
    }

    @Test func aDamagedInventoryIsNotBackedUp() throws {
        let folder = TemporaryFolder()
        try makeFurnishedInventory(in: folder).close()
        // Scribble over the header of an index's page, which opening does not read.
        let path = folder.file("home.sqlite")
        let root = try {
            let database = try Database(path: path, options: .init(createIfMissing: false))
            defer { database.close() }
            let statement = try database.makeStatement(
                "SELECT rootpage FROM sqlite_schema WHERE name = 'journal_by_item'")
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        }()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in (root - 1) * 4096..<(root - 1) * 4096 + 16 { bytes[offset] = 0x5A }
        try bytes.write(to: URL(fileURLWithPath: path))
        // Opening reads only the schema; the snapshot's check finds the damage.
        let manager = try InventoryManager(path: path, notificationCenter: .init())
        #expect(throws: BackupError.damaged(path: path)) {
            try backUp(manager, to: folder.file("damaged.zip"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("damaged.zip")))
    }

    @Test func theDatabaseIsDeflatedWhilePhotosAndReceiptsAreStoredAsTheyAre() throws {
        let folder = TemporaryFolder()
        let original = try makeFurnishedInventory(in: folder)
        try original.add(
            (0..<2_000).map { index in
                ItemDraft(
                    name: "Item \(index)", description: "A thing of the household, number \(index)",
                    price: usd("\(index).99"), location: "Room \(index % 7)")
            })
        _ = try backUp(original, to: folder.file("backup.zip"))
        let archive = try Archive(
            url: URL(fileURLWithPath: folder.file("backup.zip")), accessMode: .read,
            pathEncoding: nil)
        let database = try #require(archive[BackupManifest.databaseEntryName])
        #expect(
            database.compressedSize * 3 < database.uncompressedSize,
            "\(database.compressedSize) of \(database.uncompressedSize) bytes")
        let manifest = try #require(archive[BackupManifest.entryName])
        #expect(manifest.compressedSize < manifest.uncompressedSize)
        let files = archive.filter { $0.path.hasPrefix(BackupManifest.filesFolder) }
        #expect(files.count == 2)
        for file in files {
            #expect(file.compressedSize == file.uncompressedSize, "\(file.path) is kept as it is")
        }
        // Info-ZIP's unzip reads it whole too.
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-tq", folder.file("backup.zip")]
        unzip.standardOutput = FileHandle.nullDevice
        try unzip.run()
        unzip.waitUntilExit()
        #expect(unzip.terminationStatus == 0)

        let target = try makeManager(in: folder, name: "restored.sqlite")
        try StagedRestore(
            archiveAt: folder.file("backup.zip"), besideDatabaseAt: target.databasePath
        )
        .restore(into: target, replacing: false)
        #expect(try target.items(matching: .all) == original.items(matching: .all))
    }

    @Test func aBackupOfTheSameInventoryTakenLaterIsItsContinuation() throws {
        let folder = TemporaryFolder()
        let follower = try makeManager(in: folder)
        try follower.add(ItemDraft(name: "Kettle"))
        let writer = try InventoryManager(path: follower.databasePath, notificationCenter: .init())
        try writer.add(ItemDraft(name: "Toaster"))
        _ = try backUp(writer, to: folder.file("later.zip"))
        try writer.delete(ids: [2])
        // The follower has not seen the Toaster yet: the backup holds it, and its journal
        // goes on from what the follower saw.
        let recorder = ChangeRecorder(follower)
        try StagedRestore(
            archiveAt: folder.file("later.zip"), besideDatabaseAt: writer.databasePath
        )
        .restore(into: writer, replacing: true)
        writer.close()
        try follower.catchUp()
        #expect(recorder.changeSets.flatMap(\.changes).map(\.itemID) == [2])
    }
}

/// Archives made by hand, each wrong in one way: restore refuses every one before it touches
/// the inventory.
@Suite struct RestoreRefusalTests {
    struct Fixture {
        let folder = TemporaryFolder()
        let manager: InventoryManager
        let manifest: BackupManifest
        /// Every entry of a good archive, by path.
        let entries: [String: Data]

        init() throws {
            manager = try makeFurnishedInventory(in: folder)
            manifest = try backUp(manager, to: folder.file("good.zip"))
            let archive = try Archive(
                url: URL(fileURLWithPath: folder.file("good.zip")), accessMode: .read,
                pathEncoding: nil)
            var entries: [String: Data] = [:]
            for entry in archive {
                var data = Data()
                _ = try archive.extract(entry) { data.append($0) }
                entries[entry.path] = data
            }
            self.entries = entries
        }

        /// Writes an archive holding `entries` (a link where the data is nil's neighbour)
        /// with `manifest`, and returns its path.
        func archive(
            _ name: String, manifest: BackupManifest? = nil, entries: [String: Data]? = nil,
            links: [String: String] = [:], compression: CompressionMethod = .none
        ) throws -> String {
            let path = folder.file(name)
            let archive = try Archive(
                url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
            var all = entries ?? self.entries
            all[BackupManifest.entryName] = try (manifest ?? self.manifest).encoded()
            for (entryPath, data) in all.sorted(by: { $0.key < $1.key }) {
                try archive.addEntry(
                    with: entryPath, type: .file, uncompressedSize: Int64(data.count),
                    compressionMethod: compression
                ) { position, size in
                    data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
                }
            }
            for (entryPath, destination) in links {
                let data = Data(destination.utf8)
                try archive.addEntry(
                    with: entryPath, type: .symlink, uncompressedSize: Int64(data.count)
                ) { position, size in
                    data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
                }
            }
            return path
        }

        /// Restores `path` into a new inventory holding one item, expecting a refusal that
        /// contains `words`, and checks that nothing was changed or left behind.
        func expectRefusal(
            _ path: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let target = TemporaryFolder()
            let manager = try makeManager(in: target)
            try manager.add(ItemDraft(name: "Kettle"))
            do {
                let staged = try StagedRestore(
                    archiveAt: path, besideDatabaseAt: manager.databasePath)
                try staged.restore(into: manager, replacing: true)
                Issue.record("restored \(path)", sourceLocation: sourceLocation)
            } catch let error as BackupError {
                #expect("\(error)".contains(words), "\(error)", sourceLocation: sourceLocation)
                switch error {
                case .refused(_, let reason), .unreadable(_, let reason):
                    #expect(!reason.contains("SELECT"), sourceLocation: sourceLocation)
                default: Issue.record("\(error)", sourceLocation: sourceLocation)
                }
            }
            #expect(
                try manager.items(matching: .all).map(\.name) == ["Kettle"],
                sourceLocation: sourceLocation)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
                    == ["inventory.sqlite", "inventory.sqlite-shm", "inventory.sqlite-wal"],
                sourceLocation: sourceLocation)
        }
    }

    /// What `zip` and most tools write: every entry deflated. Restored like our stored ones.
    @Test func aDeflatedArchiveIsRestored() throws {
        let fixture = try Fixture()
        let path = try fixture.archive("deflated.zip", compression: .deflate)
        let target = TemporaryFolder()
        let manager = try makeManager(in: target)
        try StagedRestore(archiveAt: path, besideDatabaseAt: manager.databasePath)
            .restore(into: manager, replacing: false)
        #expect(try manager.counts().items == 3)
    }

    /// What releases before deflate wrote, and what `zip -0` writes: every entry stored.
    @Test func anArchiveOfStoredEntriesIsRestored() throws {
        let fixture = try Fixture()
        let path = try fixture.archive("stored.zip", compression: .none)
        let target = TemporaryFolder()
        let manager = try makeManager(in: target)
        try StagedRestore(archiveAt: path, besideDatabaseAt: manager.databasePath)
            .restore(into: manager, replacing: false)
        #expect(try manager.items(matching: .all) == fixture.manager.items(matching: .all))
    }

    /// A manifest whose deflate stream never ends (a stored block that promises 65,535 bytes
    /// the file does not have): ZIPFoundation's reader looped on it forever; it is damaged.
    @Test func aDeflateStreamThatNeverEnds() throws {
        let fixture = try Fixture()
        let name = Array(BackupManifest.entryName.utf8)
        let data: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + Array(#"{"x":1}"#.utf8)
        func le(_ value: Int, _ bytes: Int) -> [UInt8] {
            (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let local =
            le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 4) + le(0, 4)
            + le(data.count, 4) + le(100, 4) + le(name.count, 2) + le(0, 2) + name + data
        let directory =
            le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 4)
            + le(0, 4) + le(data.count, 4) + le(100, 4) + le(name.count, 2) + le(0, 8)
            + le(0, 4) + le(0, 4) + name
        let end =
            le(0x0605_4B50, 4) + le(0, 4) + le(1, 2) + le(1, 2) + le(directory.count, 4)
            + le(local.count, 4) + le(0, 2)
        let path = fixture.folder.file("endless.zip")
        try Data(local + directory + end).write(to: URL(fileURLWithPath: path))
        try fixture.expectRefusal(path, saying: "the archive is damaged")
    }

    @Test func aManifestWhoseBytesDoNotMatchTheirCRC() throws {
        let fixture = try Fixture()
        // Its entries stored, so the manifest's text is there to change (ours deflates it).
        let good = try Data(
            contentsOf: URL(fileURLWithPath: try fixture.archive("stored.zip", compression: .none)))
        var bytes = [UInt8](good)
        let marker = Array(#""formatVersion""#.utf8)
        let at = try #require(
            (0...(bytes.count - marker.count)).first {
                Array(bytes[$0..<$0 + marker.count]) == marker
            })
        bytes[at + 1] = UInt8(ascii: "F")  // the same size; the CRC-32 no longer matches
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.folder.file("crc.zip")))
        try fixture.expectRefusal(fixture.folder.file("crc.zip"), saying: "the archive is damaged")
    }

    @Test func aFileThatIsNotAZipArchive() throws {
        let fixture = try Fixture()
        try Data("ID,Name\n1,Camera\n".utf8).write(
            to: URL(fileURLWithPath: fixture.folder.file("items.zip")))
        try fixture.expectRefusal(fixture.folder.file("items.zip"), saying: "not a zip archive")
        try fixture.expectRefusal(fixture.folder.file("missing.zip"), saying: "no such file")
    }

    @Test func aTruncatedArchive() throws {
        let fixture = try Fixture()
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.file("good.zip")))
        try whole.prefix(whole.count / 2).write(
            to: URL(fileURLWithPath: fixture.folder.file("cut.zip")))
        try fixture.expectRefusal(fixture.folder.file("cut.zip"), saying: "cut short")
    }

    @Test func anArchiveFromANewerVersion() throws {
        let fixture = try Fixture()
        var manifest = fixture.manifest
        manifest.formatVersion = 2
        manifest.programVersion = "9.0"
        try fixture.expectRefusal(
            try fixture.archive("newer.zip", manifest: manifest),
            saying: "newer version of inventory (9.0")
    }

    @Test func aZipThatIsNotABackup() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        entries[BackupManifest.entryName] = nil
        let path = fixture.folder.file("plain.zip")
        let archive = try Archive(
            url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
        let data = Data("hello".utf8)
        try archive.addEntry(with: "hello.txt", type: .file, uncompressedSize: Int64(5)) {
            (_: Int64, _: Int) in data
        }
        try fixture.expectRefusal(path, saying: "not an inventory backup")
    }

    @Test(arguments: ["../escaped.png", "/etc/escaped", "photos/../../escaped", "photos//x"])
    func anEntryWhosePathLeavesItsFolder(path: String) throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        entries[path] = Data("x".utf8)
        try fixture.expectRefusal(
            try fixture.archive("unsafe.zip", entries: entries), saying: "unsafe path")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.file("../escaped.png")))
    }

    @Test func aLink() throws {
        let fixture = try Fixture()
        let path = try fixture.archive("link.zip", links: ["photos/link": "/etc/passwd"])
        try fixture.expectRefusal(path, saying: "holds a link")
    }

    @Test func anEntryLargerThanItsManifestSays() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        let photo = try #require(entries.keys.first { $0.hasPrefix("photos/") })
        entries[photo]! += Data(count: 1 << 20)
        try fixture.expectRefusal(
            try fixture.archive("big.zip", entries: entries), saying: "not the size")
    }

    @Test func anEntryTheManifestDoesNotList() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        entries["photos/extra.png"] = Data("x".utf8)
        try fixture.expectRefusal(
            try fixture.archive("extra.zip", entries: entries), saying: "does not list")
    }

    @Test func anEntryMissing() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        let photo = try #require(entries.keys.first { $0.hasPrefix("photos/") })
        entries[photo] = nil
        try fixture.expectRefusal(
            try fixture.archive("lacking.zip", entries: entries), saying: "lacks \(photo)")
    }

    @Test func anEntryWhoseBytesChanged() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        var database = entries[BackupManifest.databaseEntryName]!
        database[database.count - 100] ^= 0xFF
        entries[BackupManifest.databaseEntryName] = database
        try fixture.expectRefusal(
            try fixture.archive("changed.zip", entries: entries),
            saying: "does not match its checksum")
    }

    @Test func anUnpackedBackupZippedAgainWithItsFoldersIsRestored() throws {
        let fixture = try Fixture()
        let path = fixture.folder.file("rezipped.zip")
        let archive = try Archive(
            url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
        try archive.addEntry(
            with: "photos/", type: .directory, uncompressedSize: Int64(0)
        ) { (_: Int64, _: Int) in Data() }
        var entries = fixture.entries
        entries[BackupManifest.entryName] = try fixture.manifest.encoded()
        for (entryPath, data) in entries.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: entryPath, type: .file, uncompressedSize: Int64(data.count))
            {
                (position: Int64, size: Int) in
                data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
            }
        }
        let target = TemporaryFolder()
        let manager = try makeManager(in: target)
        try StagedRestore(archiveAt: path, besideDatabaseAt: manager.databasePath)
            .restore(into: manager, replacing: false)
        #expect(try manager.counts().items == 3)
    }

    @Test func aDamagedDatabaseWithAMatchingChecksum() throws {
        let fixture = try Fixture()
        var entries = fixture.entries
        var manifest = fixture.manifest
        var database = entries[BackupManifest.databaseEntryName]!
        // Scribble over the header of every page after the first (b-tree pages' types and
        // cell pointers).
        for page in stride(from: 4096, to: database.count, by: 4096) {
            for offset in page..<page + 16 { database[offset] = 0x5A }
        }
        entries[BackupManifest.databaseEntryName] = database
        manifest.entries[0].sha256 = sha256(database)
        try fixture.expectRefusal(
            try fixture.archive("damaged.zip", manifest: manifest, entries: entries),
            saying: "damaged")
    }

    @Test func countsThatDisagreeWithTheManifest() throws {
        let fixture = try Fixture()
        var manifest = fixture.manifest
        manifest.counts.items = 4
        try fixture.expectRefusal(
            try fixture.archive("counts.zip", manifest: manifest),
            saying: "not what its manifest lists")
    }
}
