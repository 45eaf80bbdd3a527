import InventoryKit
import Locking

/// How fast each share link is answered: a token bucket per link, `burst` deep, filled with
/// `perSecond` tokens a second. A request that finds the bucket empty is refused without
/// touching the inventory (not logged: its count is added to the next visit logged).
final class ShareRates: Sendable {
    /// The bucket's depth.
    let burst: Int
    /// Tokens added each second.
    let perSecond: Int

    private struct Bucket {
        /// Thousandths of a token.
        var milliTokens: Int64
        var at: Timestamp
        /// Requests refused since the last one logged.
        var refused = 0
    }

    private let buckets = Lock<[Int64: Bucket]>([:])

    init(burst: Int, perSecond: Int) {
        self.burst = burst
        self.perSecond = perSecond
    }

    /// What became of a request through a link.
    enum Admission: Equatable {
        /// Answer it; `refusedBefore` requests were refused since the last one answered.
        case answer(refusedBefore: Int)
        /// Refuse it: the link's bucket is empty.
        case refuse
    }

    /// Takes a token for a request through link `id` at `now`.
    func admit(link id: Int64, at now: Timestamp) -> Admission {
        let depth = Int64(burst) * 1000
        return buckets.withLock { buckets in
            var bucket = buckets[id] ?? Bucket(milliTokens: depth, at: now)
            let elapsed = max(0, now.millisecondsSince1970 - bucket.at.millisecondsSince1970)
            let (added, overflow) = elapsed.multipliedReportingOverflow(by: Int64(perSecond))
            bucket.milliTokens = overflow ? depth : min(depth, bucket.milliTokens + added)
            bucket.at = now
            defer {
                // A full bucket with nothing to carry is the default: not kept, so that the
                // table holds only links in use.
                if bucket.milliTokens >= depth && bucket.refused == 0 {
                    buckets[id] = nil
                } else {
                    buckets[id] = bucket
                }
            }
            guard bucket.milliTokens >= 1000 else {
                bucket.refused += 1
                return .refuse
            }
            bucket.milliTokens -= 1000
            let refused = bucket.refused
            bucket.refused = 0
            return .answer(refusedBefore: refused)
        }
    }

    /// Gives back the refusals `admit` handed over, when the visit carrying them was not
    /// logged after all.
    func restore(refused count: Int, link id: Int64, at now: Timestamp) {
        guard count > 0 else { return }
        buckets.withLock { buckets in
            var bucket = buckets[id] ?? Bucket(milliTokens: Int64(burst) * 1000, at: now)
            bucket.refused += count
            buckets[id] = bucket
        }
    }
}
