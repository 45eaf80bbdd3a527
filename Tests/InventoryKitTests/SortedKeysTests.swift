import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite("SortedKeys")
struct SortedKeysTests {
    private static func key(_ number: Int64, id: Int64) -> SortKey {
        SortKey(text: "k\(number % 97)", number: number, id: id)
    }

    @Test("random inserts and removals agree with a sorted array, across many chunks")
    func randomOperationsAgreeWithSortedArray() {
        var generator = SplitMix64(seed: 7)
        var keys = SortedKeys(layout: Self.layout)
        var reference: [SortKey] = []
        var nextID: Int64 = 1
        for step in 0..<6_000 {
            // Mostly inserts, so that chunks split; then mostly removals, so they merge.
            let inserting =
                step < 4_000
                ? Int.random(in: 0..<4, using: &generator) != 0
                : Int.random(in: 0..<4, using: &generator) == 0
            if inserting || reference.isEmpty {
                let key = Self.key(Int64.random(in: 0..<10_000, using: &generator), id: nextID)
                nextID += 1
                keys.insert(key, value: Int128(key.number))
                reference.insert(key, at: reference.firstIndex { !($0 < key) } ?? reference.count)
            } else {
                let key = reference.remove(
                    at: Int.random(in: 0..<reference.count, using: &generator))
                let removed = keys.remove(key)
                let removedAgain = keys.remove(key)
                #expect(removed)
                #expect(!removedAgain)
            }
            if step % 500 == 0 || step == 5_999 {
                #expect(keys.keys == reference)
            }
        }
        #expect(keys.count == reference.count)
        #expect(keys.keys == reference)
        for (index, key) in reference.enumerated() {
            #expect(keys.insertionIndex(of: key) == index)
            #expect(keys.value(of: key) != nil)
        }
        let absent = Self.key(5, id: -1)
        #expect(keys.value(of: absent) == nil)
        #expect(keys.insertionIndex(of: absent) == reference.firstIndex { !($0 < absent) })
        for range in [
            0..<0, 0..<10, 300..<1_300, 510..<515, reference.count - 3..<reference.count + 5,
        ] {
            let clamped = range.clamped(to: 0..<reference.count)
            #expect(keys.ids(in: range) == reference[clamped].map(\.id))
        }
        #expect(keys.ids == reference.map(\.id))
        for key in reference.prefix(50) {
            #expect(keys.index(ofID: key.id) == reference.firstIndex(of: key))
            #expect(keys.value(of: key) == Int128(key.number))
        }
        #expect(keys.index(ofID: -1) == nil)
        let asked = Set(reference.map(\.id).filter { $0 % 7 == 0 } + [-1])
        #expect(
            keys.indexes(ofIDs: asked)
                == Dictionary(
                    uniqueKeysWithValues: reference.enumerated().filter { asked.contains($1.id) }
                        .map { ($1.id, $0) }))
    }

    /// Text and number both: the tests' keys use both.
    private static let layout = SortedKeys.Layout(text: true, number: true)

    private static func built(_ sorted: [SortKey], layout: SortedKeys.Layout = layout)
        -> SortedKeys
    {
        var builder = SortedKeys.Builder(layout: layout)
        for key in sorted { builder.append(key, value: Int128(key.number)) }
        return builder.finish()
    }

    @Test("built from sorted keys, it holds them in order and accepts more")
    func builtFromSortedKeys() {
        let sorted = (0..<2_000).map { Self.key(Int64($0), id: Int64($0)) }.sorted()
        var keys = Self.built(sorted)
        #expect(keys.count == 2_000)
        #expect(keys.keys == sorted)
        let extra = Self.key(1_000, id: 5_000)
        keys.insert(extra, value: 1)
        #expect(keys.insertionIndex(of: extra) == sorted.firstIndex { !($0 < extra) })
        #expect(keys.count == 2_001)
        #expect(Self.built([]).isEmpty)
    }

    @Test("each ItemSort's layout orders as SortKey does: names descending, numbers, ids")
    func everySortsLayoutAgreesWithSortKey() {
        var generator = SplitMix64(seed: 5)
        for sort in ItemSort.allCases {
            let keys = (1...1_500).map { id -> SortKey in
                let number = Int64.random(in: -50..<50, using: &generator)
                return SortKey(
                    id: Int64(id),
                    nameKey: ["", "a", "ab", "b", "é", "e\u{301}", "zz"][abs(Int(number)) % 7],
                    price: number < -40 ? nil : number, worth: number,
                    purchaseDate: nil, sort: sort)
            }
            let sorted = keys.sorted()
            var packed = SortedKeys(layout: .init(sort))
            for key in keys { packed.insert(key, value: 0) }
            #expect(packed.ids == sorted.map(\.id), "\(sort)")
            #expect(packed.keys == sorted, "\(sort)")
            #expect(Self.built(sorted, layout: .init(sort)).ids == sorted.map(\.id), "\(sort)")
            var collector = SortedKeys.Collector(layout: .init(sort), capacity: 10)
            for key in keys { collector.append(key, value: Int128(key.id) << 70) }
            let collected = collector.sorted()
            #expect(collected.keys == sorted, "\(sort)")
            #expect(collected.value(of: sorted[0]) == Int128(sorted[0].id) << 70, "\(sort)")
            for key in keys.prefix(300) {
                let removed = packed.remove(key)
                #expect(removed, "\(sort)")
            }
            #expect(packed.ids == sorted.filter { !keys.prefix(300).contains($0) }.map(\.id))
        }
    }

    @Test("a merge removes by id and inserts in order, and says where each insertion went")
    func mergingAgreesWithSortedArray() {
        var generator = SplitMix64(seed: 3)
        let existing = (0..<3_000).map {
            Self.key(Int64.random(in: 0..<1_000, using: &generator), id: Int64($0))
        }.sorted()
        let keys = Self.built(existing)
        let removed = Set(existing.map(\.id).filter { $0 % 3 == 0 })
        let inserted = (3_000..<4_000).map {
            Self.key(Int64.random(in: 0..<1_000, using: &generator), id: Int64($0))
        }.sorted()
        let (merged, insertedAt) = keys.merged(removing: removed, inserting: Self.built(inserted))
        let reference = (existing.filter { !removed.contains($0.id) } + inserted).sorted()
        #expect(merged.keys == reference)
        #expect(insertedAt == inserted.map { reference.firstIndex(of: $0)! })
        #expect(
            merged.filtered { _ in true }.total == reference.reduce(0) { $0 + Int128($1.number) })
    }

    @Test("values beyond Int64 are kept whole, through changes, merges and copies")
    func bigValuesAreKept() {
        let big = Int128(Int64.max) * 1_000_000
        var keys = Self.built((0..<1_000).map { Self.key(Int64($0), id: Int64($0)) }.sorted())
        let key = Self.key(7, id: 7)
        let set = keys.setValue(big, of: key)
        #expect(set)
        #expect(keys.value(of: key) == big)
        keys.insert(Self.key(7, id: 5_000), value: -big)
        #expect(keys.value(of: Self.key(7, id: 5_000)) == -big)
        let (filtered, total) = keys.filtered { $0 == 7 || $0 == 5_000 || $0 == 9 }
        #expect(total == 9)
        #expect(filtered.value(of: key) == big)
        let merged = keys.merged(removing: [5_000], inserting: Self.built([])).keys
        #expect(merged.value(of: key) == big)
        #expect(merged.value(of: Self.key(7, id: 5_000)) == nil)
        let removed = keys.remove(key)
        #expect(removed)
        #expect(keys.value(of: key) == nil)
        #expect(Int128(Int64.min) < big && keys.value(of: Self.key(8, id: 8)) == 8)
    }
}
