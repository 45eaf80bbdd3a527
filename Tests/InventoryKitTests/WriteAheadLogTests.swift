import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

/// The `-wal` file stays small whatever ran before, even while another connection (a `watch`,
/// `browse`, a server) keeps the inventory open, so no command pays for everything written
/// before it.
@Suite struct WriteAheadLogTests {
    let folder = TemporaryFolder()

    private func walSize(_ manager: InventoryManager) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(
            atPath: manager.databasePath + "-wal")
        return (attributes?[.size] as? Int) ?? 0
    }

    @Test func aBigWriteDoesNotLeaveABigLogBehind() throws {
        let writer = try makeManager(in: folder)
        // another process's connection, as watch keeps one: the log is not removed at close
        let follower = try InventoryManager(
            path: writer.databasePath, access: .read, notificationCenter: NotificationCenter())
        defer { follower.close() }
        _ = try follower.count()
        // Additions' journal rows carry no item since migration 0012, which shrank what a batch
        // writes to the log: a batch this big, so that the log has to grow past 8 MiB.
        _ = try writer.add(
            (0..<40_000).map { ItemDraft(name: "Item \($0) with a longer name", price: usd("10")) })
        let afterBatch = walSize(writer)
        #expect(afterBatch > 8 << 20, "the batch itself goes through the log (\(afterBatch) bytes)")
        // the next writes start the log again from its beginning, and it is cut back
        for index in 0..<3 { _ = try writer.add(ItemDraft(name: "Small \(index)")) }
        _ = try follower.count()
        #expect(walSize(writer) <= 4 << 20, "the log stays at most 4 MiB: \(walSize(writer))")
        #expect(try follower.count() == 40_003)
    }
}
