import Foundation
import InventoryTestSupport
import Testing

/// The claim ledger through the command line: lines priced and replaced, what show and export
/// carry, the settings it reads, and bad input refused with nothing changed.
@Suite struct ClaimLedgerCommandTests {
    let sandbox = Sandbox()

    init() throws {
        // bought 2021-09-01: 4.2 years at the incident of 2025-11-15
        try sandbox.add(
            "TV", "--price", "1100", "--value", "1299", "--purchased", "2021-09-01", "--tag",
            "electronics", "--insured")
        try sandbox.add(
            "Ring", "--price", "3200.50", "--purchased", "2015-01-01", "--tag", "jewelry",
            "--insured")
        // 3.5 years at the incident
        try sandbox.add(
            "Sofa", "--price", "2200", "--purchased", "2022-05-01", "--tag", "furniture",
            "--insured")
        try sandbox.succeed([
            "claim", "new", "--title", "Fire", "--kind", "fire", "--incident-date", "2025-11-15",
            "--items", "1-3",
        ])
    }

    private func ledger(_ claim: Int = 1) throws -> (lines: [[String: Any]], totals: [String: Any])
    {
        let json = try #require(
            try sandbox.json(["claim", "show", String(claim), "--json"]) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        let totals = try #require(json["ledger"] as? [String: Any])
        return (try items.map { try #require($0["ledger"] as? [String: Any]) }, totals)
    }

    private func pdf(_ name: String) -> String {
        let path = sandbox.file(name)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8))
        return path
    }

    @Test func eachLineIsPricedByAgeCategoryAndCondition() throws {
        let (lines, totals) = try ledger()
        #expect(lines.map { $0["category"] as? String } == ["electronics", "jewelry", "furniture"])
        // TV: 4.2 years × 20 % = 84 %, capped at 80 %: 1,299.00 → 1,039.20 held back
        #expect(lines[0]["depreciation"] as? String == "1039.20")
        #expect(lines[0]["actualCashValue"] as? String == "259.80")
        #expect(lines[0]["how"] as? String == "4.2 years of 5, good: 80 % (the most taken)")
        #expect(lines[1]["depreciation"] as? String == "0.00")
        // sofa: 3.5 years × 10 % = 35 % of 2,200.00
        #expect(lines[2]["depreciation"] as? String == "770.00")
        #expect(totals["replacementCost"] as? String == "6699.50")
        #expect(totals["actualCashValue"] as? String == "4890.30")
        #expect(totals["payable"] as? String == "4890.30")

        let line = try sandbox.succeed(["claim", "line", "1", "3", "--condition", "poor"])
        #expect(line.contains("depreciation 1,155.00 (3.5 years of 10, poor ×1.5: 52.5 %)"))
        try sandbox.succeed([
            "claim", "line", "1", "1", "--replacement", "1,399.00", "--source",
            "https://shop.example/tv",
        ])
        let repriced = try ledger().lines[0]
        #expect(repriced["replacementCost"] as? String == "1399.00")
        #expect(repriced["source"] as? String == "https://shop.example/tv")
        #expect(repriced["pricedOn"] as? String != nil)
        try sandbox.succeed(["claim", "line", "1", "1", "--replacement", ""])
        #expect(try ledger().lines[0]["replacementCost"] as? String == "1299.00")
    }

    @Test func theClaimsReportCarriesTheReceiptOfTheReplacement() throws {
        let receipt = pdf("replacement.pdf")
        try sandbox.succeed([
            "claim", "replaced", "1", "1", "--paid", "1249", "--receipt", receipt,
            "--on", "2025-12-01",
        ])
        let html = try sandbox.succeed(["claim", "export", "1", "--format", "html"])
        #expect(html.contains("receipt <a href=\"#receipt-1\">R1</a>"))
        #expect(html.contains("<strong>R1</strong> · TV (#1) · the replacement&#39;s receipt"))
        let link = try #require(
            html.firstMatch(
                of: /<a href="data:application\/pdf;base64,([^"]+)" download="receipt-R1.pdf">/))
        #expect(
            Data(base64Encoded: String(link.1)) == FileManager.default.contents(atPath: receipt))
    }

    @Test func aReplacementReleasesWhatWasHeldBackAndItsReceiptIsKept() throws {
        let output = try sandbox.succeed([
            "claim", "replaced", "1", "1", "--paid", "1249", "--receipt", pdf("receipt.pdf"),
            "--on", "2025-12-01",
        ])
        #expect(output.contains("releases 989.20 of 1,039.20 held back"))
        let (lines, totals) = try ledger()
        #expect(lines[0]["released"] as? String == "989.20")
        #expect(lines[0]["replacedOn"] as? String == "2025-12-01")
        #expect(lines[0]["replacementReceipt"] as? Bool == true)
        #expect(totals["released"] as? String == "989.20")
        #expect(totals["payable"] as? String == "5879.50")  // 4,890.30 + 989.20
        // the receipt is one of the inventory's files: verified, backed up
        #expect(try sandbox.succeed(["verify"]).contains("1 stored file is whole"))
        try sandbox.succeed(["backup", "b.zip"])
        let listing = try sandbox.shell(
            "python3 -c \"import zipfile; print(zipfile.ZipFile('b.zip').namelist())\"")
        #expect(listing.stdout.contains(".pdf"))
        // a claim edit keeps what was recorded on the lines that stay
        try sandbox.succeed(["claim", "edit", "1", "--remove-items", "2"])
        #expect(try ledger().lines[0]["released"] as? String == "989.20")
        // deleting the claim removes the receipt nothing else uses
        try sandbox.succeed(["claim", "delete", "1"])
        let stored = try FileManager.default.contentsOfDirectory(atPath: sandbox.file("photos"))
        #expect(stored.filter { $0.hasSuffix(".pdf") }.isEmpty)
        #expect(try sandbox.succeed(["verify"]).contains("the database is whole"))
    }

    @Test func showAndExportCarryTheLedgerAndTheLimits() throws {
        try sandbox.succeed([
            "settings", "--coverage-limit", "5000", "--special-limit", "jewelry=1500",
        ])
        let shown = try sandbox.succeed(["claim", "show", "1"])
        for expected in [
            "Ledger", "HELD BACK", "4.2 years of 5, good: 80 % (the most taken)",
            "  actual cash value  4,890.30  (paid first)",
            "over the limit: 6,699.50 claimed, over the policy's personal-property limit of 5,000.00",
            "over the limit: jewelry: 3,200.50 claimed, over its sub-limit of 1,500.00",
        ] {
            #expect(shown.contains(expected), "claim show lacks \(expected)")
        }
        let csv = try sandbox.succeed(["claim", "export", "1", "--format", "csv"])
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(
            rows[0].hasSuffix(
                "Depreciation %,Depreciation,Actual cash value,Held back,Released,How"))
        #expect(
            rows[1].hasSuffix(
                ",electronics,good,1299.00,,80,1039.20,259.80,1039.20,0.00,"
                    + "\"4.2 years of 5, good: 80 % (the most taken)\""), "\(rows[1])")
        let json = try #require(
            try sandbox.json(["claim", "export", "1", "--format", "json"]) as? [String: Any])
        #expect((json["ledger"] as? [String: Any])?["heldBack"] as? String == "1809.20")
        let html = try sandbox.succeed(["claim", "export", "1", "--format", "html"])
        #expect(
            html.contains("What the insurer will pay") && html.contains("Over the limit: jewelry"))
    }

    @Test func aLineKeepsTheTermsOfWhenItWasMade() throws {
        // the table changes after the claim: claim 1 keeps 5 years, a new claim takes 10
        try sandbox.succeed([
            "settings", "--depreciation", "electronics=10y", "--max-depreciation", "90",
        ])
        #expect(
            try ledger().lines[0]["how"] as? String == "4.2 years of 5, good: 80 % (the most taken)"
        )
        try sandbox.succeed([
            "claim", "new", "--title", "Again", "--incident-date", "2025-11-15", "--items", "1",
        ])
        #expect(try ledger(2).lines[0]["how"] as? String == "4.2 years of 10, good: 42 %")
        // a category given on the line takes today's terms for it
        try sandbox.succeed(["claim", "line", "1", "1", "--category", "tools"])
        #expect(try ledger().lines[0]["how"] as? String == "4.2 years of 10, good: 42 %")
        let settings = try sandbox.succeed(["settings"])
        #expect(
            settings.contains("electronics 10y (yours)")
                && settings.contains("max depreciation   90 %"))
        try sandbox.succeed(["settings", "--depreciation", "electronics="])
        #expect(try sandbox.succeed(["settings"]).contains("electronics 5y,"))
    }

    @Test func theLedgerTravelsInTheJSONExport() throws {
        try sandbox.succeed([
            "claim", "line", "1", "1", "--replacement", "1399", "--source", "a shop",
            "--condition", "average",
        ])
        try sandbox.succeed(["claim", "replaced", "1", "3", "--paid", "2000", "--on", "2025-12-24"])
        let before = try ledger()
        try sandbox.succeed(["export", "--format", "json", "--output", "all.json"])
        let other = sandbox.file("other.sqlite")
        let imported = try sandbox.run(
            ["import", "all.json", "--db", other, "--yes"], useDatabase: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try sandbox.run(
            ["claim", "show", "1", "--json", "--db", other], useDatabase: false)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        let lines = items.compactMap { $0["ledger"] as? [String: Any] }
        for key in ["replacementCost", "source", "condition", "how", "released", "replacedOn"] {
            #expect(
                lines.map { String(describing: $0[key] ?? "none") }
                    == before.lines.map { String(describing: $0[key] ?? "none") }, "\(key)")
        }
        #expect(
            String(describing: (json["ledger"] as? [String: Any])?["payable"] ?? "")
                == String(describing: before.totals["payable"] ?? "-"))
    }

    @Test func aDeletedItemsLineIsPricedByItsNumberAndAReceiptReleases() throws {
        try sandbox.succeed(["delete", "3", "--force"])  // the sofa burnt; the claim keeps a copy
        #expect(try sandbox.succeed(["claim", "show", "1"]).contains("  3  deleted  Sofa"))
        try sandbox.succeed(["claim", "line", "1", "--line", "3", "--condition", "poor"])
        #expect(try ledger().lines[2]["depreciationPercent"] as? String == "52.5")
        let unproven = try sandbox.succeed([
            "claim", "replaced", "1", "--line", "3", "--paid", "2000",
        ])
        #expect(
            unproven.contains("nothing of the 1,155.00 held back is released until its receipt"))
        #expect(try ledger().lines[2]["released"] as? String == "0.00")
        try sandbox.succeed([
            "claim", "replaced", "1", "--line", "3", "--paid", "2000", "--receipt", pdf("r.pdf"),
        ])
        #expect(try ledger().lines[2]["released"] as? String == "955.00")  // 2,000 − 1,045
        for bad in [
            ["claim", "line", "1", "--line", "4", "--condition", "new"],
            ["claim", "line", "1", "1", "--line", "1", "--condition", "new"],
        ] {
            let result = try sandbox.run(bad)
            #expect(result.status != 0 && result.stderr.split(separator: "\n").count == 1, "\(bad)")
        }
    }

    @Test func subLimitsCountByTagAndLeaveRidersOut() throws {
        try sandbox.add(
            "Rifle", "--price", "4000", "--tag", "firearms", "--purchased", "2020-01-01",
            "--insured")
        try sandbox.succeed(["claim", "edit", "1", "--add-items", "4"])
        try sandbox.succeed([
            "settings", "--special-limit", "firearms=2500", "--special-limit", "jewelry=1500",
        ])
        var shown = try sandbox.succeed(["claim", "show", "1"])
        #expect(shown.contains("firearms: 4,000.00 claimed, over its sub-limit of 2,500.00"))
        #expect(shown.contains("jewelry: 3,200.50 claimed"))
        // Put on a rider after the loss: the claim keeps the ring as it was claimed until the
        // line takes the item's values on purpose.
        try sandbox.succeed(["edit", "2", "--scheduled"])
        shown = try sandbox.succeed(["claim", "show", "1"])
        #expect(shown.contains("jewelry: 3,200.50 claimed"))
        try sandbox.succeed(["claim", "refresh", "1", "2"])
        shown = try sandbox.succeed(["claim", "show", "1"])
        #expect(!shown.contains("jewelry: 3,200.50 claimed"), "the ring is on a rider")
    }

    @Test func theCurrencyStaysOnceTheLedgerHoldsAnAmount() throws {
        let empty = Sandbox()
        try empty.add("Lamp")
        try empty.succeed(["claim", "new", "--title", "Fire", "--items", "1"])
        try empty.succeed(["claim", "line", "1", "1", "--replacement", "12.50"])
        let refused = try empty.run(["settings", "--currency", "JPY"])
        #expect(refused.status == 1 && refused.stderr.contains("already holds amounts"))
    }

    @Test func aShortLifeIsAcceptedAndPricesALine() throws {
        try sandbox.succeed(["settings", "--depreciation", "electronics=6m"])
        try sandbox.succeed(["claim", "new", "--title", "Again", "--items", "1"])
        #expect(try ledger(2).lines[0]["how"] as? String != nil)
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        let before = try sandbox.dump()
        for (arguments, status, message) in [
            (
                ["claim", "line", "1", "9", "--condition", "poor"], 65,
                "claim 1 has no item 9"
            ),
            (["claim", "line", "7", "1", "--condition", "poor"], 1, "no claim has id 7"),
            (["claim", "line", "1", "1"], 64, "say what to change"),
            (["claim", "line", "1", "1", "--condition", "mint"], 64, "mint"),
            (
                ["claim", "line", "1", "1", "--category", "boats"], 65,
                "not a depreciation category"
            ),
            (["claim", "line", "1", "1", "--priced-on", "2999-01-01"], 65, "in the future"),
            (["claim", "line", "1", "1", "--replacement", "12.345"], 65, "replacement"),
            (["claim", "replaced", "1", "1", "--paid", "-3"], 64, "paid"),
            (
                ["claim", "replaced", "1", "1", "--paid", "10", "--receipt", "nowhere.pdf"], 65,
                "nowhere.pdf"
            ),
            (
                ["claim", "replaced", "1", "1", "--paid", "10", "--on", "2999-01-01"], 65,
                "in the future"
            ),
            (["settings", "--depreciation", "electronics=soon"], 65, "terms are a life"),
            (["settings", "--special-limit", "jewelry"], 65, "CATEGORY=VALUE"),
            (["settings", "--max-depreciation", "120"], 65, "0 to 100"),
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == Int32(status), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        // a file that is no receipt is refused and not kept
        let text = sandbox.file("notes.txt")
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
        let refused = try sandbox.run([
            "claim", "replaced", "1", "1", "--paid", "10", "--receipt", text,
        ])
        #expect(refused.status == 65)
        #expect(try sandbox.dump() == before)
    }
}
