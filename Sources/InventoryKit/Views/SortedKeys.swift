import InventoryModel

/// A view's members in ascending key order, packed: each member is its id, its value (worth ×
/// quantity) and the part of its sort key the order uses — the name key's bytes, one after
/// another in its chunk's byte arena, or the number — not a `SortKey` with a string of its
/// own. About 37 bytes a member ordered by a name of 17 bytes (8 id, 8 value, 4 end, the
/// bytes), against about 250 for a `SortKey` in a chunk plus a dictionary entry.
///
/// Members are kept in chunks of at most `maxChunk`: inserting or removing one moves at most
/// one chunk, and an index is the sum of the chunk sizes before it (one contiguous array of
/// counts), so a change costs O(log *n* + `maxChunk` + *n* / `maxChunk`) with small constants.
/// Chunks are allocated to their size (grown a quarter at a time), not doubled.
struct SortedKeys {
    /// The most members a chunk holds before it splits in two.
    static let maxChunk = 512
    /// How full a chunk built in bulk is: three quarters, so that inserts do not split every
    /// chunk at once.
    static let bulkChunk = maxChunk * 3 / 4

    /// Which parts of a `SortKey` the order compares: for `ItemSort`s, the text (by name) or
    /// the number (every other field), then the id.
    struct Layout: Sendable, Equatable {
        var text: Bool
        var number: Bool
        var textDescending: Bool

        /// The layout of `sort`'s keys.
        init(_ sort: ItemSort) {
            text = sort.field == .name
            number = sort.field != .name
            textDescending = text && sort.isDescending
        }

        init(text: Bool, number: Bool, textDescending: Bool = false) {
            self.text = text
            self.number = number
            self.textDescending = textDescending
        }
    }

    /// Members in order; only the arrays the layout uses are filled.
    fileprivate struct Chunk {
        var ids: [Int64] = []
        /// Each member's value, or `Int64.min` when it is in `bigValues`.
        var values: [Int64] = []
        var numbers: [Int64] = []
        /// The text keys' bytes, one after another.
        var bytes: [UInt8] = []
        /// Where each member's bytes end in `bytes`.
        var ends: [UInt32] = []

        var count: Int { ids.count }

        func textRange(_ index: Int) -> Range<Int> {
            (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
        }
    }

    /// A key to look for, its text as bytes once.
    fileprivate struct Probe {
        let bytes: [UInt8]
        let number: Int64
        let id: Int64

        init(_ key: SortKey, layout: Layout) {
            bytes = layout.text ? Array(key.text.utf8) : []
            number = layout.number ? key.number : 0
            id = key.id
        }

        init(_ index: Int, of chunk: Chunk, layout: Layout) {
            bytes = layout.text ? Array(chunk.bytes[chunk.textRange(index)]) : []
            number = layout.number ? chunk.numbers[index] : 0
            id = chunk.ids[index]
        }
    }

    let layout: Layout
    private var chunks: [Chunk] = []
    /// `chunks[i].count`, contiguous, for summing.
    private var counts: [Int] = []
    /// The number of members.
    private(set) var count = 0
    /// Values beyond `Int64` (a worth near the limit times a big quantity), by id.
    private var bigValues: [Int64: Int128] = [:]

    init(layout: Layout) {
        self.layout = layout
    }

    var isEmpty: Bool { count == 0 }

    // MARK: - Reading

    /// Every member's id, in order.
    var ids: [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(count)
        for chunk in chunks { ids.append(contentsOf: chunk.ids) }
        return ids
    }

    /// The ids of the members whose indexes are in `range` (clamped to the members).
    func ids(in range: Range<Int>) -> [Int64] {
        let range = range.clamped(to: 0..<count)
        var result: [Int64] = []
        result.reserveCapacity(range.count)
        guard !range.isEmpty else { return result }
        var start = 0
        for chunk in chunks {
            let end = start + chunk.count
            if end > range.lowerBound {
                let lower = max(range.lowerBound, start) - start
                let upper = min(range.upperBound, end) - start
                result.append(contentsOf: chunk.ids[lower..<upper])
                if end >= range.upperBound { break }
            }
            start = end
        }
        return result
    }

    /// Every member's key, in order (for tests: it makes a string per member).
    var keys: [SortKey] {
        var keys: [SortKey] = []
        keys.reserveCapacity(count)
        for chunk in chunks {
            for index in 0..<chunk.count { keys.append(key(at: index, in: chunk)) }
        }
        return keys
    }

    /// The index of the member with `id`, or nil: a scan of the packed ids, for when the caller
    /// has no key.
    func index(ofID id: Int64) -> Int? {
        locate(id: id).map { offset(ofChunk: $0.chunk) + $0.index }
    }

    /// The key and value of the member with `id`, or nil: a scan of the ids, for when the key
    /// the caller computed is not the one held.
    func member(ofID id: Int64) -> (key: SortKey, value: Int128)? {
        locate(id: id).map {
            (key(at: $0.index, in: chunks[$0.chunk]), value(at: $0.index, in: chunks[$0.chunk]))
        }
    }

    /// The indexes of the members whose ids are in `ids`, by id: one scan of the ids.
    func indexes(ofIDs ids: Set<Int64>) -> [Int64: Int] {
        var found: [Int64: Int] = [:]
        guard !ids.isEmpty else { return found }
        var start = 0
        for chunk in chunks {
            for (index, id) in chunk.ids.enumerated() where ids.contains(id) {
                found[id] = start + index
            }
            start += chunk.count
        }
        return found
    }

    /// The index of the first member not less than `key`.
    func insertionIndex(of key: SortKey) -> Int {
        let probe = Probe(key, layout: layout)
        let chunk = chunkIndex(for: probe)
        guard chunk < chunks.count else { return count }
        return offset(ofChunk: chunk) + firstIndex(notBelow: probe, in: chunks[chunk])
    }

    /// The members `isKept` keeps, in the same order, and the sum of their values.
    func filtered(_ isKept: (Int64) -> Bool) -> (keys: SortedKeys, total: Int128) {
        var builder = Builder(layout: layout)
        var total: Int128 = 0
        for chunk in chunks {
            for index in 0..<chunk.count where isKept(chunk.ids[index]) {
                let value = value(at: index, in: chunk)
                builder.append(index, of: chunk, value: value)
                total += value
            }
        }
        return (builder.finish(), total)
    }

    // MARK: - Changing

    /// Inserts `key`, with `value`, in order.
    mutating func insert(_ key: SortKey, value: Int128) {
        let probe = Probe(key, layout: layout)
        guard !chunks.isEmpty else {
            var builder = Builder(layout: layout)
            builder.append(probe, value: value)
            self = builder.finish()
            return
        }
        let chunk = min(chunkIndex(for: probe), chunks.count - 1)
        let index = firstIndex(notBelow: probe, in: chunks[chunk])
        let stored = store(value, id: probe.id)
        chunks[chunk].insert(probe, value: stored, at: index, layout: layout)
        counts[chunk] += 1
        count += 1
        if counts[chunk] > Self.maxChunk {
            let half = counts[chunk] / 2
            let (lower, upper) = (
                chunks[chunk].copy(0..<half, layout: layout),
                chunks[chunk].copy(half..<counts[chunk], layout: layout)
            )
            chunks[chunk] = lower
            chunks.insert(upper, at: chunk + 1)
            counts[chunk] = lower.count
            counts.insert(upper.count, at: chunk + 1)
        }
    }

    /// Gives the member with `key` the value `value`; returns false when there is none.
    @discardableResult
    mutating func setValue(_ value: Int128, of key: SortKey) -> Bool {
        guard let (chunk, index) = locate(key) else { return false }
        if chunks[chunk].values[index] == .min { bigValues[key.id] = nil }
        chunks[chunk].values[index] = store(value, id: key.id)
        return true
    }

    /// The value of the member with `key`, or nil when there is none.
    func value(of key: SortKey) -> Int128? {
        locate(key).map { value(at: $0.index, in: chunks[$0.chunk]) }
    }

    /// Removes `key`; returns false when it was not there.
    @discardableResult
    mutating func remove(_ key: SortKey) -> Bool {
        guard let (chunk, index) = locate(key) else { return false }
        if chunks[chunk].values[index] == .min { bigValues[key.id] = nil }
        chunks[chunk].remove(at: index, layout: layout)
        counts[chunk] -= 1
        count -= 1
        if counts[chunk] == 0 {
            chunks.remove(at: chunk)
            counts.remove(at: chunk)
        } else if chunk + 1 < chunks.count, counts[chunk] + counts[chunk + 1] <= Self.maxChunk / 2 {
            // Two small neighbours become one, so deletions cannot leave many tiny chunks.
            var builder = Builder(layout: layout)
            for part in [chunks[chunk], chunks[chunk + 1]] {
                for index in 0..<part.count { builder.appendKeepingValue(index, of: part) }
            }
            let joined = builder.finishOneChunk()
            chunks[chunk] = joined
            counts[chunk] = joined.count
            chunks.remove(at: chunk + 1)
            counts.remove(at: chunk + 1)
        }
        return true
    }

    /// These members without those whose ids are in `removedIDs`, merged with `insertions`
    /// (in the same layout, none of them a member's key): one pass, for many changes at once.
    ///
    /// - Returns: the merged members and the index each insertion got, in their order.
    func merged(removing removedIDs: Set<Int64>, inserting insertions: SortedKeys)
        -> (keys: SortedKeys, insertedAt: [Int])
    {
        precondition(insertions.layout == layout, "merging keys of another order")
        var builder = Builder(layout: layout)
        var insertedAt: [Int] = []
        insertedAt.reserveCapacity(insertions.count)
        // The next insertion: its chunk, its index there, and it as a probe.
        var (chunk, index) = (0, 0)
        var probe = insertions.isEmpty ? nil : Probe(0, of: insertions.chunks[0], layout: layout)
        func insertNext() {
            let source = insertions.chunks[chunk]
            builder.append(index, of: source, value: insertions.value(at: index, in: source))
            insertedAt.append(builder.count - 1)
            index += 1
            if index == source.count { (chunk, index) = (chunk + 1, 0) }
            probe =
                chunk < insertions.chunks.count
                ? Probe(index, of: insertions.chunks[chunk], layout: layout) : nil
        }
        for member in chunks {
            for position in 0..<member.count {
                if !removedIDs.isEmpty, removedIDs.contains(member.ids[position]) { continue }
                while let current = probe, order(position, in: member, current) > 0 {
                    insertNext()
                }
                builder.append(position, of: member, value: value(at: position, in: member))
            }
        }
        while probe != nil { insertNext() }
        return (builder.finish(), insertedAt)
    }

    // MARK: - Storage

    private func key(at index: Int, in chunk: Chunk) -> SortKey {
        SortKey(
            text: layout.text
                ? String(decoding: chunk.bytes[chunk.textRange(index)], as: UTF8.self) : "",
            number: layout.number ? chunk.numbers[index] : 0, id: chunk.ids[index],
            isTextDescending: layout.textDescending)
    }

    private func value(at index: Int, in chunk: Chunk) -> Int128 {
        let stored = chunk.values[index]
        return stored == .min ? bigValues[chunk.ids[index], default: 0] : Int128(stored)
    }

    /// `value` as a chunk stores it, keeping it aside when it does not fit.
    private mutating func store(_ value: Int128, id: Int64) -> Int64 {
        if let small = Int64(exactly: value), small != .min { return small }
        bigValues[id] = value
        return .min
    }

    /// How the member at `index` of `chunk` compares with `probe`: -1, 0 or 1.
    private func order(_ index: Int, in chunk: Chunk, _ probe: Probe) -> Int {
        if layout.text {
            let textOrder = chunk.bytes.withUnsafeBufferPointer { arena in
                probe.bytes.withUnsafeBufferPointer { bytes in
                    SortKey.compare(
                        UnsafeBufferPointer(rebasing: arena[chunk.textRange(index)]), bytes)
                }
            }
            if textOrder != 0 { return layout.textDescending ? -textOrder : textOrder }
        }
        if layout.number {
            let number = chunk.numbers[index]
            if number != probe.number { return number < probe.number ? -1 : 1 }
        }
        let id = chunk.ids[index]
        return id == probe.id ? 0 : id < probe.id ? -1 : 1
    }

    /// Where the member with `key` is, or nil when no member has it.
    private func locate(_ key: SortKey) -> (chunk: Int, index: Int)? {
        let probe = Probe(key, layout: layout)
        let chunk = chunkIndex(for: probe)
        guard chunk < chunks.count else { return nil }
        let index = firstIndex(notBelow: probe, in: chunks[chunk])
        guard index < chunks[chunk].count, order(index, in: chunks[chunk], probe) == 0 else {
            return nil
        }
        return (chunk, index)
    }

    /// Where the member with `id` is, or nil: a scan of the ids.
    private func locate(id: Int64) -> (chunk: Int, index: Int)? {
        for (chunk, members) in chunks.enumerated() {
            if let index = members.ids.firstIndex(of: id) { return (chunk, index) }
        }
        return nil
    }

    /// The first chunk whose last member is not below `probe`; `chunks.count` when none is.
    private func chunkIndex(for probe: Probe) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if order(counts[middle] - 1, in: chunks[middle], probe) < 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func firstIndex(notBelow probe: Probe, in chunk: Chunk) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if order(middle, in: chunk, probe) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func offset(ofChunk chunk: Int) -> Int {
        var offset = 0
        for index in 0..<chunk { offset &+= counts[index] }
        return offset
    }

    /// Collects members in any order and sorts them once: for a batch read in id order, which
    /// the database need not sort (its sorter held far more memory than the keys).
    struct Collector {
        private var keys: SortedKeys
        private var all = Chunk()

        /// A collector of about `capacity` members.
        init(layout: Layout, capacity: Int) {
            keys = SortedKeys(layout: layout)
            all.ids.reserveCapacity(capacity)
            all.values.reserveCapacity(capacity)
            if layout.number { all.numbers.reserveCapacity(capacity) }
            if layout.text {
                all.ends.reserveCapacity(capacity)
                // Names of 24 bytes or less on average need no second buffer.
                all.bytes.reserveCapacity(capacity * 24)
            }
        }

        /// Adds a member.
        mutating func append(_ key: SortKey, value: Int128) {
            let probe = Probe(key, layout: keys.layout)
            let stored = keys.store(value, id: probe.id)
            all.append(
                id: probe.id, value: stored, number: probe.number, bytes: probe.bytes[...],
                layout: keys.layout)
        }

        /// The members in order: an index sort over the collected arrays (no string is made),
        /// then packed into chunks.
        func sorted() -> SortedKeys {
            let layout = keys.layout
            var order = Array(0..<Int32(all.count))
            all.ids.withUnsafeBufferPointer { ids in
                all.numbers.withUnsafeBufferPointer { numbers in
                    all.ends.withUnsafeBufferPointer { ends in
                        all.bytes.withUnsafeBufferPointer { bytes in
                            func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                                let start = index == 0 ? 0 : Int(ends[index - 1])
                                return UnsafeBufferPointer(
                                    rebasing: bytes[start..<Int(ends[index])])
                            }
                            order.sort { left, right in
                                let (lhs, rhs) = (Int(left), Int(right))
                                return SortKey.isOrdered(
                                    textOrder: layout.text
                                        ? SortKey.compare(text(lhs), text(rhs)) : 0,
                                    textDescending: layout.textDescending,
                                    (layout.number ? numbers[lhs] : 0, ids[lhs]),
                                    (layout.number ? numbers[rhs] : 0, ids[rhs]))
                            }
                        }
                    }
                }
            }
            var builder = Builder(layout: layout)
            builder.keys.bigValues = keys.bigValues
            for index in order { builder.appendKeepingValue(Int(index), of: all) }
            return builder.finish()
        }
    }

    /// Appends members in ascending order into chunks filled to `bulkChunk`, each array
    /// allocated to its size.
    struct Builder {
        fileprivate var keys: SortedKeys
        private var current = Chunk()

        init(layout: Layout) {
            keys = SortedKeys(layout: layout)
            current = Self.newChunk(layout)
        }

        /// The members appended so far.
        var count: Int { keys.count + current.count }

        /// Appends `key`, which is not below the last one appended.
        mutating func append(_ key: SortKey, value: Int128) {
            append(Probe(key, layout: keys.layout), value: value)
        }

        fileprivate mutating func append(_ probe: Probe, value: Int128) {
            let stored = keys.store(value, id: probe.id)
            current.append(
                id: probe.id, value: stored, number: probe.number, bytes: probe.bytes[...],
                layout: keys.layout)
            if current.count == SortedKeys.bulkChunk { endChunk() }
        }

        /// Appends the member at `index` of `chunk`, with `value`.
        fileprivate mutating func append(_ index: Int, of chunk: Chunk, value: Int128) {
            let stored = keys.store(value, id: chunk.ids[index])
            append(index, of: chunk, storedValue: stored)
        }

        /// Appends the member at `index` of a chunk of the same keys, its value as stored.
        fileprivate mutating func appendKeepingValue(_ index: Int, of chunk: Chunk) {
            append(index, of: chunk, storedValue: chunk.values[index])
        }

        private mutating func append(_ index: Int, of chunk: Chunk, storedValue: Int64) {
            let layout = keys.layout
            current.append(
                id: chunk.ids[index], value: storedValue,
                number: layout.number ? chunk.numbers[index] : 0,
                bytes: layout.text ? chunk.bytes[chunk.textRange(index)] : [],
                layout: layout)
            if current.count == SortedKeys.bulkChunk { endChunk() }
        }

        /// The members appended, in chunks.
        mutating func finish() -> SortedKeys {
            endChunk()
            return keys
        }

        /// The members appended, as one chunk (fewer than `bulkChunk` of them).
        fileprivate mutating func finishOneChunk() -> Chunk {
            precondition(keys.count == 0, "more members than one chunk")
            return current.copy(0..<current.count, layout: keys.layout)
        }

        private mutating func endChunk() {
            guard current.count > 0 else { return }
            let chunk = current.copy(0..<current.count, layout: keys.layout)
            keys.chunks.append(chunk)
            keys.counts.append(chunk.count)
            keys.count += chunk.count
            current = Self.newChunk(keys.layout)
        }

        private static func newChunk(_ layout: Layout) -> Chunk {
            var chunk = Chunk()
            chunk.ids.reserveCapacity(SortedKeys.bulkChunk)
            chunk.values.reserveCapacity(SortedKeys.bulkChunk)
            if layout.number { chunk.numbers.reserveCapacity(SortedKeys.bulkChunk) }
            if layout.text { chunk.ends.reserveCapacity(SortedKeys.bulkChunk) }
            return chunk
        }
    }
}

extension SortedKeys.Chunk {
    /// Appends a member at the end.
    mutating func append(
        id: Int64, value: Int64, number: Int64, bytes: ArraySlice<UInt8>, layout: SortedKeys.Layout
    ) {
        ids.append(id)
        values.append(value)
        if layout.number { numbers.append(number) }
        if layout.text {
            self.bytes.append(contentsOf: bytes)
            ends.append(UInt32(self.bytes.count))
        }
    }

    /// Inserts a member at `index`, growing each array by a quarter when it is full.
    mutating func insert(
        _ probe: SortedKeys.Probe, value: Int64, at index: Int, layout: SortedKeys.Layout
    ) {
        Self.makeRoom(in: &ids, for: 1)
        ids.insert(probe.id, at: index)
        Self.makeRoom(in: &values, for: 1)
        values.insert(value, at: index)
        if layout.number {
            Self.makeRoom(in: &numbers, for: 1)
            numbers.insert(probe.number, at: index)
        }
        if layout.text {
            // The member's bytes start where the one before it ends.
            let position = index == 0 ? 0 : Int(ends[index - 1])
            Self.makeRoom(in: &bytes, for: probe.bytes.count)
            bytes.insert(contentsOf: probe.bytes, at: position)
            Self.makeRoom(in: &ends, for: 1)
            ends.insert(UInt32(position), at: index)
            let length = UInt32(probe.bytes.count)
            for later in index..<ends.count { ends[later] += length }
        }
    }

    /// Removes the member at `index`.
    mutating func remove(at index: Int, layout: SortedKeys.Layout) {
        ids.remove(at: index)
        values.remove(at: index)
        if layout.number { numbers.remove(at: index) }
        if layout.text {
            let range = textRange(index)
            bytes.removeSubrange(range)
            ends.remove(at: index)
            let length = UInt32(range.count)
            for later in index..<ends.count { ends[later] -= length }
        }
    }

    /// The members in `range`, in arrays allocated to their size.
    func copy(_ range: Range<Int>, layout: SortedKeys.Layout) -> Self {
        var copy = Self()
        copy.ids = Self.exact(ids[range])
        copy.values = Self.exact(values[range])
        if layout.number { copy.numbers = Self.exact(numbers[range]) }
        if layout.text, !range.isEmpty {
            let start = textRange(range.lowerBound).lowerBound
            let end = Int(ends[range.upperBound - 1])
            copy.bytes = Self.exact(bytes[start..<end])
            copy.ends = Self.exact(ends[range])
            if start > 0 {
                for index in copy.ends.indices { copy.ends[index] -= UInt32(start) }
            }
        }
        return copy
    }

    /// A new array of exactly `elements` (`Array(slice)` may keep the whole buffer).
    private static func exact<Element>(_ elements: ArraySlice<Element>) -> [Element] {
        [Element](unsafeUninitializedCapacity: elements.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: elements)
        }
    }

    /// Grows `array` by a quarter (at least `extra`) when it has no room for `extra` more.
    private static func makeRoom<Element>(in array: inout [Element], for extra: Int) {
        guard array.count + extra > array.capacity else { return }
        array.reserveCapacity(array.count + max(extra, array.count / 4, 8))
    }
}
