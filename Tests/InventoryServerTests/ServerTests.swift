import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryTestSupport
import NIOCore
import Synchronization
import Testing

@testable import InventoryServer

@Suite("Server: sign-in, sessions and the security of every answer")
struct ServerSecurityTests {
    @Test("every page, file and API call refuses a request without a session")
    func everyRouteNeedsASession() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        try await fixture.test { client in
            let routes: [(String, HTTPRequest.Method)] = [
                ("/", .get), ("/views/all", .get), ("/items/new", .get), ("/items", .post),
                ("/items/\(item.id)", .get), ("/items/\(item.id)/edit", .get),
                ("/items/\(item.id)", .post), ("/items/\(item.id)/delete", .get),
                ("/items/\(item.id)/delete", .post), ("/items/\(item.id)/photos", .post),
                (
                    "/files/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png",
                    .get
                ),
                ("/api/session", .get), ("/api/views", .get), ("/api/items", .get),
                ("/api/items/\(item.id)", .get), ("/api/items", .post),
                ("/api/items/\(item.id)", .patch), ("/api/items/\(item.id)", .delete),
                ("/api/changes", .get),
            ]
            for (uri, method) in routes {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                #expect(!response.text.contains("Boat"), "\(method) \(uri)")
                let isAPI = uri.hasPrefix("/api/") || uri.hasSuffix("/photos")
                #expect(
                    response.headers[.contentType]
                        == (isAPI ? "application/json" : "text/html; charset=utf-8"))
            }
            // A made-up cookie is no session either.
            let forged = try await client.execute(
                uri: "/views/all", method: .get, headers: [.cookie: "inventory_session=abc"])
            #expect(forged.status == .unauthorized)
        }
        #expect(try fixture.manager.count() == 1)
    }

    @Test("a sign-in link opens one session, once, with an HttpOnly SameSite=Strict cookie")
    func signInLinksWorkOnce() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let token = fixture.server.sessions.makeSignInToken()
            let first = try await client.execute(uri: "/signin?token=\(token)", method: .get)
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/")
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.hasPrefix("inventory_session="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(!cookie.contains("Secure"))
            let again = try await client.execute(uri: "/signin?token=\(token)", method: .get)
            #expect(again.status == .forbidden)
            #expect(again.headers[.setCookie] == nil)
            #expect(again.text.contains("works once"))
            let page = try await client.execute(
                uri: "/views/all", method: .get,
                headers: [.cookie: String(cookie.split(separator: ";")[0])])
            #expect(page.status == .ok)
        }
    }

    @Test("cookies are Secure when the server says it serves TLS")
    func secureCookies() async throws {
        let fixture = try ServerFixture(configuration: .init(secureCookies: true))
        try await fixture.test { client in
            let token = fixture.server.sessions.makeSignInToken()
            let response = try await client.execute(uri: "/signin?token=\(token)", method: .get)
            #expect(response.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test("after too many failed sign-ins an address must wait, even with a good link")
    func failedSignInsAreLimited() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for attempt in 0..<Sessions.maximumFailures {
                let response = try await client.execute(
                    uri: "/signin?token=guess\(attempt)", method: .get)
                #expect(response.status == .forbidden)
            }
            let token = fixture.server.sessions.makeSignInToken()
            let limited = try await client.execute(uri: "/signin?token=\(token)", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.setCookie] == nil)
        }
    }

    @Test("every answer carries the Content-Security-Policy, nosniff and no-store")
    func securityHeaders() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            for uri in ["/views/all", "/static/app.js", "/api/items", "/nowhere", "/signin"] {
                let response = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(
                    response.headers[.contentSecurityPolicy]
                        == InventoryServer.contentSecurityPolicy, "\(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
            let page = try await client.execute(
                uri: "/views/all", method: .get, headers: browser.headers)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(InventoryServer.contentSecurityPolicy.contains("script-src 'self';"))
            #expect(!InventoryServer.contentSecurityPolicy.contains("unsafe"))
            // The page's only script is our own file: nothing inline.
            #expect(page.text.components(separatedBy: "<script").count == 2)
            #expect(page.text.contains("<script src=\"/static/app.js\" defer></script>"))
        }
    }

    @Test("a form or API change without the session's CSRF token is refused and writes nothing")
    func csrf() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let (formHeaders, formBody) = browser.form([("name", "Car")], csrf: "wrong")
            let form = try await client.execute(
                uri: "/items", method: .post, headers: formHeaders, body: formBody)
            #expect(form.status == .forbidden)
            var (headers, body) = browser.form([("name", "Car")])
            headers[.cookie] = nil
            #expect(
                try await client.execute(uri: "/items", method: .post, headers: headers, body: body)
                    .status == .unauthorized)
            let (jsonHeaders, jsonBody) = browser.json("{\"name\":\"Car\"}", csrf: false)
            let api = try await client.execute(
                uri: "/api/items", method: .post, headers: jsonHeaders, body: jsonBody)
            #expect(api.status == .forbidden)
            let delete = try await client.execute(
                uri: "/api/items/\(item.id)", method: .delete, headers: browser.headers)
            #expect(delete.status == .forbidden)
            let (deleteHeaders, deleteBody) = browser.form([], csrf: "")
            let deleteForm = try await client.execute(
                uri: "/items/\(item.id)/delete", method: .post, headers: deleteHeaders,
                body: deleteBody)
            #expect(deleteForm.status == .forbidden)
        }
        #expect(try fixture.manager.count() == 1)
    }

    @Test("every change without its token is refused, however its path is spelled")
    func csrfWhateverThePathSpelling() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let id = item.id
            let form = "application/x-www-form-urlencoded"
            // Every route that changes something, sent as another page of the same host could
            // send it (a form of type text/plain), without the token.
            let writes: [(path: String, method: HTTPRequest.Method, type: String, body: String)] =
                [
                    ("/api/items", .post, "text/plain", "{\"name\":\"x\"}"),
                    ("/api/items", .post, "application/json", "{\"name\":\"x\"}"),
                    ("/api/items/\(id)", .patch, "text/plain", "{\"name\":\"x\"}"),
                    ("/api/items/\(id)", .delete, "text/plain", ""),
                    ("/items/\(id)/photos", .post, "image/png", ""),
                    ("/items", .post, form, "name=x"),
                    ("/items/\(id)", .post, form, "name=x"),
                    ("/items/\(id)/delete", .post, form, ""),
                    ("/claims", .post, form, "title=x&items=\(id)"),
                    ("/claims/pick", .post, form, "title=x"),
                    ("/claims/picked", .post, form, "title=x"),
                    ("/signout", .post, form, ""),
                ]
            func spellings(_ path: String) -> [String] {
                let segments = path.split(separator: "/").joined(separator: "%2F")
                return [
                    path, "/" + path, path + "/", path.replacingOccurrences(of: "/", with: "//"),
                    "/" + segments, path.uppercased(), path + "/.",
                ]
            }
            for write in writes {
                for uri in spellings(write.path) {
                    var body = ByteBuffer(string: write.body)
                    if write.type == "image/png" { body = ByteBuffer(bytes: pngBytes(seed: "x")) }
                    let response = try await client.execute(
                        uri: uri, method: write.method,
                        headers: [.cookie: browser.cookie, .contentType: write.type], body: body)
                    #expect(
                        response.status == .forbidden, "\(write.method) \(uri): \(response.status)")
                }
            }
            // Nothing ended the session either.
            let page = try await client.execute(
                uri: "/views/all", method: .get, headers: browser.headers)
            #expect(page.status == .ok)
        }
        #expect(try fixture.manager.count() == 1)
        #expect(try fixture.manager.item(id: item.id) == item)
        #expect(try fixture.manager.claims().isEmpty)
    }

    @Test("a session ends when signed out, idle too long or too old; a link expires unused")
    func sessionsEnd() async throws {
        let clock = SessionClock()
        let sessions = Sessions(
            failureWindow: .seconds(3600),
            lifetimes: .init(
                signInLink: .seconds(600), idle: .seconds(3600), absolute: .seconds(86_400)),
            clock: clock.function)
        let fixture = try ServerFixture(sessions: sessions)
        try await fixture.test { client in
            func status(_ browser: Browser) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/views/all", method: .get, headers: browser.headers)
                    .status
            }
            // Signing out: a form with the session's token, on every page.
            let leaving = try await fixture.signIn(client)
            let page = try await client.execute(
                uri: "/views/all", method: .get, headers: leaving.headers)
            #expect(page.text.contains("<form method=\"post\" action=\"/signout\""))
            let (headers, body) = leaving.form([])
            let out = try await client.execute(
                uri: "/signout", method: .post, headers: headers, body: body)
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/signin")
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await status(leaving) == .unauthorized)

            // The cookie says how long it may be kept: the session's whole life.
            let token = sessions.makeSignInToken()
            let signIn = try await client.execute(uri: "/signin?token=\(token)", method: .get)
            #expect(signIn.headers[.setCookie]?.contains("Max-Age=86400") == true)

            // Idle: a request keeps it open; an hour without one ends it.
            let idle = try await fixture.signIn(client)
            clock.advance(.seconds(3000))
            #expect(try await status(idle) == .ok)
            clock.advance(.seconds(3000))
            #expect(try await status(idle) == .ok)
            clock.advance(.seconds(3600))
            #expect(try await status(idle) == .unauthorized)

            // However busy, a session lasts a day at most.
            let busy = try await fixture.signIn(client)
            for _ in 0..<47 {
                clock.advance(.seconds(1800))
                #expect(try await status(busy) == .ok)
            }
            clock.advance(.seconds(1800))
            #expect(try await status(busy) == .unauthorized)

            // A link unused for ten minutes opens nothing.
            let late = sessions.makeSignInToken()
            clock.advance(.seconds(600))
            let expired = try await client.execute(uri: "/signin?token=\(late)", method: .get)
            #expect(expired.status == .forbidden)
            #expect(expired.headers[.setCookie] == nil)
            #expect(expired.text.contains("has expired"))
        }
    }

    @Test("password checks run off the request threads, a few at once: other requests go on")
    func passwordChecksHoldUpNothingElse() async throws {
        // Checks that wait for the test to let them go, counting how many run at once.
        let gate = PasswordGate()
        let checks = PasswordChecks(limit: 2, waiting: 2) { _, _ in gate.check() }
        let fixture = try ServerFixture(passwordChecks: checks)
        try fixture.manager.setServerPasswordHash(try HouseholdPassword.hash("correct horse"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await client.execute(
                            uri: "/signin", method: .post,
                            headers: [.contentType: "application/x-www-form-urlencoded"],
                            body: ByteBuffer(string: "password=guess")
                        ).status
                    }
                }
                // Two checks run and two wait; a fifth is not queued but refused.
                var rounds = 0
                while gate.running < 2 || checks.admittedCount < 4, rounds < 6000 {
                    rounds += 1
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(gate.running == 2 && checks.admittedCount == 4)
                let fifth = try await client.execute(
                    uri: "/signin", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "password=guess"))
                #expect(fifth.status == .serviceUnavailable)
                // Meanwhile a signed-in page, the API and the style sheet are answered.
                for uri in ["/views/all", "/api/items", "/static/app.css"] {
                    let answer = try await client.execute(
                        uri: uri, method: .get, headers: browser.headers)
                    #expect(answer.status == .ok, "\(uri)")
                }
                #expect(gate.running == 2)
                gate.open()
                var statuses: [HTTPResponse.Status] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses == Array(repeating: .forbidden, count: 4))
            }
            #expect(gate.mostAtOnce == 2)
        }
    }

    @Test("over TLS every answer asks the browser to come back over HTTPS only")
    func strictTransportSecurity() async throws {
        let fixture = try ServerFixture(
            configuration: .init(tls: (certificate: "cert.pem", key: "key.pem")))
        try await fixture.test { client in
            for uri in ["/views/all", "/signin", "/static/app.js"] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect(
                    answer.headers[HTTPField.Name("Strict-Transport-Security")!]
                        == "max-age=31536000", "\(uri)")
            }
        }
        let plain = try ServerFixture()
        try await plain.test { client in
            let answer = try await client.execute(uri: "/signin", method: .get)
            #expect(answer.headers[HTTPField.Name("Strict-Transport-Security")!] == nil)
        }
    }

    @Test("every text is escaped: a hostile name shows as typed and runs nothing")
    func escaping() async throws {
        let fixture = try ServerFixture()
        let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>&amp;"
        let item = try fixture.manager.add(
            ItemDraft(name: hostile, location: "'\"><svg onload=alert(3)>", tags: ["<b>"]))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            for uri in [
                "/views/all", "/items/\(item.id)", "/items/\(item.id)/edit",
                "/items/\(item.id)/delete", "/views/all?q=%3Cscript%3E",
            ] {
                let page = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(page.status == .ok, "\(uri)")
                #expect(!page.text.contains("<script>alert"), "\(uri)")
                #expect(!page.text.contains("<img src=x"), "\(uri)")
                #expect(!page.text.contains("<svg"), "\(uri)")
                #expect(!page.text.contains("<b>"), "\(uri)")
            }
            let page = try await client.execute(
                uri: "/items/\(item.id)", method: .get, headers: browser.headers)
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img"))
            #expect(page.text.contains("&amp;amp;"))
        }
    }

    @Test("request bodies are limited in size")
    func bodiesAreLimited() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let big = String(repeating: "a", count: 2 << 20)
            let (headers, body) = browser.json("{\"name\":\"\(big)\"}")
            let response = try await client.execute(
                uri: "/api/items", method: .post, headers: headers, body: body)
            #expect(response.status == .contentTooLarge)
            let (formHeaders, formBody) = browser.form([("name", big)])
            let form = try await client.execute(
                uri: "/items", method: .post, headers: formHeaders, body: formBody)
            #expect(form.status == .contentTooLarge)
        }
        #expect(try fixture.manager.count() == 0)
    }
}

@Suite("Server: files are served by stored name only")
struct ServerFileTests {
    @Test("a photo sent from a phone is attached and served by its stored name, with its type")
    func photos() async throws {
        let fixture = try ServerFixture()
        let item = try fixture.manager.add(ItemDraft(name: "Boat"))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            var headers = browser.headers
            headers[.contentType] = "image/png"
            headers[HTTPField.Name("X-CSRF-Token")!] = browser.csrf
            let upload = try await client.execute(
                uri: "/items/\(item.id)/photos", method: .post, headers: headers,
                body: ByteBuffer(bytes: pngBytes(seed: "boat")))
            #expect(upload.status == .created)
            let photo = try #require(upload.json["photo"] as? String)
            #expect(photo.hasPrefix("/files/") && photo.hasSuffix(".png"))
            let file = try await client.execute(uri: photo, method: .get, headers: browser.headers)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "image/png")
            #expect(file.headers[.contentDisposition]?.hasPrefix("inline;") == true)
            // No cache keeps a photo or a receipt (SECURITY.md, "Caching").
            #expect(file.headers[.cacheControl] == "no-store")
            #expect(Array(buffer: file.body) == pngBytes(seed: "boat"))
            let page = try await client.execute(
                uri: "/items/\(item.id)", method: .get, headers: browser.headers)
            // shown as a picture every browser shows, leading to the photo itself
            #expect(page.text.contains("<a href=\"\(photo)\" class=\"photo\">"))
            // Not a picture: refused, nothing attached.
            let text = try await client.execute(
                uri: "/items/\(item.id)/photos", method: .post, headers: headers,
                body: ByteBuffer(string: "not a picture"))
            #expect(text.status == .badRequest)
            #expect(try fixture.manager.item(id: item.id)?.attachments.count == 1)
        }
    }

    @Test("a path, a link or a file no item uses is never served")
    func onlyStoredNames() async throws {
        let fixture = try ServerFixture()
        try "secret".write(
            toFile: fixture.folder.file("secret.txt"), atomically: true, encoding: .utf8)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            for uri in [
                "/files/..%2F..%2Fsecret.txt", "/files/%2Fetc%2Fpasswd", "/files/secret.txt",
                "/files/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png",
                "/files/../inventory.sqlite",
            ] {
                let response = try await client.execute(
                    uri: uri, method: .get, headers: browser.headers)
                #expect(response.status == .notFound, "\(uri)")
                #expect(!response.text.contains("secret"), "\(uri)")
            }
        }
    }
}

@Suite("Server: the household password")
struct HouseholdPasswordTests {
    @Test("the password is kept as a salted scrypt hash and only the password matches it")
    func hashing() throws {
        let first = try HouseholdPassword.hash("correct horse")
        let second = try HouseholdPassword.hash("correct horse")
        #expect(first != second)
        #expect(first.hasPrefix("scrypt$32768$8$1$"))
        #expect(!first.contains("correct"))
        #expect(HouseholdPassword.matches("correct horse", stored: first))
        #expect(!HouseholdPassword.matches("correct horsE", stored: first))
        #expect(!HouseholdPassword.matches("correct horse", stored: "scrypt$1$1$1$zz$00"))
        #expect(!HouseholdPassword.matches("", stored: ""))
        #expect(HouseholdPassword.problem(with: "short") != nil)
        #expect(HouseholdPassword.problem(with: "long enough\u{7}") != nil)
        #expect(HouseholdPassword.problem(with: "long enough") == nil)
    }

    @Test("the hash is RFC 7914's scrypt, and a hash an earlier release stored still matches")
    func standardScrypt() {
        // RFC 7914, section 12: scrypt("password", "NaCl", N = 1024, r = 8, p = 16), 64 bytes.
        let vector =
            "scrypt$1024$8$16$4e61436c$fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e7737663"
            + "4b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
        #expect(HouseholdPassword.matches("password", stored: vector))
        #expect(!HouseholdPassword.matches("passwore", stored: vector))
        // Set with `serve --set-password` by the release before libcrypto (swift-crypto's).
        let earlier =
            "scrypt$32768$8$1$49da3e0a48b32488e24dcc4bef7a9f30$4d50ece7ff0a92b8c60695dcc7985a50f"
            + "38d5ce8823c552f4376d96fc96212d1"
        #expect(HouseholdPassword.matches("correct horse", stored: earlier))
        #expect(!HouseholdPassword.matches("correct horse ", stored: earlier))
        // rounds not a power of two: refused by libcrypto, so matched by nothing
        #expect(!HouseholdPassword.matches("password", stored: "scrypt$1000$8$16$4e61436c$00"))
        // a stored hash edited by hand neither crashes the server nor lets anyone in
        let key = String(repeating: "00", count: 32)
        for stored in [
            "scrypt$-1$8$1$00$\(key)", "scrypt$1024$-8$1$00$\(key)", "scrypt$1024$8$-1$00$\(key)",
            "scrypt$1024$8$1$00$", "scrypt$1024$8$1$00$00", "scrypt$0$8$1$00$\(key)",
        ] {
            #expect(!HouseholdPassword.matches("password", stored: stored), "\(stored)")
        }
    }

    @Test("browsers sign in with the password; a wrong one is refused and counted")
    func signInWithThePassword() async throws {
        let fixture = try ServerFixture()
        try fixture.manager.setServerPasswordHash(try HouseholdPassword.hash("correct horse"))
        try await fixture.test { client in
            let form = try await client.execute(uri: "/signin", method: .get)
            #expect(form.status == .ok)
            #expect(form.text.contains("type=\"password\""))
            func post(_ password: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/signin", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "password=" + password))
            }
            let wrong = try await post("correct+horsE")
            #expect(wrong.status == .forbidden)
            #expect(wrong.headers[.setCookie] == nil)
            #expect(wrong.text.contains("not the household password"))
            let right = try await post("correct+horse")
            #expect(right.status == .seeOther)
            let cookie = try #require(right.headers[.setCookie])
            let page = try await client.execute(
                uri: "/views/all", method: .get,
                headers: [.cookie: String(cookie.split(separator: ";")[0])])
            #expect(page.status == .ok)
            for _ in 1..<Sessions.maximumFailures { _ = try await post("guess") }
            #expect(try await post("correct+horse").status == .tooManyRequests)
        }
    }
}

/// Password checks held until the test lets them go, counting how many run at once.
final class PasswordGate: Sendable {
    private struct State {
        var running = 0
        var mostAtOnce = 0
        var isOpen = false
    }

    private let state = Mutex(State())

    /// Waits until the gate is open, then says no.
    func check() -> Bool {
        state.withLock { state in
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
        }
        while !state.withLock({ $0.isOpen }) { usleep(1_000) }
        state.withLock { $0.running -= 1 }
        return false
    }

    /// Lets every check finish.
    func open() {
        state.withLock { $0.isOpen = true }
    }

    var running: Int { state.withLock { $0.running } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
}

@Suite("Server: thumbnails")
struct ServerThumbnailTests {
    @Test("a photo's thumbnails are made on first need, small ones kept by the browser a year")
    func thumbnails() async throws {
        let fixture = try ServerFixture()
        let path = fixture.folder.file("lamp.png")
        writePNG(at: path, seed: "lamp")
        let item = try fixture.manager.add(ItemDraft(name: "Lamp"))
        let photo = try #require(
            try fixture.manager.attach(file: path, toItem: item.id, as: .photo).photo)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func get(_ uri: String) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: browser.headers)
            }
            let small = try await get("/thumbnails/160/\(photo)")
            #expect(small.status == .ok)
            #expect(small.headers[.contentType] == "image/jpeg")
            #expect(small.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(Array(Array(buffer: small.body).prefix(3)) == [0xFF, 0xD8, 0xFF])
            let large = try await get("/thumbnails/1600/\(photo)")
            #expect(large.status == .ok && large.headers[.cacheControl] == "no-store")
            // kept beside the photos, by the photo's name
            let kept = fixture.folder.file("thumbnails")
            #expect(try FileManager.default.contentsOfDirectory(atPath: kept).count == 2)
            // no other size, no file no item uses, no path, nobody signed out
            for uri in [
                "/thumbnails/500/\(photo)",
                "/thumbnails/160/" + String(repeating: "a", count: 64) + ".png",
                "/thumbnails/160/..%2Finventory.sqlite",
            ] {
                #expect(try await get(uri).status == .notFound, "\(uri)")
            }
            let stranger = try await client.execute(uri: "/thumbnails/160/\(photo)", method: .get)
            #expect(stranger.status == .unauthorized)
            // in the list, and on the item's page leading to the photo
            let list = try await get("/views/all")
            #expect(
                list.text.contains(
                    "<img src=\"/thumbnails/160/\(photo)\" alt=\"Lamp\" loading=\"lazy\""))
            let page = try await get("/items/\(item.id)")
            #expect(
                page.text.contains(
                    "<a href=\"/files/\(photo)\" class=\"photo\"><img class=\"photo\" src=\"/thumbnails/1600/\(photo)\""
                ))
        }
    }
}

@Suite("Server: the home page")
struct ServerHomeTests {
    @Test("the home page is read again when the items, the settings or the own fields change")
    func homeFollowsChanges() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        _ = try manager.add(ItemDraft(name: "Camera", price: usd("800")))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            func home() async throws -> String {
                try await client.execute(uri: "/", method: .get, headers: browser.headers).text
            }
            let first = try await home()
            #expect(first.contains("800.00") && first.contains("no receipt"))
            // asked again, unchanged: the same page
            #expect(try await home() == first)
            // an item changed
            _ = try manager.add(ItemDraft(name: "Lens", price: usd("200")))
            #expect(try await home().contains("1,000.00"))
            // a setting that decides what a claim needs: a receipt from 1,000 on
            var settings = try manager.settings()
            settings.receiptThreshold = usd("1000")
            try manager.setSettings(settings)
            #expect(!(try await home().contains("no receipt")))
        }
    }

    @Test("an empty inventory's home page says how to begin")
    func emptyHome() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(uri: "/", method: .get, headers: browser.headers)
            #expect(
                page.text.contains(
                    "Nothing here yet: <a href=\"/items/new\">add the first thing</a>"))
        }
    }

    @Test(
        "the home page says where the household stands: worth by room and tag, due, lacking, lately"
    )
    func home() async throws {
        let fixture = try ServerFixture()
        let manager = fixture.manager
        try manager.add([
            ItemDraft(
                name: "Boat", price: usd("25000"), isInsured: true, location: "Home / Harbour",
                tags: ["boat"]),
            ItemDraft(
                name: "Trailer", price: usd("2500"), location: "Home / Harbour / Slip 4",
                tags: ["boat"]),
            ItemDraft(name: "Kettle", price: usd("30"), location: "Home / Kitchen"),
            ItemDraft(name: "Ring", price: usd("900"), isInsured: true),
        ])
        try manager.scheduleMaintenance(
            itemID: 1,
            MaintenancePlan(what: "Antifouling", everyMonths: nil, startsOn: manager.today()))
        let old = try manager.add(ItemDraft(name: "Old TV", price: usd("400")))
        try manager.leave(id: old.id, how: .sold)
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let page = try await client.execute(uri: "/", method: .get, headers: browser.headers)
            #expect(page.status == .ok)
            let html = page.text
            // what left is not counted
            #expect(html.contains("<dt>Items</dt><dd>4</dd>"))
            #expect(html.contains("<dt>Worth</dt><dd>28,430.00</dd>"))
            #expect(html.contains("<dt>Insured</dt><dd>25,900.00</dd>"))
            #expect(html.contains("<div class=\"warn\"><dt>Not insured</dt><dd>2,530.00</dd>"))
            // rooms: the first two places of a location, most worth first, no room last
            #expect(
                html.contains(
                    "<tr><td>Home / Harbour</td><td class=\"number\">2</td><td class=\"number\">25,000.00</td><td class=\"number warn\">2,500.00</td><td class=\"number\">27,500.00</td></tr>"
                ))
            let rooms = try #require(html.range(of: "<table id=\"rooms\""))
            let harbour = try #require(html.range(of: "Home / Harbour</td>"))
            let kitchen = try #require(html.range(of: "Home / Kitchen</td>"))
            let none = try #require(html.range(of: "No room</td>"))
            #expect(rooms.lowerBound < harbour.lowerBound && harbour.lowerBound < none.lowerBound)
            #expect(kitchen.lowerBound < none.lowerBound)
            #expect(html.contains("<tr><td>boat</td><td class=\"number\">2</td>"))
            #expect(html.contains("Antifouling"), "due soon")
            #expect(html.contains("4 items lack what a claim needs"))
            #expect(html.contains("Added and changed lately"))
            #expect(html.contains("data-seq="), "it follows the inventory")
            #expect(html.contains("action=\"/views/all\" role=\"search\""))
            // live: a change is on the page the next time it is asked
            var patch = ItemPatch()
            patch.isInsured = true
            try manager.edit(id: 2, patch)
            let after = try await client.execute(uri: "/", method: .get, headers: browser.headers)
            #expect(after.text.contains("<dt>Insured</dt><dd>28,400.00</dd>"))
            let stranger = try await client.execute(uri: "/", method: .get)
            #expect(!stranger.text.contains("Boat"))
        }
    }
}

@Suite("Server: forms for a thumb")
struct ServerThumbFormTests {
    @Test("days are date pickers, places and tags offered, and 'add, then another here' keeps them")
    func addAnother() async throws {
        let fixture = try ServerFixture()
        try fixture.manager.add(
            ItemDraft(name: "Shelf", location: "Home / Garage", tags: ["tools"]))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let form = try await client.execute(
                uri: "/items/new", method: .get, headers: browser.headers)
            #expect(
                form.text.contains(
                    "<input id=\"field-purchased\" name=\"purchased\" type=\"date\"/>"))
            #expect(form.text.contains("list=\"known-places\""))
            #expect(
                form.text.contains(
                    "<datalist id=\"known-places\"><option value=\"Home\"></option><option value=\"Home / Garage\"></option></datalist>"
                ))
            #expect(
                form.text.contains(
                    "<datalist id=\"known-tags\"><option value=\"tools\"></option></datalist>"))
            #expect(form.text.contains("name=\"then\" value=\"another\""))
            let (headers, body) = browser.form([
                ("name", "Drill"), ("location", "Home / Garage"), ("tags", "tools, power"),
                ("purchased", "2026-05-01"), ("then", "another"),
            ])
            let added = try await client.execute(
                uri: "/items", method: .post, headers: headers, body: body)
            #expect(added.status == .seeOther)
            let next = try #require(added.headers[.location])
            #expect(next.hasPrefix("/items/new?added=2&location=Home%20%2F%20Garage&tags="))
            let again = try await client.execute(uri: next, method: .get, headers: browser.headers)
            #expect(again.text.contains("Added <a href=\"/items/2\">Drill</a>. Next one:"))
            #expect(again.text.contains("name=\"location\" value=\"Home / Garage\""))
            #expect(again.text.contains("name=\"tags\" value=\"power, tools\""))
            #expect(try fixture.manager.item(id: 2)?.purchaseDate?.description == "2026-05-01")
            // an edit form has no "another"
            let edit = try await client.execute(
                uri: "/items/2/edit", method: .get, headers: browser.headers)
            #expect(!edit.text.contains("value=\"another\""))
            #expect(edit.text.contains("value=\"2026-05-01\" type=\"date\""))
        }
    }
}

@Suite("Server: a field edited where it is shown")
struct ServerSwitchTests {
    @Test(
        "a row's insured switch turns it over from the version the row showed, and says a conflict")
    func insuredSwitch() async throws {
        let fixture = try ServerFixture()
        let boat = try fixture.manager.add(ItemDraft(name: "Boat", price: usd("900")))
        try await fixture.test { client in
            let browser = try await fixture.signIn(client)
            let list = try await client.execute(
                uri: "/views/all", method: .get, headers: browser.headers)
            #expect(list.text.contains("action=\"/items/\(boat.id)/insured\""))
            #expect(list.text.contains("aria-pressed=\"false\""))
            func post(_ fields: [(String, String)]) async throws -> TestResponse {
                let (headers, body) = browser.form(fields)
                return try await client.execute(
                    uri: "/items/\(boat.id)/insured", method: .post, headers: headers, body: body)
            }
            let turned = try await post([
                ("insured", "yes"), ("version", String(boat.version)), ("back", "/views/all"),
            ])
            #expect(turned.status == .seeOther && turned.headers[.location] == "/views/all")
            #expect(try fixture.manager.item(id: boat.id)?.isInsured == true)
            // the same row again, from before: refused, nothing changed
            let stale = try await post([
                ("insured", "no"), ("version", String(boat.version)), ("back", "/views/all"),
            ])
            #expect(stale.status == .conflict)
            #expect(try fixture.manager.item(id: boat.id)?.isInsured == true)
            // back only to a page of this site; no form token, no change
            let elsewhere = try await post([
                ("insured", "no"), ("version", String(boat.version + 1)),
                ("back", "//evil.example/"),
            ])
            #expect(elsewhere.headers[.location] == "/items/\(boat.id)")
            #expect(try fixture.manager.item(id: boat.id)?.isInsured == false)
            #expect(try await post([("insured", "maybe")]).status == .badRequest)
            let (headers, body) = browser.form([("insured", "yes")], csrf: "wrong")
            let forged = try await client.execute(
                uri: "/items/\(boat.id)/insured", method: .post, headers: headers, body: body)
            #expect(forged.status == .forbidden)
            #expect(try fixture.manager.item(id: boat.id)?.isInsured == false)
        }
    }
}
