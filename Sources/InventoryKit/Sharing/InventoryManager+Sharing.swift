import Foundation
public import InventoryModel
import InventoryStore

// Read-only links for an insurer: made and revoked by `inventory share`, opened through
// `inventory serve`, every request through one logged.
extension InventoryManager {
    /// A link just made, with its token: the only time the token is known.
    public struct MadeShareLink: Sendable {
        /// The link as stored.
        public let link: ShareLink
        /// The token its address carries (64 hexadecimal digits).
        public let token: String
    }

    /// Makes a read-only link to a view, as `definition` defines it, opening for
    /// `lifetimeHours` from now. The link shows the view only while a view of that name
    /// selects the same (its order and filter); the views file is the caller's business.
    ///
    /// - Throws: `InventoryError.invalidValue` for a lifetime outside an hour to a year;
    ///   `DatabaseError`.
    public func makeShareLink(view definition: ViewDefinition, lifetimeHours: Int) throws
        -> MadeShareLink
    {
        try makeShareLink(
            .view(definition.name), lifetimeHours: lifetimeHours,
            viewDefinition: ShareLink.definition(filter: definition.filter, sort: definition.sort))
    }

    /// Makes a read-only link to claim `id`, opening for `lifetimeHours` from now.
    ///
    /// - Throws: `InventoryError.claimNotFound`; `InventoryError.invalidValue` for a lifetime
    ///   outside an hour to a year; `DatabaseError`.
    public func makeShareLink(claim id: Int64, lifetimeHours: Int) throws -> MadeShareLink {
        try makeShareLink(.claim(id), lifetimeHours: lifetimeHours, viewDefinition: nil)
    }

    private func makeShareLink(
        _ subject: ShareLink.Subject, lifetimeHours: Int, viewDefinition: String?
    ) throws -> MadeShareLink {
        guard (1...ShareLink.longestLifetimeHours).contains(lifetimeHours) else {
            throw InventoryError.invalidValue(
                field: .other("link lifetime"), value: "\(lifetimeHours)h",
                reason: "a link lives from an hour to a year")
        }
        let token = ShareLinkTable.makeToken()
        let now = Timestamp(clock())
        let expires = Timestamp(
            millisecondsSince1970: now.millisecondsSince1970 + Int64(lifetimeHours) * 3_600_000)
        let link = try withStore { store in
            try store.database.write {
                if case .claim(let id) = subject, try store.database.claims.claim(id: id) == nil {
                    throw InventoryError.claimNotFound(id)
                }
                let id = try store.database.shareLinks.insert(
                    subject, viewDefinition: viewDefinition,
                    tokenDigest: ShareLinkTable.tokenDigest(token), createdAt: now,
                    expiresAt: expires)
                guard let link = try store.database.shareLinks.link(id: id) else {
                    preconditionFailure("share link \(id) was not there after its insert")
                }
                return link
            }
        }
        return MadeShareLink(link: link, token: token)
    }

    /// Every share link, the newest first, with how often each was used.
    ///
    /// - Throws: `DatabaseError`.
    public func shareLinks() throws -> [ShareLink] {
        try withStore { try $0.database.shareLinks.all() }
    }

    /// The share link numbered `id`.
    ///
    /// - Throws: `InventoryError.shareLinkNotFound`; `DatabaseError`.
    public func shareLink(id: Int64) throws -> ShareLink {
        guard let link = try withStore({ try $0.database.shareLinks.link(id: id) }) else {
            throw InventoryError.shareLinkNotFound(id)
        }
        return link
    }

    /// The share link a request's `token` opens, live or not; nil for a token no link has.
    ///
    /// - Throws: `DatabaseError`.
    public func shareLink(token: String) throws -> ShareLink? {
        let digest = ShareLinkTable.tokenDigest(token)
        return try withStore { try $0.database.shareLinks.link(tokenDigest: digest) }
    }

    /// Ends link `id` now (a link already revoked keeps its first revocation time).
    ///
    /// - Returns: the link as it is now.
    /// - Throws: `InventoryError.shareLinkNotFound`; `DatabaseError`.
    @discardableResult
    public func revokeShareLink(id: Int64) throws -> ShareLink {
        let now = Timestamp(clock())
        return try withStore { store in
            try store.database.write {
                try store.database.shareLinks.revoke(id: id, at: now)
                guard let link = try store.database.shareLinks.link(id: id) else {
                    throw InventoryError.shareLinkNotFound(id)
                }
                return link
            }
        }
    }

    /// How many of a link's first visits its log keeps, and how many of its last: a visit
    /// past both drops the oldest of the last ones.
    public static var keptShareVisits: (first: Int, last: Int) {
        (ShareLinkTable.keptFirstVisits, ShareLinkTable.keptLastVisits)
    }

    /// Logs a request made through link `id`, counting `refused` more that were refused
    /// unlogged (they came too fast); with `whileLive`, only while the link is still live at
    /// the visit's time, checked as the visit is written (a revocation that came while the
    /// answer was made wins). The log keeps a link's first and last visits
    /// (`keptShareVisits`); the link's `visits` counts every one.
    ///
    /// - Returns: whether the visit was logged.
    /// - Throws: `DatabaseError` (a server answers nothing it could not log).
    @discardableResult
    public func logShareVisit(
        _ visit: ShareVisit, linkID id: Int64, whileLive: Bool = false, refused: Int = 0
    ) throws -> Bool {
        try withStore { store in
            try store.database.write {
                try store.database.shareLinks.insertVisit(
                    visit, linkID: id, whileLive: whileLive, refused: refused)
            }
        }
    }

    /// The requests made through link `id`, oldest first.
    ///
    /// - Throws: `InventoryError.shareLinkNotFound`; `DatabaseError`.
    public func shareVisits(linkID id: Int64) throws -> [ShareVisit] {
        try withStore { store in
            try store.database.read {
                guard try store.database.shareLinks.link(id: id) != nil else {
                    throw InventoryError.shareLinkNotFound(id)
                }
                return try store.database.shareLinks.visits(linkID: id)
            }
        }
    }

    /// The items that use the stored file `name`, as their photo or one of their files.
    ///
    /// - Throws: `DatabaseError`.
    public func itemIDs(usingFile name: String) throws -> [Int64] {
        try withStore { try $0.database.items.itemIDs(usingFile: name) }
    }

    /// The manager's clock, as a timestamp.
    public var now: Timestamp { Timestamp(clock()) }
}
