import Foundation
import InventoryMigrations
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryStore

@Suite struct ShareLinkTests {
    let folder = TemporaryFolder()
    let clock = TestClock(Date(timeIntervalSince1970: 1_795_615_509))  // 2026-11-25 14:05 UTC
    let manager: InventoryManager

    init() throws {
        manager = try InventoryManager(
            path: folder.file("inventory.sqlite"), notificationCenter: NotificationCenter(),
            clock: clock.function)
    }

    private func view(_ name: String) throws -> ViewDefinition {
        try ViewRegistry(currency: manager.currency).definition(named: name)
    }

    @Test func aLinkIsFoundByItsTokenWhichTheFileNeverHolds() throws {
        let made = try manager.makeShareLink(view: try view("luxury"), lifetimeHours: 48)
        #expect(made.token.count == 64)
        #expect(made.link.subject == .view("luxury"))
        #expect(made.link.viewDefinition == "sort=name {luxury=1}")
        #expect(
            made.link.expiresAt.millisecondsSince1970 - made.link.createdAt.millisecondsSince1970
                == 48 * 3_600_000)
        #expect(try manager.shareLink(token: made.token) == made.link)
        #expect(try manager.shareLink(token: String(made.token.reversed())) == nil)
        let other = try manager.makeShareLink(view: try view("luxury"), lifetimeHours: 1)
        #expect(other.token != made.token)
        manager.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("inventory.sqlite")))
        #expect(bytes.range(of: Data(made.token.utf8)) == nil)
        #expect(bytes.range(of: Data(ShareLinkTable.tokenDigest(made.token).utf8)) != nil)
    }

    @Test func aLinkExpiresWithTheClockAndEndsWhenRevoked() throws {
        let made = try manager.makeShareLink(view: try view("all"), lifetimeHours: 1)
        #expect(made.link.state(at: manager.now) == .live)
        clock.advance(3_600)
        #expect(try manager.shareLink(id: made.link.id).state(at: manager.now) == .expired)
        let second = try manager.makeShareLink(view: try view("all"), lifetimeHours: 24)
        let revoked = try manager.revokeShareLink(id: second.link.id)
        #expect(revoked.state(at: manager.now) == .revoked)
        clock.advance(60)
        // Revoking again keeps the first time.
        #expect(try manager.revokeShareLink(id: second.link.id).revokedAt == revoked.revokedAt)
        #expect(throws: InventoryError.shareLinkNotFound(99)) {
            try manager.revokeShareLink(id: 99)
        }
        #expect(try manager.shareLinks().map(\.id) == [second.link.id, made.link.id])
    }

    @Test func aClaimLinkNeedsTheClaimAndABadLifetimeWritesNothing() throws {
        #expect(throws: InventoryError.claimNotFound(7)) {
            try manager.makeShareLink(claim: 7, lifetimeHours: 24)
        }
        #expect(throws: InventoryError.self) {
            try manager.makeShareLink(view: try view("all"), lifetimeHours: 0)
        }
        #expect(try manager.shareLinks().isEmpty)
        let item = try manager.add(ItemDraft(name: "TV"))
        let claim = try manager.createClaim(
            ClaimDraft(
                title: "Burglary", incidentDate: nil, kind: .theft, notes: nil,
                itemIDs: [item.id]))
        let made = try manager.makeShareLink(claim: claim.id, lifetimeHours: 24)
        #expect(made.link.subject == .claim(claim.id))
    }

    @Test func everyVisitIsLoggedInOrder() throws {
        let made = try manager.makeShareLink(view: try view("all"), lifetimeHours: 24)
        let first = ShareVisit(
            time: manager.now, address: "10.0.0.7", method: "GET", path: "/", status: 200)
        try manager.logShareVisit(first, linkID: made.link.id)
        clock.advance(5)
        let second = ShareVisit(
            time: manager.now, address: "10.0.0.7", method: "GET", path: "/items/3", status: 404)
        try manager.logShareVisit(second, linkID: made.link.id)
        #expect(try manager.shareVisits(linkID: made.link.id) == [first, second])
        let link = try manager.shareLink(id: made.link.id)
        #expect(link.visits == 2)
        #expect(link.lastVisit == second.time)
        #expect(throws: InventoryError.shareLinkNotFound(42)) {
            try manager.shareVisits(linkID: 42)
        }
    }

    /// A link's log keeps its first and its last visits and counts every one: its holder cannot
    /// fill the disk through it.
    @Test func aLinksLogKeepsItsFirstAndLastVisitsAndCountsEveryOne() throws {
        let made = try manager.makeShareLink(view: try view("all"), lifetimeHours: 24)
        let other = try manager.makeShareLink(view: try view("luxury"), lifetimeHours: 24)
        let (first, last) = (ShareLinkTable.keptFirstVisits, ShareLinkTable.keptLastVisits)
        let total = first + last + 50
        for number in 0..<total {
            clock.advance(1)
            let visit = ShareVisit(
                time: manager.now, address: "10.0.0.7", method: "GET", path: "/\(number)",
                status: 200)
            try manager.logShareVisit(visit, linkID: made.link.id)
        }
        try manager.logShareVisit(
            ShareVisit(
                time: manager.now, address: "10.0.0.8", method: "GET", path: "/", status: 200),
            linkID: other.link.id, refused: 3)
        let kept = try manager.shareVisits(linkID: made.link.id).map(\.path)
        #expect(kept == (0..<first).map { "/\($0)" } + (total - last..<total).map { "/\($0)" })
        let link = try manager.shareLink(id: made.link.id)
        #expect(link.visits == total)
        #expect(link.lastVisit == manager.now)
        // Requests refused for coming too fast are counted, not logged.
        #expect(try manager.shareLink(id: other.link.id).visits == 4)
        #expect(try manager.shareVisits(linkID: other.link.id).count == 1)
    }

    /// An inventory whose logs grew before the limit keeps their first and last visits, and
    /// counts them all.
    @Test func logsWrittenBeforeTheLimitAreCutToItAndCounted() throws {
        let path = folder.file("old.sqlite")
        let capped = try #require(
            MigrationScripts.all.firstIndex { $0.name == "0016_share_visit_cap" })
        do {
            let database = try Database(
                path: path, options: .init(applicationID: Database.inventoryApplicationID))
            _ = try InventoryDatabase(
                database: database,
                migrator: Migrator(migrations: Array(MigrationScripts.all[..<capped])))
            try database.execute(
                """
                INSERT INTO share_links (token_hash, view, view_definition, created_at, expires_at)
                VALUES (printf('%064d', 1), 'all', 'sort=name {}', 1, 9000000000000),
                    (printf('%064d', 2), 'all', 'sort=name {}', 1, 9000000000000)
                """)
            // 300 visits of link 1, at the same millisecond (kept in the order logged), and 2
            // of link 2.
            try database.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 299)
                INSERT INTO share_visits (link_id, at, address, method, path, status)
                SELECT 1, 1000, '10.0.0.7', 'GET', '/' || i, 200 FROM n
                """)
            try database.execute(
                """
                INSERT INTO share_visits (link_id, at, address, method, path, status)
                VALUES (2, 5, 'a', 'GET', '/a', 200), (2, 6, 'a', 'GET', '/b', 200)
                """)
        }
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        let kept = try manager.shareVisits(linkID: 1).map(\.path)
        #expect(kept == (0..<100).map { "/\($0)" } + (200..<300).map { "/\($0)" })
        #expect(try manager.shareLink(id: 1).visits == 300)
        #expect(try manager.shareVisits(linkID: 2).map(\.path) == ["/a", "/b"])
        #expect(try manager.shareLink(id: 2).visits == 2)
    }

    @Test func aRestoreKeepsTheLinksOfNowAndTheirVisitsAndGivesNoNumberTwice() throws {
        let boat = try manager.add(ItemDraft(name: "Boat"))
        let kept = try manager.makeShareLink(view: try view("all"), lifetimeHours: 24)
        let withdrawn = try manager.makeShareLink(view: try view("luxury"), lifetimeHours: 24)
        let snapshot = try manager.snapshot(to: folder.file("copy.sqlite"))
        // Since the copy: a revocation, a visit, a new link, a new claim.
        try manager.revokeShareLink(id: withdrawn.link.id)
        let visit = ShareVisit(
            time: manager.now, address: "10.0.0.7", method: "GET", path: "/", status: 200)
        try manager.logShareVisit(visit, linkID: kept.link.id)
        let claim = try manager.createClaim(ClaimDraft(title: "Storm", itemIDs: [boat.id]))
        let claimLink = try manager.makeShareLink(claim: claim.id, lifetimeHours: 24)
        try manager.replaceAll(with: snapshot, filesIn: folder.file("no-files"))
        manager.close()
        let reopened = try makeManager(in: folder)
        defer { reopened.close() }
        #expect(try reopened.shareLink(token: withdrawn.token)?.revokedAt != nil)
        #expect(try reopened.shareLink(token: kept.token)?.revokedAt == nil)
        #expect(try reopened.shareVisits(linkID: kept.link.id) == [visit])
        #expect(try reopened.shareLink(token: claimLink.token)?.id == claimLink.link.id)
        #expect(try reopened.claim(id: claim.id) == nil)
        // The claim's number is not given again: the link shows nothing rather than another.
        let next = try reopened.createClaim(ClaimDraft(title: "Fire", itemIDs: [boat.id]))
        #expect(next.id > claim.id)
        let another = try reopened.makeShareLink(view: try view("all"), lifetimeHours: 1)
        #expect(another.link.id > claimLink.link.id)
        #expect(try reopened.count() == 1)
    }
}
