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
        var keys = SortedKeys()
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
                keys.insert(key)
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
            #expect(keys.contains(key))
        }
        let absent = Self.key(5, id: -1)
        #expect(!keys.contains(absent))
        #expect(keys.insertionIndex(of: absent) == reference.firstIndex { !($0 < absent) })
        for range in [
            0..<0, 0..<10, 300..<1_300, 510..<515, reference.count - 3..<reference.count + 5,
        ] {
            let clamped = range.clamped(to: 0..<reference.count)
            #expect(keys.keys(in: range) == Array(reference[clamped]))
        }
    }

    @Test("built from sorted keys, it holds them in order and accepts more")
    func builtFromSortedKeys() {
        let sorted = (0..<2_000).map { Self.key(Int64($0), id: Int64($0)) }.sorted()
        var keys = SortedKeys(sorted: sorted)
        #expect(keys.count == 2_000)
        #expect(keys.keys == sorted)
        let extra = Self.key(1_000, id: 5_000)
        keys.insert(extra)
        #expect(keys.insertionIndex(of: extra) == sorted.firstIndex { !($0 < extra) })
        #expect(keys.count == 2_001)
        #expect(SortedKeys(sorted: []).isEmpty)
    }

    @Test("SortKey.sorted orders as < does, in every sort, ties and descending names included")
    func sortingOverOneBufferAgreesWithTheComparison() {
        var generator = SplitMix64(seed: 11)
        for sort in ItemSort.allCases {
            let keys = (1...400).map { id -> SortKey in
                let number = Int64.random(in: 0..<20, using: &generator)
                return SortKey(
                    id: Int64(id), nameKey: ["", "a", "ab", "b", "é", "e\u{301}"][Int(number) % 6],
                    price: number < 3 ? nil : number, worth: number, purchaseDate: nil, sort: sort)
            }.shuffled(using: &generator)
            #expect(SortKey.sorted(keys) == keys.sorted(), "\(sort)")
        }
    }
}
