import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Testing

@testable import InventoryServer

/// One sign-in per person: invitations, roles, the Members page, kept sessions, authors.
@Suite("Server: members, roles and their sessions")
struct ServerMemberTests {
    static let form = "application/x-www-form-urlencoded"

    /// Sends a form without a session (sign-in, invitations).
    static func post(
        _ client: some TestClientProtocol, _ uri: String, _ fields: [(String, String)],
        userAgent: String = "Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile"
    ) async throws -> TestResponse {
        let body = fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        return try await client.execute(
            uri: uri, method: .post,
            headers: [.contentType: form, .userAgent: userAgent], body: ByteBuffer(string: body))
    }

    /// The browser a sign-in's answer opened (its cookie and CSRF token).
    static func browser(_ response: TestResponse, _ client: some TestClientProtocol) async throws
        -> Browser
    {
        #expect(response.status == .seeOther, "\(response.status): \(response.text)")
        let setCookie = try #require(
            response.headers[values: .setCookie].first {
                $0.hasPrefix(InventoryServer.cookieName + "=")
            })
        let cookie = String(setCookie.split(separator: ";")[0])
        let session = try await client.execute(
            uri: "/api/session", method: .get, headers: [.cookie: cookie])
        let csrf = try #require(session.json["csrf"] as? String)
        return Browser(cookie: cookie, csrf: csrf)
    }

    /// A member called `name` with `role` and password `password`, as if their invitation
    /// had been opened.
    static func member(
        _ name: String, _ role: MemberRole, password: String, in manager: InventoryManager
    ) throws {
        let invitation = try manager.addMember(name: name, role: role)
        _ = try manager.acceptInvitation(
            token: invitation.token, passwordHash: try HouseholdPassword.hash(password))
    }

    @Test("an invitation opens once: the member chooses a password and is signed in as its role")
    func invitation() async throws {
        let fixture = try ServerFixture()
        let drill = try fixture.manager.add(ItemDraft(name: "Drill"))
        let invitation = try fixture.manager.addMember(name: "Sam", role: .editor)
        #expect(invitation.token.count == 64)
        try await fixture.test { client in
            let uri = "/invite/\(invitation.token)"
            let page = try await client.execute(uri: uri, method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("Welcome, Sam"))
            #expect(page.text.contains("as an editor, who may change the inventory"))
            #expect(!page.text.contains("inventory members"))
            // refused, kept open: two passwords that differ, one too short
            var refused = try await Self.post(
                client, uri, [("password", "correct horse"), ("again", "correct house")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The two passwords differ"))
            refused = try await Self.post(client, uri, [("password", "short"), ("again", "short")])
            #expect(refused.text.contains("Your password has at least 8 characters"))
            #expect(try fixture.manager.member(named: "Sam").hasPassword == false)

            let accepted = try await Self.post(
                client, uri, [("password", "correct horse"), ("again", "correct horse")])
            let sam = try await Self.browser(accepted, client)
            let session = try await client.execute(
                uri: "/api/session", method: .get, headers: sam.headers)
            #expect(session.json["name"] as? String == "Sam")
            #expect(session.json["role"] as? String == "editor")
            // once only
            let again = try await client.execute(uri: uri, method: .get)
            #expect(again.status == .notFound)
            #expect(again.text.contains("ask the household&#39;s owner for a new one."))

            // Sam's change names Sam in the history, on the page and in the journal
            let (headers, body) = sam.json("{\"price\":\"99.00\"}")
            let edited = try await client.execute(
                uri: "/api/items/\(drill.id)", method: .patch, headers: headers, body: body)
            #expect(edited.status == .ok, "\(edited.text)")
            let item = try await client.execute(
                uri: "/items/\(drill.id)", method: .get, headers: sam.headers)
            #expect(item.text.contains("edited: price <span class=\"by\">by Sam</span>"))

            // signing in again: by name and password; a wrong one or an unknown name is refused
            // alike
            let wrong = try await Self.post(
                client, "/signin", [("name", "Sam"), ("password", "not it at all")])
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("That name and password do not go together."))
            let unknown = try await Self.post(
                client, "/signin", [("name", "Nobody"), ("password", "correct horse")])
            #expect(unknown.status == .forbidden)
            #expect(unknown.text.contains("That name and password do not go together."))
            let signedIn = try await Self.post(
                client, "/signin", [("name", "sam"), ("password", "correct horse")])
            _ = try await Self.browser(signedIn, client)
        }
        let history = try fixture.manager.fullHistory(itemID: drill.id)
        #expect(try fixture.manager.authors(of: history).values.sorted() == ["Sam"])
    }

    @Test("a viewer looks at every page and is refused every change, through any route")
    func viewerRefused() async throws {
        let fixture = try ServerFixture()
        let drill = try fixture.manager.add(ItemDraft(name: "Drill", price: usd("120")))
        try Self.member("Gran", .viewer, password: "knitting needles", in: fixture.manager)
        let gran = try fixture.manager.member(named: "Gran")
        try await fixture.test { client in
            let viewer = try await Self.browser(
                try await Self.post(
                    client, "/signin", [("name", "Gran"), ("password", "knitting needles")]),
                client)
            for page in ["/", "/views/all", "/items/\(drill.id)", "/due", "/claims", "/members"] {
                let response = try await client.execute(
                    uri: page, method: .get, headers: viewer.headers)
                #expect(response.status == .ok, "\(page)")
                #expect(response.text.contains("data-role=\"viewer\""), "\(page)")
            }
            // every route that changes something, with the session's token: refused
            let id = drill.id
            let forms = [
                "/items", "/items/\(id)", "/items/\(id)/delete", "/claims", "/claims/pick",
                "/claims/picked", "/places/1/move", "/items/\(id)/move-here", "/items/\(id)/move",
                "/claims/1/payments", "/items/\(id)/lend", "/items/\(id)/return",
                "/items/\(id)/leave", "/items/\(id)/bring-back", "/items/\(id)/insured",
                "/items/\(id)/maintenance", "/items/\(id)/schedules",
                "/items/\(id)/maintenance/1/remove", "/items/\(id)/schedules/1/remove",
                "/members", "/members/\(gran.id)/role", "/members/\(gran.id)/remove",
                "/members/\(gran.id)/invite",
            ]
            for path in forms {
                let (headers, body) = viewer.form([
                    ("name", "x"), ("insured", "yes"), ("role", "owner"), ("to", "Sam"),
                    ("what", "x"), ("title", "x"), ("items", String(id)),
                ])
                let response = try await client.execute(
                    uri: path, method: .post, headers: headers, body: body)
                #expect(response.status == .forbidden, "POST \(path): \(response.status)")
            }
            var csrf = viewer.headers
            csrf[InventoryServer.csrfHeader] = viewer.csrf
            csrf[.contentType] = "application/json"
            let apiWrites: [(String, HTTPRequest.Method)] = [
                ("/api/items", .post), ("/api/items/\(id)", .patch), ("/api/items/\(id)", .delete),
            ]
            for (path, method) in apiWrites {
                let response = try await client.execute(
                    uri: path, method: method, headers: csrf,
                    body: ByteBuffer(string: "{\"name\":\"x\"}"))
                #expect(response.status == .forbidden, "\(method) \(path)")
                #expect(
                    (response.json["error"] as? String)?.hasPrefix("You can look but not change")
                        ?? false)
            }
            var upload = csrf
            upload[.contentType] = "image/png"
            for path in ["/items/\(id)/photos", "/items/\(id)/maintenance/1/receipt"] {
                let response = try await client.execute(
                    uri: path, method: .post, headers: upload,
                    body: ByteBuffer(bytes: pngBytes(seed: "x")))
                #expect(response.status == .forbidden, "POST \(path)")
            }
            // what a viewer may do: end its own session
            let (headers, body) = viewer.form([])
            let out = try await client.execute(
                uri: "/signout", method: .post, headers: headers, body: body)
            #expect(out.status == .seeOther)
        }
        #expect(try fixture.manager.item(id: drill.id) == drill)
        #expect(try fixture.manager.count() == 1)
        #expect(try fixture.manager.member(named: "Gran").role == .viewer)
        #expect(try fixture.manager.claims().isEmpty)
    }

    @Test(
        "the owner invites, changes roles and removes members on the Members page; others may not")
    func membersPage() async throws {
        let fixture = try ServerFixture()
        try Self.member("Sam", .editor, password: "correct horse", in: fixture.manager)
        try await fixture.test { client in
            let owner = try await fixture.signIn(client)
            var (headers, body) = owner.form([("name", "Ann"), ("role", "viewer")])
            let invited = try await client.execute(
                uri: "/members", method: .post, headers: headers, body: body)
            #expect(invited.status == .ok)
            let link = try #require(
                invited.text.firstRange(of: /http:\/\/[^"]+\/invite\/[0-9a-f]{64}/))
            let token = String(invited.text[link].suffix(64))
            #expect(try fixture.manager.invitedMember(token: token)?.name == "Ann")
            // a name taken, whatever its case: refused, nothing made
            (headers, body) = owner.form([("name", "ann"), ("role", "editor")])
            let taken = try await client.execute(
                uri: "/members", method: .post, headers: headers, body: body)
            #expect(taken.status == .conflict)
            #expect(taken.text.contains("a member is called &quot;Ann&quot; already"))

            let ann = try fixture.manager.member(named: "Ann")
            (headers, body) = owner.form([("role", "editor")])
            let role = try await client.execute(
                uri: "/members/\(ann.id)/role", method: .post, headers: headers, body: body)
            #expect(role.status == .seeOther)
            #expect(try fixture.manager.member(named: "Ann").role == .editor)

            // an editor sees its own sessions only, and may not manage members
            let sam = try await Self.browser(
                try await Self.post(
                    client, "/signin", [("name", "Sam"), ("password", "correct horse")]),
                client)
            await fixture.server.sessionsRecorded()
            let page = try await client.execute(uri: "/members", method: .get, headers: sam.headers)
            #expect(page.text.contains("Your sessions"))
            #expect(page.text.contains("Chrome on Android (this one)"))
            #expect(!page.text.contains("Ann"))
            (headers, body) = sam.form([("role", "owner")])
            let refused = try await client.execute(
                uri: "/members/\(ann.id)/role", method: .post, headers: headers, body: body)
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Only the household&#39;s owner can do that"))

            // the owner's page lists Sam's session; removing Sam ends it at once
            let ownerPage = try await client.execute(
                uri: "/members", method: .get, headers: owner.headers)
            #expect(ownerPage.text.contains("Open sessions"))
            #expect(ownerPage.text.contains("<td>Sam</td>"))
            let samID = try fixture.manager.member(named: "Sam").id
            (headers, body) = owner.form([])
            let removed = try await client.execute(
                uri: "/members/\(samID)/remove", method: .post, headers: headers, body: body)
            #expect(removed.status == .seeOther)
            let gone = try await client.execute(
                uri: "/views/all", method: .get, headers: sam.headers)
            #expect(gone.status == .unauthorized)
        }
        #expect(try fixture.manager.members().map(\.name) == ["Ann"])
    }

    @Test(
        "sessions are kept in the inventory: listed, ended or changed from another process, kept over a restart"
    )
    func keptSessions() async throws {
        let fixture = try ServerFixture()
        let drill = try fixture.manager.add(ItemDraft(name: "Drill"))
        try Self.member("Sam", .editor, password: "correct horse", in: fixture.manager)
        // another process: the command line's own manager of the same file
        let other = try InventoryManager(
            path: fixture.folder.file("inventory.sqlite"), notificationCenter: NotificationCenter())
        defer { other.close() }
        try await fixture.test { client in
            let sam = try await Self.browser(
                try await Self.post(
                    client, "/signin", [("name", "Sam"), ("password", "correct horse")]),
                client)
            await fixture.server.sessionsRecorded()
            let kept = try other.sessions(ofMember: "Sam")
            #expect(kept.count == 1)
            #expect(kept.first?.device == "Chrome on Android")
            #expect(kept.first?.role == .editor)

            // made a viewer elsewhere: refused a change once the server has looked
            try other.setRole(ofMember: "Sam", to: .viewer)
            fixture.server.lookAtTheSessions()
            let (headers, body) = sam.json("{\"price\":\"5\"}")
            let refused = try await client.execute(
                uri: "/api/items/\(drill.id)", method: .patch, headers: headers, body: body)
            #expect(refused.status == .forbidden)
            try other.setRole(ofMember: "Sam", to: .editor)
            fixture.server.lookAtTheSessions()

            // a restarted server knows the session by its cookie
            let restarted = InventoryServer(
                manager: fixture.manager, views: ViewRegistry(currency: fixture.manager.currency),
                sessions: Sessions(failureWindow: .seconds(3600)))
            restarted.lookAtTheSessions()
            try await testRoutes(of: restarted) { client in
                let response = try await client.execute(
                    uri: "/api/session", method: .get, headers: sam.headers)
                #expect(response.json["name"] as? String == "Sam")
                #expect(response.json["csrf"] as? String == sam.csrf)
            }

            // ended from the command line: signed out within the server's next look
            #expect(try other.endSessions(ofMember: "Sam") == 1)
            fixture.server.lookAtTheSessions()
            let ended = try await client.execute(
                uri: "/views/all", method: .get, headers: sam.headers)
            #expect(ended.status == .unauthorized)
        }
    }

    @Test("the household password signs in as the owner until an owner has a password of their own")
    func householdPassword() async throws {
        let fixture = try ServerFixture()
        try fixture.manager.setServerPasswordHash(try HouseholdPassword.hash("our old password"))
        try await fixture.test { client in
            let form = try await client.execute(uri: "/signin", method: .get)
            #expect(form.text.contains("Household password"))
            let household = try await Self.browser(
                try await Self.post(client, "/signin", [("password", "our old password")]), client)
            let session = try await client.execute(
                uri: "/api/session", method: .get, headers: household.headers)
            #expect(session.json["role"] as? String == "owner")

            // a member with a password: the form asks for a name, the household password
            // still works without one
            try Self.member("Sam", .editor, password: "correct horse", in: fixture.manager)
            let both = try await client.execute(uri: "/signin", method: .get)
            #expect(both.text.contains("Your name"))
            #expect(both.text.contains("Leave your name empty"))
            _ = try await Self.browser(
                try await Self.post(client, "/signin", [("password", "our old password")]), client)

            // an owner of their own: the household password no longer signs in
            try Self.member("Alex", .owner, password: "alex's own one", in: fixture.manager)
            let refused = try await Self.post(client, "/signin", [("password", "our old password")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Type your name and your password."))
            let alex = try await Self.browser(
                try await Self.post(
                    client, "/signin", [("name", "Alex"), ("password", "alex's own one")]), client)
            let page = try await client.execute(
                uri: "/members", method: .get, headers: alex.headers)
            #expect(page.text.contains("Invite someone"))
        }
    }

    @Test(
        "a token reads, or writes as its member, through the API only; revoked or wrong, it is refused"
    )
    func apiTokens() async throws {
        let fixture = try ServerFixture()
        let drill = try fixture.manager.add(ItemDraft(name: "Drill"))
        try Self.member("Sam", .editor, password: "correct horse", in: fixture.manager)
        try Self.member("Gran", .viewer, password: "knitting needles", in: fixture.manager)
        let reader = try fixture.manager.makeToken(
            member: "Sam", name: "Dashboard", scope: .read, days: 30)
        let writer = try fixture.manager.makeToken(
            member: "Sam", name: "Home Assistant", scope: .write, days: 30)
        #expect(writer.secret.hasPrefix("inv_") && writer.secret.count == 68)
        // a viewer's token only reads
        #expect(throws: InventoryError.member(.viewerToken("Gran"))) {
            try fixture.manager.makeToken(member: "Gran", name: "x", scope: .write, days: 1)
        }
        @Sendable func bearer(_ secret: String, json: Bool = false) -> HTTPFields {
            var headers: HTTPFields = [.authorization: "Bearer \(secret)"]
            if json { headers[.contentType] = "application/json" }
            return headers
        }
        try await fixture.test { client in
            // reading: no cookie, no CSRF token
            let list = try await client.execute(
                uri: "/api/items", method: .get, headers: bearer(reader.secret))
            #expect(list.status == .ok)
            #expect(list.text.contains("Drill"))
            let refused = try await client.execute(
                uri: "/api/items/\(drill.id)", method: .patch,
                headers: bearer(reader.secret, json: true),
                body: ByteBuffer(string: "{\"price\":\"5\"}"))
            #expect(refused.status == .forbidden)
            #expect(
                refused.json["error"] as? String == "This token only reads: nothing was changed.")
            // writing, as Sam through the token, without a CSRF token (no cookie to ride on)
            let edited = try await client.execute(
                uri: "/api/items/\(drill.id)", method: .patch,
                headers: bearer(writer.secret, json: true),
                body: ByteBuffer(string: "{\"price\":\"5\"}"))
            #expect(edited.status == .ok, "\(edited.text)")
            // pages are not the token's
            let page = try await client.execute(
                uri: "/views/all", method: .get, headers: bearer(writer.secret))
            #expect(page.status == .unauthorized)
            // a token that is none: refused, and counted as a failed sign-in
            let wrong = try await client.execute(
                uri: "/api/items", method: .get,
                headers: bearer("inv_" + String(repeating: "0", count: 64)))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.wwwAuthenticate] == "Bearer")
            // revoked from another process: refused once the server has looked
            try fixture.manager.revokeToken(id: reader.token.id)
            fixture.server.lookAtTheTokens()
            let revoked = try await client.execute(
                uri: "/api/items", method: .get, headers: bearer(reader.secret))
            #expect(revoked.status == .unauthorized)
            // ten failures from one address: even a good token waits
            for _ in 0..<8 {
                _ = try await client.execute(
                    uri: "/api/items", method: .get, headers: bearer("inv_nothing"))
            }
            let limited = try await client.execute(
                uri: "/api/items", method: .get, headers: bearer(writer.secret))
            #expect(limited.status == .tooManyRequests)
            // its uses are recorded
            fixture.server.lookAtTheTokens(recordingUses: true)
        }
        let history = try fixture.manager.fullHistory(itemID: drill.id)
        #expect(
            try fixture.manager.authors(of: history).values.sorted() == ["Sam (Home Assistant)"])
        #expect(try fixture.manager.tokens(ofMember: "Sam").map(\.name) == ["Home Assistant"])
        #expect(try fixture.manager.tokens().first?.usedAt != nil)
    }

    @Test("a token of a member who is removed, or past its day, no longer works")
    func tokensEnd() async throws {
        let fixture = try ServerFixture()
        try Self.member("Sam", .editor, password: "correct horse", in: fixture.manager)
        let made = try fixture.manager.makeToken(
            member: "Sam", name: "Script", scope: .write, days: 1)
        // a token already past its day (its row written so, as a day later would leave it)
        let late = try ServerFixture(clock: { Date(timeIntervalSinceNow: -3 * 86_400) })
        let old = try late.manager.makeToken(member: nil, name: "Old", scope: .read, days: 1)
        try await late.test { client in
            let response = try await client.execute(
                uri: "/api/items", method: .get, headers: [.authorization: "Bearer \(old.secret)"])
            #expect(response.status == .unauthorized)
        }
        try fixture.manager.removeMember(named: "Sam")
        #expect(try fixture.manager.tokens().isEmpty)
        try await fixture.test { client in
            let response = try await client.execute(
                uri: "/api/items", method: .get, headers: [.authorization: "Bearer \(made.secret)"])
            #expect(response.status == .unauthorized)
        }
    }
}
