import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

/// A claim is a record of the loss: each line keeps the item as it was claimed, whatever is
/// done to the item afterwards; only `claim refresh` takes the item's new values, on purpose,
/// and history shows it. Lines of items that were not insured are listed and not paid.
@Suite struct ClaimRecordTests {
    let sandbox = Sandbox()

    init() throws {
        try sandbox.add("TV", "--price", "1000", "--purchased", "2023-01-01")
        try sandbox.succeed([
            "claim", "new", "--title", "Fire", "--incident-date", "2026-11-01", "--items", "1",
        ])
    }

    private func claim(_ id: Int = 1) throws -> [String: Any] {
        try #require(try sandbox.json(["claim", "show", String(id), "--json"]) as? [String: Any])
    }

    private func lines(_ id: Int = 1) throws -> [[String: Any]] {
        try #require(try claim(id)["items"] as? [[String: Any]])
    }

    @Test func anEditAfterTheLossChangesNoPartOfTheClaim() throws {
        let before = (
            show: try sandbox.succeed(["claim", "show", "1"]),
            list: try sandbox.succeed(["claim", "list"]),
            csv: try sandbox.succeed(["claim", "export", "1", "--format", "csv"]),
            json: try sandbox.succeed(["claim", "export", "1", "--format", "json"]),
            html: try sandbox.succeed(["claim", "export", "1", "--format", "html"])
        )
        try sandbox.succeed([
            "edit", "1", "--price", "5000", "--insured", "--name", "Big TV", "--tag",
            "electronics", "--serial", "SN-9",
        ])
        let line = try #require(try lines().first)
        #expect(line["name"] as? String == "TV" && line["price"] as? String == "1000.00")
        #expect(line["insured"] as? Bool == false && line["serial"] is NSNull)
        #expect(line["tags"] as? [String] == [])
        let ledger = try #require(line["ledger"] as? [String: Any])
        #expect(ledger["replacementCost"] as? String == "1000.00")
        #expect(ledger["covered"] as? Bool == false)
        #expect(try sandbox.succeed(["claim", "list"]) == before.list)
        #expect(try sandbox.succeed(["claim", "export", "1", "--format", "csv"]) == before.csv)
        #expect(try sandbox.succeed(["claim", "export", "1", "--format", "json"]) == before.json)
        #expect(try sandbox.succeed(["claim", "export", "1", "--format", "html"]) == before.html)
        let exported = try #require(
            try sandbox.json(["export", "--format", "json"]) as? [String: Any])
        let claimed = try #require(
            ((exported["claims"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        #expect(claimed["price"] as? String == "1000.00" && claimed["insured"] as? Bool == false)

        // What changed since is said, field by field, and the line is otherwise as it was.
        let show = try sandbox.succeed(["claim", "show", "1"])
        #expect(
            show.contains(
                "line 1 #1 TV has changed since it was claimed: name TV -> Big TV, price "
                    + "1,000.00 -> 5,000.00, insured no -> yes, serial — -> SN-9, tags — -> "
                    + "electronics"))
        #expect(show.contains("payable now        0.00 USD"))
        let changed = try #require(line["changedSince"] as? [[String: Any]])
        #expect(
            changed.map { $0["field"] as? String } == [
                "name", "price", "insured", "serial", "tags",
            ])
        #expect(changed[1]["claimed"] as? String == "1,000.00")
        #expect(changed[1]["now"] as? String == "5,000.00")
        #expect(before.show.contains("payable now        0.00 USD"))
        #expect(!before.show.contains("changed since"))
    }

    @Test func refreshTakesTheItemsValuesOnPurposeAndHistoryShowsIt() throws {
        try sandbox.succeed(["edit", "1", "--price", "5000", "--insured"])
        let refreshed = try sandbox.succeed(["claim", "refresh", "1", "1"])
        #expect(
            refreshed
                == "claim 1, line 1 TV now records: price 1,000.00 -> 5,000.00, insured no -> yes\n"
        )
        let line = try #require(try lines().first)
        #expect(line["price"] as? String == "5000.00" && line["insured"] as? Bool == true)
        #expect((line["changedSince"] as? [Any])?.isEmpty == true)
        #expect(
            try sandbox.succeed(["claim", "refresh", "1", "1"])
                == "claim 1, line 1 TV: unchanged (the item is as claimed)\n")
        let history = try sandbox.succeed(["history", "1"])
        #expect(
            history.split(separator: "\n").first?.hasSuffix(
                "#1 TV  claim 1 line 1 took the item's values: price 1,000.00 -> 5,000.00, "
                    + "insured no -> yes") == true, "\(history)")
        let entries = try #require(
            try sandbox.json(["history", "1", "--json"]) as? [[String: Any]])
        #expect(entries.first?["change"] as? String == "claim-refreshed")
        #expect(entries.first?["fields"] as? [String] == ["price", "insured"])
        #expect(
            (entries.first?["before"] as? [String: Any])?["price"] as? String == "1000.00")
        #expect(entries.count == 3, "added, edited, refreshed")
    }

    @Test func refreshRefusesALineWithoutItsItemAndBadInputChangesNothing() throws {
        try sandbox.add("Lamp", "--price", "30")
        try sandbox.succeed(["claim", "edit", "1", "--add-items", "2"])
        try sandbox.succeed(["delete", "2", "--force"])
        let before = try sandbox.dump()
        for (arguments, status, message) in [
            (["claim", "refresh", "1", "--line", "2"], Int32(65), "has been deleted"),
            (["claim", "refresh", "1", "2"], 65, "claim 1 has no item 2"),
            (["claim", "refresh", "9", "1"], 1, "no claim has id 9"),
            (["claim", "refresh", "1"], 64, "name the claimed item's id"),
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
        #expect(try sandbox.dump() == before)
    }

    @Test func aLineNotInsuredIsListedAndNotPaid() throws {
        try sandbox.add("Ring", "--price", "2000", "--purchased", "2023-01-01", "--insured")
        try sandbox.succeed(["claim", "edit", "1", "--add-items", "2"])
        let json = try claim()
        let items = try #require(json["items"] as? [[String: Any]])
        let tv = try #require(items[0]["ledger"] as? [String: Any])
        #expect(tv["covered"] as? Bool == false)
        #expect(tv["actualCashValue"] as? String == "0.00" && tv["heldBack"] as? String == "0.00")
        #expect(tv["how"] as? String == "not insured when claimed: listed, not paid")
        let ring = try #require(items[1]["ledger"] as? [String: Any])
        // 3.8 years of 10 (other), good: 38 %
        #expect(ring["actualCashValue"] as? String == "1240.00")
        let totals = try #require(json["ledger"] as? [String: Any])
        #expect(totals["payable"] as? String == "1240.00")
        #expect(totals["notCovered"] as? String == "1000.00")
        #expect(totals["replacementCost"] as? String == "2000.00")
        let show = try sandbox.succeed(["claim", "show", "1"])
        #expect(show.contains("  payable now        1,240.00 USD\n"))
        #expect(
            show.contains(
                "  not covered        1,000.00  (1 line not insured when claimed: listed, not paid)"
            ))
        let html = try sandbox.succeed(["claim", "export", "1", "--format", "html"])
        #expect(html.contains("Not covered: 1 line not insured when claimed, 1,000.00 USD"))
        let csv = try sandbox.succeed(["claim", "export", "1", "--format", "csv"])
        #expect(
            csv.contains(",0.00,0.00,0.00,0.00,\"not insured when claimed: listed, not paid\"\r\n"))
    }

    @Test func anIncidentBeforeAnItemWasBoughtIsRefused() throws {
        try sandbox.add("Lamp", "--price", "30", "--purchased", "2026-11-15")
        let before = try sandbox.dump()
        for arguments in [
            ["claim", "new", "--title", "Early", "--incident-date", "2022-12-31", "--items", "1"],
            ["claim", "edit", "1", "--incident-date", "2022-12-31"],
            ["claim", "edit", "1", "--add-items", "2"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(result.stderr.contains("was bought"), "\(result.stderr)")
            #expect(try sandbox.dump() == before, "\(arguments)")
        }
        #expect(
            try sandbox.run(["claim", "edit", "1", "--incident-date", "2022-12-31"]).stderr
                == "inventory: cannot save the claim: the incident date 2022-12-31 is before item 1 (TV) was bought "
                + "(2023-01-01): one of the dates is wrong\n")
        // the same date, with a title changed, is not refused again
        try sandbox.succeed(["claim", "edit", "1", "--title", "House fire"])
    }

    @Test func aForcedDeleteKeepsTheLineAsClaimedWithItsFiles() throws {
        writePNG(at: sandbox.file("tv.png"), seed: "tv")
        try sandbox.add("Radio", "--price", "50", "--photo", sandbox.file("tv.png"))
        try sandbox.succeed(["claim", "edit", "1", "--add-items", "2"])
        try sandbox.succeed(["edit", "2", "--price", "75", "--no-photo"])
        try sandbox.succeed(["delete", "2", "--force"])
        let line = try #require(try lines().last)
        #expect(line["itemId"] is NSNull)
        #expect(line["price"] as? String == "50.00", "as claimed, not as edited later")
        let files = try #require(line["files"] as? [[String: Any]])
        let name = try #require(files.first?["file"] as? String)
        #expect(
            FileManager.default.fileExists(atPath: sandbox.file("photos/\(name)")),
            "the claim's photo stays stored")
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        try sandbox.succeed(["claim", "delete", "1"])
        let cleared = try sandbox.run(["verify"])
        #expect(cleared.status == 0, "\(cleared.stdout)\(cleared.stderr)")
    }

    @Test func aFileOfAnEarlierReleaseIsFrozenAtTheUpgrade() throws {
        try sandbox.makeInventory(migrations: 12) { database in
            try database.execute(
                """
                INSERT INTO items (name, name_key, price, purchase_date, tags, tag_keys,
                    created_at, updated_at) VALUES
                    ('Camera', 'camera', 90000, '2024-03-01', '["Photo"]', '["photo"]', 0, 0),
                    ('Lamp', 'lamp', 3000, NULL, '[]', '[]', 0, 0);
                INSERT INTO claims (title, incident_date, kind, created_at, updated_at)
                    VALUES ('Burglary', '2026-10-01', 'theft', 0, 0);
                INSERT INTO claim_items (claim_id, position, item_id, value, has_receipt)
                    VALUES (1, 0, 1, NULL, 0);
                INSERT INTO claim_items (claim_id, position, item_id, name, price, quantity,
                    luxury, insured, value, has_receipt)
                    VALUES (1, 1, NULL, 'Vase', 12000, 1, 0, 1, NULL, 0);
                """)
        }
        var items = try lines()
        #expect(items.map { $0["name"] as? String } == ["Camera", "Vase"])
        #expect(
            items[0]["price"] as? String == "900.00" && items[0]["tags"] as? [String] == ["Photo"])
        try sandbox.succeed(["edit", "1", "--price", "1200"])
        items = try lines()
        #expect(items[0]["price"] as? String == "900.00", "frozen when the file was upgraded")
        #expect(items[1]["price"] as? String == "120.00" && items[1]["itemId"] is NSNull)
        #expect(try sandbox.run(["verify"]).status == 0)
    }
}
