import Foundation
import InventoryTestSupport
import Locking
import Testing

@testable import InventoryKit
@testable import InventoryStore

/// What a process ending on a signal says was saved must stay true: once it has refused
/// commits, none is made, and a commit already writing is waited for first. (A SIGTERM during
/// the commit of a 100,000-row import once said "interrupted" while the import was saved.)
@Suite struct CommitGateTests {
    let folder = TemporaryFolder()

    @Test func aWriteAfterCommitsAreRefusedRollsBackAndSaysSo() throws {
        let manager = try makeManager(in: folder)
        _ = try manager.add(ItemDraft(name: "Kept", price: usd("1")))
        #expect(manager.refuseCommits(waitingAtMost: .seconds(1)))
        #expect(throws: InventoryError.self) {
            _ = try manager.add(ItemDraft(name: "Refused", price: usd("2")))
        }
        #expect(manager.committedWriteCount == 1)
        manager.close()
        let reader = try makeManager(in: folder)
        #expect(try reader.entireHouseholdInventory().map(\.name) == ["Kept"])
        #expect(try reader.history(itemID: 2).isEmpty)
    }

    @Test func refusingWaitsForACommitInProgressAndCountsIt() throws {
        let counter = CommitCounter()
        #expect(counter.beginCommit())
        let refused = DispatchSemaphore(value: 0)
        let result = Lock<Bool?>(nil)
        Thread.detachNewThread {
            let settled = counter.refuseCommits(waitingAtMost: .seconds(60))
            result.withLock { $0 = settled }
            refused.signal()
        }
        // While the commit is writing, the refusal waits (it cannot have returned: nothing
        // ended the commit yet).
        #expect(refused.wait(timeout: .now() + 0.05) == .timedOut)
        #expect(result.withLock { $0 } == nil)
        counter.endCommit(committed: true)
        refused.wait()
        #expect(result.withLock { $0 } == true)
        #expect(counter.count == 1)
        #expect(!counter.beginCommit())
    }

    @Test func aCommitThatOutlastsTheWaitIsNotCountedAsSettled() {
        let counter = CommitCounter()
        #expect(counter.beginCommit())
        #expect(!counter.refuseCommits(waitingAtMost: .milliseconds(20)))
        counter.endCommit(committed: false)
        #expect(counter.refuseCommits(waitingAtMost: .zero))
        #expect(counter.count == 0)
    }
}
