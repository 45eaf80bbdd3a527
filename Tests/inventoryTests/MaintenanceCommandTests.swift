import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

/// Maintenance and what is due, through the command line: schedules, the log and its files,
/// `due`, an earlier release's file, and bad input refused with nothing changed.
@Suite struct MaintenanceCommandTests {
    let sandbox = Sandbox()

    private func pdf(_ name: String) -> String {
        let path = sandbox.file(name)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8))
        return path
    }

    private var today: String {
        get throws {
            try sandbox.shell("date -u +%F").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func aScheduleTheLogAndWhatIsDue() throws {
        try sandbox.add("Boiler", "--price", "2400", "--purchased", "2020-09-01")
        try sandbox.add("Car", "--price", "18000", "--purchased", "2022-05-01")
        let scheduled = try sandbox.succeed([
            "maintenance", "schedule", "1", "Boiler service", "--every", "1y", "--on", "2026-10-01",
        ])
        #expect(scheduled.contains("schedule 1 Boiler service, every year from 2026-10-01"))
        try sandbox.succeed([
            "maintenance", "schedule", "2", "Oil change", "--every", "6m", "--from-last", "--on",
            "2025-01-01",
        ])
        // the boiler's first service is long overdue; the car's too
        var due = try #require(try sandbox.json(["due", "--json"]) as? [[String: Any]])
        #expect(due.filter { $0["kind"] as? String == "maintenance" }.count == 2)
        #expect(due.first?["overdue"] as? Bool == true)

        // a service in any case of its words counts for its schedule, with its receipt
        let recorded = try sandbox.succeed([
            "maintenance", "add", "1", "boiler SERVICE", "--on", "2026-09-20", "--cost", "140",
            "--by", "Heat & Co", "--file", pdf("bill.pdf"),
        ])
        // eleven days early: it settles 2026-10-01
        #expect(recorded.contains("recorded 1 boiler SERVICE on 2026-09-20; next due 2027-10-01"))
        let log = try #require(
            try sandbox.json(["maintenance", "1", "--json"]) as? [String: Any])
        let entries = try #require(log["log"] as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["cost"] as? String == "140.00")
        #expect(entries[0]["schedule"] as? Int == 1)
        let file = try #require(entries[0]["file"] as? String)
        #expect(FileManager.default.fileExists(atPath: sandbox.file("photos/\(file)")))
        let schedules = try #require(log["schedules"] as? [[String: Any]])
        #expect(schedules[0]["nextDue"] as? String == "2027-10-01")
        let text = try sandbox.succeed(["maintenance", "1"])
        #expect(text.contains("1 entry, 140.00 USD in all"))

        // what is due within a year: the boiler's next service, the car's oil; reviews of both
        due = try #require(
            try sandbox.json(["due", "--within", "13m", "--json"]) as? [[String: Any]])
        let kinds = due.map { "\($0["kind"]!) \($0["itemId"]!)" }
        #expect(kinds.contains("maintenance 1") && kinds.contains("maintenance 2"))
        #expect(kinds.contains("review 1"))
        #expect(try sandbox.succeed(["due"]).contains("DUE"))

        // the verify and backup know the receipt: verify finds nothing unused
        #expect(try sandbox.run(["verify"]).status == 0)
        // removing the entry takes its file, which nothing else uses
        try sandbox.succeed(["maintenance", "remove", "1", "1"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("photos/\(file)")))
        // deleting the item takes its log and its files
        try sandbox.succeed([
            "maintenance", "add", "2", "Oil change", "--file", pdf("oil.pdf"), "--cost", "89.90",
        ])
        let oil = try #require(
            ((try sandbox.json(["maintenance", "2", "--json"]) as? [String: Any])?["log"]
                as? [[String: Any]])?.first?["file"] as? String)
        try sandbox.succeed(["delete", "2"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("photos/\(oil)")))
        let after = try #require(try sandbox.json(["due", "--json"]) as? [[String: Any]])
        #expect(!after.contains { $0["itemId"] as? Int == 2 })
    }

    @Test func anEntryCountsForItsOwnThingOnlyAndASchedulesPastEntriesCount() throws {
        try sandbox.add("Boat", "--price", "42000")
        try sandbox.succeed([
            "maintenance", "add", "1", "Engine service", "--on", "2026-10-01", "--cost", "300",
        ])
        // a schedule made later takes the entry of its thing logged before
        let made = try sandbox.succeed([
            "maintenance", "schedule", "1", "engine service", "--every", "6m", "--from-last",
        ])
        #expect(made.contains("next due 2027-04-01"), "\(made)")
        try sandbox.succeed(["maintenance", "schedule", "1", "Flares", "--on", "2027-02-01"])
        // another job settles neither
        try sandbox.succeed(["maintenance", "add", "1", "Replaced a broken winch"])
        let log = try #require(
            try sandbox.json(["maintenance", "1", "--json"]) as? [String: Any])
        let schedules = try #require(log["schedules"] as? [[String: Any]])
        #expect(schedules.map { $0["nextDue"] as? String } == ["2027-04-01", "2027-02-01"])
        #expect((log["log"] as? [[String: Any]])?.last?["schedule"] is NSNull)
    }

    @Test func aWarrantyEndingIsDueFromThirtyDaysAhead() throws {
        let today = try self.today
        let soon = try sandbox.shell("date -u -d '+20 days' +%F").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let later = try sandbox.shell("date -u -d '+60 days' +%F").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try sandbox.add("TV", "--price", "900", "--purchased", today, "--warranty-until", soon)
        try sandbox.add("Drill", "--price", "120", "--purchased", today, "--warranty-until", later)
        try sandbox.add("Knife", "--price", "90", "--purchased", today, "--lifetime-warranty")
        let due = try #require(
            try sandbox.json(["due", "--within", "7d", "--json"]) as? [[String: Any]])
        #expect(due.map { $0["name"] as? String } == ["TV"])
        let longer = try #require(
            try sandbox.json(["due", "--within", "3m", "--json"]) as? [[String: Any]])
        #expect(longer.compactMap { $0["name"] as? String }.sorted() == ["Drill", "TV"])
        // a notice of 90 days: check and due say so of the drill too
        try sandbox.succeed(["settings", "--warranty-notice", "90"])
        let noticed = try #require(
            try sandbox.json(["due", "--within", "7d", "--json"]) as? [[String: Any]])
        #expect(noticed.compactMap { $0["name"] as? String }.sorted() == ["Drill", "TV"])
        let check = try sandbox.run(["check"])
        #expect(check.stdout.contains("Drill: ") && check.stdout.contains("warranty ends \(later)"))
    }

    @Test func anEarlierReleasesFileTakesSchedules() throws {
        try sandbox.makeInventory(migrations: 19) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 0;
                INSERT INTO items (name, name_key, price, tags, tag_keys, attachments,
                    created_at, updated_at) VALUES
                    ('Boat', 'boat', 900000, '[]', '[]', '[]', 0, 0);
                """)
        }
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Antifouling", "--every", "1y", "--on", "2026-04-01",
        ])
        let log = try #require(
            try sandbox.json(["maintenance", "1", "--json"]) as? [String: Any])
        #expect((log["schedules"] as? [[String: Any]])?.count == 1)
    }

    @Test func historyTellsTheMaintenanceAndAnEarlierReleasesLogIsInIt() throws {
        try sandbox.makeInventory(migrations: 23) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 0;
                INSERT INTO items (name, name_key, price, tags, tag_keys, attachments,
                    created_at, updated_at) VALUES
                    ('Boiler', 'boiler', 240000, '[]', '[]', '[]', 0, 0);
                INSERT INTO maintenance_schedules (item_id, what, every_months, starts_on,
                    created_at) VALUES (1, 'Service', 12, '2025-10-01', 1000);
                INSERT INTO maintenance_entries (item_id, schedule_id, done_on, what, cost,
                    done_by, created_at) VALUES
                    (1, 1, '2025-10-02', 'Service', 14000, 'Heat & Co', 2000);
                """)
        }
        try sandbox.succeed([
            "maintenance", "add", "1", "Replaced valve", "--on", "2026-03-02", "--cost", "60",
        ])
        let lines = try sandbox.succeed(["history", "1"]).split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        // the one logged at the terminal names its user; an earlier release's log nobody
        #expect(
            lines[0].hasSuffix(
                "#1 Boiler  logged Replaced valve, done 2026-03-02, 60.00  (by \(NSUserName()))"))
        #expect(
            lines[1].hasSuffix("#1 Boiler  logged Service, done 2025-10-02, 140.00 by Heat & Co"))
        #expect(lines[2].hasSuffix("#1 Boiler  scheduled Service, every year from 2025-10-01"))
        #expect(lines[3].contains("#1 Boiler  added"))
        let json = try #require(try sandbox.json(["history", "1", "--json"]) as? [[String: Any]])
        #expect(
            json.map { $0["change"] as? String } == [
                "maintenance-logged", "maintenance-logged", "maintenance-scheduled", "added",
            ])
        #expect(json[0]["cost"] as? String == "60.00" && json[2]["everyMonths"] as? Int == 12)
    }

    @Test func theReportCanIncludeEachItemsLog() throws {
        try sandbox.add("Boat", "--price", "42000", "--luxury")
        try sandbox.add("Car", "--price", "18000")
        try sandbox.add("Kettle", "--price", "30", "--luxury")
        try sandbox.succeed([
            "maintenance", "add", "1", "Antifouling", "--on", "2026-03-28", "--cost", "640",
            "--by", "Marina yard",
        ])
        try sandbox.succeed(["maintenance", "add", "1", "Winch grease", "--on", "2026-05-02"])
        try sandbox.succeed([
            "maintenance", "add", "2", "Oil change", "--on", "2026-04-01", "--cost", "89.90",
        ])
        try sandbox.succeed(["report", "--output", "r", "--maintenance"])
        let html = try String(contentsOfFile: sandbox.file("r/report.html"), encoding: .utf8)
        #expect(html.contains("<h2>Maintenance</h2>"))
        #expect(html.contains("<caption>#1 Boat</caption>"))
        #expect(html.contains("<td class=\"date\">2026-03-28</td><td>Antifouling</td>"))
        #expect(html.contains("<td>Marina yard</td><td class=\"number\">640.00</td>"))
        #expect(html.contains("<caption>#2 Car</caption>"))
        #expect(!html.contains("<caption>#3 Kettle</caption>"), "no log, no table")
        #expect(html.contains("Spent on the maintenance of these 2 items: 729.90 USD"))
        // a view's report has the logs of its items only; without the flag, none
        try sandbox.succeed(["report", "--output", "lux", "--view", "luxury", "--maintenance"])
        let luxury = try String(contentsOfFile: sandbox.file("lux/report.html"), encoding: .utf8)
        #expect(luxury.contains("#1 Boat</caption>") && !luxury.contains("Oil change"))
        #expect(luxury.contains("maintenance of this item: 640.00 USD"))
        try sandbox.succeed(["report", "--output", "plain"])
        let plain = try String(contentsOfFile: sandbox.file("plain/report.html"), encoding: .utf8)
        #expect(!plain.contains("Antifouling"))
    }

    @Test func theJSONExportCarriesTheLogTheSchedulesAndTheTemplates() throws {
        try sandbox.add("Boat", "--price", "42000")
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Antifouling", "--every", "1y", "--on", "2026-04-01",
        ])
        try sandbox.succeed([
            "maintenance", "add", "1", "Antifouling", "--on", "2026-03-28", "--cost", "640",
            "--by", "Marina yard", "--file", pdf("yard.pdf"),
        ])
        try sandbox.succeed(["templates", "add", "Boats", "--tag", "boat", "--insured"])
        try sandbox.succeed(["export", "--format", "json", "--output", "all.json"])
        // the log as a CSV file of its own, a row per entry
        let csv = try sandbox.succeed(["export", "--format", "maintenance"])
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "Import ref,Item,Done on,What,Cost,By,File,Schedule,Every")
        #expect(rows.count == 2)
        #expect(rows[1].contains(",Boat,2026-03-28,Antifouling,640.00,Marina yard,"))
        #expect(rows[1].hasSuffix(",Antifouling,every year from 2026-04-01"))
        let other = Sandbox()
        for _ in 1...2 {
            // twice: the second import adds no second log
            try other.succeed([
                "import", sandbox.file("all.json"), "--files", sandbox.file("photos"),
            ])
        }
        let log = try #require(try other.json(["maintenance", "1", "--json"]) as? [String: Any])
        let schedules = try #require(log["schedules"] as? [[String: Any]])
        #expect(schedules.count == 1 && schedules[0]["nextDue"] as? String == "2027-04-01")
        let entries = try #require(log["log"] as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["cost"] as? String == "640.00")
        #expect(entries[0]["schedule"] as? Int == schedules[0]["number"] as? Int)
        let file = try #require(entries[0]["file"] as? String)
        #expect(FileManager.default.fileExists(atPath: other.file("photos/\(file)")))
        #expect(try other.succeed(["templates"]).contains("Boats"))
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        try sandbox.add("Boiler", "--price", "2400")
        try sandbox.succeed(["maintenance", "schedule", "1", "Service", "--every", "12m"])
        try sandbox.succeed(["maintenance", "add", "1", "Service"])
        let before = try sandbox.dump()
        for arguments in [
            ["maintenance", "add", "1", "  "],
            ["maintenance", "add", "1", "Service", "--on", "2999-01-01"],
            ["maintenance", "add", "1", "Service", "--cost", "-3"],
            ["maintenance", "add", "1", "Service", "--cost", "abc"],
            ["maintenance", "add", "1", "Service", "--file", sandbox.file("missing.pdf")],
            ["maintenance", "add", "1", "Service", "--schedule", "9"],
            ["maintenance", "add", "9", "Service"],
            ["maintenance", "add", "1", "a\u{7}b"],
            ["maintenance", "schedule", "1", "Service", "--every", "5q"],
            ["maintenance", "schedule", "1", "Service", "--every", "0m"],
            ["maintenance", "schedule", "1", "Service"],
            ["maintenance", "schedule", "1", "Service", "--from-last", "--on", "2026-01-01"],
            ["maintenance", "remove", "1", "9"],
            ["maintenance", "unschedule", "1", "9"],
            ["maintenance", "9"],
            ["due", "--within", "soon"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"))
        }
        #expect(try sandbox.dump() == before)
    }
}

/// The calendar feed, read by Python's `icalendar` as a calendar app reads it.
@Suite struct CalendarFeedTests {
    let sandbox = Sandbox()

    /// The events of `inventory calendar`: UID, summary and day, as icalendar parses them.
    private func events() throws -> [[String: String]] {
        try sandbox.succeed(["calendar", "--output", "due.ics", "--force"])
        let script = sandbox.script(
            "read.py",
            """
            import json, sys, icalendar
            with open(sys.argv[1], "rb") as f:
                calendar = icalendar.Calendar.from_ical(f.read())
            events = [{"uid": str(e["UID"]), "summary": str(e["SUMMARY"]),
                       "day": e.decoded("DTSTART").isoformat(),
                       "end": e.decoded("DTEND").isoformat()}
                      for e in calendar.walk("VEVENT")]
            print(json.dumps({"name": str(calendar["X-WR-CALNAME"]), "events": events}))
            """)
        let read = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try sandbox.tool("/usr/bin/python3", [script, sandbox.file("due.ics")]).utf8))
                as? [String: Any])
        #expect(read["name"] as? String == "Home inventory")
        return try #require(read["events"] as? [[String: String]])
    }

    @Test func eventsFollowTheirDaysAndGoWhenDone() throws {
        try sandbox.add("Boiler, gas; \"combi\"", "--price", "2400")
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Annual service", "--every", "1y", "--on",
            "2026-10-01",
        ])
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Replace the anode, which takes a long afternoon",
            "--on", "2027-01-15",
        ])
        var events = try self.events().filter { $0["uid"]!.hasPrefix("maintenance-") }
        #expect(events.count == 2)
        let service = try #require(events.first { $0["uid"]!.hasPrefix("maintenance-1@") })
        // a name with a comma, a semicolon and quotes comes back whole
        #expect(service["summary"] == "Boiler, gas; \"combi\": Annual service")
        #expect(service["day"] == "2026-10-01" && service["end"] == "2026-10-02")
        // a long summary is folded and read back whole
        #expect(
            events.contains {
                $0["summary"]
                    == "Boiler, gas; \"combi\": Replace the anode, which takes a long afternoon"
            })
        // the service done: the same event moves a year on; the one-time job done: it goes
        try sandbox.succeed(["maintenance", "add", "1", "Annual service", "--on", "2026-09-28"])
        try sandbox.succeed([
            "maintenance", "add", "1", "Replaced the anode", "--schedule", "2", "--on",
            try sandbox.shell("date -u +%F").stdout.trimmingCharacters(in: .whitespacesAndNewlines),
        ])
        events = try self.events().filter { $0["uid"]!.hasPrefix("maintenance-") }
        #expect(events.map { $0["uid"]! } == [service["uid"]!])
        #expect(events.first?["day"] == "2027-10-01")
    }

    @Test func theLinkIsMadeShownOnceAndRevoked() throws {
        try sandbox.add("Boiler", "--price", "2400")
        let link = try sandbox.succeed([
            "calendar", "--new-link", "--address", "https://house.example:8420/",
        ]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            link.wholeMatch(of: /https:\/\/house\.example:8420\/calendar\/[0-9a-f]{48}\.ics/) != nil
        )
        // the inventory keeps its digest, never the token
        let token = String(link.split(separator: "/").last!.dropLast(4))
        #expect(try !sandbox.dump().joined().contains(token))
        #expect(try sandbox.succeed(["calendar", "--revoke"]).contains("closed"))
        #expect(try sandbox.succeed(["calendar", "--revoke"]).contains("had no address"))
        for arguments in [
            ["calendar", "--new-link", "--address", "ftp://house"],
            ["calendar", "--new-link", "--revoke"],
            ["calendar", "--address", "https://x"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0 && result.stderr.split(separator: "\n").count == 1)
        }
    }
}
