import Foundation
import Testing

@Suite("share on the command line")
struct ShareCommandTests {
    @Test("a link made, opened through the server, logged, listed and revoked")
    func aLinkFromMakingToRevoking() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--price", "12000", "--luxury")
        try sandbox.add("Chair", "--price", "80")
        let made = try sandbox.run(["share", "--view", "luxury", "--expires", "2d"])
        #expect(made.status == 0, "\(made.stderr)")
        let lines = made.lines
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("Link 1: a read-only copy of view luxury, until ") == true)
        let link = try #require(lines.dropFirst().first)
        #expect(link.wholeMatch(of: /http:\/\/127\.0\.0\.1:8420\/share\/[0-9a-f]{64}/) != nil)
        let token = String(link.suffix(64))
        #expect(try !sandbox.dump().joined().contains(token))

        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let address = try #require(
            server.waitForLines(1).first?.split(separator: " ").last.map(String.init))
        let shared = address + "/share/" + token
        let page = try sandbox.shell("curl -s --max-time 10 '\(shared)'")
        #expect(page.stdout.contains("Boat") && !page.stdout.contains("Chair"))
        let status = try sandbox.shell(
            "curl -s -o /dev/null -w '%{http_code}' --max-time 10 '\(shared)/items/2'")
        #expect(status.stdout == "404")

        let log = try sandbox.run(["share", "--log", "1"])
        #expect(log.status == 0)
        #expect(log.lines.first?.hasPrefix("TIME") == true)
        #expect(log.stdout.contains("127.0.0.1") && log.stdout.contains("GET /items/2"))
        #expect(!log.stdout.contains(token))
        let visits = try #require(
            try sandbox.json(["share", "--log", "1", "--json"]) as? [[String: Any]])
        #expect(visits.map { $0["status"] as? Int } == [200, 404])

        let list = try sandbox.json(["share", "--list", "--json"]) as? [[String: Any]]
        #expect(list?.first?["visits"] as? Int == 2)
        #expect(list?.first?["state"] as? String == "live")
        #expect(!(try sandbox.succeed(["share", "--list"])).contains(token))

        let revoked = try sandbox.run(["share", "--revoke", "1"])
        #expect(revoked.status == 0)
        #expect(revoked.stdout == "Link 1 (view luxury) no longer opens.\n")
        let again = try sandbox.succeed(["share", "--revoke", "1"])
        #expect(again.hasPrefix("Link 1 (view luxury) was already revoked, on "))
        let json = try #require(
            try sandbox.json(["share", "--revoke", "1", "--json"]) as? [String: Any])
        #expect(json["state"] as? String == "revoked")
        // The running server sees it at once.
        let after = try sandbox.shell(
            "curl -s -o /dev/null -w '%{http_code}' --max-time 10 '\(shared)'")
        #expect(after.stdout == "410")
        #expect(
            try sandbox.succeed(["share", "--list"])
                == "no live share links ('inventory share' makes one)\n")
        let all = try sandbox.succeed(["share", "--list", "--all"])
        #expect(all.contains("revoked"))
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }

    @Test("a claim's link, in JSON, at the address given with --url")
    func claimLink() throws {
        let sandbox = Sandbox()
        try sandbox.add("TV", "--price", "800")
        _ = try sandbox.succeed(["claim", "new", "--title", "Burglary", "--items", "1"])
        let made = try #require(
            try sandbox.json([
                "share", "--claim", "1", "--url", "https://house.example.net:8420/", "--json",
            ]) as? [String: Any])
        #expect((made["shows"] as? [String: Any])?["claim"] as? Int == 1)
        let link = try #require(made["link"] as? String)
        #expect(link.hasPrefix("https://house.example.net:8420/share/"))
        #expect(made["id"] as? Int == 1)
        // Once its claim is deleted, the link shows nothing, and the list says so.
        _ = try sandbox.succeed(["claim", "delete", "1"])
        let list = try sandbox.succeed(["share", "--list"])
        #expect(list.contains("claim deleted"), "\(list)")
    }

    @Test(
        "bad input: one line, an exit status, and the inventory as it was",
        arguments: [
            (["share", "--view", "nope"], 64, "unknown view \"nope\""),
            (["share", "--claim", "9"], 1, "no claim has id 9"),
            (["share", "--expires", "3m"], 65, "invalid link lifetime \"3m\": write a count"),
            (["share", "--expires", "2y"], 65, "invalid link lifetime \"2y\""),
            (["share", "--expires", "400d"], 65, "a link lives at most a year (366d)"),
            (["share", "--url", "ftp://x"], 64, "--url ftp://x is not a server's address"),
            (["share", "--url", "http://host/path"], 64, "is not a server's address"),
            (
                ["share", "--claim", "1", "--view", "luxury"], 64,
                "give --view or --claim, not both"
            ),
            (["share", "--list", "--revoke", "1"], 64, "choose one"),
            (["share", "--revoke", "1", "--expires", "2d"], 64, "--expires is for making a link"),
            (["share", "--all"], 64, "--all goes with --list"),
            (["share", "--revoke", "5"], 1, "no share link has id 5"),
            (["share", "--log", "5"], 1, "no share link has id 5"),
            (["share", "--revoke", "x"], 64, "--revoke"),
            (["share", "--view", "all", "--claim", "1"], 64, "give --view or --claim, not both"),
            (["share", "--list", "--view", "all"], 64, "--view is for making a link"),
            (["share", "--list", "--views", "/nonexistent.json"], 64, "--views is for making"),
            (["share", "--url", "http://host:99999"], 64, "is not a server's address"),
            (["share", "--expires", "9999999h"], 65, "a link lives at most a year (366d)"),
        ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--luxury")
        _ = try sandbox.succeed(["claim", "new", "--title", "Storm", "--items", "1"])
        _ = try sandbox.succeed(["share"])
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("SQL"))
        #expect(result.stdout.isEmpty)
        #expect(try sandbox.dump() == before)
    }
}
