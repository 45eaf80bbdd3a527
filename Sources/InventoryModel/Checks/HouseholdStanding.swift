/// Where the household stands, at a glance: what it owns and is worth, insured and not, by room
/// and by tag, and what items lack that a claim needs (`ItemCheck`). Built in one pass over
/// the items (`add`), then read.
public struct HouseholdStanding: Sendable {
    /// Items and their worth, insured and not (minor units of the inventory's currency).
    public struct Worth: Sendable, Hashable {
        /// How many items.
        public var items = 0
        /// The worth of those insured.
        public var insured: Int128 = 0
        /// The worth of those not insured.
        public var notInsured: Int128 = 0

        /// No items.
        public init() {}

        /// Their whole worth.
        public var total: Int128 { insured + notInsured }

        mutating func add(_ item: HouseholdItem) {
            items += 1
            let worth = item.totalWorth ?? 0
            if item.isInsured { insured += worth } else { notInsured += worth }
        }
    }

    /// An item that lacks something, and what.
    public struct Needing: Sendable, Hashable {
        /// The item's id.
        public let id: Int64
        /// Its name.
        public let name: String
        /// What it lacks, for people: "no photo; no receipt (…)".
        public let missing: String
    }

    /// How many items needing something are kept to show (all are counted).
    public static let shownNeeding = 8

    /// Everything here.
    public private(set) var all = Worth()
    /// By room, the first two places of a location ("Home / Garage"), most worth first; the
    /// items with no location under nil, last.
    public private(set) var rooms: [(name: String?, worth: Worth)] = []
    /// By tag, most worth first.
    public private(set) var tags: [(name: String, worth: Worth)] = []
    /// How many items lack something a claim needs.
    public private(set) var needingCount = 0
    /// The first of them, by name.
    public private(set) var needing: [Needing] = []

    private let check: ItemCheck
    private var roomIndex: [String: Int] = [:]
    private var tagIndex: [String: Int] = [:]
    private var unplaced = Worth()

    /// An empty standing; `check` says what an item lacks.
    public init(check: ItemCheck) {
        self.check = check
    }

    /// Counts `item` in (items come in name order, so that `needing` keeps the first names).
    public mutating func add(_ item: HouseholdItem) {
        all.add(item)
        if let location = item.location, !location.isEmpty {
            let room = location.split(separator: "/").prefix(2)
                .map { $0.trimmingWhitespace() }.joined(separator: " / ")
            let key = TextFolding.fold(room)
            if let index = roomIndex[key] {
                rooms[index].worth.add(item)
            } else {
                roomIndex[key] = rooms.count
                var worth = Worth()
                worth.add(item)
                rooms.append((room, worth))
            }
        } else {
            unplaced.add(item)
        }
        for tag in item.tags {
            let key = TextFolding.fold(tag)
            if let index = tagIndex[key] {
                tags[index].worth.add(item)
            } else {
                tagIndex[key] = tags.count
                var worth = Worth()
                worth.add(item)
                tags.append((tag, worth))
            }
        }
        let findings = check.findings(for: item)
        if !findings.isEmpty {
            needingCount += 1
            if needing.count < Self.shownNeeding {
                needing.append(
                    Needing(
                        id: item.id, name: item.name,
                        missing: findings.map(\.message).joined(separator: "; ")))
            }
        }
    }

    /// Orders the rooms and tags, most worth first (then by name); the unplaced last.
    public mutating func finish() {
        rooms.sort { left, right in
            left.worth.total != right.worth.total
                ? left.worth.total > right.worth.total
                : (left.name ?? "") < (right.name ?? "")
        }
        if unplaced.items > 0 { rooms.append((nil, unplaced)) }
        unplaced = Worth()
        tags.sort { left, right in
            left.worth.total != right.worth.total
                ? left.worth.total > right.worth.total : left.name < right.name
        }
    }
}
