import Foundation
import InventoryExchange
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryOffsite

/// The off-site copy with a real restic against repositories in a temporary folder: pushes,
/// what they send, restores of any snapshot into a new inventory, and every refusal.
@Suite struct OffsiteCopyTests {
    let folder = TemporaryFolder()
    let manager: InventoryManager
    /// restic's world: PATH and a home, nothing of the machine's restic settings.
    let environment: [String: String]

    init() throws {
        manager = try makeManager(in: folder, name: "home.sqlite")
        _ = FileManager.default.createFile(
            atPath: folder.file("password"), contents: Data("correct horse\n".utf8))
        try FileManager.default.createDirectory(
            atPath: folder.file("home"), withIntermediateDirectories: true)
        environment = ["PATH": "/usr/bin:/bin", "HOME": folder.file("home")]
    }

    var repository: String { folder.file("repository") }

    func setUp(_ manager: InventoryManager) throws -> OffsiteCopy.SetUp {
        try OffsiteCopy.setUp(
            manager, repository: repository, passwordFile: folder.file("password"),
            passwordCommand: nil, environment: environment)
    }

    func copy(of manager: InventoryManager, environment: [String: String]? = nil) throws
        -> OffsiteCopy
    {
        try OffsiteCopy(manager: manager, environment: environment ?? self.environment)
    }

    /// A household with a photo, a box and a claim's worth of things.
    func household() throws {
        let photo = folder.file("tv.png")
        writePNG(at: photo, seed: String(repeating: "television ", count: 2_000))
        try manager.add([
            ItemDraft(name: "TV", price: usd("800"), photoFile: photo, location: "House / Den"),
            ItemDraft(name: "Ring", price: usd("3200.50"), isLuxury: true, isInsured: true),
        ])
    }

    @Test func aPushAfterAnEditSendsLittleAndTheFirstSnapshotRestoresAsItWas() throws {
        try household()
        #expect(try setUp(manager) == .created)
        let before = try manager.entireHouseholdInventory()
        let first = try copy(of: manager).push(programVersion: "test")
        #expect(first.manifest.fileCount == 1 && first.manifest.counts.items == 2)
        #expect(try manager.offsiteSettings().lastPush != nil)
        var patch = ItemPatch()
        patch.price = .some(usd("750"))
        try manager.edit(id: 1, patch)
        let second = try copy(of: manager).push(programVersion: "test")
        // The photo is not sent again: only pieces of the database.
        #expect(second.bytesAdded < first.bytesAdded)
        let snapshots = try copy(of: manager).snapshots()
        #expect(snapshots.map(\.items) == [2, 2] && snapshots.map(\.files) == [1, 1])
        #expect(snapshots.map(\.worth) == [400_050, 395_050])
        // A new inventory elsewhere joins the repository and restores the first snapshot.
        let other = try makeManager(in: folder, name: "other.sqlite")
        #expect(try setUp(other) == .joined)
        let otherCopy = try copy(of: other)
        let firstSnapshot = try otherCopy.choose(id: String(first.snapshot.prefix(8)))
        let staged = try otherCopy.stage(firstSnapshot, besideDatabaseAt: other.databasePath)
        try staged.restore(into: other, replacing: false)
        let restored = try other.entireHouseholdInventory()
        #expect(restored.map(\.name) == before.map(\.name))
        #expect(restored.map(\.price) == before.map(\.price))
        #expect(restored.map(\.version) == before.map(\.version))
        let tv = try #require(restored.first { $0.name == "TV" })
        #expect(other.photoPath(of: tv).map { FileManager.default.fileExists(atPath: $0) } == true)
        // The other inventory keeps its own arrangement: the copy still goes where it went.
        #expect(try other.offsiteSettings().repository == repository)
    }

    @Test func aRetentionPolicyForgetsWhatItDoesNotKeep() throws {
        try household()
        _ = try setUp(manager)
        for _ in 0..<3 { _ = try copy(of: manager).push(programVersion: "test") }
        let kept = try copy(of: manager).push(
            programVersion: "test", retention: OffsiteRetention(daily: 1))
        #expect(kept.forgotten == 3)
        #expect(try copy(of: manager).snapshots().count == 1)
        try copy(of: manager).check(readData: true)
    }

    @Test func aWrongPasswordNoRepositoryAndNoResticAreOneSentenceEach() throws {
        try household()
        _ = try setUp(manager)
        _ = FileManager.default.createFile(
            atPath: folder.file("wrong"), contents: Data("battery staple\n".utf8))
        var wrong = environment
        wrong["RESTIC_PASSWORD_FILE"] = folder.file("wrong")
        #expect(throws: OffsiteError.wrongPassword(repository: repository)) {
            try copy(of: manager, environment: wrong).snapshots()
        }
        #expect(throws: OffsiteError.resticMissing) {
            try copy(of: manager, environment: ["PATH": folder.file("home")])
        }
        try FileManager.default.removeItem(atPath: repository)
        #expect(throws: OffsiteError.noRepository(repository: repository)) {
            try copy(of: manager).push(programVersion: "test")
        }
        #expect(try manager.offsiteSettings().lastPush == nil)
        let fresh = try makeManager(in: folder, name: "fresh.sqlite")
        #expect(throws: OffsiteError.notSetUp) { try copy(of: fresh) }
        #expect(OffsiteError.wrongPassword(repository: "r").exitStatus == 77)
        #expect(OffsiteError.resticMissing.exitStatus == 69)
    }

    @Test func aSnapshotThatFailsTheChecksOfRestoreIsRefusedAndNothingChanges() throws {
        try household()
        _ = try setUp(manager)
        let pushed = try copy(of: manager).push(programVersion: "test")
        // A staged folder with a database that is not the one its manifest lists.
        let staged = try copy(of: manager).stagingFolder
        let database = (staged as NSString).appendingPathComponent("inventory.sqlite")
        let handle = try #require(FileHandle(forWritingAtPath: database))
        try handle.seek(toOffset: 5_000)
        try handle.write(contentsOf: Data([0xFF, 0x00, 0xFF]))
        try handle.close()
        let restic = try copy(of: manager).restic
        try restic.run([
            "backup", "--quiet", "--tag",
            "inventory,inventory-\(try manager.identity()),items:2", staged,
        ])
        let other = try makeManager(in: folder, name: "other.sqlite")
        try other.add(ItemDraft(name: "Lamp"))
        _ = try setUp(other)
        let otherCopy = try copy(of: other)
        let damaged = try otherCopy.choose()
        #expect(damaged.id != pushed.snapshot)
        #expect {
            try otherCopy.stage(damaged, besideDatabaseAt: other.databasePath)
        } throws: { error in
            "\(error)".contains("inventory.sqlite does not match its checksum")
        }
        #expect(try other.entireHouseholdInventory().map(\.name) == ["Lamp"])
        // Nothing is left beside the inventory.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains { $0.hasPrefix(".inventory-restore-") })
        // The good one is refused too, here: the inventory holds a lamp.
        let good = try otherCopy.choose(id: pushed.snapshot)
        #expect {
            try otherCopy.stage(good, besideDatabaseAt: other.databasePath).restore(
                into: other, replacing: false)
        } throws: { error in
            guard case BackupError.notEmpty = error else { return false }
            return true
        }
    }
}
