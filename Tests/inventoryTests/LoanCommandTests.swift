import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

/// Loans and items leaving the household, through the command line: `lend`, `return`,
/// `leave`, `bring-back`, the `on-loan` and `archive` views, what `due`, the calendar, `show`,
/// `history`, totals and exports make of them, an earlier release's file, and bad input.
@Suite struct LoanCommandTests {
    let sandbox = Sandbox()

    private func day(_ offset: String) throws -> String {
        try sandbox.shell("date -u -d '\(offset)' +%F").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aLoanIsShownDueAndEndedWithHistoryKeepingIt() throws {
        try sandbox.add("Cordless drill", "--price", "129")
        try sandbox.add("Ladder", "--price", "80")
        let lent = try sandbox.succeed(["lend", "1", "--to", "Sam next door", "--due", "2w"])
        let due = try day("+14 days")
        #expect(lent == "lent 1 Cordless drill to Sam next door, due back \(due)\n")
        // the on-loan view has it alone; the entire inventory still has both
        let onLoan = try #require(
            try sandbox.json(["list", "--view", "on-loan", "--json"]) as? [[String: Any]])
        #expect(onLoan.map { $0["name"] as? String } == ["Cordless drill"])
        #expect(onLoan.first?["lentTo"] as? String == "Sam next door")
        #expect(onLoan.first?["loanDue"] as? String == due)
        #expect(try sandbox.succeed(["list"]).contains("2 items"))
        let shown = try sandbox.succeed(["show", "1"])
        #expect(
            shown.contains(
                "On loan      Sam next door, since \(try day("today")), due back \(due)\n"),
            "\(shown)")
        // due within three weeks: back from Sam
        let things = try #require(
            try sandbox.json(["due", "--within", "3w", "--json"]) as? [[String: Any]])
        let loan = try #require(things.first { $0["kind"] as? String == "loan" })
        #expect(loan["what"] as? String == "back from Sam next door")
        #expect(loan["date"] as? String == due && loan["itemId"] as? Int == 1)
        // lent twice is refused; the return ends it, and history keeps who had it
        let twice = try sandbox.run(["lend", "1", "--to", "Bob"])
        #expect(twice.status == 1)
        #expect(
            twice.stderr
                == "inventory: item 1 \"Cordless drill\" is lent to Sam next door already; "
                + "nothing was changed\n")
        #expect(
            try sandbox.succeed(["return", "1"]) == "1 Cordless drill is back from Sam next door\n")
        let empty = try #require(
            try sandbox.json(["list", "--view", "on-loan", "--json"]) as? [[String: Any]])
        #expect(empty.isEmpty)
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("Sam next door"))
        let after = try #require(
            try sandbox.json(["due", "--within", "3w", "--json"]) as? [[String: Any]])
        #expect(!after.contains { $0["kind"] as? String == "loan" })
    }

    @Test func anItemThatLeftIsInTheArchiveOnlyAndComesBack() throws {
        try sandbox.add("Old TV", "--price", "400", "--warranty-until", try day("+10 days"))
        try sandbox.add("Sofa", "--price", "900", "--luxury")
        try sandbox.succeed(["lend", "1", "--to", "Jo"])
        let sold = try sandbox.succeed([
            "leave", "1", "--how", "SOLD", "--to", "Marketplace buyer", "--for", "80",
        ])
        #expect(sold == "1 Old TV sold to Marketplace buyer for 80.00 on \(try day("today"))\n")
        // gone from every view and total but the archive; its loan ended with it
        let list = try sandbox.succeed(["list"])
        #expect(!list.contains("Old TV") && list.contains("1 item · worth 900.00 USD"))
        let archive = try #require(
            try sandbox.json(["list", "--view", "archive", "--json"]) as? [[String: Any]])
        #expect(archive.map { $0["name"] as? String } == ["Old TV"])
        #expect(archive.first?["leftHow"] as? String == "sold")
        #expect(archive.first?["leftFor"] as? String == "80.00")
        #expect(archive.first?["lentTo"] is NSNull)
        #expect(
            try sandbox.succeed(["show", "1"]).contains(
                "Left         sold to Marketplace buyer for 80.00 on \(try day("today"))\n"))
        #expect(try sandbox.succeed(["list", "--search", "TV"]).contains("0 items"))
        // its warranty is nobody's business now
        let due = try #require(
            try sandbox.json(["due", "--within", "30d", "--json"]) as? [[String: Any]])
        #expect(!due.contains { $0["itemId"] as? Int == 1 })
        #expect(!(try sandbox.run(["check"]).stdout.contains("Old TV")))
        // it cannot be lent or leave again; it can come back
        #expect(
            try sandbox.run(["lend", "1", "--to", "Sam"]).stderr.contains("left the household on"))
        #expect(try sandbox.run(["leave", "1", "--how", "given"]).status == 1)
        #expect(try sandbox.succeed(["bring-back", "1"]) == "1 Old TV is back in the household\n")
        #expect(try sandbox.succeed(["list"]).contains("Old TV"))
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("Marketplace buyer"))
    }

    @Test func aStolenItemSaysHowToClaimAndABoxWithThingsInItStays() throws {
        try sandbox.succeed(["places", "add", "House / Garage"])
        try sandbox.add("Toolbox", "--location", "House / Garage")
        try sandbox.add("Hammer", "--price", "30")
        try sandbox.succeed(["move", "2", "--to", "1"])
        let refused = try sandbox.run(["leave", "1", "--how", "stolen"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "inventory: item 1 \"Toolbox\" holds 1 item; move them out first; "
                + "nothing was changed\n")
        let stolen = try sandbox.succeed(["leave", "2", "--how", "stolen"])
        #expect(
            stolen.contains("stolen on") && stolen.contains("claim new --title TITLE --items 2"))
        // out of its box: the box can go now
        #expect(try sandbox.succeed(["leave", "1", "--how", "discarded"]).contains("thrown out"))
        // a claim still takes the stolen item
        try sandbox.succeed(["claim", "new", "--title", "Burglary", "--items", "2"])
        #expect(try sandbox.succeed(["claim", "show", "1"]).contains("Hammer"))
        // and the stolen item's page names the claim it is on
        let shown = try sandbox.succeed(["show", "2"])
        #expect(shown.contains("Claims       1 Burglary"), "\(shown)")
    }

    @Test func theReportListsWhatLeftInAPeriod() throws {
        try sandbox.add("Old TV", "--price", "400")
        try sandbox.add("Bike", "--price", "300")
        try sandbox.add("Sofa", "--price", "900")
        try sandbox.succeed([
            "leave", "1", "--how", "sold", "--to", "Jo", "--for", "80", "--on", "2026-03-01",
        ])
        try sandbox.succeed(["leave", "2", "--how", "stolen", "--on", "2025-06-01"])
        try sandbox.succeed([
            "report", "--output", "r", "--left-since", "2026-01-01", "--left-until", "2026-12-31",
        ])
        let html = try String(contentsOfFile: sandbox.file("r/report.html"), encoding: .utf8)
        #expect(html.contains("Left the household, 2026-01-01 to 2026-12-31"))
        #expect(html.contains("#1 Old TV") && !html.contains("Bike"))
        #expect(html.contains("80.00 USD") && html.contains("Sofa"))
        // without a period, no such section; a period the wrong way round is refused
        try sandbox.succeed(["report", "--output", "plain"])
        let plain = try String(contentsOfFile: sandbox.file("plain/report.html"), encoding: .utf8)
        #expect(!plain.contains("Left the household") && !plain.contains("Old TV"))
        let bad = try sandbox.run([
            "report", "--output", "r2", "--left-since", "2026-12-31", "--left-until", "2026-01-01",
        ])
        #expect(bad.status == 65 && bad.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("r2")))
    }

    @Test func theCalendarFeedShowsALoanBesideMaintenance() throws {
        try sandbox.add("Boat", "--price", "42000")
        try sandbox.add("Trailer", "--price", "2500")
        try sandbox.succeed([
            "maintenance", "schedule", "1", "Antifouling", "--every", "1y", "--on", "2027-04-01",
        ])
        try sandbox.succeed(["lend", "2", "--to", "Harbour club", "--due", "2027-05-01"])
        try sandbox.succeed(["calendar", "--output", "due.ics"])
        let script = sandbox.script(
            "read.py",
            """
            import json, sys, icalendar
            with open(sys.argv[1], "rb") as f:
                calendar = icalendar.Calendar.from_ical(f.read())
            print(json.dumps([[str(e["SUMMARY"]), e.decoded("DTSTART").isoformat()]
                              for e in calendar.walk("VEVENT")]))
            """)
        let events = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try sandbox.tool("/usr/bin/python3", [script, sandbox.file("due.ics")]).utf8))
                as? [[String]])
        #expect(events.contains(["Boat: Antifouling", "2027-04-01"]))
        #expect(events.contains(["Trailer: back from Harbour club", "2027-05-01"]))
    }

    @Test func exportsCarryWhatLeftAndHomeboxSoldAndArchivedImport() throws {
        try sandbox.add("Old TV", "--price", "400")
        try sandbox.add("Drill", "--price", "129")
        try sandbox.succeed([
            "leave", "1", "--how", "given", "--to", "Charity shop", "--on", "2026-10-02",
        ])
        try sandbox.succeed([
            "lend", "2", "--to", "Sam", "--on", "2026-11-01", "--due", "2026-12-01",
        ])
        // the whole export has both; a view's export only that view's
        try sandbox.succeed(["export", "--format", "json", "--output", "all.json"])
        try sandbox.succeed(["export", "--format", "homebox", "--output", "hb.csv"])
        let homebox = try String(contentsOfFile: sandbox.file("hb.csv"), encoding: .utf8)
        #expect(homebox.contains("Old TV") && homebox.contains("HB.archived"))
        // in Homebox's own columns, as Homebox shows them: to whom and on which day
        let header = homebox.prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        let oldTV = try #require(
            homebox.split(separator: "\n").first { $0.contains("Old TV") }?.split(
                separator: ",", omittingEmptySubsequences: false
            ).map(String.init))
        func cell(_ column: String) -> String? {
            header.firstIndex(of: column).flatMap { oldTV.indices.contains($0) ? oldTV[$0] : nil }
        }
        #expect(cell("HB.sold_to") == "Charity shop" && cell("HB.sold_date") == "2026-10-02")
        #expect(cell("HB.field.How it left") == "given" && cell("HB.archived") == "true")
        let luxury = try sandbox.succeed(["export", "--format", "csv", "--view", "all"])
        #expect(luxury.contains("Old TV"))

        // into a new inventory: the JSON brings the departure and the loan back
        let other = Sandbox()
        try other.succeed(["import", sandbox.file("all.json")])
        let archive = try #require(
            try other.json(["list", "--view", "archive", "--json"]) as? [[String: Any]])
        #expect(archive.first?["leftTo"] as? String == "Charity shop")
        #expect(archive.first?["leftHow"] as? String == "given")
        #expect(archive.first?["leftOn"] as? String == "2026-10-02")
        let lent = try #require(
            try other.json(["list", "--view", "on-loan", "--json"]) as? [[String: Any]])
        #expect(lent.first?["loanDue"] as? String == "2026-12-01")

        // and our Homebox file too: archived, given to the charity shop
        let third = Sandbox()
        try third.succeed(["import", sandbox.file("hb.csv")])
        let fromHomebox = try #require(
            try third.json(["list", "--view", "archive", "--json"]) as? [[String: Any]])
        #expect(fromHomebox.map { $0["name"] as? String } == ["Old TV"])
        #expect(fromHomebox.first?["leftHow"] as? String == "given")

        // Homebox's own columns: a sold item, an archived one, a buyer of an unsold one
        let file = other.file("homebox.csv")
        try """
        HB.import_ref,HB.location,HB.labels,HB.quantity,HB.name,HB.archived,HB.sold_to,HB.sold_price,HB.sold_date
        a1,Home,,1,Bike,false,Neighbour,150,2025-06-01
        a2,Home,,1,Lamp,true,,0,
        a3,Home,,1,Chair,false,Cousin,0,

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = Sandbox()
        try imported.succeed(["import", file])
        let gone = try #require(
            try imported.json(["list", "--view", "archive", "--json"]) as? [[String: Any]])
        let bike = try #require(gone.first { $0["name"] as? String == "Bike" })
        #expect(bike["leftHow"] as? String == "sold" && bike["leftOn"] as? String == "2025-06-01")
        #expect(bike["leftTo"] as? String == "Neighbour" && bike["leftFor"] as? String == "150.00")
        let lamp = try #require(gone.first { $0["name"] as? String == "Lamp" })
        #expect(lamp["leftOn"] as? String == (try day("today")) && lamp["leftHow"] is NSNull)
        let here = try #require(imported.json(["list", "--json"]) as? [[String: Any]])
        #expect(here.map { $0["name"] as? String } == ["Chair"])
        #expect((here.first?["notes"] as? String)?.contains("Sold to: Cousin") == true)
    }

    @Test func anEarlierReleasesFileLendsAndKeepsItsHistory() throws {
        try sandbox.makeInventory(migrations: 20) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 0;
                INSERT INTO items (name, name_key, price, tags, tag_keys, attachments,
                    created_at, updated_at) VALUES
                    ('Boat', 'boat', 900000, '[]', '[]', '[]', 0, 0);
                """)
        }
        try sandbox.succeed(["lend", "1", "--to", "Harbour club"])
        try sandbox.succeed(["edit", "1", "--price", "9500"])
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("added") && history.contains("Harbour club"))
        #expect(try sandbox.succeed(["list", "--view", "on-loan"]).contains("Boat"))
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        try sandbox.add("Drill", "--price", "129")
        try sandbox.add("TV", "--price", "400")
        try sandbox.succeed(["lend", "1", "--to", "Sam", "--on", "2026-11-01"])
        try sandbox.succeed(["leave", "2", "--how", "sold"])
        let before = try sandbox.dump()
        for arguments in [
            ["lend", "1", "--to", "Bob"],
            ["lend", "2", "--to", "Bob"],
            ["lend", "9", "--to", "Bob"],
            ["lend", "1"],
            ["return", "2"],
            ["return", "9"],
            ["leave", "2", "--how", "sold"],
            ["leave", "1", "--how", "borrowed"],
            ["leave", "1", "--how", "sold", "--for", "-3"],
            ["leave", "1", "--how", "sold", "--for", "ten"],
            ["leave", "1", "--how", "sold", "--on", "2999-01-01"],
            ["leave", "1", "--how", "sold", "--to", "a\u{7}b"],
            ["leave", "1", "--how", "sold", "--if-version", "1"],
            ["bring-back", "1"],
            ["bring-back", "9"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("UPDATE"))
        }
        #expect(try sandbox.dump() == before)
        // a loan cannot be due before it began, nor be lent in the future
        try sandbox.succeed(["return", "1"])
        let afterReturn = try sandbox.dump()
        for arguments in [
            ["lend", "1", "--to", "Bob", "--on", "2026-11-10", "--due", "2026-11-01"],
            ["lend", "1", "--to", "Bob", "--on", "2999-01-01"],
            ["lend", "1", "--to", "  "],
            ["lend", "1", "--to", "Bob", "--due", "soon"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try sandbox.dump() == afterReturn)
    }
}
