import InventoryModel
import InventoryStore

/// Sort keys in ascending order, kept in chunks of at most `maxChunk` keys.
///
/// A flat sorted array moves every key after the insertion point: megabytes per change at a
/// million items. Here inserting or removing one key moves at most one chunk, and an index is
/// the sum of the chunk sizes before it (one contiguous array of counts), so a change costs
/// O(log *n* + `maxChunk` + *n* / `maxChunk`) with small constants.
struct SortedKeys {
    /// The most keys a chunk holds before it splits in two.
    static let maxChunk = 512

    private var chunks: [[SortKey]] = []
    /// `chunks[i].count`, contiguous, for summing.
    private var counts: [Int] = []
    /// The number of keys.
    private(set) var count = 0

    init() {}

    /// Keys already in ascending order.
    init(sorted keys: [SortKey]) {
        replaceAll(sorted: keys)
    }

    var isEmpty: Bool { count == 0 }

    /// Every key, in order.
    var keys: [SortKey] {
        var keys: [SortKey] = []
        keys.reserveCapacity(count)
        for chunk in chunks { keys.append(contentsOf: chunk) }
        return keys
    }

    /// The keys whose indexes are in `range` (clamped to the keys).
    func keys(in range: Range<Int>) -> [SortKey] {
        let range = range.clamped(to: 0..<count)
        var result: [SortKey] = []
        result.reserveCapacity(range.count)
        guard !range.isEmpty else { return result }
        var start = 0
        for chunk in chunks {
            let end = start + chunk.count
            if end > range.lowerBound {
                let lower = max(range.lowerBound, start) - start
                let upper = min(range.upperBound, end) - start
                result.append(contentsOf: chunk[lower..<upper])
                if end >= range.upperBound { break }
            }
            start = end
        }
        return result
    }

    /// The index of the first key not less than `key`.
    func insertionIndex(of key: SortKey) -> Int {
        let chunk = chunkIndex(for: key)
        guard chunk < chunks.count else { return count }
        return offset(ofChunk: chunk) + Self.insertionIndex(of: key, in: chunks[chunk])
    }

    /// Whether `key` is present.
    func contains(_ key: SortKey) -> Bool {
        let chunk = chunkIndex(for: key)
        guard chunk < chunks.count else { return false }
        let index = Self.insertionIndex(of: key, in: chunks[chunk])
        return index < chunks[chunk].count && chunks[chunk][index] == key
    }

    /// Inserts `key` in order.
    mutating func insert(_ key: SortKey) {
        guard !chunks.isEmpty else {
            chunks = [[key]]
            counts = [1]
            count = 1
            return
        }
        let chunk = min(chunkIndex(for: key), chunks.count - 1)
        chunks[chunk].insert(key, at: Self.insertionIndex(of: key, in: chunks[chunk]))
        counts[chunk] += 1
        count += 1
        if counts[chunk] > Self.maxChunk {
            let half = counts[chunk] / 2
            let upper = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(upper, at: chunk + 1)
            counts[chunk] = half
            counts.insert(upper.count, at: chunk + 1)
        }
    }

    /// Removes `key`; returns false when it was not there.
    @discardableResult
    mutating func remove(_ key: SortKey) -> Bool {
        let chunk = chunkIndex(for: key)
        guard chunk < chunks.count else { return false }
        let index = Self.insertionIndex(of: key, in: chunks[chunk])
        guard index < chunks[chunk].count, chunks[chunk][index] == key else { return false }
        chunks[chunk].remove(at: index)
        counts[chunk] -= 1
        count -= 1
        if counts[chunk] == 0 {
            chunks.remove(at: chunk)
            counts.remove(at: chunk)
        } else if chunk + 1 < chunks.count, counts[chunk] + counts[chunk + 1] <= Self.maxChunk / 2 {
            // Two small neighbours become one, so deletions cannot leave many tiny chunks.
            chunks[chunk].append(contentsOf: chunks[chunk + 1])
            counts[chunk] += counts[chunk + 1]
            chunks.remove(at: chunk + 1)
            counts.remove(at: chunk + 1)
        }
        return true
    }

    /// Replaces every key with `keys`, which are in ascending order.
    mutating func replaceAll(sorted keys: [SortKey]) {
        // Three quarters full, so that inserts do not split every chunk at once.
        let size = Self.maxChunk * 3 / 4
        chunks = stride(from: 0, to: keys.count, by: size).map {
            Array(keys[$0..<min($0 + size, keys.count)])
        }
        counts = chunks.map(\.count)
        count = keys.count
    }

    /// The first chunk whose last key is not less than `key`; `chunks.count` when none is.
    private func chunkIndex(for key: SortKey) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle][counts[middle] - 1] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func offset(ofChunk chunk: Int) -> Int {
        var offset = 0
        for index in 0..<chunk { offset &+= counts[index] }
        return offset
    }

    private static func insertionIndex(of key: SortKey, in keys: [SortKey]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
