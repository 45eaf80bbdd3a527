import InventoryKit

/// The sums a report shows, computed once from its lines: the summary, each room with its
/// subtotal, and the worth of each tag.
public struct ReportTotals: Sendable {
    /// A worth split by insurance, in minor units.
    public struct Worth: Sendable, Hashable {
        /// Of insured lines.
        public var insured: Int128 = 0
        /// Of lines not insured.
        public var notInsured: Int128 = 0
        /// Both.
        public var total: Int128 { insured + notInsured }

        mutating func add(_ line: ReportLine) {
            guard let worth = line.totalWorth else { return }
            if line.isInsured { insured += worth } else { notInsured += worth }
        }
    }

    /// One room: its lines, by name, and their worth.
    public struct Room: Sendable, Hashable {
        /// The room's name, or nil for the lines without one.
        public var name: String?
        /// Its lines, by name.
        public var lines: [ReportLine]
        /// Their worth.
        public var worth: Worth
    }

    /// The number of lines.
    public var lineCount = 0
    /// The number of things: the lines' quantities added up.
    public var quantity = 0
    /// The worth of every line.
    public var worth = Worth()
    /// The number of luxury lines.
    public var luxuryCount = 0
    /// Their worth, in minor units.
    public var luxuryWorth: Int128 = 0
    /// The number of lines on a rider (scheduled).
    public var scheduledCount = 0
    /// Their worth, in minor units.
    public var scheduledWorth: Int128 = 0
    /// The lines without a photo.
    public var withoutPhoto = 0
    /// The lines without a receipt.
    public var withoutReceipt = 0
    /// The lines with neither a price nor a value, which no total counts.
    public var withoutWorth = 0
    /// The rooms, by name (ignoring case); the lines without a room come last.
    public var rooms: [Room] = []
    /// Each tag with the worth of the lines that carry it, by worth, largest first (a line with
    /// two tags counts in both).
    public var tags: [(tag: String, worth: Worth)] = []

    /// The totals of `lines` (in any order).
    public init(_ lines: some Sequence<ReportLine>) {
        var rooms: [String: Room] = [:]
        var unplaced = Room(name: nil, lines: [], worth: Worth())
        var tags: [String: (tag: String, worth: Worth)] = [:]
        for line in lines {
            lineCount += 1
            quantity += line.quantity
            worth.add(line)
            if line.isLuxury {
                luxuryCount += 1
                luxuryWorth += line.totalWorth ?? 0
            }
            if line.isScheduled {
                scheduledCount += 1
                scheduledWorth += line.totalWorth ?? 0
            }
            if line.photo == nil { withoutPhoto += 1 }
            if !line.hasReceipt { withoutReceipt += 1 }
            if line.worth == nil { withoutWorth += 1 }
            if let name = line.location, !name.isEmpty {
                // one room whatever the case it was typed in: the first spelling names it
                let key = name.lowercased()
                rooms[key, default: Room(name: name, lines: [], worth: Worth())].lines.append(line)
                rooms[key]!.worth.add(line)
            } else {
                unplaced.lines.append(line)
                unplaced.worth.add(line)
            }
            for tag in line.tags {
                tags[tag.lowercased(), default: (tag, Worth())].worth.add(line)
            }
        }
        self.rooms = rooms.sorted { $0.key < $1.key }.map(\.value)
        if !unplaced.lines.isEmpty { self.rooms.append(unplaced) }
        for index in self.rooms.indices {
            self.rooms[index].lines.sort { left, right in
                (left.name.lowercased(), left.id ?? .max) < (
                    right.name.lowercased(), right.id ?? .max
                )
            }
        }
        self.tags = tags.values.sorted { left, right in
            left.worth.total != right.worth.total
                ? left.worth.total > right.worth.total
                : left.tag.lowercased() < right.tag.lowercased()
        }
    }
}
