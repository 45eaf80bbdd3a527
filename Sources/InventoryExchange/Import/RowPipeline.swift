import Foundation

/// Hands batches from one thread to another through a bounded queue: the producer waits while
/// `capacity` batches are waiting, the consumer while none is. Either side may stop it early.
final class BoundedQueue<Element: Sendable>: Sendable {
    private struct State {
        var batches: [Element] = []
        var finished = false
        var cancelled = false
    }

    private let condition = NSCondition()
    private nonisolated(unsafe) var state = State()  // touched only while `condition` is locked
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Waits for room and adds `batch`; false when the consumer has stopped.
    func put(_ batch: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while state.batches.count >= capacity && !state.cancelled { condition.wait() }
        guard !state.cancelled else { return false }
        state.batches.append(batch)
        condition.broadcast()
        return true
    }

    /// Says no batch will follow.
    func finish() {
        condition.lock()
        state.finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the next batch; nil once the producer has finished and all were taken.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while state.batches.isEmpty && !state.finished && !state.cancelled { condition.wait() }
        guard !state.batches.isEmpty, !state.cancelled else { return nil }
        let batch = state.batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Stops the queue: the producer's next `put` returns false.
    func cancel() {
        condition.lock()
        state.cancelled = true
        state.batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Runs `produce` on a thread of its own, feeding a bounded queue, so that reading and
/// checking a file's rows overlaps with writing them: with both in one thread, an import takes
/// the time of the two added up, well above the write alone (Benchmarks, "import a 100,000-row
/// Homebox CSV").
final class RowPipeline<Element: Sendable>: Sendable {
    let queue: BoundedQueue<Element>
    private let done = DispatchSemaphore(value: 0)

    /// Starts `produce`, which puts batches until it returns (or `put` returns false); what
    /// it throws is handed to the consumer after the batches before it.
    init(
        capacity: Int,
        _ produce: @escaping @Sendable (_ put: (Element) -> Bool) throws -> Void,
        failure: @escaping @Sendable (any Error) -> Element
    ) {
        let queue = BoundedQueue<Element>(capacity: capacity)
        self.queue = queue
        let done = done
        let thread = Thread {
            do {
                try produce { queue.put($0) }
            } catch {
                _ = queue.put(failure(error))
            }
            queue.finish()
            done.signal()
        }
        thread.name = "inventory.import-reader"
        thread.start()
    }

    /// Stops the producer (if it has not finished) and waits until its thread is done.
    func stop() {
        queue.cancel()
        done.wait()
    }
}
