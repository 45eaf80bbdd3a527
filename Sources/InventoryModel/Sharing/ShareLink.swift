/// A read-only link to one view or one claim, for an insurer: it opens through `inventory
/// serve` without signing in, until it expires or is revoked. Its token is shown once, when
/// it is made; the inventory keeps only the token's digest.
public struct ShareLink: Sendable, Hashable, Identifiable {
    /// What a link shows.
    public enum Subject: Sendable, Hashable {
        /// The items of a view, by the view's name.
        case view(String)
        /// A claim, by its number.
        case claim(Int64)
    }

    /// Whether a link still opens, and if not, why.
    public enum State: String, Sendable, Hashable {
        /// It opens.
        case live
        /// Its time is over.
        case expired
        /// `inventory share --revoke` ended it.
        case revoked
    }

    /// The link's number, for `--revoke` and `--log`.
    public let id: Int64
    /// What it shows.
    public let subject: Subject
    /// For a view, its order and filter when the link was made (`ShareLink.definition`): the
    /// link shows the view only while it still selects the same.
    public let viewDefinition: String?
    /// When it was made.
    public let createdAt: Timestamp
    /// When it stops opening.
    public let expiresAt: Timestamp
    /// When it was revoked, if it was.
    public let revokedAt: Timestamp?
    /// How many requests came through it: every one, though its log keeps only the first and
    /// the last.
    public let visits: Int
    /// When the last one came.
    public let lastVisit: Timestamp?

    /// A link as stored.
    public init(
        id: Int64, subject: Subject, viewDefinition: String? = nil, createdAt: Timestamp,
        expiresAt: Timestamp, revokedAt: Timestamp?, visits: Int = 0, lastVisit: Timestamp? = nil
    ) {
        self.id = id
        self.subject = subject
        self.viewDefinition = viewDefinition
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.visits = visits
        self.lastVisit = lastVisit
    }

    /// What a view link keeps of its view: its order and its filter, as one text.
    public static func definition(filter: ItemFilter, sort: ItemSort) -> String {
        "sort=\(sort.rawValue) \(filter.canonicalText)"
    }

    /// Whether the link opens at `now`: revoked first, then expired.
    public func state(at now: Timestamp) -> State {
        if revokedAt != nil { return .revoked }
        return now < expiresAt ? .live : .expired
    }

    // MARK: - Lifetimes

    /// The longest a link may live: a year.
    public static let longestLifetimeHours = 366 * 24
    /// How long a link lives unless told otherwise: a week.
    public static let defaultLifetimeHours = 7 * 24

    /// The hours of a lifetime written as a count and a unit: `12h`, `7d`, `2w` (hours, days,
    /// weeks), from an hour to a year.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the link lifetime.
    public static func lifetimeHours(parsing text: String) throws -> Int {
        func refuse(_ reason: String) -> InventoryError {
            .invalidValue(field: .other("link lifetime"), value: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let unit = trimmed.last, let hoursPerUnit = ["h": 1, "d": 24, "w": 168][unit]
        else {
            throw refuse("write a count and a unit: 12h, 7d or 2w (hours, days, weeks)")
        }
        let digits = trimmed.dropLast().drop { $0 == "0" }
        guard trimmed.count > 1, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw refuse("write a count and a unit: 12h, 7d or 2w (hours, days, weeks)")
        }
        guard let count = Int(digits), count > 0 else {
            throw refuse(
                digits.isEmpty
                    ? "a link lives at least an hour" : "a link lives at most a year (366d)")
        }
        let (hours, overflow) = count.multipliedReportingOverflow(by: hoursPerUnit)
        guard !overflow, hours <= longestLifetimeHours else {
            throw refuse("a link lives at most a year (366d)")
        }
        return hours
    }
}

/// One request made through a share link.
public struct ShareVisit: Sendable, Hashable {
    /// When it came.
    public let time: Timestamp
    /// The address it came from.
    public let address: String
    /// Its HTTP method.
    public let method: String
    /// What it asked for, after the link's own address (`/`, `/items/3`, `/report`).
    public let path: String
    /// The status of the answer.
    public let status: Int

    /// A visit as logged.
    public init(time: Timestamp, address: String, method: String, path: String, status: Int) {
        self.time = time
        self.address = address
        self.method = method
        self.path = path
        self.status = status
    }
}
