import Foundation
import InventoryTestSupport
import Testing

/// The claim as the adjuster takes it: `claim export --format adjuster` read back by Python's
/// csv module, `--format xlsx` read back by LibreOffice, both compared with `claim show
/// --json` on a claim of 500 lines with sales tax, a line's own rate, business use and grouped
/// categories; payments and the balance; and bad input refused with nothing changed.
@Suite struct AdjusterExportTests {
    let sandbox = Sandbox()

    static let categories = ["clothing", "tools", "electronics", "furniture", "jewelry"]

    /// 500 things, a fifth of them clothing and a fifth tools, all in claim 1 (a fire on
    /// 2026-01-10) with a sales tax of 7.25 %, thing 3 used for business at its own 6.25 %, and
    /// clothing and tools grouped.
    private func bigClaim() throws {
        var rows =
            "Name,Description,Brand,Model,Quantity,Price,Purchase date,Location,Tags,Insured\n"
        for number in 1...500 {
            let price = 1000 + number * 317  // minor units
            rows +=
                "Thing \(number),\(number % 7 == 0 ? "note \(number)" : ""),"
                + "\(number % 3 == 0 ? "" : "Brand \(number % 13)"),"
                + "\(number % 4 == 0 ? "" : "M-\(number)"),\(1 + number % 3),"
                + "\(price / 100).\(String(format: "%02d", price % 100)),"
                + "20\(String(format: "%02d", 10 + number % 15))-\(String(format: "%02d", 1 + number % 12))-\(String(format: "%02d", 1 + number % 28)),"
                + "\(["Kitchen", "Bedroom", "Garage"][number % 3]),"
                + "\(Self.categories[number % 5]),\(number % 11 == 0 ? "no" : "yes")\n"
        }
        try rows.write(toFile: sandbox.file("rows.csv"), atomically: true, encoding: .utf8)
        try sandbox.succeed(["import", "rows.csv", "--yes"])
        try sandbox.succeed([
            "claim", "new", "--title", "Kitchen fire", "--kind", "fire", "--incident-date",
            "2026-01-10", "--items", "1-500",
        ])
        try sandbox.succeed([
            "claim", "edit", "1", "--sales-tax", "7.25%", "--group", "clothing,tools",
        ])
        try sandbox.succeed([
            "claim", "line", "1", "3", "--business-use", "yes", "--sales-tax", "6.25",
        ])
        try sandbox.succeed([
            "claim", "line", "1", "8", "--replacement", "99.95", "--condition", "poor",
        ])
        // thing 13 (furniture) is exempt from the tax
        try sandbox.succeed(["claim", "line", "1", "13", "--sales-tax", "0"])
    }

    private func shown() throws -> [String: Any] {
        try #require(try sandbox.json(["claim", "show", "1", "--json"]) as? [String: Any])
    }

    /// What the sheet should hold, worked out from `claim show --json`: a row per line, a row
    /// per grouped category where its first line is, as [column: value] (amounts as decimals).
    private func expectedRows(_ claim: [String: Any]) throws -> [[String: String]] {
        let items = try #require(claim["items"] as? [[String: Any]])
        let grouped = try #require(claim["grouped"] as? [String])
        var rows: [[String: String]] = []
        var groupIndex: [String: Int] = [:]
        var members: [String: [[String: Any]]] = [:]
        for item in items {
            let ledger = try #require(item["ledger"] as? [String: Any])
            let category = try #require(ledger["category"] as? String)
            if grouped.contains(category) {
                if groupIndex[category] == nil {
                    groupIndex[category] = rows.count
                    rows.append([:])
                }
                members[category, default: []].append(item)
                continue
            }
            let name = try #require(item["name"] as? String)
            let each =
                (ledger["replacementEach"] as? String) ?? (item["value"] as? String)
                ?? (item["price"] as? String) ?? ""
            rows.append([
                "Item description": (item["description"] as? String).map { "\(name) — \($0)" }
                    ?? name,
                "Brand or manufacturer": item["brand"] as? String ?? "",
                "Model number": item["model"] as? String ?? "",
                "Quantity lost": String(try #require(item["quantity"] as? Int)),
                "Cost to replace pre-tax (each)": each,
                "Condition": try #require(ledger["condition"] as? String),
                "Business use": try #require(ledger["businessUse"] as? Bool) ? "yes" : "no",
                "Room": item["location"] as? String ?? "",
                "Cost to replace pre-tax (total)": try #require(ledger["costBeforeTax"] as? String),
                "Sales tax rate": ledger["salesTaxRate"] as? String ?? "",
                "Sales tax": try #require(ledger["salesTax"] as? String),
                "Replacement cost": try #require(ledger["replacementCost"] as? String),
                "Depreciation %": try #require(ledger["depreciationPercent"] as? String),
                "Depreciation": try #require(ledger["depreciation"] as? String),
                "Actual cash value": try #require(ledger["actualCashValue"] as? String),
                "Held back": try #require(ledger["heldBack"] as? String),
                "Released": try #require(ledger["released"] as? String),
                "Covered": try #require(ledger["covered"] as? Bool) ? "yes" : "no",
                "Grouped": "",
            ])
        }
        for (category, index) in groupIndex {
            let lines = members[category]!
            func sum(_ key: String) throws -> Decimal {
                try lines.reduce(Decimal(0)) {
                    $0 + Decimal(
                        string: try #require(($1["ledger"] as? [String: Any])?[key] as? String))!
                }
            }
            rows[index] = [
                "Item description": category.prefix(1).uppercased() + category.dropFirst(),
                "Quantity lost": String(lines.reduce(0) { $0 + ($1["quantity"] as! Int) }),
                "Cost to replace pre-tax (total)": "\(try sum("costBeforeTax"))",
                "Sales tax": "\(try sum("salesTax"))",
                "Replacement cost": "\(try sum("replacementCost"))",
                "Depreciation": "\(try sum("depreciation"))",
                "Actual cash value": "\(try sum("actualCashValue"))",
                "Held back": "\(try sum("heldBack"))",
                "Released": "\(try sum("released"))",
                "Grouped": "\(lines.count) lines",
            ]
        }
        return rows
    }

    /// Whether `read` (a cell as a reader gave it back) says `expected`: amounts and
    /// percentages as numbers, whatever their trailing zeros.
    private func same(_ read: String, _ expected: String) -> Bool {
        if read == expected { return true }
        let number = read.hasSuffix("%") ? String(read.dropLast()) : read
        guard let left = Decimal(string: number), let right = Decimal(string: expected),
            !expected.isEmpty
        else { return false }
        return left == right
    }

    private func compare(_ read: [[String: String]], with expected: [[String: String]]) {
        #expect(read.count == expected.count)
        for (index, (row, want)) in zip(read, expected).enumerated() {
            for (column, value) in want where !same(row[column] ?? "", value) {
                Issue.record(
                    "row \(index + 1), \(column): read \(row[column] ?? "nil"), want \(value)")
            }
        }
    }

    @Test func theAdjustersCSVHoldsTheirColumnsAndTheLedgerAsPythonReadsIt() throws {
        try bigClaim()
        try sandbox.succeed(["claim", "export", "1", "--format", "adjuster", "--output", "a.csv"])
        let script = sandbox.script(
            "read.py",
            """
            import csv, json, sys
            with open(sys.argv[1], newline="", encoding="utf-8") as f:
                reader = csv.reader(f)
                header = next(reader)
                print(json.dumps({"header": header, "rows": [dict(zip(header, r)) for r in reader]}))
            """)
        let read = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.tool("python3", [script, sandbox.file("a.csv")]).utf8))
                as? [String: Any])
        // exactly the adjusters' columns first, in their order
        #expect(
            (read["header"] as? [String])?.prefix(9).elementsEqual([
                "Item description", "Brand or manufacturer", "Model number", "Quantity lost",
                "Item age", "Cost to replace pre-tax (each)", "Condition", "Business use", "Room",
            ]) == true)
        let rows = try #require(read["rows"] as? [[String: String]])
        let claim = try shown()
        let expected = try expectedRows(claim)
        // 300 lines of their own, and one for each of the two grouped categories
        #expect(rows.count == 302)
        compare(rows, with: expected)
        // an age in years and months at the incident: thing 1 was bought 2011-02-02
        #expect(rows[0]["Item age"] == "14 years 11 months")
        #expect(rows.first { $0["Item description"] == "Thing 3" }?["Business use"] == "yes")
        #expect(rows.first { $0["Item description"] == "Thing 3" }?["Sales tax rate"] == "6.25")
        let exempt = rows.first { $0["Item description"] == "Thing 13" }
        #expect(exempt?["Sales tax rate"] == "0" && exempt?["Sales tax"] == "0.00")
        #expect(rows.first { $0["Item description"] == "Clothing" }?["Grouped"] == "100 lines")
        // the sums of the sheet are the ledger's: what is not covered is listed, not paid
        let ledger = try #require(claim["ledger"] as? [String: Any])
        func sum(_ column: String) -> Decimal {
            rows.reduce(Decimal(0)) { $0 + Decimal(string: $1[column] ?? "0")! }
        }
        func figure(_ key: String) -> Decimal { Decimal(string: ledger[key] as! String)! }
        #expect(sum("Replacement cost") == figure("replacementCost") + figure("notCovered"))
        #expect(sum("Actual cash value") == figure("actualCashValue"))
        #expect(sum("Depreciation") == figure("depreciation"))
    }

    @Test func theWorkbookOpensInLibreOfficeWithEveryValueTypedAndTheTotals() throws {
        try bigClaim()
        try sandbox.succeed([
            "claim", "payments", "1", "--add", "2500", "--kind", "advance", "--on", "2026-01-12",
            "--for", "living expenses",
        ])
        try sandbox.succeed(["claim", "export", "1", "--format", "xlsx", "--output", "claim.xlsx"])
        #expect(try sandbox.tool("file", ["-b", sandbox.file("claim.xlsx")]).contains("Excel"))
        // the lines' sheet as Office Open XML, read by Info-ZIP: a frozen header row, and
        // each column's width set
        let lines = try sandbox.tool(
            "unzip", ["-p", sandbox.file("claim.xlsx"), "xl/worksheets/sheet1.xml"])
        #expect(lines.contains("state=\"frozen\"") && lines.contains("topLeftCell=\"A2\""))
        #expect(
            lines.contains("<col min=\"1\" max=\"1\" width=\"40.7109375\""), "\(lines.prefix(900))")
        // every sheet as CSV, the values as stored (not as shown)
        try sandbox.tool(
            "soffice",
            [
                "-env:UserInstallation=file://\(sandbox.file("libreoffice"))", "--headless",
                "--convert-to",
                "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
                "--outdir", sandbox.file("read"), sandbox.file("claim.xlsx"),
            ])
        func sheet(_ name: String) throws -> [[String: String]] {
            let script = sandbox.script(
                "read.py",
                """
                import csv, json, sys
                with open(sys.argv[1], newline="", encoding="utf-8") as f:
                    print(json.dumps(list(csv.DictReader(f))))
                """)
            return try #require(
                try JSONSerialization.jsonObject(
                    with: Data(
                        try sandbox.tool(
                            "python3", [script, sandbox.file("read/claim-\(name).csv")]
                        ).utf8)) as? [[String: String]])
        }
        let claim = try shown()
        compare(try sheet("Lines"), with: try expectedRows(claim))
        let totals = Dictionary(
            uniqueKeysWithValues: try sheet("Totals").map { ($0["Figure"]!, $0["Amount"]!) })
        let ledger = try #require(claim["ledger"] as? [String: Any])
        let balance = try #require(claim["balance"] as? [String: Any])
        #expect(same(totals["Replacement cost"] ?? "", ledger["replacementCost"] as! String))
        #expect(same(totals["Sales tax"] ?? "", ledger["salesTax"] as! String))
        #expect(same(totals["Payable now"] ?? "", balance["payable"] as! String))
        #expect(same(totals["Advances received"] ?? "", "2500"))
        #expect(same(totals["Still owed"] ?? "", balance["owed"] as! String))
        #expect(totals["Date of loss"] == "2026-01-10")
        let payments = try sheet("Payments")
        #expect(payments.count == 1 && payments[0]["Received on"] == "2026-01-12")
        #expect(payments.first?["For"] == "living expenses")
    }

    @Test func paymentsAreRecordedListedAndRemovedAndTheBalanceFollows() throws {
        try sandbox.add(
            "TV", "--price", "1000", "--purchased", "2025-01-01", "--tag", "electronics",
            "--insured")
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-01-01", "--items", "1",
        ])
        try sandbox.succeed(["claim", "edit", "1", "--sales-tax", "10"])
        // 1,000.00 + 100.00 tax, 1 year of 5 at 20 %: 220.00 held back, 880.00 payable
        var balance = try #require(shown()["balance"] as? [String: Any])
        #expect(balance["payable"] as? String == "880.00")
        let added = try sandbox.succeed([
            "claim", "payments", "1", "--add", "300", "--kind", "advance", "--on", "2026-01-05",
        ])
        #expect(added.contains("advance 1 of 300.00 received on 2026-01-05"))
        try sandbox.succeed(["claim", "payments", "1", "--add", "500", "--for", "first payment"])
        // a second claim's payments are numbered in that claim
        try sandbox.add("Bike", "--price", "300", "--purchased", "2025-01-01", "--insured")
        try sandbox.succeed([
            "claim", "new", "--title", "Theft", "--kind", "theft", "--incident-date",
            "2026-01-02", "--items", "2",
        ])
        let other = try sandbox.succeed(["claim", "payments", "2", "--add", "50"])
        #expect(other.contains("claim 2: payment 1 of 50.00"))
        let listed = try sandbox.succeed(["claim", "payments", "1"])
        #expect(listed.contains("advances received  300.00"))
        #expect(listed.contains("still owed         80.00 USD"))
        balance = try #require(shown()["balance"] as? [String: Any])
        #expect(balance["owed"] as? String == "80.00")
        try sandbox.succeed(["claim", "payments", "1", "--remove", "1"])
        balance = try #require(shown()["balance"] as? [String: Any])
        #expect(balance["owed"] as? String == "380.00")
        #expect(
            try sandbox.succeed(["claim", "show", "1"]).contains("still owed         380.00 USD"))

        // bad input: one line, a non-zero exit, nothing changed
        let before = try sandbox.dump()
        for arguments in [
            ["claim", "payments", "1", "--add", "0"],
            ["claim", "payments", "1", "--add", "-5"],
            ["claim", "payments", "1", "--add", "12", "--on", "2999-01-01"],
            ["claim", "payments", "1", "--add", "12", "--on", "2025-12-31"],
            ["claim", "payments", "1", "--remove", "2"],
            ["claim", "edit", "1", "--notes", "found it", "--group", "books"],
            ["claim", "payments", "1", "--add", "12", "--for", "a\u{7}b"],
            ["claim", "payments", "1", "--remove", "9"],
            ["claim", "payments", "7", "--add", "12"],
            ["claim", "edit", "1", "--sales-tax", "101%"],
            ["claim", "edit", "1", "--sales-tax", "eight"],
            ["claim", "edit", "1", "--group", "clothing,nonsense"],
            ["claim", "line", "1", "1", "--business-use", "maybe"],
            ["claim", "line", "1", "1", "--sales-tax", "1.23456"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"))
        }
        #expect(try sandbox.dump() == before)
    }

    @Test func aPDFIsPrintedByChromiumOrSaysWhatIsMissing() throws {
        try sandbox.add("TV", "--price", "1000", "--purchased", "2025-01-01", "--insured")
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-01-01", "--items", "1",
        ])
        try sandbox.succeed(["claim", "payments", "1", "--add", "120.50", "--for", "first"])
        // a folder whose name a URL would read otherwise
        try FileManager.default.createDirectory(
            atPath: sandbox.file("Claims #1 50%"), withIntermediateDirectories: true)
        try sandbox.succeed([
            "claim", "export", "1", "--format", "pdf", "--output", "Claims #1 50%/claim.pdf",
        ])
        let text = try sandbox.tool("pdftotext", [sandbox.file("Claims #1 50%/claim.pdf"), "-"])
        #expect(
            text.contains("Burglary") && text.contains("Paid so far") && text.contains("120.50"))
        // without a browser: one line, status 69, no file
        let result = try sandbox.run(
            ["claim", "export", "1", "--format", "pdf", "--output", "none.pdf"],
            environment: ["PATH": sandbox.file("empty")])
        #expect(result.status == 69)
        #expect(
            result.stderr.contains("a PDF is printed by Chromium or Chrome, and none is installed"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("none.pdf")))
        let named = try sandbox.run([
            "claim", "export", "1", "--format", "pdf", "--output", "none.pdf", "--browser",
            "/nowhere/chrome",
        ])
        #expect(named.status == 69 && named.stderr.contains("cannot run /nowhere/chrome"))
        // a workbook or a PDF is not written to a terminal
        let terminal = try sandbox.shell(
            "script -qec '\(inventoryBinary) --db \(sandbox.database) claim export 1 --format xlsx' /dev/null"
        )
        #expect(terminal.status != 0 && terminal.stdout.contains("not for a terminal"))
        // a standard output that cannot be written: one line, a failure, no crash
        for format in ["xlsx", "pdf"] {
            let full = try sandbox.shell(
                "'\(inventoryBinary)' --db '\(sandbox.database)' claim export 1 --format \(format) "
                    + ">/dev/full")
            #expect(full.status == 1, "\(format): \(full.stdout)")
            #expect(full.stdout.split(separator: "\n").count == 1, "\(format): \(full.stdout)")
            #expect(full.stdout.contains("No space left on device"), "\(full.stdout)")
        }
    }

    @Test func theJSONExportCarriesTaxGroupsBusinessUseAndPaymentsToAnotherInventory() throws {
        try sandbox.add(
            "Desk", "--price", "300", "--purchased", "2020-06-01", "--tag", "furniture",
            "--insured")
        try sandbox.add(
            "Shirt", "--price", "40", "--purchased", "2024-01-01", "--tag", "clothing",
            "--insured")
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-02-14", "--items", "1,2",
        ])
        try sandbox.succeed(["claim", "edit", "1", "--sales-tax", "8.875", "--group", "clothing"])
        try sandbox.succeed([
            "claim", "line", "1", "1", "--business-use", "yes", "--sales-tax", "6.25",
        ])
        try sandbox.succeed([
            "claim", "payments", "1", "--add", "100", "--on", "2026-02-20", "--for", "first",
        ])
        try sandbox.succeed(["export", "--format", "json", "--output", "all.json"])
        let before = try shown()
        let other = sandbox.file("other.sqlite")
        let imported = try sandbox.run(
            ["import", sandbox.file("all.json"), "--yes", "--db", other], useDatabase: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        let after = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try sandbox.run(
                        ["claim", "show", "1", "--json", "--db", other], useDatabase: false
                    )
                    .stdout.utf8)) as? [String: Any])
        for key in ["salesTax", "grouped", "payments", "balance", "ledger"] {
            #expect(
                (after[key] as? NSObject) == (before[key] as? NSObject),
                "\(key): \(after[key] ?? "nil")")
        }
        let lines = try #require(after["items"] as? [[String: Any]])
        let desk = try #require(lines.first?["ledger"] as? [String: Any])
        #expect(desk["businessUse"] as? Bool == true && desk["salesTaxRate"] as? String == "6.25")
    }
}
