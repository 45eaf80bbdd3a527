import Locking
import NIOCore

/// The API's pages as last encoded, each with the sequence its view was at, so that a page
/// asked again before its view changes costs a look-up: phones showing the same first page, a
/// script polling it. Any change the view applies moves its sequence on, which retires every
/// page encoded before it; nothing else needs invalidating.
final class EncodedPages: Sendable {
    /// How many pages are kept (at most 500 rows each).
    static let capacity = 64

    private struct Entry {
        let sequence: Int64
        let body: ByteBuffer
        var used: UInt64
    }

    private struct State {
        var entries: [ViewPager.Request: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Lock(State())

    /// The body encoded for `request` while its view was at `sequence`, if there is one.
    func body(for request: ViewPager.Request, at sequence: Int64) -> ByteBuffer? {
        state.withLock { state in
            guard var entry = state.entries[request], entry.sequence == sequence else {
                return nil
            }
            state.clock += 1
            entry.used = state.clock
            state.entries[request] = entry
            return entry.body
        }
    }

    /// Keeps `body`, encoded for `request` while its view was at `sequence`, in place of the
    /// least recently used page when full.
    func keep(_ body: ByteBuffer, for request: ViewPager.Request, at sequence: Int64) {
        state.withLock { state in
            state.clock += 1
            if state.entries[request] == nil, state.entries.count >= Self.capacity,
                let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key
            {
                state.entries[oldest] = nil
            }
            state.entries[request] = Entry(sequence: sequence, body: body, used: state.clock)
        }
    }
}
