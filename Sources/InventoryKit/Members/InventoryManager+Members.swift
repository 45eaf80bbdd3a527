import Foundation
public import InventoryModel
import InventoryStore

// The household's members and the server's sessions: made and changed by `inventory members`
// and the owner's Members page, read by `inventory serve` on each sign-in and once a second.
extension InventoryManager {
    /// A member just invited, with the token of its invitation: the only time it is known.
    public struct Invitation: Sendable {
        /// The member as stored.
        public let member: Member
        /// The token the invitation's address carries (64 hexadecimal digits).
        public let token: String
    }

    /// How long an invitation opens, unless told otherwise: a week.
    public static let invitationDays = 7

    /// Every member, by name, with how many sessions each has open.
    public func members() throws -> [Member] {
        try withStore { try $0.database.members.all() }
    }

    /// The member called `name` (whatever its case).
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    public func member(named name: String) throws -> Member {
        guard let member = try withStore({ try $0.database.members.member(named: name) }) else {
            throw InventoryError.member(.notFound(name))
        }
        return member
    }

    /// The member numbered `id`, or nil.
    public func member(id: Int64) throws -> Member? {
        try withStore { try $0.database.members.member(id: id) }
    }

    /// Makes a member called `name` with `role`, and an invitation that opens for `days`.
    ///
    /// - Throws: `InventoryError.invalidValue` for a name that cannot be one;
    ///   `InventoryError.member(.exists)` when it is taken.
    public func addMember(name: String, role: MemberRole, days: Int = invitationDays) throws
        -> Invitation
    {
        let name = try Self.memberName(name)
        let token = ShareLinkTable.makeToken()
        let now = Timestamp(clock())
        let member = try withStore { store in
            try store.database.write {
                if let taken = try store.database.members.member(named: name) {
                    throw InventoryError.member(.exists(taken.name))
                }
                let id = try store.database.members.insert(
                    name: name, role: role, invitationDigest: ShareLinkTable.tokenDigest(token),
                    expires: Self.expiry(after: days, from: now), createdAt: now)
                guard let member = try store.database.members.member(id: id) else {
                    preconditionFailure("member \(id) was not there after its insert")
                }
                return member
            }
        }
        return Invitation(member: member, token: token)
    }

    /// Gives the member called `name` a new invitation (to choose a new password: its old one
    /// works until the invitation is opened).
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    public func inviteAgain(name: String, days: Int = invitationDays) throws -> Invitation {
        let token = ShareLinkTable.makeToken()
        let now = Timestamp(clock())
        let member = try changeMember(named: name) { members, member in
            try members.invite(
                id: member.id, invitationDigest: ShareLinkTable.tokenDigest(token),
                expires: Self.expiry(after: days, from: now))
        }
        return Invitation(member: member, token: token)
    }

    /// The member whose invitation `token` is, if it still opens.
    public func invitedMember(token: String) throws -> Member? {
        let now = Timestamp(clock())
        return try withStore { store in
            try store.database.members.member(
                invitationDigest: ShareLinkTable.tokenDigest(token), at: now)
        }
    }

    /// Spends invitation `token`: its member's password becomes the one `passwordHash` was
    /// made from, and the member's other sessions end.
    ///
    /// - Throws: `InventoryError.member(.invitationInvalid)` for a token unknown, spent or
    ///   late.
    public func acceptInvitation(token: String, passwordHash: String) throws -> Member {
        let now = Timestamp(clock())
        let member = try withStore { store in
            try store.database.write {
                try store.database.members.accept(
                    invitationDigest: ShareLinkTable.tokenDigest(token),
                    passwordHash: passwordHash, at: now)
            }
        }
        guard let member else { throw InventoryError.member(.invitationInvalid) }
        return member
    }

    /// The member called `name` and its password's stored hash, if it has chosen one.
    public func memberPassword(named name: String) throws -> (member: Member, hash: String)? {
        try withStore { try $0.database.members.passwordHash(named: name) }.map {
            (member: $0.0, hash: $0.1)
        }
    }

    /// Whether an owner has a password of their own: the household password no longer signs
    /// anyone in.
    public func ownerHasPassword() throws -> Bool {
        try withStore { try $0.database.members.ownerHasPassword() }
    }

    /// Gives the member called `name` the role `role`; its sessions act with it at once.
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    @discardableResult
    public func setRole(ofMember name: String, to role: MemberRole) throws -> Member {
        try changeMember(named: name) { members, member in
            try members.setRole(id: member.id, role)
        }
    }

    /// Removes the member called `name` and ends its sessions; the history still names it.
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    @discardableResult
    public func removeMember(named name: String) throws -> Member {
        try changeMember(named: name) { members, member in try members.remove(id: member.id) }
    }

    private func changeMember(
        named name: String, _ change: (MemberTable, Member) throws -> Void
    ) throws -> Member {
        try withStore { store in
            try store.database.write {
                let members = store.database.members
                guard let member = try members.member(named: name) else {
                    throw InventoryError.member(.notFound(name))
                }
                try change(members, member)
                return try members.member(id: member.id) ?? member
            }
        }
    }

    // MARK: - Sessions

    /// Every open session, the most recently used first; only those of the member called
    /// `name` when given.
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    public func sessions(ofMember name: String? = nil) throws -> [MemberSession] {
        try withStore { store in
            try store.database.read {
                guard let name else { return try store.database.members.sessions() }
                guard let member = try store.database.members.member(named: name) else {
                    throw InventoryError.member(.notFound(name))
                }
                return try store.database.members.sessions(of: .some(member.id))
            }
        }
    }

    /// The household owner's sessions: sign-in links and the household password.
    public func householdSessions() throws -> [MemberSession] {
        try withStore { try $0.database.members.sessions(of: .some(nil)) }
    }

    /// Records a session the server just opened.
    public func recordSession(_ session: MemberSession) throws {
        try withStore { store in
            try store.database.write { try store.database.members.insertSession(session) }
        }
    }

    /// Ends the session named `name` (the first digits of its digest, as listed, or all of
    /// them).
    ///
    /// - Throws: `InventoryError.member(.sessionNotFound)`; `InventoryError.invalidValue`
    ///   for a name that is not 8 to 64 hexadecimal digits.
    public func endSession(named name: String) throws {
        let name = name.lowercased()
        guard (8...64).contains(name.utf8.count), name.utf8.allSatisfy(\.isHexadecimalDigit)
        else {
            throw InventoryError.invalidValue(
                field: .other("session"), value: name,
                reason: "a session is named by the 8 letters and digits 'members sessions' lists")
        }
        let ended = try withStore { store in
            try store.database.write {
                try store.database.members.deleteSessions(digestPrefix: name)
            }
        }
        guard ended > 0 else { throw InventoryError.member(.sessionNotFound(name)) }
    }

    /// Ends every session of the member called `name` (nil: the household owner's); returns
    /// how many.
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    @discardableResult
    public func endSessions(ofMember name: String?) throws -> Int {
        try withStore { store in
            try store.database.write {
                guard let name else { return try store.database.members.deleteSessions(of: nil) }
                guard let member = try store.database.members.member(named: name) else {
                    throw InventoryError.member(.notFound(name))
                }
                return try store.database.members.deleteSessions(of: member.id)
            }
        }
    }

    /// Records when sessions were last used, and ends those unused since `idleSince` or
    /// opened before `openedBefore`: the server's once-a-second look at its sessions.
    public func keepSessions(
        uses: [(digest: String, at: Timestamp)], unusedSince idleSince: Timestamp,
        openedBefore: Timestamp
    ) throws {
        try withStore { store in
            try store.database.write {
                try store.database.members.recordUses(uses)
                try store.database.members.deleteSessions(
                    unusedSince: idleSince, openedBefore: openedBefore)
            }
        }
    }

    // MARK: - API tokens

    /// A token just made, with its secret: the only time it is known.
    public struct MadeToken: Sendable {
        /// The token as stored.
        public let token: APIToken
        /// What a program sends: `Authorization: Bearer SECRET`.
        public let secret: String
    }

    /// The digest a token's secret is kept and looked up by.
    public static func tokenDigest(_ secret: String) -> String {
        ShareLinkTable.tokenDigest(secret)
    }

    /// Makes a token named `name` for the member called `member` (nil: the household owner)
    /// that may do what `scope` says, for `days`.
    ///
    /// - Throws: `InventoryError.member(.notFound)`, `.member(.viewerToken)` for a viewer's
    ///   write token; `InventoryError.invalidValue` for a name or a number of days that cannot
    ///   be.
    public func makeToken(
        member: String?, name: String, scope: APIToken.Scope, days: Int
    ) throws -> MadeToken {
        let name = name.trimmingCharacters(in: .whitespaces)
        if let problem = Member.problem(withName: name) {
            throw InventoryError.invalidValue(
                field: .other("token name"), value: name,
                reason: problem.replacingOccurrences(of: "a member", with: "a token"))
        }
        guard (1...APIToken.longestDays).contains(days) else {
            throw InventoryError.invalidValue(
                field: .other("days"), value: "\(days)",
                reason: "a token lasts from a day to \(APIToken.longestDays) days")
        }
        let secret = APIToken.prefix + ShareLinkTable.makeToken()
        let now = Timestamp(clock())
        let token = try withStore { store in
            try store.database.write {
                let members = store.database.members
                var memberID: Int64?
                if let member {
                    guard let found = try members.member(named: member) else {
                        throw InventoryError.member(.notFound(member))
                    }
                    if scope == .write, !found.role.canWrite {
                        throw InventoryError.member(.viewerToken(found.name))
                    }
                    memberID = found.id
                }
                let digest = Self.tokenDigest(secret)
                _ = try members.insertToken(
                    memberID: memberID, name: name, scope: scope, digest: digest, createdAt: now,
                    expiresAt: Self.expiry(after: days, from: now))
                guard let token = try members.tokens(digest: digest).first else {
                    preconditionFailure("a token was not there after its insert")
                }
                return token
            }
        }
        return MadeToken(token: token, secret: secret)
    }

    /// Every token, the newest first; only those of the member called `member` when given.
    ///
    /// - Throws: `InventoryError.member(.notFound)`.
    public func tokens(ofMember member: String? = nil) throws -> [APIToken] {
        try withStore { store in
            try store.database.read {
                let tokens = try store.database.members.tokens()
                guard let member else { return tokens }
                guard let found = try store.database.members.member(named: member) else {
                    throw InventoryError.member(.notFound(member))
                }
                return tokens.filter { $0.memberID == found.id }
            }
        }
    }

    /// The token whose secret is `secret`, if there is one (ended or not).
    public func token(secret: String) throws -> APIToken? {
        let digest = Self.tokenDigest(secret)
        return try withStore { try $0.database.members.tokens(digest: digest).first }
    }

    /// Ends token `id` at once.
    ///
    /// - Throws: `InventoryError.member(.tokenNotFound)`.
    public func revokeToken(id: Int64) throws {
        let removed = try withStore { store in
            try store.database.write { try store.database.members.deleteToken(id: id) }
        }
        guard removed else { throw InventoryError.member(.tokenNotFound(id)) }
    }

    /// Records when tokens were last used.
    public func recordTokenUses(_ uses: [(digest: String, at: Timestamp)]) throws {
        guard !uses.isEmpty else { return }
        try withStore { store in
            try store.database.write { try store.database.members.recordTokenUses(uses) }
        }
    }

    // MARK: - Authors

    /// Who made each write of `entries` that names its author, by write.
    public func authors(of entries: [HistoryEntry]) throws -> [Int64: String] {
        try withStore { try $0.database.members.authors(ofWrites: entries.map(\.writeID)) }
    }

    private static func memberName(_ name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        if let problem = Member.problem(withName: name) {
            throw InventoryError.invalidValue(field: .other("name"), value: name, reason: problem)
        }
        return name
    }

    private static func expiry(after days: Int, from now: Timestamp) -> Timestamp {
        Timestamp(millisecondsSince1970: now.millisecondsSince1970 + Int64(days) * 86_400_000)
    }
}

extension UInt8 {
    fileprivate var isHexadecimalDigit: Bool {
        (0x30...0x39).contains(self) || (0x61...0x66).contains(self)
    }
}
