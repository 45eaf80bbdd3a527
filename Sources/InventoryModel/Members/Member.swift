/// What a member of the household may do through `inventory serve`.
public enum MemberRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// Everything, and makes, changes and removes members.
    case owner
    /// Changes the inventory: items, claims, places, maintenance, loans.
    case editor
    /// Only looks.
    case viewer

    /// Whether the role may change the inventory.
    public var canWrite: Bool { self != .viewer }
    /// Whether the role may make, change and remove members and end their sessions.
    public var managesMembers: Bool { self == .owner }
}

/// A person of the household with a sign-in of their own.
public struct Member: Sendable, Hashable, Identifiable {
    /// Its number.
    public let id: Int64
    /// Its name: unique in the household, whatever the case.
    public var name: String
    /// What it may do.
    public var role: MemberRole
    /// Whether it has chosen a password (it has opened its invitation).
    public var hasPassword: Bool
    /// Until when its invitation opens, if it has one.
    public var invitationExpires: Timestamp?
    /// When it was made.
    public let createdAt: Timestamp
    /// How many sessions it has open.
    public var sessionCount: Int

    /// A member as the inventory keeps it.
    public init(
        id: Int64, name: String, role: MemberRole, hasPassword: Bool,
        invitationExpires: Timestamp?, createdAt: Timestamp, sessionCount: Int = 0
    ) {
        self.id = id
        self.name = name
        self.role = role
        self.hasPassword = hasPassword
        self.invitationExpires = invitationExpires
        self.createdAt = createdAt
        self.sessionCount = sessionCount
    }

    /// The longest name taken.
    public static let longestName = 60

    /// Why `name` cannot be a member's, if it cannot: empty, too long, with control
    /// characters, or only spaces.
    public static func problem(withName name: String) -> String? {
        if name.trimmingWhitespace().isEmpty { return "a member has a name" }
        if name.count > longestName {
            return "a member's name has at most \(longestName) characters"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a member's name has no control characters"
        }
        return nil
    }
}

/// A browser signed in to `inventory serve`: whose, since when, last used when.
public struct MemberSession: Sendable, Hashable {
    /// The digest of its cookie (SHA-256, hexadecimal); its first 8 digits name it.
    public let digest: String
    /// Its member, or nil for the household owner's (a sign-in link, the household password).
    public let memberID: Int64?
    /// Its member's name, or nil for the household owner's.
    public let memberName: String?
    /// The role it acts with.
    public let role: MemberRole
    /// The token every form of the session carries.
    public let csrf: String
    /// When it was opened.
    public let openedAt: Timestamp
    /// When it was last used (kept to the second or so).
    public let usedAt: Timestamp
    /// What the browser said it is, shortened.
    public let device: String

    /// A session as the inventory keeps it.
    public init(
        digest: String, memberID: Int64?, memberName: String?, role: MemberRole, csrf: String,
        openedAt: Timestamp, usedAt: Timestamp, device: String
    ) {
        self.digest = digest
        self.memberID = memberID
        self.memberName = memberName
        self.role = role
        self.csrf = csrf
        self.openedAt = openedAt
        self.usedAt = usedAt
        self.device = device
    }

    /// The short name `members revoke --session` takes.
    public var shortName: String { String(digest.prefix(8)) }
}

/// Who made a write: a member through the web, or the local user at the terminal.
public struct Author: Sendable, Hashable {
    /// The name history shows.
    public let name: String
    /// The member, when a member made it.
    public let memberID: Int64?

    /// The author called `name`, a member's when `memberID` is given.
    public init(name: String, memberID: Int64? = nil) {
        self.name = name
        self.memberID = memberID
    }
}

/// Why a change of the household's members cannot be made.
public enum MemberProblem: Sendable, Hashable, CustomStringConvertible {
    /// No member has this name.
    case notFound(String)
    /// A member has this name already (whatever its case).
    case exists(String)
    /// No open session's name starts so.
    case sessionNotFound(String)
    /// The invitation is unknown, spent or past its time.
    case invitationInvalid
    /// No token has this number.
    case tokenNotFound(Int64)
    /// A viewer's token may only read.
    case viewerToken(String)

    public var description: String {
        switch self {
        case .notFound(let name): "no member is called \"\(name)\""
        case .exists(let name): "a member is called \"\(name)\" already; nothing was changed"
        case .sessionNotFound(let name): "no open session is called \"\(name)\""
        case .invitationInvalid: "this invitation is unknown, used already or too old"
        case .tokenNotFound(let id): "no token has id \(id)"
        case .viewerToken(let name):
            "\(name) is a viewer, whose tokens may only read; nothing was changed"
        }
    }
}

/// A token another program uses the API with, as a member: named, reading only or reading
/// and writing, until its day.
public struct APIToken: Sendable, Hashable, Identifiable {
    /// What a token may do.
    public enum Scope: String, Sendable, Hashable, CaseIterable, Codable {
        /// Only read.
        case read
        /// Read, and change what its member may change.
        case write
    }

    /// Its number.
    public let id: Int64
    /// Its member, nil for the household owner's.
    public let memberID: Int64?
    /// Its member's name, nil for the household owner's.
    public let memberName: String?
    /// The member's role (the owner's for the household owner's).
    public let role: MemberRole
    /// Its name: what uses it ("Home Assistant").
    public let name: String
    /// What it may do.
    public let scope: Scope
    /// The digest of the token (SHA-256, hexadecimal): the token itself is not kept.
    public let digest: String
    /// When it was made.
    public let createdAt: Timestamp
    /// When it stops working.
    public let expiresAt: Timestamp
    /// When it was last used (kept to the half minute or so), if ever.
    public let usedAt: Timestamp?

    /// A token as the inventory keeps it.
    public init(
        id: Int64, memberID: Int64?, memberName: String?, role: MemberRole, name: String,
        scope: Scope, digest: String, createdAt: Timestamp, expiresAt: Timestamp,
        usedAt: Timestamp?
    ) {
        self.id = id
        self.memberID = memberID
        self.memberName = memberName
        self.role = role
        self.name = name
        self.scope = scope
        self.digest = digest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// Whether it may change the inventory: a write token of a member who may.
    public var canWrite: Bool { scope == .write && role.canWrite }

    /// The most days a token lasts.
    public static let longestDays = 366
    /// What every token starts with, so that a secret scanner knows one.
    public static let prefix = "inv_"
}
