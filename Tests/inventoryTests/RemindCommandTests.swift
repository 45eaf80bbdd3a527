import Foundation
import InventoryTestSupport
import Testing

/// `inventory remind` through a recording `sendmail` on PATH and a webhook receiver on
/// loopback: each thing is sent once per channel, a failing channel is one line and exit 1,
/// and what it did not send is sent next time.
@Suite struct RemindCommandTests {
    let sandbox = Sandbox()

    /// PATH with the recording sendmail first.
    private var path: String { sandbox.file("bin") + ":/usr/bin:/bin" }

    private func recordingSendmail() throws {
        try FileManager.default.createDirectory(
            atPath: sandbox.file("bin"), withIntermediateDirectories: true)
        let script = sandbox.script(
            "bin/sendmail",
            """
            #!/bin/sh
            # a mail transfer agent that keeps each message, and its arguments
            n=$(ls '\(sandbox.file("mail"))' 2>/dev/null | wc -l)
            mkdir -p '\(sandbox.file("mail"))'
            { echo "ARGS: $*"; cat; } > '\(sandbox.file("mail"))'/$n.eml
            """)
        chmod(script, 0o755)
    }

    /// A webhook receiver: answers 200 (500 while the file `fail` exists) and keeps each POST.
    private func receiver() throws -> (url: String, process: Process) {
        let script = sandbox.script(
            "receiver.py",
            """
            import http.server, json, os, sys
            folder = sys.argv[1]
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers["Content-Length"]))
                    failing = os.path.exists(os.path.join(folder, "fail"))
                    if not failing:
                        with open(os.path.join(folder, "posts.jsonl"), "a") as f:
                            f.write(json.dumps({"type": self.headers["Content-Type"],
                                "title": self.headers["Title"],
                                "body": body.decode("utf-8")}) + "\\n")
                    self.send_response(500 if failing else 200)
                    self.end_headers()
                def log_message(self, *args): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            with open(os.path.join(folder, "port"), "w") as f:
                f.write(str(server.server_port))
            server.serve_forever()
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, sandbox.path]
        // its output goes nowhere: a child holding the tests' output open would keep the test
        // runner waiting after the tests end
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: sandbox.file("port")) {
            usleep(25_000)
        }
        let port = try String(contentsOfFile: sandbox.file("port"), encoding: .utf8)
        return ("http://127.0.0.1:\(port)/hook", process)
    }

    private func posts() throws -> [[String: String]] {
        guard let text = try? String(contentsOfFile: sandbox.file("posts.jsonl"), encoding: .utf8)
        else { return [] }
        return try text.split(separator: "\n").map {
            try #require(
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
        }
    }

    private func mails() -> [String] {
        let names =
            ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.file("mail"))) ?? [])
            .sorted()
        return names.compactMap {
            try? String(contentsOfFile: sandbox.file("mail/\($0)"), encoding: .utf8)
        }
    }

    @Test func eachThingIsSentOncePerChannelAndAFailureSendsItAgainLater() throws {
        try recordingSendmail()
        let (url, receiver) = try receiver()
        defer {
            // SIGKILL: the tests' process may pass on an ignored SIGTERM
            kill(receiver.processIdentifier, SIGKILL)
            receiver.waitUntilExit()
        }
        try sandbox.add("Boiler", "--price", "2400")
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Annual service", "--every", "1y", "--on",
            "2025-10-01",
        ])
        // no channel yet
        let none = try sandbox.run(["remind"], environment: ["PATH": path])
        #expect(none.status == 78 && none.stderr.contains("no channel to send through"))
        let set = try sandbox.succeed(["remind", "--email", "me@example.com", "--webhook", url])
        #expect(set.contains("e-mail to me@example.com; webhook \(url) (json)"))

        let first = try sandbox.run(["remind"], environment: ["PATH": path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.contains("email: sent 1 thing") && first.stdout.contains("webhook: sent 1")
        )
        let mail = try #require(mails().first)
        #expect(mail.contains("ARGS: -t -oi"))
        #expect(mail.contains("To: me@example.com\r\n"))
        #expect(mail.contains("Subject: Home inventory: 1 thing due (1 overdue)"))
        #expect(mail.contains("Content-Transfer-Encoding: base64\r\n"))
        let encoded = try #require(mail.components(separatedBy: "\r\n\r\n").last)
        let body = try #require(
            Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")))
        #expect(
            String(decoding: body, as: UTF8.self).contains(
                "2026-10-01 (overdue)  #1 Boiler: Annual service"))
        let post = try #require(try posts().first)
        #expect(post["type"] == "application/json")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(post["body"]!.utf8)) as? [String: Any])
        #expect(json["title"] as? String == "Home inventory: 1 thing due (1 overdue)")
        #expect((json["due"] as? [[String: Any]])?.first?["what"] as? String == "Annual service")

        // twice: nothing new
        let second = try sandbox.succeed(["remind"], environment: ["PATH": path])
        #expect(second.contains("email: nothing new") && second.contains("webhook: nothing new"))
        #expect(try mails().count == 1 && posts().count == 1)

        // a new thing due while the webhook fails: the e-mail goes, the webhook's stays
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Chimney sweep", "--on", "2026-01-10",
        ])
        #expect(FileManager.default.createFile(atPath: sandbox.file("fail"), contents: Data()))
        let failing = try sandbox.run(["remind"], environment: ["PATH": path])
        #expect(failing.status == 1)
        #expect(failing.stderr.split(separator: "\n").count == 1, "\(failing.stderr)")
        #expect(failing.stderr.contains("webhook: cannot call the webhook"))
        #expect(mails().count == 2)
        try FileManager.default.removeItem(atPath: sandbox.file("fail"))
        let again = try sandbox.succeed(["remind"], environment: ["PATH": path])
        #expect(again.contains("email: nothing new") && again.contains("webhook: sent 1 thing"))
        #expect(try posts().count == 2)

        // as text, for ntfy
        try sandbox.succeed(["remind", "--webhook-format", "text"])
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Check the pressure", "--on", "2026-02-01",
        ])
        try sandbox.succeed(["remind"], environment: ["PATH": path])
        let text = try #require(try posts().last)
        #expect(text["type"] == "text/plain; charset=utf-8")
        #expect(text["title"] == "Home inventory: 1 thing due (1 overdue)")
        #expect(text["body"] == "2026-02-01 (overdue)  #1 Boiler: Check the pressure\n")
        // a title beyond ASCII goes as RFC 2047 words, which ntfy decodes
        try sandbox.succeed(["settings", "--title", "Maison Dupré"])
        try sandbox.succeed(["maintenance", "schedule", "1", "Sweep", "--on", "2026-03-01"])
        try sandbox.succeed(["remind"], environment: ["PATH": path])
        let encodedTitle = try #require(try posts().last?["title"])
        #expect(
            encodedTitle.hasPrefix("=?UTF-8?B?") && !encodedTitle.contains("é"), "\(encodedTitle)")
    }

    @Test func oneRoundAtATimeAndARestoreKeepsWhereRemindersGoAndWhatWasSent() throws {
        try recordingSendmail()
        try sandbox.add("Boiler", "--price", "2400")
        try sandbox.succeed(["backup", sandbox.file("before.zip")])
        try sandbox.succeed(["maintenance", "schedule", "1", "Service", "--on", "2026-01-01"])
        try sandbox.succeed(["remind", "--email", "me@example.com"])
        let link = try sandbox.succeed([
            "calendar", "--new-link", "--address", "https://house.example",
        ]).trimmingCharacters(in: .whitespacesAndNewlines)

        // another round holds it (serve's, say): this one sends nothing, and says so
        try sandbox.sqlite(
            "INSERT INTO settings (key, value) VALUES ('round.reminders_until', '99999999999999')")
        let held = try sandbox.run(["remind"], environment: ["PATH": path])
        #expect(held.status == 0 && held.stdout.contains("another round is sending"))
        #expect(mails().isEmpty)
        // a hold that ended (its round was killed) holds nothing
        try sandbox.sqlite("UPDATE settings SET value = '1' WHERE key = 'round.reminders_until'")
        #expect(try sandbox.succeed(["remind"], environment: ["PATH": path]).contains("sent 1"))
        #expect(mails().count == 1)
        #expect(try sandbox.dump().allSatisfy { !$0.contains("round.reminders_until") })

        // a restore of a backup made before: the channel, the calendar's address and what was
        // sent are the household's now, not the backup's
        func arrangements() throws -> [String] {
            try sandbox.dump().filter {
                ($0.hasPrefix("settings: ")
                    && ($0.contains("\"remind.") || $0.contains("\"calendar.")))
                    || $0.hasPrefix("reminders_sent: ")
            }
        }
        let kept = try arrangements()
        #expect(kept.count == 3, "\(kept)")
        #expect(link.hasSuffix(".ics"))
        try sandbox.succeed(["restore", sandbox.file("before.zip"), "--force"])
        #expect(try arrangements() == kept)
        try sandbox.succeed(["maintenance", "schedule", "1", "Service", "--on", "2026-01-01"])
        let after = try sandbox.succeed(["remind"], environment: ["PATH": path])
        #expect(after.contains("email: nothing new"), "\(after)")
        #expect(mails().count == 1)
        // a feed closed now stays closed after a restore of a backup made while it was open
        try sandbox.succeed(["backup", sandbox.file("open.zip")])
        try sandbox.succeed(["calendar", "--revoke"])
        try sandbox.succeed(["restore", sandbox.file("open.zip"), "--force"])
        #expect(try sandbox.dump().allSatisfy { !$0.contains("calendar.token_sha256") })
    }

    @Test func noSendmailIsOneLineAndBadChannelsAreRefused() throws {
        try sandbox.add("Boiler", "--price", "2400")
        try sandbox.succeed(["maintenance", "schedule", "1", "Service", "--on", "2026-01-01"])
        try sandbox.succeed(["remind", "--email", "me@example.com"])
        let result = try sandbox.run(["remind"], environment: ["PATH": sandbox.file("nothing")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no sendmail here to send e-mail"))
        let before = try sandbox.dump()
        for arguments in [
            ["remind", "--email", "not an address"],
            ["remind", "--email", "a@b"],
            ["remind", "--webhook", "ftp://example.com/x"],
            ["remind", "--webhook", "example.com"],
            ["remind", "--webhook", "http://x.example/\nfoo"],
            ["remind", "--webhook", "http://x.example/ -o /tmp/x"],
            ["remind", "--email", "a@b.c>"],
            ["remind", "--email", "ü@b.example"],
            ["remind", "--email", "a@."],
            ["remind", "--within", "soon"],
            ["remind", "--dry-run", "--email", "me@example.com"],
        ] {
            let refused = try sandbox.run(arguments)
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        #expect(try sandbox.dump() == before)
        // a dry run sends nothing and remembers nothing
        let dry = try sandbox.succeed(["remind", "--dry-run"], environment: ["PATH": path])
        #expect(dry.contains("email: would send 1"))
        #expect(try sandbox.dump() == before)
    }

    @Test func serveSendsWhenItStartsAndNeverTwice() throws {
        try recordingSendmail()
        let soon = try sandbox.shell("date -u -d '+3 days' +%F").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try sandbox.add("TV", "--price", "900", "--warranty-until", soon)
        try sandbox.succeed(["remind", "--email", "me@example.com"])
        for expected in ["Reminders: email: sent 1 thing", "Reminders: email: nothing new"] {
            let server = try RunningCommand(
                ["serve", "--port", "0"], in: sandbox, environment: ["PATH": path])
            defer { server.killIfRunning() }
            var lines: [String] = []
            // the reminders' line, and the server's own (it handles SIGTERM from then on)
            for count in 1...6
            where !lines.contains(where: { $0.hasPrefix("Reminders:") })
                || !lines.contains(where: { $0.contains("/signin?token=") })
            {
                lines = server.waitForLines(count)
            }
            #expect(lines.contains(expected), "\(lines) \(server.stderr)")
            server.send(SIGTERM)
            #expect(server.wait() == 0)
        }
        let mail = try FileManager.default.contentsOfDirectory(atPath: sandbox.file("mail"))
        #expect(mail.count == 1)
        // a time of day that is none is refused before anything starts
        let bad = try sandbox.run(["serve", "--remind-at", "25:00"])
        #expect(bad.status == 64 && bad.stderr.contains("--remind-at"))
    }
}
