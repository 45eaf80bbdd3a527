/// A place where things are kept: a house, a floor, a room, a shelf. Places form a tree (any
/// depth, several at the top); an item is in one, or inside another item that is.
public struct Place: Sendable, Hashable, Identifiable {
    /// The place's number; never reused.
    public let id: Int64
    /// The place it is in, or nil at the top.
    public var parentID: Int64?
    /// Its name: unique among the places beside it (case-insensitively), without `/`.
    public var name: String
    /// Its full path, from the top (`House / Garage / Shelf 2`).
    public var path: String
    /// When it was made.
    public var createdAt: Timestamp
    /// When it was last renamed or moved.
    public var updatedAt: Timestamp

    /// A place as stored.
    public init(
        id: Int64, parentID: Int64?, name: String, path: String, createdAt: Timestamp,
        updatedAt: Timestamp
    ) {
        self.id = id
        self.parentID = parentID
        self.name = name
        self.path = path
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// How deep it is: 0 at the top.
    public var depth: Int { PlacePath.names(of: path).count - 1 }

    /// Checks a name for a place: trimmed, 1 to 200 characters, one line, no `/`.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the place's name.
    public static func validatedName(_ name: String) throws -> String {
        guard let trimmed = try ItemValidation.text(name, field: .other("place name")) else {
            throw InventoryError.invalidValue(
                field: .other("place name"), value: name, reason: "a place needs a name")
        }
        guard !trimmed.contains("/") else {
            throw InventoryError.invalidValue(
                field: .other("place name"), value: name,
                reason: "a place's name cannot hold \"/\", which separates the places of a path")
        }
        return trimmed
    }
}

/// A place with what is in it, and under it: what `inventory places` shows.
public struct PlaceSummary: Sendable, Hashable {
    /// The place.
    public var place: Place
    /// The items at the place or under it (in places under it, or inside containers).
    public var itemCount: Int
    /// Their total worth (worth × quantity), in minor units.
    public var worth: Int128

    /// A place and its totals.
    public init(place: Place, itemCount: Int, worth: Int128) {
        self.place = place
        self.itemCount = itemCount
        self.worth = worth
    }
}

/// Where items are moved to.
public enum ItemDestination: Sendable, Hashable {
    /// Into the place with this path (it must exist).
    case place(String)
    /// Inside the item with this id (a box, a toolbox).
    case container(Int64)
}

/// Why a change of places, or a move, is refused.
public enum PlaceProblem: Sendable, Hashable {
    /// No place has this path.
    case notFound(String)
    /// A place with this path exists already.
    case exists(String)
    /// The place (or item) would end up inside itself: the loop, outermost first.
    case loop([String])
    /// The place holds things: they must go somewhere first.
    case holdsItems(path: String, count: Int)
    /// The place holds other places.
    case holdsPlaces(path: String, places: [String])
    /// An item to delete holds others that are not deleted with it.
    case containerHoldsItems(id: Int64, name: String, count: Int)
    /// No label was ever given with this text.
    case noLabel(String)

    /// Whether it refuses a change (else it answers a question: nothing found).
    public var refusesAChange: Bool {
        switch self {
        case .notFound, .noLabel: false
        default: true
        }
    }
}

extension PlaceProblem: CustomStringConvertible {
    /// The problem as a sentence.
    public var description: String {
        switch self {
        case .notFound(let path):
            "no place is called \"\(path)\" (inventory places lists them; "
                + "inventory places add makes one)"
        case .exists(let path):
            "a place called \"\(path)\" exists already"
        case .loop(let names):
            "\(names.first ?? "it") cannot go inside itself: "
                + names.joined(separator: " → ")
        case .holdsItems(let path, let count):
            "\"\(path)\" holds \(count) item\(count == 1 ? "" : "s"): "
                + "say where \(count == 1 ? "it goes" : "they go") (--move-to PLACE)"
        case .holdsPlaces(let path, let places):
            "\"\(path)\" holds the place\(places.count == 1 ? "" : "s") "
                + places.map { "\"\($0)\"" }.joined(separator: ", ")
                + ": move or delete \(places.count == 1 ? "it" : "them") first"
        case .noLabel(let text):
            "no label \"\(text)\" was given (inventory label assign gives labels)"
        case .containerHoldsItems(let id, let name, let count):
            "item \(id) \"\(name)\" holds \(count) item\(count == 1 ? "" : "s"): "
                + "move \(count == 1 ? "it" : "them") out first (inventory move … --to PLACE)"
        }
    }
}
