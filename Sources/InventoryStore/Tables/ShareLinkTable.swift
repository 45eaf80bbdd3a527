import InventoryFiles
public import InventoryModel

/// Share links (`Migrations/0010_share_links.sql`, the tables `share_links` and
/// `share_visits`): read-only links to a view or a claim, kept by the digest of their token,
/// and the log of the requests made through them.
public struct ShareLinkTable {
    /// The connection of the inventory's database.
    let database: Database

    /// A new link token: 32 bytes from the system's generator, as 64 hexadecimal digits.
    public static func makeToken() -> String {
        Hexadecimal.randomSecret(byteCount: 32)
    }

    /// The digest a token is kept and looked up by (SHA-256, hexadecimal).
    public static func tokenDigest(_ token: String) -> String {
        SHA256.hash(data: token.utf8).hexadecimal
    }

    /// Records a link to `subject` made at `createdAt`, opening until `expiresAt`, whose token
    /// has `digest`; returns its number.
    ///
    /// - Throws: `DatabaseError`.
    public func insert(
        _ subject: ShareLink.Subject, viewDefinition: String?, tokenDigest digest: String,
        createdAt: Timestamp, expiresAt: Timestamp
    ) throws -> Int64 {
        let (view, claim): (DatabaseValue, DatabaseValue) =
            switch subject {
            case .view(let name): (.text(name), .null)
            case .claim(let id): (.null, .integer(id))
            }
        try database.execute(
            """
            INSERT INTO share_links (token_hash, view, view_definition, claim_id, created_at,
                expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(digest), view, viewDefinition.map(DatabaseValue.text) ?? .null, claim,
                .integer(createdAt.millisecondsSince1970),
                .integer(expiresAt.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    private static let linkColumns = """
        SELECT id, view, claim_id, created_at, expires_at, revoked_at, view_definition,
            visit_count, (SELECT max(at) FROM share_visits WHERE link_id = share_links.id)
        FROM share_links
        """

    /// Every link, the newest first.
    ///
    /// - Throws: `DatabaseError`.
    public func all() throws -> [ShareLink] {
        let statement = try database.cachedStatement(
            Self.linkColumns + " ORDER BY id DESC")
        defer { statement.reset() }
        var links: [ShareLink] = []
        while try statement.step() { links.append(Self.decodeLink(statement)) }
        return links
    }

    /// The link numbered `id`, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func link(id: Int64) throws -> ShareLink? {
        let statement = try database.cachedStatement(Self.linkColumns + " WHERE id = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        return try statement.step() ? Self.decodeLink(statement) : nil
    }

    /// The link whose token has `digest`, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func link(tokenDigest digest: String) throws -> ShareLink? {
        let statement = try database.cachedStatement(
            Self.linkColumns + " WHERE token_hash = ?")
        defer { statement.reset() }
        try statement.bind([.text(digest)])
        return try statement.step() ? Self.decodeLink(statement) : nil
    }

    private static func decodeLink(_ statement: Statement) -> ShareLink {
        let subject: ShareLink.Subject =
            if let view = statement.optionalText(at: 1) {
                .view(view)
            } else {
                .claim(statement.int64(at: 2))
            }
        return ShareLink(
            id: statement.int64(at: 0), subject: subject,
            viewDefinition: statement.optionalText(at: 6),
            createdAt: Timestamp(millisecondsSince1970: statement.int64(at: 3)),
            expiresAt: Timestamp(millisecondsSince1970: statement.int64(at: 4)),
            revokedAt: statement.optionalInt64(at: 5).map(Timestamp.init(millisecondsSince1970:)),
            visits: Int(statement.int64(at: 7)),
            lastVisit: statement.optionalInt64(at: 8).map(Timestamp.init(millisecondsSince1970:)))
    }

    /// Marks link `id` revoked at `time`, unless it already is.
    ///
    /// - Throws: `InventoryError.shareLinkNotFound`; `DatabaseError`.
    public func revoke(id: Int64, at time: Timestamp) throws {
        try database.execute(
            "UPDATE share_links SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
            [.integer(time.millisecondsSince1970), .integer(id)])
        guard database.changedRowCount == 1 else { throw InventoryError.shareLinkNotFound(id) }
    }

    /// Puts this inventory's share links and their visits into the inventory file at `path`
    /// (a copy about to replace this one, as a restore does), in place of the copy's own: a
    /// restore must not bring back a link revoked since the copy was made, lose the visits
    /// logged since, or give a link's number to another. An inventory without any link (a new
    /// machine) leaves the copy's links as they are.
    ///
    /// - Throws: `DatabaseError`.
    public func carry(into path: String) throws {
        let links = try CarriedRows("share_links", from: database)
        guard !links.rows.isEmpty else { return }
        let visits = try CarriedRows("share_visits", from: database)
        let sequence = try database.makeStatement(
            "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'share_links'), 0)")
        let highest = try sequence.step() ? sequence.int64(at: 0) : 0
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            try copy.execute("DELETE FROM share_visits")
            try copy.execute("DELETE FROM share_links")
            for table in [links, visits] { try table.insert(into: copy) }
            try copy.execute(
                "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'share_links'",
                [.integer(highest)])
        }
    }

    /// How many of a link's first visits its log keeps (`Migrations/0016_share_visit_cap.sql`).
    public static let keptFirstVisits = 100
    /// How many of a link's last visits its log keeps.
    public static let keptLastVisits = 100

    /// Logs a request made through link `id`, and counts it with `refused` more that were not
    /// logged; with `whileLive`, only if the link is still neither revoked nor expired at the
    /// visit's time (checked in the same statement). The log keeps the link's first
    /// `keptFirstVisits` and last `keptLastVisits` visits: a visit past those drops the oldest
    /// of the last ones. Call it inside a write transaction.
    ///
    /// - Returns: whether the visit was logged.
    /// - Throws: `DatabaseError`.
    /// - Complexity: a few statements on the link's rows of the log, whatever its count.
    @discardableResult
    public func insertVisit(
        _ visit: ShareVisit, linkID id: Int64, whileLive: Bool = false, refused: Int = 0
    ) throws -> Bool {
        let insert = try database.cachedStatement(
            """
            INSERT INTO share_visits (link_id, at, address, method, path, status)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT ?7 OR EXISTS (
                SELECT 1 FROM share_links WHERE id = ?1 AND revoked_at IS NULL AND expires_at > ?2)
            """)
        defer { insert.reset() }
        try insert.bind([
            .integer(id), .integer(visit.time.millisecondsSince1970), .text(visit.address),
            .text(visit.method), .text(visit.path), .integer(Int64(visit.status)),
            .integer(whileLive ? 1 : 0),
        ])
        try insert.run()
        guard database.changedRowCount == 1 else { return false }
        try database.execute(
            "UPDATE share_links SET visit_count = visit_count + 1 + ? WHERE id = ?",
            [.integer(Int64(max(0, refused))), .integer(id)])
        let kept = try database.cachedStatement(
            "SELECT count(*) FROM share_visits WHERE link_id = ?")
        defer { kept.reset() }
        try kept.bind([.integer(id)])
        guard try kept.step(), kept.int64(at: 0) > Self.keptFirstVisits + Self.keptLastVisits
        else { return true }
        try database.execute(
            """
            DELETE FROM share_visits WHERE rowid = (
                SELECT rowid FROM share_visits WHERE link_id = ? ORDER BY at, rowid
                LIMIT 1 OFFSET ?)
            """, [.integer(id), .integer(Int64(Self.keptFirstVisits))])
        return true
    }

    /// The requests made through link `id`, oldest first.
    ///
    /// - Throws: `DatabaseError`.
    public func visits(linkID id: Int64) throws -> [ShareVisit] {
        let statement = try database.cachedStatement(
            """
            SELECT at, address, method, path, status FROM share_visits WHERE link_id = ?
            ORDER BY at, rowid
            """)
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        var visits: [ShareVisit] = []
        while try statement.step() {
            visits.append(
                ShareVisit(
                    time: Timestamp(millisecondsSince1970: statement.int64(at: 0)),
                    address: statement.text(at: 1), method: statement.text(at: 2),
                    path: statement.text(at: 3), status: Int(statement.int64(at: 4))))
        }
        return visits
    }
}
