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
/// large ones ten times smaller; `INVENTORY_BENCH_SMOKE=1` (`Benchmarks/run --smoke`) makes every
/// size tiny and every benchmark run once or twice, so that every row is produced in minutes
/// (to prove the benchmarks still build and run, not to measure: no target is judged).
public enum BenchmarkSizes {
    public static let isQuick: Bool = flag("INVENTORY_BENCH_QUICK")
    public static let isSmoke: Bool = flag("INVENTORY_BENCH_SMOKE")

    private static func flag(_ name: String) -> Bool {
        guard let value = getenv(name) else { return false }
        return String(cString: value) == "1"
    }

    /// A size of the full run, or a hundredth of it (at least 10) in a smoke run.
    public static func fixed(_ size: Int) -> Int { isSmoke ? max(size / 100, 10) : size }
    /// A benchmark's most iterations: at most 2 in a smoke run.
    public static func runs(_ count: Int) -> Int { isSmoke ? min(count, 2) : count }
    /// A benchmark's warm-up iterations: none in a smoke run.
    public static func warmups(_ count: Int) -> Int { isSmoke ? 0 : count }

    /// The big batch and the big listing: 1,000,000 items (100,000 when quick).
    public static var large: Int { isSmoke ? 2_000 : isQuick ? 100_000 : 1_000_000 }
    /// How many times each program of the cold listing runs, in turns.
    public static var coldListingRuns: Int { isSmoke ? 2 : 40 }
    /// The single-item commands of everyday use before its listing: 5,000 (1,000 when quick).
    public static var everydayCommands: Int { isSmoke ? 20 : isQuick ? 1_000 : 5_000 }

    /// The inventory sizes a change is delivered at: 10k, 100k and 1M (10k and 100k when quick).
    public static var viewSizes: [Int] {
        isSmoke ? [1_000] : isQuick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    }

    /// The items browse runs on (100,000).
    public static let browseItems = fixed(100_000)
    /// The rows of the Homebox CSV import (100,000).
    public static let importRows = fixed(100_000)
    /// The items and photos of the backup (100,000 and 1,000).
    public static let backupItems = fixed(100_000)
    public static let backupPhotos = fixed(1_000)
    /// The items and photos of the report (10,000 and 2,000).
    public static let reportItems = fixed(10_000)
    public static let reportPhotos = fixed(2_000)
    /// The items the server serves (100,000).
    public static let servedItems = fixed(100_000)
    /// The items inserted then fetched, ours against GRDB (100,000).
    public static let storedItems = fixed(100_000)
    /// The items of the cold listings (1,000).
    public static let listedItems = 1_000
    /// How long wrk loads the server, in seconds (5; 1 in a smoke run).
    public static var loadSeconds: Int { isSmoke ? 1 : 5 }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `index`th benchmark item as a row of a Homebox CSV export: every column Homebox writes,
/// tags, a quoted description with a comma and quotes, US dates. The add baseline
/// (`AddBaseline`) adds the items these rows import as.
public struct HomeboxRow: Sendable {
    public static let header =
        "HB.import_ref,HB.location,HB.labels,HB.quantity,HB.name,HB.description,HB.insured,"
        + "HB.serial_number,HB.model_number,HB.manufacturer,HB.notes,HB.purchase_from,"
        + "HB.purchase_price,HB.purchase_time,HB.lifetime_warranty,HB.warranty_expires,"
        + "HB.warranty_details,HB.sold_to,HB.sold_price,HB.sold_time,HB.sold_notes"

    public let row: BenchmarkRow
    public let importRef: String
    /// The description as the item keeps it (the CSV quotes it).
    public let description: String
    public let tags: [String]
    public let serial: String
    public let model: String
    public let notes: String
    public let purchasedFrom: String

    private static let tagSets = [["Tools", "Power"], ["IOT", "Home Assistant", "Z-Wave"], []]
    private static let shops = ["Amazon", "Ikea", "a flea market", "Best Buy"]

    public init(_ index: Int) {
        row = BenchmarkRow(index)
        importRef = "ref-\(index)"
        description = "\(row.description), with a comma and \"quotes\" (item \(index))"
        tags = Self.tagSets[index % 3]
        serial = "SN\(index)"
        model = "M-\(index % 97)"
        notes = "Some notes"
        purchasedFrom = Self.shops[index % 4]
    }

    /// The CSV line (without its line end).
    public var line: String {
        let price = "\(row.price / 100).\(row.price % 100 < 10 ? "0" : "")\(row.price % 100)"
        let date = row.purchaseDate.split(separator: "-")
        let usDate = "\(date[1])/\(date[2])/\(date[0])"
        let quoted =
            "\""
            + description.split(separator: "\"", omittingEmptySubsequences: false)
            .joined(separator: "\"\"") + "\""
        return [
            importRef, row.location, tags.joined(separator: ";"), String(row.quantity), row.name,
            quoted, row.isInsured ? "true" : "false", serial, model, row.brand, notes,
            purchasedFrom, price, usDate, "false", "", "", "", "", "", "",
        ].joined(separator: ",")
    }
}
