// The rows every benchmark writes, and the sizes it writes them at. Baselines/insert.c makes
// the same rows with the same formulas, so that ours and the baselines do the same work.

/// The fields of the `index`th benchmark item.
public struct BenchmarkRow: Sendable {
    public let name: String
    public let nameKey: String
    public let description: String
    /// Minor units.
    public let price: Int64
    /// `YYYY-MM-DD`.
    public let purchaseDate: String
    /// One item in four.
    public let isLuxury: Bool
    /// Two items in three.
    public let isInsured: Bool
    public let quantity: Int
    public let location: String
    public let brand: String

    private static let adjectives = ["Red", "Old", "Oak", "Big", "Steel", "Small", "Blue"]
    private static let nouns = [
        "Lamp", "Chair", "Table", "Camera", "Watch", "Bicycle", "Guitar", "Sofa", "Laptop",
        "Ring", "Painting",
    ]
    private static let shops = ["the market", "a shop in town", "an auction", "online", "a friend"]
    private static let rooms = ["Kitchen", "Living room", "Bedroom", "Garage", "Attic", "Office"]
    private static let brands = ["Acme", "Globex", "Initech", "Umbrella"]

    public init(_ index: Int) {
        name = "\(Self.adjectives[index % 7]) \(Self.nouns[index % 11]) \(index)"
        nameKey = name.lowercased()
        description = "Bought at \(Self.shops[index % 5])"
        price = 100 + Int64(index * 7919 % 5_000_000)
        purchaseDate =
            "20\(Self.twoDigits(10 + index % 15))-\(Self.twoDigits(1 + index % 12))-"
            + Self.twoDigits(1 + index % 28)
        isLuxury = index % 4 == 0
        isInsured = index % 3 != 0
        quantity = 1 + index % 3
        location = Self.rooms[index % 6]
        brand = Self.brands[index % 4]
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}

/// The sizes of a run: `INVENTORY_BENCH_QUICK=1` (set by `Benchmarks/run --quick`) makes the
/// large ones ten times smaller.
public enum BenchmarkSizes {
    public static let isQuick: Bool = {
        guard let value = getenv("INVENTORY_BENCH_QUICK") else { return false }
        return String(cString: value) == "1"
    }()

    /// The big batch and the big listing: 1,000,000 items (100,000 when quick).
    public static var large: Int { isQuick ? 100_000 : 1_000_000 }
    /// The inventory sizes a change is delivered at: 10k, 100k and 1M (10k and 100k when quick).
    public static var viewSizes: [Int] {
        isQuick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
