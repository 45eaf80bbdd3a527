public import InventoryModel

/// The household's members, the sessions of `inventory serve` and who made each write
/// (`Migrations/0025_members.sql`: `members`, `member_sessions`, `write_authors`).
public struct MemberTable {
    /// The connection of the inventory's database.
    let database: Database

    private static let memberColumns = """
        SELECT id, name, role, password_hash IS NOT NULL, invitation_expires, created_at,
            (SELECT count(*) FROM member_sessions WHERE member_id = members.id)
        FROM members
        """

    private static func decodeMember(_ row: Statement) -> Member {
        Member(
            id: row.int64(at: 0), name: row.text(at: 1),
            role: MemberRole(rawValue: row.text(at: 2)) ?? .viewer, hasPassword: row.bool(at: 3),
            invitationExpires: row.optionalInt64(at: 4).map(Timestamp.init(millisecondsSince1970:)),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 5)),
            sessionCount: Int(row.int64(at: 6)))
    }

    private func members(_ sql: String, _ arguments: [DatabaseValue]) throws -> [Member] {
        let statement = try database.cachedStatement(Self.memberColumns + sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var members: [Member] = []
        while try statement.step() { members.append(Self.decodeMember(statement)) }
        return members
    }

    /// Every member, by name.
    public func all() throws -> [Member] {
        try members(" ORDER BY name COLLATE NOCASE", [])
    }

    /// The member called `name` (whatever its case), or nil.
    public func member(named name: String) throws -> Member? {
        try members(" WHERE name = ?", [.text(name)]).first
    }

    /// The member numbered `id`, or nil.
    public func member(id: Int64) throws -> Member? {
        try members(" WHERE id = ?", [.integer(id)]).first
    }

    /// The member whose invitation has `digest` and opens until after `now`, or nil.
    public func member(invitationDigest digest: String, at now: Timestamp) throws -> Member? {
        try members(
            " WHERE invitation_digest = ? AND invitation_expires > ?",
            [.text(digest), .integer(now.millisecondsSince1970)]
        ).first
    }

    /// Records a new member invited by the token whose digest is `digest` until `expires`;
    /// returns its number.
    public func insert(
        name: String, role: MemberRole, invitationDigest digest: String, expires: Timestamp,
        createdAt: Timestamp
    ) throws -> Int64 {
        try database.execute(
            """
            INSERT INTO members (name, role, invitation_digest, invitation_expires, created_at)
            VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(name), .text(role.rawValue), .text(digest),
                .integer(expires.millisecondsSince1970), .integer(createdAt.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    /// Gives member `id` a new invitation (its password, if any, stays until it is opened).
    public func invite(id: Int64, invitationDigest digest: String, expires: Timestamp) throws {
        try database.execute(
            "UPDATE members SET invitation_digest = ?, invitation_expires = ? WHERE id = ?",
            [.text(digest), .integer(expires.millisecondsSince1970), .integer(id)])
    }

    /// Spends the invitation whose digest is `digest`, if it opens until after `now`: its
    /// member's password becomes the one hashed as `passwordHash`, and every session the
    /// member had ends. Returns the member, or nil for an invitation unknown, spent or late.
    public func accept(invitationDigest digest: String, passwordHash: String, at now: Timestamp)
        throws -> Member?
    {
        guard let member = try member(invitationDigest: digest, at: now) else { return nil }
        try database.execute(
            """
            UPDATE members SET password_hash = ?, invitation_digest = NULL,
                invitation_expires = NULL
            WHERE id = ?
            """, [.text(passwordHash), .integer(member.id)])
        try database.execute(
            "DELETE FROM member_sessions WHERE member_id = ?", [.integer(member.id)])
        return try self.member(id: member.id)
    }

    /// The member called `name` and its password's stored hash, if it has chosen one.
    public func passwordHash(named name: String) throws -> (Member, String)? {
        let statement = try database.cachedStatement(
            "SELECT id, password_hash FROM members WHERE name = ? AND password_hash IS NOT NULL")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { return nil }
        let (id, hash) = (statement.int64(at: 0), statement.text(at: 1))
        statement.reset()
        return try member(id: id).map { ($0, hash) }
    }

    /// Whether an owner has chosen a password: the household password no longer signs in.
    public func ownerHasPassword() throws -> Bool {
        let statement = try database.cachedStatement(
            "SELECT 1 FROM members WHERE role = 'owner' AND password_hash IS NOT NULL LIMIT 1")
        defer { statement.reset() }
        return try statement.step()
    }

    /// Gives member `id` the role `role`.
    public func setRole(id: Int64, _ role: MemberRole) throws {
        try database.execute(
            "UPDATE members SET role = ? WHERE id = ?", [.text(role.rawValue), .integer(id)])
    }

    /// Removes member `id` and its sessions; what it wrote still names it.
    public func remove(id: Int64) throws {
        try database.execute("DELETE FROM members WHERE id = ?", [.integer(id)])
    }

    // MARK: - Sessions

    /// Records a session just opened.
    public func insertSession(_ session: MemberSession) throws {
        try database.execute(
            """
            INSERT INTO member_sessions (digest, member_id, csrf, opened_at, used_at, device)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(session.digest), session.memberID.map(DatabaseValue.integer) ?? .null,
                .text(session.csrf), .integer(session.openedAt.millisecondsSince1970),
                .integer(session.usedAt.millisecondsSince1970), .text(session.device),
            ])
    }

    /// Every session, the most recently used first; only member `memberID`'s when given
    /// (`.some(nil)`: the household owner's).
    public func sessions(of memberID: Int64?? = nil) throws -> [MemberSession] {
        var sql = """
            SELECT digest, member_id, members.name, members.role, csrf, opened_at, used_at,
                device
            FROM member_sessions LEFT JOIN members ON members.id = member_id
            """
        var arguments: [DatabaseValue] = []
        switch memberID {
        case .none: break
        case .some(.none): sql += " WHERE member_id IS NULL"
        case .some(.some(let id)):
            sql += " WHERE member_id = ?"
            arguments.append(.integer(id))
        }
        let statement = try database.cachedStatement(sql + " ORDER BY used_at DESC, digest")
        defer { statement.reset() }
        try statement.bind(arguments)
        var sessions: [MemberSession] = []
        while try statement.step() {
            sessions.append(
                MemberSession(
                    digest: statement.text(at: 0), memberID: statement.optionalInt64(at: 1),
                    memberName: statement.optionalText(at: 2),
                    role: statement.optionalText(at: 3).flatMap(MemberRole.init) ?? .owner,
                    csrf: statement.text(at: 4),
                    openedAt: Timestamp(millisecondsSince1970: statement.int64(at: 5)),
                    usedAt: Timestamp(millisecondsSince1970: statement.int64(at: 6)),
                    device: statement.text(at: 7)))
        }
        return sessions
    }

    /// Ends the sessions whose digests start with `prefix` (a whole digest, or its first
    /// digits); returns how many.
    @discardableResult
    public func deleteSessions(digestPrefix prefix: String) throws -> Int {
        try database.execute(
            "DELETE FROM member_sessions WHERE substr(digest, 1, ?) = ?",
            [.integer(Int64(prefix.utf8.count)), .text(prefix)])
        return database.changedRowCount
    }

    /// Ends every session of member `memberID` (nil: the household owner's); returns how many.
    @discardableResult
    public func deleteSessions(of memberID: Int64?) throws -> Int {
        if let memberID {
            try database.execute(
                "DELETE FROM member_sessions WHERE member_id = ?", [.integer(memberID)])
        } else {
            try database.execute("DELETE FROM member_sessions WHERE member_id IS NULL")
        }
        return database.changedRowCount
    }

    /// Ends the sessions unused since `idleSince` or opened before `openedBefore`.
    public func deleteSessions(unusedSince idleSince: Timestamp, openedBefore: Timestamp) throws {
        try database.execute(
            "DELETE FROM member_sessions WHERE used_at < ? OR opened_at < ?",
            [
                .integer(idleSince.millisecondsSince1970),
                .integer(openedBefore.millisecondsSince1970),
            ])
    }

    /// Records when the sessions of `uses` (digest, time) were last used.
    public func recordUses(_ uses: [(digest: String, at: Timestamp)]) throws {
        let statement = try database.cachedStatement(
            "UPDATE member_sessions SET used_at = max(used_at, ?) WHERE digest = ?")
        for use in uses {
            defer { statement.reset() }
            try statement.bind([.integer(use.at.millisecondsSince1970), .text(use.digest)])
            try statement.run()
        }
    }

    // MARK: - API tokens

    /// Records a token for member `memberID` (nil: the household owner); returns its number.
    public func insertToken(
        memberID: Int64?, name: String, scope: APIToken.Scope, digest: String,
        createdAt: Timestamp, expiresAt: Timestamp
    ) throws -> Int64 {
        try database.execute(
            """
            INSERT INTO api_tokens (member_id, name, scope, digest, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                memberID.map(DatabaseValue.integer) ?? .null, .text(name), .text(scope.rawValue),
                .text(digest), .integer(createdAt.millisecondsSince1970),
                .integer(expiresAt.millisecondsSince1970),
            ])
        return database.lastInsertedRowID
    }

    /// Every token, the newest first; only the one whose digest is `digest` when given.
    public func tokens(digest: String? = nil) throws -> [APIToken] {
        let statement = try database.cachedStatement(
            """
            SELECT api_tokens.id, member_id, members.name, members.role, api_tokens.name, scope,
                digest, api_tokens.created_at, expires_at, used_at
            FROM api_tokens LEFT JOIN members ON members.id = member_id
            WHERE ?1 IS NULL OR digest = ?1
            ORDER BY api_tokens.id DESC
            """)
        defer { statement.reset() }
        try statement.bind([digest.map(DatabaseValue.text) ?? .null])
        var tokens: [APIToken] = []
        while try statement.step() {
            tokens.append(
                APIToken(
                    id: statement.int64(at: 0), memberID: statement.optionalInt64(at: 1),
                    memberName: statement.optionalText(at: 2),
                    role: statement.optionalText(at: 3).flatMap(MemberRole.init) ?? .owner,
                    name: statement.text(at: 4),
                    scope: APIToken.Scope(rawValue: statement.text(at: 5)) ?? .read,
                    digest: statement.text(at: 6),
                    createdAt: Timestamp(millisecondsSince1970: statement.int64(at: 7)),
                    expiresAt: Timestamp(millisecondsSince1970: statement.int64(at: 8)),
                    usedAt: statement.optionalInt64(at: 9).map(
                        Timestamp.init(millisecondsSince1970:))))
        }
        return tokens
    }

    /// Removes token `id`; returns whether there was one.
    public func deleteToken(id: Int64) throws -> Bool {
        try database.execute("DELETE FROM api_tokens WHERE id = ?", [.integer(id)])
        return database.changedRowCount > 0
    }

    /// Records when the tokens of `uses` (digest, time) were last used.
    public func recordTokenUses(_ uses: [(digest: String, at: Timestamp)]) throws {
        let statement = try database.cachedStatement(
            "UPDATE api_tokens SET used_at = max(coalesce(used_at, 0), ?) WHERE digest = ?")
        for use in uses {
            defer { statement.reset() }
            try statement.bind([.integer(use.at.millisecondsSince1970), .text(use.digest)])
            try statement.run()
        }
    }

    // MARK: - A restore

    /// Writes this inventory's members, their sessions and tokens, and the household password
    /// into the inventory file at `path` (one about to replace it: a restore), in place of its own: who
    /// may sign in is the household's arrangement now, not the content's. A member removed
    /// since the backup does not come back, nor a session ended since.
    public func carry(into path: String) throws {
        // members first: the sessions and tokens name them
        let tables = [
            try CarriedRows("members", from: database),
            try CarriedRows("member_sessions", from: database),
            try CarriedRows("api_tokens", from: database),
            try CarriedRows("settings", where: "key = 'server_password'", from: database),
        ]
        let copy = try Database(path: path, options: .init(createIfMissing: false))
        defer { copy.close() }
        try copy.transaction(.immediate) {
            try copy.execute("DELETE FROM api_tokens")
            try copy.execute("DELETE FROM member_sessions")
            try copy.execute("DELETE FROM members")
            try copy.execute("DELETE FROM settings WHERE key = 'server_password'")
            for table in tables { try table.insert(into: copy) }
        }
    }

    // MARK: - Authors

    /// Records that write `writeID` was made by `author`.
    public func recordAuthor(_ author: Author, ofWrite writeID: Int64) throws {
        let statement = try database.cachedStatement(
            "INSERT OR REPLACE INTO write_authors (write_id, member_id, name) VALUES (?, ?, ?)")
        defer { statement.reset() }
        try statement.bind([
            .integer(writeID), author.memberID.map(DatabaseValue.integer) ?? .null,
            .text(author.name),
        ])
        try statement.run()
    }

    /// Who made each of `writeIDs` that names its author.
    public func authors(ofWrites writeIDs: some Sequence<Int64>) throws -> [Int64: String] {
        let statement = try database.cachedStatement(
            "SELECT name FROM write_authors WHERE write_id = ?")
        var authors: [Int64: String] = [:]
        for id in Set(writeIDs) where id > 0 {
            defer { statement.reset() }
            try statement.bind([.integer(id)])
            if try statement.step() { authors[id] = statement.text(at: 0) }
        }
        return authors
    }
}
