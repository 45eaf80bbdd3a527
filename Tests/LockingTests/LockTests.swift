import Foundation
import Locking
import Testing

@Suite struct LockTests {
    /// Threads that each add to one count under the lock lose no addition.
    @Test func threadsAddingUnderTheLockLoseNothing() {
        let count = Lock(0)
        let threads = 4
        let additions = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<additions { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == threads * additions)
    }

    /// A lock another thread holds is not available; a free one is.
    @Test func aHeldLockIsNotAvailable() {
        let lock = Lock([Int]())
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            lock.withLock { values in
                values.append(1)
                held.signal()
                release.wait()
            }
        }
        holder.start()
        held.wait()
        #expect(lock.withLockIfAvailable { $0.count } == nil)
        release.signal()
        while lock.withLockIfAvailable({ $0.count }) == nil { usleep(1_000) }
        #expect(lock.withLockIfAvailable { $0 } == [1])
    }

    /// A value that cannot be copied is held and handed out in place.
    @Test func aNoncopyableValueIsHeld() {
        struct Token: ~Copyable { var uses = 0 }
        let lock = Lock(Token())
        lock.withLock { $0.uses += 2 }
        #expect(lock.withLock { $0.uses } == 2)
    }
}
