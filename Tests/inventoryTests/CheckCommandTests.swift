import Foundation
import InventoryTestSupport
import Testing

/// `inventory check` and the settings it reads, through the command line.
@Suite struct CheckCommandTests {
    let sandbox = Sandbox()

    @Test func itListsWhatEachItemLacksAfterASummaryLine() throws {
        try sandbox.add("TV", "--brand", "Sony", "--price", "1299", "--tag", "electronics")
        try sandbox.add(
            "Ring", "--price", "300", "--luxury", "--insured", "--purchased", "2024-01-01")
        let output = try sandbox.succeed(["check"])
        #expect(
            output == """
                2 of 2 items need something
                #2  Ring: no photo
                #1  TV: no photo; no receipt (worth 1,299.00, more than 500.00); \
                no serial number (tagged electronics); no purchase date
                Off-site copy: none is set up (inventory offsite init keeps one away from the house)

                """)
        // the luxury view holds the ring only
        #expect(try sandbox.succeed(["check", "--view", "luxury"]).hasPrefix("1 of 1 item needs"))
        let strict = try sandbox.run(["check", "--strict"])
        #expect(strict.status == 1 && strict.stdout == output && strict.stderr.isEmpty)
    }

    @Test func itsJSONCarriesTheRulesAndTheThresholds() throws {
        try sandbox.add("TV", "--price", "1299")
        let json = try #require(try sandbox.json(["check", "--json"]) as? [String: Any])
        #expect(json["checked"] as? Int == 1 && json["needing"] as? Int == 1)
        #expect(json["receiptThreshold"] as? String == "500.00")
        let items = try #require(json["items"] as? [[String: Any]])
        let missing = try #require(items.first?["missing"] as? [[String: Any]])
        #expect(missing.map { $0["rule"] as? String } == ["photo", "receipt", "purchase-date"])
    }

    @Test func theThresholdsAreSettingsThatLast() throws {
        try sandbox.add("TV", "--price", "1299", "--purchased", "2025-01-01")
        try sandbox.succeed(["settings", "--receipt-threshold", "2,000", "--title", "The Martins"])
        #expect(try sandbox.succeed(["check"]).contains("#1  TV: no photo\n"))
        let settings = try sandbox.succeed(["settings"])
        #expect(settings.contains("title              The Martins\n"))
        #expect(settings.contains("receipt threshold  2,000.00\n"))
        // as an inventory reviewed long ago holds it (the command line reviews today only)
        try sandbox.sqlite("UPDATE items SET reviewed_at = '2000-01-01'")
        #expect(try sandbox.succeed(["check"]).contains("not reviewed since 2000-01-01"))
        try sandbox.succeed(["settings", "--title", ""])
        #expect(try sandbox.succeed(["settings"]).contains("Home inventory (default)"))
    }

    @Test func aLuxuryItemOverItsSubLimitNeedsARiderWhichItsScheduledFlagRecords() throws {
        try sandbox.add(
            "Ring", "--price", "3200.50", "--luxury", "--insured", "--purchased", "2024-01-01",
            "--tag", "Jewelry")
        #expect(try sandbox.succeed(["check"]).contains("#1  Ring: no photo; no receipt"))
        try sandbox.succeed(["settings", "--special-limit", "jewelry=1500"])
        #expect(
            try sandbox.succeed(["check"]).contains(
                "not on a rider (worth 3,200.50, over the jewelry sub-limit of 1,500.00)"))
        try sandbox.succeed(["edit", "1", "--scheduled"])
        #expect(!(try sandbox.succeed(["check"]).contains("rider")))
        #expect(try sandbox.succeed(["show", "1"]).contains("yes, scheduled on a rider"))
        #expect(try sandbox.succeed(["history", "1"]).contains("scheduled no -> yes"))
        // it travels in every export that can carry it
        let json = try sandbox.succeed(["export", "--format", "json"])
        #expect(json.contains("\"scheduled\":true"))
        let csv = try sandbox.succeed(["export", "--format", "csv"])
        #expect(csv.contains(",Insured,Scheduled,") && csv.contains(",yes,yes,"))
        let homebox = try sandbox.succeed(["export", "--format", "homebox"])
        #expect(homebox.contains("HB.field.Scheduled"))
        for (format, file) in [("json", "all.json"), ("csv", "all.csv"), ("homebox", "hb.csv")] {
            try sandbox.succeed(["export", "--format", format, "--output", file])
            let other = sandbox.file("other-\(format).sqlite")
            let imported = try sandbox.run(
                ["import", file, "--db", other, "--yes"], useDatabase: false)
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let shown = try sandbox.run(["show", "1", "--json", "--db", other], useDatabase: false)
            #expect(shown.stdout.contains("\"scheduled\":true"), "\(format)")
        }
    }

    @Test func badSettingsAreRefusedAndChangeNothing() throws {
        try sandbox.add("TV", "--price", "1299")
        let before = try sandbox.dump()
        for (arguments, message) in [
            (["--review-days", "0"], "a review interval is 1 to 36500 days"),
            (["--title", "a\nb"], "it holds a control character"),
            (["--title", String(repeating: "x", count: 201)], "the most is 200"),
            (["--receipt-threshold=-5"], "receipt threshold"),
            (["--receipt-threshold", "1.234"], "receipt threshold"),
            (["--currency", "EUR", "--title", "x"], "choose the currency alone"),
        ] {
            let result = try sandbox.run(["settings"] + arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try sandbox.dump() == before)
    }
}
