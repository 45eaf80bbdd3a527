import Foundation
import Testing

@Suite("members on the command line")
struct MembersCommandTests {
    @Test(
        "a member invited at the terminal joins through the server; the terminal lists and ends their session"
    )
    func invitedThroughTheServer() throws {
        let sandbox = Sandbox()
        let boat = try sandbox.add("Boat", "--price", "12000")
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(2)
        let address = try #require(lines.first?.split(separator: " ").last.map(String.init))

        let added = try sandbox.succeed([
            "members", "add", "Sam", "--role", "editor", "--url", address,
        ])
        let printed = added.split(separator: "\n").map(String.init)
        #expect(printed.first?.hasPrefix("Invitation for Sam (editor), until ") == true, "\(added)")
        let link = try #require(printed.dropFirst().first)
        #expect(link.hasPrefix(address + "/invite/") && link.count == address.count + 72)
        #expect(try sandbox.succeed(["members"]).contains("Sam   editor  invited until "))

        // Sam opens it in a browser and chooses a password
        let jar = sandbox.file("jar")
        let accepted = try sandbox.shell(
            "curl -s -c '\(jar)' -o /dev/null -w '%{http_code}' --max-time 10 -A 'Firefox/130.0 (Android)' "
                + "--data 'password=correct+horse&again=correct+horse' '\(link)'")
        #expect(accepted.stdout == "303", "\(accepted.stderr)")
        func get(_ path: String) throws -> String {
            try sandbox.shell(
                "curl -s -b '\(jar)' -o /dev/null -w '%{http_code}' --max-time 10 '\(address)\(path)'"
            ).stdout
        }
        #expect(try get("/views/all") == "200")
        let session = try sandbox.shell(
            "curl -s -b '\(jar)' --max-time 10 '\(address)/api/session'")
        #expect(session.stdout.contains("\"name\":\"Sam\",\"role\":\"editor\""))
        // a change of Sam's, through the API, is Sam's in the history
        let csrf = try #require(
            session.stdout.firstMatch(of: /"csrf":"([0-9a-f]{64})"/).map { String($0.1) })
        let patched = try sandbox.shell(
            "curl -s -b '\(jar)' -o /dev/null -w '%{http_code}' --max-time 10 -X PATCH "
                + "-H 'Content-Type: application/json' -H 'X-CSRF-Token: \(csrf)' "
                + "--data '{\"price\":\"11000\"}' '\(address)/api/items/\(boat)'")
        #expect(patched.stdout == "200")
        let history = try sandbox.succeed(["history", String(boat)])
        let user = try sandbox.shell("id -un").stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(history.contains("edited: price 12,000.00 -> 11,000.00  (by Sam)"), "\(history)")
        #expect(history.contains("added: price 12,000.00, luxury no, insured no  (by \(user))"))
        #expect(
            try sandbox.succeed(["history", String(boat), "--json"]).contains(",\"by\":\"Sam\"}"))

        // the session is listed once the server has recorded it (it answers first)
        var listed = ""
        for _ in 0..<600 where !listed.contains("Sam") {
            listed = try sandbox.succeed(["members", "sessions"])
            if !listed.contains("Sam") { usleep(100_000) }
        }
        #expect(listed.contains("Sam  editor  Firefox on Android"), "\(listed)")
        #expect(try sandbox.succeed(["members", "end", "Sam"]) == "Ended 1 session of Sam.\n")
        // the server looks once a second: waited for, at most a minute
        var answer = try get("/views/all")
        for _ in 0..<600 where answer == "200" {
            usleep(100_000)
            answer = try get("/views/all")
        }
        #expect(answer == "401")
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }

    @Test(
        "roles change and members go; every mistake is one line, a non-zero exit and nothing changed"
    )
    func mistakes() throws {
        let sandbox = Sandbox()
        try sandbox.succeed(["members", "add", "Sam", "--role", "viewer"])
        #expect(
            try sandbox.succeed(["members", "role", "sam", "editor"]) == "Sam is now editor.\n")
        let json = try sandbox.succeed(["members", "list", "--json"])
        #expect(
            json.contains(
                "{\"name\":\"Sam\",\"role\":\"editor\",\"password\":false,\"invitedUntil\":\""))
        let before = try sandbox.succeed(["members", "--json"])
        let refusals: [([String], Int32, String)] = [
            (
                ["members", "add", "SAM", "--role", "editor"], 1,
                "inventory: a member is called \"Sam\" already; nothing was changed\n"
            ),
            (["members", "add", " ", "--role", "editor"], 65, "a member has a name"),
            (["members", "add", "Ann", "--role", "king"], 64, "king"),
            (
                ["members", "add", "Ann", "--role", "editor", "--url", "ftp://x"], 64,
                "--url ftp://x"
            ),
            (["members", "role", "Nobody", "viewer"], 1, "no member is called \"Nobody\""),
            (["members", "remove", "Nobody"], 1, "no member is called \"Nobody\""),
            (["members", "end"], 64, "Say whose sessions end"),
            (["members", "end", "Sam", "--household"], 64, "Say whose sessions end"),
            (
                ["members", "end", "--session", "xyz"], 65,
                "a session is named by the 8 letters and digits"
            ),
            (
                ["members", "end", "--session", "deadbeef"], 1,
                "no open session is called \"deadbeef\""
            ),
            (["members", "sessions", "Nobody"], 1, "no member is called \"Nobody\""),
        ]
        for (arguments, status, message) in refusals {
            let result = try sandbox.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
            #expect(!result.stderr.contains("SQL") && !result.stderr.contains("INSERT"))
        }
        #expect(try sandbox.succeed(["members", "--json"]) == before)
        #expect(
            try sandbox.succeed(["members", "remove", "Sam"])
                == "Removed Sam, 0 sessions and 0 tokens.\n")
        #expect(
            try sandbox.succeed(["members"])
                == "No members yet: 'inventory members add NAME --role editor' invites one.\n")
    }

    @Test("a restore keeps the members, their sessions and the household password of now")
    func restoreKeepsTheMembers() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat")
        try sandbox.succeed(["members", "add", "Ann", "--role", "editor"])
        try sandbox.succeed(["backup", sandbox.file("before.zip")])
        // since the backup: Ann left the household, Sam joined, a household password was set
        try sandbox.succeed(["members", "remove", "Ann"])
        try sandbox.succeed(["members", "add", "Sam", "--role", "viewer"])
        let set = try sandbox.run(["serve", "--set-password"], input: "correct horse battery\n")
        #expect(set.status == 0, "\(set.stderr)")
        func arrangements() throws -> [String] {
            try sandbox.dump().filter {
                $0.hasPrefix("members: ")
                    || ($0.hasPrefix("settings: ") && $0.contains("server_password"))
            }
        }
        let now = try arrangements()
        #expect(now.count == 2, "\(now)")
        try sandbox.succeed(["restore", sandbox.file("before.zip"), "--force"])
        #expect(try arrangements() == now)
        #expect(try sandbox.succeed(["members"]).contains("Sam"))
        #expect(!(try sandbox.succeed(["members"]).contains("Ann")))
    }

    @Test(
        "a token made at the terminal opens the API of the running server, and is revoked there too"
    )
    func tokensThroughTheServer() throws {
        let sandbox = Sandbox()
        let boat = try sandbox.add("Boat", "--price", "12000")
        try sandbox.succeed(["members", "add", "Sam", "--role", "editor"])
        let made = try sandbox.succeed([
            "members", "tokens", "add", "Home Assistant", "--member", "Sam", "--scope", "write",
        ])
        let lines = made.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("Token 1 \"Home Assistant\" for Sam (write), until ") == true)
        let secret = try #require(lines.dropFirst().first)
        #expect(secret.hasPrefix("inv_") && secret.count == 68)
        let listed = try sandbox.succeed(["members", "tokens"])
        #expect(listed.contains("Home Assistant  Sam") && listed.contains("never"), "\(listed)")
        let dumped = try sandbox.dump().joined()
        #expect(!listed.contains(secret) && !dumped.contains(secret))

        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let address = try #require(
            server.waitForLines(2).first?.split(separator: " ").last.map(String.init))
        func curl(_ arguments: String) throws -> String {
            try sandbox.shell(
                "curl -s -o /dev/null -w '%{http_code}' --max-time 10 "
                    + "-H 'Authorization: Bearer \(secret)' \(arguments)"
            ).stdout
        }
        #expect(try curl("'\(address)/api/items'") == "200")
        #expect(
            try curl(
                "-X PATCH -H 'Content-Type: application/json' --data '{\"insured\":true}' "
                    + "'\(address)/api/items/\(boat)'") == "200")
        #expect(
            try sandbox.succeed(["history", String(boat)]).contains(
                "edited: insured no -> yes  (by Sam (Home Assistant))"))
        #expect(try sandbox.succeed(["members", "tokens", "revoke", "1"]) == "Revoked token 1.\n")
        // a number is never given twice: a note of the revoked one names no other
        let next = try sandbox.succeed(["members", "tokens", "add", "next", "--scope", "read"])
        #expect(next.hasPrefix("Token 2 "), "\(next)")
        var answer = try curl("'\(address)/api/items'")
        for _ in 0..<600 where answer == "200" {
            usleep(100_000)
            answer = try curl("'\(address)/api/items'")
        }
        #expect(answer == "401")
        server.send(SIGTERM)
        #expect(server.wait() == 0)

        // mistakes: one line each, nothing changed
        let before = try sandbox.dump()
        for (arguments, status, message) in [
            (["members", "tokens", "revoke", "9"], Int32(1), "no token has id 9"),
            (
                ["members", "tokens", "add", "x", "--member", "Nobody", "--scope", "read"], 1,
                "no member is called \"Nobody\""
            ),
            (
                ["members", "tokens", "add", "x", "--scope", "read", "--days", "0"], 65,
                "a token lasts from a day to 366 days"
            ),
            (["members", "tokens", "add", "x", "--scope", "all"], 64, "all"),
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try sandbox.dump() == before)
    }
}
