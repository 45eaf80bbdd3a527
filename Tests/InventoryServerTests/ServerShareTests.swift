import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

/// A household with three items, two of them luxury, each of those with a photo, and a
/// clock the test moves.
private struct SharedHousehold {
    let clock = TestClock(Date(timeIntervalSince1970: 1_795_615_509))  // 2026-11-25 14:05 UTC
    let fixture: ServerFixture
    let boat: HouseholdItem
    let ring: HouseholdItem
    let chair: HouseholdItem

    init(limits: InventoryServer.Limits = .init()) throws {
        fixture = try ServerFixture(configuration: .init(limits: limits), clock: clock.function)
        let manager = fixture.manager
        var boat = try manager.add(ItemDraft(name: "Boat", price: usd("12000"), isLuxury: true))
        let ring = try manager.add(
            ItemDraft(name: "Ring <b>", price: usd("3200"), isLuxury: true, isInsured: true))
        var chair = try manager.add(ItemDraft(name: "Chair", price: usd("80")))
        for (item, seed) in [(boat, "boat"), (chair, "chair")] {
            let path = fixture.folder.file("\(seed).png")
            writePNG(at: path, seed: seed)
            let attached = try manager.attach(file: path, toItem: item.id, as: .photo)
            if seed == "boat" { boat = attached } else { chair = attached }
        }
        (self.boat, self.ring, self.chair) = (boat, ring, chair)
    }

    func share(_ subject: ShareLink.Subject, hours: Int = 24) throws -> String {
        "/share/" + (try make(subject, hours: hours).token)
    }

    func make(_ subject: ShareLink.Subject, hours: Int = 24) throws
        -> InventoryManager.MadeShareLink
    {
        let manager = fixture.manager
        switch subject {
        case .view(let name):
            let definition = try ViewRegistry(currency: manager.currency).definition(named: name)
            return try manager.makeShareLink(view: definition, lifetimeHours: hours)
        case .claim(let id):
            return try manager.makeShareLink(claim: id, lifetimeHours: hours)
        }
    }
}

@Suite("Server: share links, read-only and nothing else of the house")
struct ServerShareTests {
    @Test("a view's link shows that view, read-only, without signing in and without a script")
    func viewLink() async throws {
        let house = try SharedHousehold()
        let link = try house.share(.view("luxury"))
        let (boat, chair) = (house.boat, house.chair)
        try await house.fixture.test { client in
            let home = try await client.execute(uri: link, method: .get)
            #expect(home.status == .ok)
            #expect(home.headers[.contentSecurityPolicy] == InventoryServer.sharePolicy)
            #expect(home.headers[.setCookie] == nil)
            for shown in ["Boat", "Ring &lt;b&gt;", "2 items", "15,200.00", "read-only copy"] {
                #expect(home.text.contains(shown), "\(shown)")
            }
            for hidden in [
                "Chair", "<script", "data-csrf", "/views/", "/claims", "Add item", "/api/",
            ] {
                #expect(!home.text.contains(hidden), "\(hidden)")
            }
            #expect(home.text.contains("href=\"\(link)/items/\(boat.id)\""))
            // Searched and sorted like the house's own pages, at the link's own address.
            let searched = try await client.execute(uri: link + "?q=ring", method: .get)
            #expect(searched.text.contains("Ring &lt;b&gt;") && !searched.text.contains("Boat"))
            let sorted = try await client.execute(uri: link + "?sort=price", method: .get)
            let ringAt = try #require(sorted.text.range(of: "Ring &lt;b&gt;")).lowerBound
            #expect(try #require(sorted.text.range(of: ">Boat<")).lowerBound > ringAt)
            #expect(sorted.text.contains("href=\"\(link)?sort=price-desc\""))

            let item = try await client.execute(uri: "\(link)/items/\(boat.id)", method: .get)
            #expect(item.status == .ok)
            #expect(item.text.contains("<h1 data-item=\"\(boat.id)\">Boat</h1>"))
            for hidden in ["Edit", "Delete", "type=\"file\"", "<script", "<form"] {
                #expect(!item.text.contains(hidden), "\(hidden)")
            }
            let photo = try #require(boat.photo)
            // the picture made from the photo, through the link, kept by no device
            #expect(item.text.contains("src=\"\(link)/thumbnails/1600/\(photo)\""))
            #expect(item.text.contains("href=\"\(link)/files/\(photo)\""))
            #expect(home.text.contains("src=\"\(link)/thumbnails/160/\(photo)\""))
            for size in ["160", "1600"] {
                let picture = try await client.execute(
                    uri: "\(link)/thumbnails/\(size)/\(photo)", method: .get)
                #expect(picture.status == .ok, "\(size): \(picture.text)")
                #expect(picture.headers[.contentType] == "image/jpeg")
                #expect(picture.headers[.cacheControl] == "no-store")
            }
            let file = try await client.execute(uri: "\(link)/files/\(photo)", method: .get)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "image/png")

            // The item outside the view, and its photo, are not there, as if they never were.
            let outside = try await client.execute(uri: "\(link)/items/\(chair.id)", method: .get)
            let missing = try await client.execute(uri: "\(link)/items/999", method: .get)
            #expect(outside.status == .notFound && missing.status == .notFound)
            #expect(!outside.text.contains("Chair"))
            #expect(outside.text == missing.text)
            let chairPhoto = try await client.execute(
                uri: "\(link)/files/\(try #require(chair.photo))", method: .get)
            #expect(chairPhoto.status == .notFound)
            let chairPicture = try await client.execute(
                uri: "\(link)/thumbnails/160/\(try #require(chair.photo))", method: .get)
            #expect(chairPicture.status == .notFound)

            let report = try await client.execute(uri: "\(link)/report", method: .get)
            #expect(report.status == .ok)
            #expect(report.headers[.contentSecurityPolicy] == InventoryServer.reportSecurityPolicy)
            #expect(report.text.contains("Boat") && !report.text.contains("Chair"))
            #expect(report.text.contains("src=\"\(link)/files/\(photo)\""))
        }
    }

    @Test("a view's report names each receipt of its items and shows it through the link")
    func reportReceipts() async throws {
        let house = try SharedHousehold()
        let path = house.fixture.folder.file("boat-receipt.png")
        writePNG(at: path, seed: "boat receipt")
        let boat = try house.fixture.manager.attach(
            file: path, toItem: house.boat.id, as: .receipt, caption: "Bill of sale")
        let receipt = try #require(boat.attachments.first { $0.kind == .receipt }).file
        let link = try house.share(.view("luxury"))
        try await house.fixture.test { client in
            let report = try await client.execute(uri: "\(link)/report", method: .get)
            #expect(report.text.contains("receipt <a href=\"#receipt-1\">R1</a>"))
            #expect(report.text.contains("<strong>R1</strong> · Boat (#1) · Bill of sale"))
            #expect(
                report.text.contains(
                    "<img src=\"\(link)/files/\(receipt)\" alt=\"Receipt R1: Boat\""))
            let file = try await client.execute(uri: "\(link)/files/\(receipt)", method: .get)
            #expect(file.status == .ok && file.headers[.contentType] == "image/png")
        }
    }

    @Test("an item that leaves the view leaves the link at once")
    func linkFollowsTheView() async throws {
        let house = try SharedHousehold()
        let link = try house.share(.view("luxury"))
        let boat = house.boat
        try await house.fixture.test { client in
            #expect(try await client.execute(uri: link, method: .get).text.contains("Boat"))
            var patch = ItemPatch()
            patch.isLuxury = false
            _ = try house.fixture.manager.edit(id: boat.id, patch)
            let home = try await client.execute(uri: link, method: .get)
            #expect(!home.text.contains("Boat") && home.text.contains(">1 item<"))
            let item = try await client.execute(uri: "\(link)/items/\(boat.id)", method: .get)
            #expect(item.status == .notFound)
        }
    }

    @Test("a claim's link shows the claim, its items and its report, and no other item")
    func claimLink() async throws {
        let house = try SharedHousehold()
        let claim = try house.fixture.manager.createClaim(
            ClaimDraft(title: "Storm", kind: .water, itemIDs: [house.boat.id]))
        let link = try house.share(.claim(claim.id))
        let (boat, ring) = (house.boat, house.ring)
        try await house.fixture.test { client in
            let home = try await client.execute(uri: link, method: .get)
            #expect(home.status == .ok)
            #expect(home.text.contains("Storm") && home.text.contains("claim \(claim.id)"))
            #expect(home.text.contains("href=\"\(link)/items/\(boat.id)\""))
            #expect(home.text.contains("href=\"\(link)/report\""))
            #expect(!home.text.contains("/claims/"))
            let item = try await client.execute(uri: "\(link)/items/\(boat.id)", method: .get)
            #expect(item.status == .ok)
            let other = try await client.execute(uri: "\(link)/items/\(ring.id)", method: .get)
            #expect(other.status == .notFound)
            let photo = try #require(boat.photo)
            let file = try await client.execute(uri: "\(link)/files/\(photo)", method: .get)
            #expect(file.status == .ok)
            let report = try await client.execute(uri: "\(link)/report", method: .get)
            #expect(report.status == .ok)
            #expect(report.text.contains("Storm") && report.text.contains("Boat"))
            #expect(!report.text.contains("Ring"))
            // A deleted claim leaves a link that shows nothing.
            _ = try house.fixture.manager.deleteClaim(id: claim.id)
            let gone = try await client.execute(uri: link, method: .get)
            #expect(gone.status == .notFound)
            #expect(!gone.text.contains("Storm") && !gone.text.contains("Boat"))
        }
    }

    @Test("an expired, a revoked or an unknown link opens nothing; guessing is limited")
    func endedLinks() async throws {
        let house = try SharedHousehold()
        let manager = house.fixture.manager
        let expiring = try house.make(.view("all"), hours: 1)
        let revoked = try house.make(.view("all"))
        try manager.revokeShareLink(id: revoked.link.id)
        let live = try house.share(.view("all"))
        house.clock.advance(3_600)
        try await house.fixture.test { client in
            let expired = try await client.execute(
                uri: "/share/\(expiring.token)", method: .get)
            #expect(expired.status == .gone)
            #expect(expired.text.contains("This link has expired"))
            let withdrawn = try await client.execute(
                uri: "/share/\(revoked.token)/items/\(house.boat.id)", method: .get)
            #expect(withdrawn.status == .gone)
            #expect(withdrawn.text.contains("withdrawn"))
            for answer in [expired, withdrawn] {
                #expect(!answer.text.contains("Boat") && !answer.text.contains("Chair"))
            }
            // Unknown tokens, well formed or not, are "not found", and count as failures.
            let unknown = String(repeating: "ab", count: 32)
            for uri in ["/share/\(unknown)", "/share/xyz", "/share/\(unknown.uppercased())"] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect(answer.status == .notFound, "\(uri)")
            }
            #expect(try await client.execute(uri: live, method: .get).status == .ok)
            for _ in 3..<Sessions.maximumFailures {
                _ = try await client.execute(uri: "/share/\(unknown)", method: .get)
            }
            let limited = try await client.execute(uri: live, method: .get)
            #expect(limited.status == .tooManyRequests)
        }
        #expect(try manager.shareVisits(linkID: expiring.link.id).map(\.status) == [410])
        #expect(try manager.shareVisits(linkID: revoked.link.id).map(\.path) == ["/items/1"])
    }

    @Test("a link reaches nothing else of the house: no page, file, form or API")
    func nothingElse() async throws {
        let house = try SharedHousehold()
        let link = try house.share(.view("luxury"))
        let boat = house.boat
        try await house.fixture.test { client in
            let refused: [(String, HTTPRequest.Method)] = [
                ("\(link)/items/\(boat.id)/edit", .get), ("\(link)/items/\(boat.id)", .post),
                ("\(link)/items/\(boat.id)/delete", .post), ("\(link)/api/items", .get),
                ("\(link)/views/all", .get), ("\(link)/claims", .get), (link, .post),
                ("\(link)/../../views/all", .get), ("\(link)/%2e%2e/views/all", .get),
                ("\(link)/files/..%2Finventory.sqlite", .get),
                ("\(link)/items/\(boat.id)/photos", .post),
            ]
            for (uri, method) in refused {
                let answer = try await client.execute(uri: uri, method: method)
                #expect(
                    [.notFound, .methodNotAllowed, .unauthorized].contains(answer.status),
                    "\(method) \(uri): \(answer.status)")
                #expect(!answer.text.contains("Chair"), "\(method) \(uri)")
            }
            // The house's own pages still need a session.
            for uri in ["/views/all", "/api/items", "/items/\(boat.id)"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .unauthorized)
            }
        }
        #expect(try house.fixture.manager.count() == 3)
        #expect(try house.fixture.manager.item(id: boat.id) == boat)
    }

    @Test("a view's link shows nothing once its view selects otherwise, or is gone")
    func changedViews() async throws {
        let house = try SharedHousehold()
        let manager = house.fixture.manager
        func registry(minPrice: String?) throws -> ViewRegistry {
            let registry = ViewRegistry(currency: manager.currency)
            guard let minPrice else { return registry }
            let file = house.fixture.folder.file("views-\(minPrice).json")
            try """
            {"pricey": {"Type": "FilteredList", "Dependencies": {"title": "@Pricey",
              "filter": {"minPrice": "\(minPrice)"}}}}
            """.write(toFile: file, atomically: true, encoding: .utf8)
            try registry.load(contentsOf: file)
            return registry
        }
        let made = try manager.makeShareLink(
            view: try registry(minPrice: "10000").definition(named: "pricey"), lifetimeHours: 24)
        let link = "/share/" + made.token
        for (views, status) in [
            (try registry(minPrice: "10000"), HTTPResponse.Status.ok),
            (try registry(minPrice: "0"), .gone), (try registry(minPrice: nil), .gone),
        ] {
            let server = InventoryServer(manager: manager, views: views)
            try await testRoutes(of: server) { client in
                let page = try await client.execute(uri: link, method: .get)
                #expect(page.status == status)
                #expect(page.text.contains("Boat") == (status == .ok))
                #expect(!page.text.contains("Chair"))
                let chair = try await client.execute(
                    uri: "\(link)/items/\(house.chair.id)", method: .get)
                #expect(chair.status != .ok)
            }
        }
        #expect(
            try manager.shareVisits(linkID: made.link.id).map(\.status) == [
                200, 404, 410, 410, 410, 410,
            ])
    }

    @Test("every request through a link is logged with its status, never with the token")
    func visitsAreLogged() async throws {
        let house = try SharedHousehold()
        let made = try house.make(.view("luxury"))
        let link = "/share/" + made.token
        let (boat, chair) = (house.boat, house.chair)
        try await house.fixture.test { client in
            for uri in [
                link, link + "?q=ring", "\(link)/items/\(boat.id)", "\(link)/items/\(chair.id)",
            ] {
                _ = try await client.execute(uri: uri, method: .get)
            }
        }
        let visits = try house.fixture.manager.shareVisits(linkID: made.link.id)
        #expect(visits.map(\.path) == ["/", "/?q=ring", "/items/\(boat.id)", "/items/\(chair.id)"])
        #expect(visits.map(\.status) == [200, 200, 200, 404])
        #expect(visits.allSatisfy { $0.method == "GET" && !$0.path.contains(made.token) })
        #expect(try house.fixture.manager.shareLink(id: made.link.id).visits == 4)
    }

    @Test("every request through a link is logged: other pages, other methods, HEAD")
    func everythingIsLogged() async throws {
        let house = try SharedHousehold()
        let made = try house.make(.view("luxury"))
        let link = "/share/" + made.token
        let boat = house.boat
        try await house.fixture.test { client in
            let post = try await client.execute(uri: link, method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
            let photo = try await client.execute(
                uri: "\(link)/items/\(boat.id)/photos", method: .post)
            #expect(photo.status == .methodNotAllowed)
            #expect(photo.headers[.contentType] == "text/html; charset=utf-8")
            let edit = try await client.execute(uri: "\(link)/items/\(boat.id)/edit", method: .get)
            #expect(edit.status == .notFound)
            #expect(edit.headers[.contentSecurityPolicy] == InventoryServer.sharePolicy)
            let head = try await client.execute(uri: link, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            let file = try await client.execute(
                uri: "\(link)/files/\(try #require(boat.photo))", method: .get)
            #expect(file.headers[.cacheControl] == "no-store")
        }
        let visits = try house.fixture.manager.shareVisits(linkID: made.link.id)
        #expect(visits.map(\.method) == ["POST", "POST", "GET", "HEAD", "GET"])
        #expect(visits.map(\.status) == [405, 405, 404, 200, 200])
        #expect(visits[2].path == "/items/\(boat.id)/edit")
    }

    @Test("other methods on each of a link's pages are refused with 405 and logged")
    func otherMethodsOnEveryPage() async throws {
        let house = try SharedHousehold()
        let made = try house.make(.view("luxury"))
        let link = "/share/" + made.token
        let photo = try #require(house.boat.photo)
        let asked: [(String, HTTPRequest.Method)] = [
            ("\(link)/items/\(house.boat.id)", .post), ("\(link)/items/\(house.boat.id)", .put),
            ("\(link)/files/\(photo)", .delete), ("\(link)/files/\(photo)", .post),
            ("\(link)/report", .post), ("\(link)/report", .patch), ("\(link)/report", .options),
            (link, .delete),
        ]
        try await house.fixture.test { client in
            for (uri, method) in asked {
                let answer = try await client.execute(uri: uri, method: method)
                #expect(answer.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(answer.headers[.allow] == "GET, HEAD", "\(method) \(uri)")
                #expect(
                    answer.headers[.contentSecurityPolicy] == InventoryServer.sharePolicy,
                    "\(method) \(uri)")
            }
        }
        let visits = try house.fixture.manager.shareVisits(linkID: made.link.id)
        #expect(visits.map(\.method) == asked.map(\.1.rawValue))
        #expect(visits.allSatisfy { $0.status == 405 })
        #expect(visits.first?.path == "/items/\(house.boat.id)")
    }

    @Test("a link answers so many requests, then slows down; those refused are counted")
    func requestsThroughALinkAreLimited() async throws {
        let house = try SharedHousehold(limits: .init(shareBurst: 3, sharePerSecond: 2))
        let made = try house.make(.view("luxury"))
        let other = try house.share(.view("all"))
        let link = "/share/" + made.token
        try await house.fixture.test { client in
            for _ in 0..<3 {
                #expect(try await client.execute(uri: link, method: .get).status == .ok)
            }
            for _ in 0..<2 {
                let slow = try await client.execute(uri: "\(link)/report", method: .get)
                #expect(slow.status == .tooManyRequests)
                #expect(slow.headers[.retryAfter] == "1")
                #expect(slow.headers[.contentSecurityPolicy] == InventoryServer.sharePolicy)
                #expect(!slow.text.contains("Boat"))
            }
            // Another link has its own allowance.
            #expect(try await client.execute(uri: other, method: .get).status == .ok)
            // Half a second later, one more.
            house.clock.advance(0.5)
            #expect(try await client.execute(uri: link, method: .get).status == .ok)
            #expect(try await client.execute(uri: link, method: .get).status == .tooManyRequests)
        }
        let visits = try house.fixture.manager.shareVisits(linkID: made.link.id)
        #expect(visits.map(\.status) == [200, 200, 200, 200])
        #expect(try house.fixture.manager.shareLink(id: made.link.id).visits == 6)
    }

    @Test("the token never reaches the log, however the address spells it")
    func tokenNeverLogged() async throws {
        let house = try SharedHousehold()
        let made = try house.make(.view("luxury"))
        let token = made.token
        let encoded = "%" + String(token.utf8.first!, radix: 16) + token.dropFirst()
        try await house.fixture.test { client in
            for uri in [
                "/share//\(token)", "/share/\(encoded)/items/\(house.boat.id)",
                "/share/\(token)?q=\(token)", "/share/\(token)/\(token)",
            ] {
                _ = try await client.execute(uri: uri, method: .get)
            }
        }
        let visits = try house.fixture.manager.shareVisits(linkID: made.link.id)
        #expect(visits.count == 4)
        for visit in visits { #expect(!visit.path.lowercased().contains(token), "\(visit.path)") }
        #expect(visits[1].path == "/items/\(house.boat.id)")
    }

    @Test("a page or offset far past the end is the end, never a crash")
    func hugePagesAndOffsets() async throws {
        let house = try SharedHousehold()
        let link = try house.share(.view("luxury"))
        try await house.fixture.test { client in
            let browser = try await house.fixture.signIn(client)
            for uri in [
                "\(link)?page=9223372036854775807", "\(link)?page=184467440737095517",
                "/views/all?page=9223372036854775807", "/views/all?page=184467440737095517",
                "/api/items?view=all&offset=9223372036854775807&limit=500",
                "/api/items?view=all&offset=9223372036854775000",
            ] {
                let answer = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(answer.status == .ok, "\(uri)")
                #expect(!answer.text.contains("Boat"), "\(uri)")
            }
            let badPage = try await client.execute(
                uri: "/views/all?page=99999999999999999999", method: .get, headers: browser.headers)
            #expect(badPage.status == .badRequest)
        }
    }

    @Test("a visit that cannot be logged is not answered")
    func unloggedVisitsAreRefused() async throws {
        let house = try SharedHousehold()
        let link = try house.share(.view("luxury"))
        // Another connection makes every insert into the log fail.
        try runSQLite(
            house.fixture.folder.file("inventory.sqlite"),
            "CREATE TRIGGER no_log BEFORE INSERT ON share_visits BEGIN "
                + "SELECT RAISE(ABORT, 'no room'); END;")
        try await house.fixture.test { client in
            let answer = try await client.execute(uri: link, method: .get)
            #expect(answer.status == .serviceUnavailable)
            #expect(!answer.text.contains("Boat"))
            #expect(!answer.text.contains("no room") && !answer.text.contains("INSERT"))
        }
    }
}

/// Runs `sql` on the database at `path` with the `sqlite3` shell.
private func runSQLite(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}

@Suite("Server: a share link shows an item's own changes only")
struct ServerShareHistoryTests {
    @Test("an item's page through a link lists neither its upkeep nor the claims it is on")
    func noUpkeepNoClaims() async throws {
        let house = try SharedHousehold()
        let manager = house.fixture.manager
        try manager.logMaintenance(
            itemID: house.boat.id,
            MaintenanceDraft(what: "Hull survey", cost: usd("450"), doneBy: "Marine Surveyors Ltd"))
        let link = try house.share(.view("luxury"))
        try await house.fixture.test { client in
            let page = try await client.execute(
                uri: "\(link)/items/\(house.boat.id)", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("added"))
            for hidden in ["Hull survey", "450.00", "Marine Surveyors", "logged"] {
                #expect(!page.text.contains(hidden), "\(hidden)")
            }
        }
    }
}
