import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

@Suite struct ClaimCommandTests {
    let sandbox = Sandbox()

    init() throws {
        try sandbox.add(
            "TV", "--price", "800", "--insured", "--location", "Living room", "--brand", "Sony",
            "--model", "X90K", "--serial", "S-1", "--purchased", "2022-05-20")
        try sandbox.add(
            "Laptop", "--price", "2000", "--luxury", "--purchased", "2024-11-20", "--description",
            "work laptop")
        try sandbox.add("Ring", "--price", "3000", "--luxury", "--insured")
        try sandbox.add("Chairs", "--price", "45", "--quantity", "4", "--location", "Dining room")
    }

    private func claim(_ id: Int) throws -> [String: Any] {
        try #require(try sandbox.json(["claim", "show", String(id), "--json"]) as? [String: Any])
    }

    @Test func aClaimIsMadeShownListedAndDeleted() throws {
        let id = try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--incident-date", "2026-11-20", "--kind",
            "theft", "--notes", "back door", "--items", "2,3,4",
        ])
        #expect(id == "1\n")
        let shown = try sandbox.succeed(["claim", "show", "1"])
        #expect(shown.hasPrefix("Claim 1: Burglary\n"))
        #expect(
            shown.contains(
                "3 items · worth 5,180.00 USD\n  insured      3,000.00\n  not insured  2,180.00\n  luxury       5,000.00\n"
            ))
        let json = try claim(1)
        #expect(
            json["kind"] as? String == "theft" && json["incidentDate"] as? String == "2026-11-20")
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(
            totals["items"] as? Int == 3 && totals["total"] as? String == "5180.00"
                && totals["notInsured"] as? String == "2180.00")
        let listed = try #require(
            try sandbox.json(["claim", "list", "--json"]) as? [[String: Any]])
        #expect(listed.map { $0["title"] as? String } == ["Burglary"])
        #expect(try sandbox.succeed(["claim", "list"]).contains("Burglary  theft  2026-11-20"))
        #expect(try sandbox.succeed(["claim", "delete", "1"]) == "deleted claim 1 Burglary\n")
        #expect(try sandbox.succeed(["claim", "list"]) == "no claims\n")
        #expect(try sandbox.succeed(["list"]).contains("4 items"), "the items stay")
    }

    @Test func thePickerCanBeScriptedSelectFilterToggleOff() throws {
        let result = try sandbox.run(
            ["claim", "new", "--title", "Burglary", "--select"],
            input: "1\n/lap\n1\n/\n1\n3\ndone\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n", "stdout gets the id alone")
        #expect(result.stderr.contains("1 [ ] Chairs"))
        #expect(result.stderr.contains("showing 1 matching \"lap\""))
        let items = try #require(try claim(1)["items"] as? [[String: Any]])
        #expect(
            items.map { $0["name"] as? String } == ["Laptop", "Ring"], "Chairs toggled on, then off"
        )
    }

    @Test func thePickerGivesHintsAndGoesOn() throws {
        let result = try sandbox.run(
            ["claim", "new", "--title", "Fire", "--select"], input: "9\nsell everything\n2\n\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("there is no line 9: lines 1 to 4 are shown\n"))
        #expect(result.stderr.contains("unknown command \"sell everything\""))
        #expect(
            (try claim(1)["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Laptop"]
        )
    }

    @Test(arguments: ["1\ncancel\n", "1\n2\n"])
    func cancellingOrEndOfInputSavesNothing(input: String) throws {
        let before = try sandbox.dump()
        let result = try sandbox.run(["claim", "new", "--title", "Fire", "--select"], input: input)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("inventory: cancelled; no claim was saved\n"))
        #expect(result.stdout.isEmpty)
        #expect(try sandbox.dump() == before)
    }

    @Test func onATerminalThePickerOpensWithoutBeingAskedFor() throws {
        // `script` gives the command a terminal and feeds it our lines.
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        script.arguments = [
            "-qec", "\(inventoryBinary) claim new --title Fire --db \(sandbox.database)",
            "/dev/null",
        ]
        script.environment = [
            "PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": sandbox.file("home"),
        ].merging(sanitizerEnvironment) { $1 }
        let input = Pipe()
        let output = Pipe()
        script.standardInput = input
        script.standardOutput = output
        try script.run()
        input.fileHandleForWriting.write(Data("2\ndone\n".utf8))
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(text.contains("Choose the items"))
        #expect(
            (try claim(1)["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Laptop"]
        )
    }

    @Test func editChangesFieldsAndItemsAndThePickerStartsWithTheClaimsItems() throws {
        try sandbox.succeed(["claim", "new", "--title", "Flood", "--kind", "water", "--items", "1"])
        try sandbox.succeed([
            "claim", "edit", "1", "--add-items", "3,4", "--remove-items", "1", "--title",
            "Basement flood",
        ])
        var json = try claim(1)
        #expect(json["title"] as? String == "Basement flood")
        #expect(
            (json["items"] as? [[String: Any]])?.map { $0["itemId"] as? Int } == [3, 4],
            "in the order given")
        let picked = try sandbox.run(["claim", "edit", "1", "--select"], input: "1\ndone\n")
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stderr.contains("1 [x] Chairs") && picked.stderr.contains("3 [x] Ring"))
        json = try claim(1)
        #expect((json["items"] as? [[String: Any]])?.map { $0["itemId"] as? Int } == [3])
    }

    @Test func aClaimedItemIsNotDeletedWithoutForceAndThenTheClaimKeepsACopy() throws {
        try sandbox.succeed(["claim", "new", "--title", "Burglary", "--items", "2,3"])
        let before = try sandbox.dump()
        let refused = try sandbox.run(["delete", "2"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "inventory: item 2 \"Laptop\" is in claim 1 \"Burglary\"; nothing was deleted (delete with --force to keep a copy of it in the claim)\n"
        )
        #expect(try sandbox.dump() == before)
        try sandbox.succeed(["delete", "2", "--force"])
        let items = try #require(try claim(1)["items"] as? [[String: Any]])
        #expect(items[0]["itemId"] is NSNull, "the copy keeps its place")
        #expect(
            items[0]["name"] as? String == "Laptop" && items[0]["price"] as? String == "2000.00")
        #expect(
            items[0]["purchaseDate"] as? String == "2024-11-20"
                && items[0]["luxury"] as? Bool == true)
        #expect(items[1]["itemId"] as? Int == 3)
        #expect(try sandbox.succeed(["claim", "show", "1"]).contains("deleted  Laptop"))
    }

    @Test func exportWritesTheAdjustersColumns() throws {
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--incident-date", "2026-11-20", "--items",
            "1,2,4",
        ])
        let csv = try sandbox.succeed(["claim", "export", "1", "--format", "csv"])
        let rows = csv.components(separatedBy: "\r\n")
        #expect(
            rows[0]
                == "Item description,Brand or manufacturer,Model number,Serial number,Quantity lost,Purchase date,Age in years,Purchase price each,Replacement value each,Receipt,Total worth,Room,Insured,Photo file"
                + ",Category,Condition,Replacement cost,Replacement source,Depreciation %,"
                + "Depreciation,Actual cash value,Held back,Released,How"
        )
        // the ledger: untagged items are "other" (10 years, 10 % a year)
        #expect(
            rows[1] == "TV,Sony,X90K,S-1,1,2022-05-20,4.5,800.00,,no,800.00,Living room,yes,"
                + ",other,good,800.00,,45,360.00,440.00,360.00,0.00,\"4.5 years of 10, good: 45 %\""
        )
        // the laptop and the chairs were not insured: listed with their cost, and not paid
        #expect(
            rows[2] == "Laptop — work laptop,,,,1,2024-11-20,2.0,2000.00,,no,2000.00,,no,"
                + ",other,good,2000.00,,0,0.00,0.00,0.00,0.00,"
                + "\"not insured when claimed: listed, not paid\"")
        #expect(
            rows[3] == "Chairs,,,,4,,,45.00,,no,180.00,Dining room,no,"
                + ",other,good,180.00,,0,0.00,0.00,0.00,0.00,"
                + "\"not insured when claimed: listed, not paid\"")
        #expect(rows.count == 5 && rows[4].isEmpty)
        let file = sandbox.file("loss.json")
        try sandbox.succeed(["claim", "export", "1", "--format", "json", "--output", file])
        #expect(permissions(file) == 0o600)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
                as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 3)
        #expect(
            items[0]["ageYears"] as? String == "4.5" && items[0]["total"] as? String == "800.00")
        #expect(items[2]["quantity"] as? Int == 4 && items[2]["insured"] as? Bool == false)
    }

    static let refusals: [([String], Int32, String)] = [
        (["claim", "show", "9"], 1, "inventory: no claim has id 9"),
        (["claim", "edit", "9", "--title", "x"], 1, "inventory: no claim has id 9"),
        (["claim", "delete", "9"], 1, "inventory: no claim has id 9"),
        (["claim", "export", "9", "--format", "csv"], 1, "inventory: no claim has id 9"),
        (["claim", "new", "--title", "x", "--items", "3-"], 65, "is not an id or a range"),
        (["claim", "new", "--title", "x", "--items", "a"], 65, "is not an id or a range"),
        (["claim", "new", "--title", "x", "--items", "5-2"], 65, "is not an id or a range"),
        (["claim", "new", "--title", "x", "--items", "1,99"], 65, "there is no item 99"),
        (["claim", "new", "--title", "x"], 65, "choose at least one item"),
        (
            ["claim", "new", "--title", "x", "--items", "1", "--incident-date", "2999-01-01"], 65,
            "is in the future"
        ),
        (
            ["claim", "new", "--title", "x", "--items", "1", "--incident-date", "2024-02-30"], 65,
            "no such day"
        ),
        (["claim", "new", "--title", "  ", "--items", "1"], 65, "a claim needs a title"),
        (["claim", "new", "--items", "1"], 64, "Missing expected argument '--title <title>'"),
        (["claim", "new", "--title", "x", "--kind", "meteor", "--items", "1"], 64, "meteor"),
        (["claim", "export", "1", "--format", "docx"], 64, "docx"),
    ]

    @Test(arguments: Self.refusals)
    func badInputIsOneLineAndWritesNothing(arguments: [String], status: Int32, message: String)
        throws
    {
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try sandbox.dump() == before)
    }

    @Test func aDatabaseMadeBeforeClaimsUpgradesInPlace() throws {
        try sandbox.makeInventory(migrations: 3) { database in
            try database.execute(
                """
                INSERT INTO items (name, name_key, price, created_at, updated_at) VALUES
                    ('Item 1', 'item 1', 100, 0, 0), ('Item 2', 'item 2', 100, 0, 0),
                    ('Item 3', 'item 3', 100, 0, 0), ('Item 4', 'item 4', 100, 0, 0)
                """)
        }
        #expect(try sandbox.succeed(["claim", "list"]) == "no claims\n")
        #expect(
            try sandbox.succeed(["claim", "new", "--title", "Flood", "--items", "1-4"]) == "1\n")
        #expect(try sandbox.succeed(["list"]).contains("4 items"))
    }
}
