import Crypto
import InventoryModel

/// Share links (`Migrations/0010_share_links.sql`): read-only links to a view or a claim, kept
/// by the digest of their token, and the log of the requests made through them.
extension ItemStore {
    /// A new link token: 32 bytes from the system's generator, as 64 hexadecimal digits.
    public static func makeShareToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return PhotoStore.hexadecimal(bytes)
    }

    /// The digest a token is kept and looked up by (SHA-256, hexadecimal).
    public static func shareTokenDigest(_ token: String) -> String {
        PhotoStore.hexadecimal(SHA256.hash(data: Array(token.utf8)))
    }

    /// Records a link to `subject` made at `createdAt`, opening until `expiresAt`, whose token
    /// has `digest`; returns its number.
    ///
    /// - Throws: `DatabaseError`.
    public func insertShareLink(
        _ subject: ShareLink.Subject, tokenDigest digest: String, createdAt: Timestamp,
        expiresAt: Timestamp
    ) throws -> Int64 {
        let (view, claim): (DatabaseValue, DatabaseValue) =
            switch subject {
            case .view(let name): (.text(name), .null)
            case .claim(let id): (.null, .integer(id))
            }
        try database.execute(
            """
            INSERT INTO share_links (token_hash, view, claim_id, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(digest), view, claim, .integer(createdAt.millisecondsSince1970),
                .integer(expiresAt.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    private static let shareLinkColumns = """
        SELECT id, view, claim_id, created_at, expires_at, revoked_at,
            (SELECT count(*) FROM share_visits WHERE link_id = share_links.id),
            (SELECT max(at) FROM share_visits WHERE link_id = share_links.id)
        FROM share_links
        """

    /// Every link, the newest first.
    ///
    /// - Throws: `DatabaseError`.
    public func shareLinks() throws -> [ShareLink] {
        let statement = try database.cachedStatement(
            Self.shareLinkColumns + " ORDER BY id DESC")
        defer { statement.reset() }
        var links: [ShareLink] = []
        while try statement.step() { links.append(Self.decodeShareLink(statement)) }
        return links
    }

    /// The link numbered `id`, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func shareLink(id: Int64) throws -> ShareLink? {
        let statement = try database.cachedStatement(Self.shareLinkColumns + " WHERE id = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        return try statement.step() ? Self.decodeShareLink(statement) : nil
    }

    /// The link whose token has `digest`, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func shareLink(tokenDigest digest: String) throws -> ShareLink? {
        let statement = try database.cachedStatement(
            Self.shareLinkColumns + " WHERE token_hash = ?")
        defer { statement.reset() }
        try statement.bind([.text(digest)])
        return try statement.step() ? Self.decodeShareLink(statement) : nil
    }

    private static func decodeShareLink(_ statement: Statement) -> ShareLink {
        let subject: ShareLink.Subject =
            if let view = statement.optionalText(at: 1) {
                .view(view)
            } else {
                .claim(statement.int64(at: 2))
            }
        return ShareLink(
            id: statement.int64(at: 0), subject: subject,
            createdAt: Timestamp(millisecondsSince1970: statement.int64(at: 3)),
            expiresAt: Timestamp(millisecondsSince1970: statement.int64(at: 4)),
            revokedAt: statement.optionalInt64(at: 5).map(Timestamp.init(millisecondsSince1970:)),
            visits: Int(statement.int64(at: 6)),
            lastVisit: statement.optionalInt64(at: 7).map(Timestamp.init(millisecondsSince1970:)))
    }

    /// Marks link `id` revoked at `time`, unless it already is.
    ///
    /// - Throws: `InventoryError.shareLinkNotFound`; `DatabaseError`.
    public func revokeShareLink(id: Int64, at time: Timestamp) throws {
        try database.execute(
            "UPDATE share_links SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
            [.integer(time.millisecondsSince1970), .integer(id)])
        guard database.changedRowCount == 1 else { throw InventoryError.shareLinkNotFound(id) }
    }

    /// Revokes, in the inventory file at `path` (a copy about to replace this one), every link
    /// this inventory has revoked, at `time`: a restore must not bring a revoked link back.
    ///
    /// - Throws: `DatabaseError`.
    public func carryShareRevocations(into path: String, at time: Timestamp) throws {
        let statement = try database.cachedStatement(
            "SELECT token_hash FROM share_links WHERE revoked_at IS NOT NULL")
        var digests: [String] = []
        do {
            defer { statement.reset() }
            while try statement.step() { digests.append(statement.text(at: 0)) }
        }
        guard !digests.isEmpty else { return }
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            let revoke = try copy.makeStatement(
                "UPDATE share_links SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL"
            )
            for digest in digests {
                defer { revoke.reset() }
                try revoke.bind([.integer(time.millisecondsSince1970), .text(digest)])
                try revoke.run()
            }
        }
    }

    /// Logs a request made through link `id`.
    ///
    /// - Throws: `DatabaseError`.
    public func insertShareVisit(_ visit: ShareVisit, linkID id: Int64) throws {
        let statement = try database.cachedStatement(
            """
            INSERT INTO share_visits (link_id, at, address, method, path, status)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        defer { statement.reset() }
        try statement.bind([
            .integer(id), .integer(visit.time.millisecondsSince1970), .text(visit.address),
            .text(visit.method), .text(visit.path), .integer(Int64(visit.status)),
        ])
        try statement.run()
    }

    /// The requests made through link `id`, oldest first.
    ///
    /// - Throws: `DatabaseError`.
    public func shareVisits(linkID id: Int64) throws -> [ShareVisit] {
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

    /// The items that use the stored file `name`, as their photo or one of their files.
    ///
    /// - Throws: `DatabaseError`.
    public func itemIDs(usingFile name: String) throws -> [Int64] {
        let statement = try database.cachedStatement(
            "SELECT DISTINCT item_id FROM item_files WHERE file = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }
}
