import Foundation
import Testing

@Suite("serve on the command line")
struct ServeCommandTests {
    @Test("serving other machines needs a household password, which no output ever shows")
    func householdPassword() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--price", "12000")
        let refused = try sandbox.run(["serve", "--host", "0.0.0.0", "--port", "0"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "inventory serve: --host 0.0.0.0 serves other machines, which needs a household password: set one first with 'inventory serve --set-password'\n"
        )
        let short = try sandbox.run(["serve", "--set-password"], input: "short\n")
        #expect(short.status == 1)
        #expect(short.stderr.contains("at least 8 characters; nothing was changed"))
        let set = try sandbox.run(["serve", "--set-password"], input: "correct horse battery\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix("The household password is set"))
        for arguments in [
            ["export", "--format", "json"], ["settings"], ["history"], ["list", "--json"],
        ] {
            let output = try sandbox.succeed(arguments)
            #expect(!output.contains("scrypt") && !output.contains("correct horse"), "\(arguments)")
        }
        // Now it serves beyond this machine, saying how others sign in.
        let server = try RunningCommand(["serve", "--host", "0.0.0.0", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(3)
        #expect(
            lines.first?.hasPrefix("Other machines sign in at http://0.0.0.0:") == true, "\(lines)")
        #expect(server.stderr.contains("unencrypted"))
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }

    @Test("a new household password ends every session of the running server")
    func newPasswordEndsSessions() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat")
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(2)
        let address = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let signIn = try #require(lines.dropFirst().first?.split(separator: " ").last)
        let jar = sandbox.file("jar")
        _ = try sandbox.shell("curl -s -c '\(jar)' --max-time 10 '\(signIn)'")
        func status() throws -> String {
            try sandbox.shell(
                "curl -s -b '\(jar)' -o /dev/null -w '%{http_code}' --max-time 10 "
                    + "'\(address)/views/all'"
            ).stdout
        }
        #expect(try status() == "200")
        let set = try sandbox.run(["serve", "--set-password"], input: "correct horse battery\n")
        #expect(set.status == 0, "\(set.stderr)")
        // The server looks at the password once a second: waited for, at most a minute.
        var answer = try status()
        var rounds = 0
        while answer == "200", rounds < 600 {
            usleep(100_000)
            answer = try status()
            rounds += 1
        }
        #expect(answer == "401")
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }

    @Test("a restore under a running server: it serves the restored inventory on the same port")
    func restoreUnderTheServer() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--luxury")
        try sandbox.add("Chairs")
        let made = try sandbox.succeed(["share", "--view", "luxury"])
        let token = String(try #require(made.split(separator: "\n").dropFirst().first).suffix(64))
        try sandbox.succeed(["backup", sandbox.file("before.zip")])
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(2)
        let address = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let signIn = try #require(lines.dropFirst().first?.split(separator: " ").last)
        let jar = sandbox.file("jar")
        _ = try sandbox.shell("curl -s -c '\(jar)' --max-time 10 '\(signIn)'")
        // An open event stream, read in the background.
        let stream = sandbox.file("stream.txt")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        reader.arguments = [
            "-sN", "-b", jar, "--max-time", "60", "-o", stream, address + "/api/changes",
        ]
        try reader.run()
        defer { reader.terminate() }
        // Open once it says it follows, not after a guessed delay.
        let deadline = Date().addingTimeInterval(60)
        while (try? String(contentsOfFile: stream, encoding: .utf8))?.contains("following") != true,
            Date() < deadline
        { usleep(10_000) }
        try sandbox.succeed(["edit", "2", "--luxury"])
        let shared = address + "/share/" + token
        func status(_ path: String) throws -> String {
            try sandbox.shell("curl -s -o /dev/null -w '%{http_code}' --max-time 10 '\(path)'")
                .stdout
        }
        // The server follows the edit made by another process (waited for, not slept on).
        var followed = try status(shared + "/items/2")
        let following = Date().addingTimeInterval(60)
        while followed != "200", Date() < following {
            usleep(20_000)
            followed = try status(shared + "/items/2")
        }
        #expect(followed == "200")
        try sandbox.succeed(["restore", sandbox.file("before.zip"), "--force"])
        let again = server.waitForLines(5)
        #expect(again.contains("The inventory was replaced (a restore): reading it again."))
        #expect(again.last?.hasPrefix("Serving the restored inventory again at \(address)") == true)
        #expect(try status(shared + "/items/2") == "404", "Chairs are not luxury in the backup")
        #expect(try status(shared + "/items/1") == "200")
        reader.waitUntilExit()
        let events = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
        #expect(events.contains("event: replaced"), "\(events)")
        // The session opened before the restore still works.
        let page = try sandbox.shell(
            "curl -s -b '\(jar)' -o /dev/null -w '%{http_code}' --max-time 10 '\(address)/views/all'"
        )
        #expect(page.stdout == "200")
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }

    @Test("a port in use, a bad port or a damaged file: one line, exit 1 or 64")
    func refusals() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat")
        let first = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { first.killIfRunning() }
        let line = first.waitForLines(1).first ?? ""
        let port = try #require(line.split(separator: ":").last.map(String.init), "\(line)")
        let busy = try sandbox.run(["serve", "--port", port])
        #expect(busy.status == 1)
        #expect(
            busy.stderr
                == "inventory serve: cannot serve on 127.0.0.1:\(port): the port is in use (choose another with --port)\n"
        )
        let bad = try sandbox.run(["serve", "--port", "99999"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--port must be between 0 and 65535"))
        try Data(repeating: 0x41, count: 4096).write(
            to: URL(fileURLWithPath: sandbox.file("damaged.sqlite")))
        let damaged = try sandbox.run(
            ["serve", "--db", sandbox.file("damaged.sqlite")], useDatabase: false)
        #expect(damaged.status == 1)
        #expect(damaged.stderr.hasPrefix("inventory serve: cannot open inventory"))
        #expect(!damaged.stderr.contains("SQL"))
        first.send(SIGINT)
        #expect(first.wait() == 0)
    }

    @Test("with a certificate and its key it serves HTTPS only, with Secure cookies")
    func https() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat")
        let made = try sandbox.shell(
            "openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 "
                + "-subj /CN=localhost 2>/dev/null")
        try #require(made.status == 0)
        let server = try RunningCommand(
            ["serve", "--port", "0", "--tls-cert", "cert.pem", "--tls-key", "key.pem"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(2)
        let line = try #require(lines.first { $0.contains("/signin?token=") }, "\(lines)")
        let link = String(line[try #require(line.range(of: "https://")).lowerBound...])
        let signIn = try sandbox.shell("curl -sk -i --max-time 10 '\(link)'")
        #expect(signIn.stdout.contains("HTTP/1.1 303"))
        #expect(signIn.stdout.contains(/Set-Cookie: [^\r\n]*; Secure/), "\(signIn.stdout)")
        #expect(
            signIn.stdout.contains("Strict-Transport-Security: max-age=31536000"),
            "\(signIn.stdout)")
        // TLS 1.0 and 1.1 are refused in the handshake (the client allowed to offer them).
        let port = try #require(link.split(separator: ":").last?.split(separator: "/").first)
        func handshake(_ version: String) throws -> Int32 {
            try sandbox.shell(
                "openssl s_client -connect 127.0.0.1:\(port) \(version) "
                    + "-cipher 'DEFAULT:@SECLEVEL=0' </dev/null >/dev/null 2>&1"
            ).status
        }
        #expect(try handshake("-tls1") != 0)
        #expect(try handshake("-tls1_1") != 0)
        #expect(try handshake("-tls1_2") == 0)
        let plain = try sandbox.shell(
            "curl -s -o /dev/null -w '%{http_code}' --max-time 10 '\(link.replacingOccurrences(of: "https:", with: "http:"))'"
        )
        #expect(plain.stdout != "303")
        server.send(SIGTERM)
        #expect(server.wait() == 0)
        let wrong = try sandbox.run([
            "serve", "--port", "0", "--tls-cert", "key.pem", "--tls-key", "key.pem",
        ])
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr
                == "inventory serve: cannot serve HTTPS: key.pem is not a PEM certificate (chain)\n"
        )
        let alone = try sandbox.run(["serve", "--tls-cert", "cert.pem"])
        #expect(alone.status == 64)
    }
}
