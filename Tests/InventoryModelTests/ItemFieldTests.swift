import Testing

@testable import InventoryModel

@Suite struct ItemFieldTests {
    /// A value of `field`'s kind unlike its default, different for each field.
    static func sample(_ field: ItemField, _ index: Int) -> ItemFieldValue {
        switch field.kind {
        case .name, .text: .text("value \(index)")
        case .money: .money(try? Money(minorUnits: Int64(100 + index), currency: .usd))
        case .date: .date(CalendarDate(year: 2000, month: 1, day: 1 + index))
        case .flag: .flag(true)
        case .count: .count(2 + index)
        case .tags: .tags(["tag \(index)"])
        case .choice(let options): .text(options[index % options.count])
        }
    }

    /// `field`'s value on `item`, read through its key path; nil when the path's value is not
    /// of the field's kind.
    static func valueThroughKeyPath(_ field: ItemField, of item: HouseholdItem) -> ItemFieldValue? {
        func read<Value>(_: Value.Type) -> Value? {
            (field.path as? KeyPath<HouseholdItem, Value>).map { item[keyPath: $0] }
        }
        return switch field.kind {
        case .name: read(String.self).map { .text($0) }
        case .text, .choice: read(String?.self).map { .text($0) }
        case .money: read(Money?.self).map { .money($0) }
        case .date: read(CalendarDate?.self).map { .date($0) }
        case .flag: read(Bool.self).map { .flag($0) }
        case .count: read(Int.self).map { .count($0) }
        case .tags: read([String].self).map { .tags($0) }
        }
    }

    @Test func eachFieldReadsWhatItsKeyPathWrote() {
        for (index, field) in ItemField.all.enumerated() {
            var item = HouseholdItem(
                id: 1, name: "x", createdAt: Timestamp(millisecondsSince1970: 0),
                updatedAt: Timestamp(millisecondsSince1970: 0))
            let value = Self.sample(field, index)
            field.set(value, on: &item)
            #expect(field.value(of: item) == value, "\(field.key)")
            // The switch on its slot and its key path name the same property.
            #expect(Self.valueThroughKeyPath(field, of: item) == value, "\(field.key)")
            // and no other field moved
            let others = ItemField.all.filter { $0.key != field.key }
            let fresh = HouseholdItem(
                id: 1, name: "x", createdAt: Timestamp(millisecondsSince1970: 0),
                updatedAt: Timestamp(millisecondsSince1970: 0))
            for other in others {
                #expect(other.isEqual(on: item, and: fresh), "\(field.key) moved \(other.key)")
            }
        }
    }

    @Test func keysAndColumnsAreEachOnce() {
        #expect(Set(ItemField.all.map(\.key)).count == ItemField.all.count)
        #expect(Set(ItemField.all.map(\.column)).count == ItemField.all.count)
        #expect(ItemField.all.allSatisfy { ItemField.field(at: $0.path) === $0 })
    }
}
