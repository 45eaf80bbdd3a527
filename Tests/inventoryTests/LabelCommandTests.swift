import Foundation
import InventoryReport
import InventoryTestSupport
import Testing

/// `label assign`, `find` and `labels`: the sheet printed to PDF by headless Chromium, then
/// each label's cell of the page, cut out at the stock's grid, read by a real decoder
/// (`zbarimg`): every code decodes, and is where the stock says its label is.
@Suite struct LabelCommandTests {
    let sandbox = Sandbox()

    @Test func labelsAreGivenOnceAndFindAnswersWhatTheyAreOn() throws {
        let box = try sandbox.add("Red toolbox", "--location", "House / Garage")
        let drill = try sandbox.add("Drill")
        try sandbox.succeed(["move", "\(drill)", "--to", "\(box)"])
        #expect(
            try sandbox.succeed(["label", "assign", "\(box)", "--place", "house/garage"])
                == "000-001  item 1 Red toolbox\n000-002  place House / Garage\n")
        #expect(
            try sandbox.succeed(["find", "000-001"])
                == "000-001  item 1 Red toolbox · House / Garage\nholds 1 item: 2 Drill\n")
        #expect(
            try sandbox.succeed(["find", "2"])
                == "000-002  place House / Garage · 2 items, worth 0.00\n")
        let missing = try sandbox.run(["find", "000-777"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "inventory: no label \"000-777\" was given (inventory label assign gives labels)\n"
        )
    }

    @Test(arguments: [("avery-5160", "letter", 1), ("avery-l7160", "A4", 4)])
    func aSheetPrintsOnTheStocksGridAndEveryCodeOpensItsThing(
        stockName: String, paper: String, skip: Int
    ) throws {
        let stock = try #require(LabelStock.named(stockName))
        for index in 1...5 { try sandbox.add("Thing \(index)", "--location", "House / Attic") }
        let page = sandbox.file("labels.html")
        let written = try sandbox.succeed([
            "labels", "--in", "House", "--place", "House / Attic", "--sheet", stockName,
            "--skip", "\(skip)", "--url", "http://house.lan:8080", "--output", page,
        ])
        #expect(written == "wrote 6 labels on 1 \(stockName) sheet to \(page)\n")
        let pdf = sandbox.file("labels.pdf")
        try sandbox.tool(
            "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(sandbox.file("chromium-profile"))", "--no-pdf-header-footer",
                "--print-to-pdf=\(pdf)", "file://" + page,
            ])
        let info = try sandbox.tool("pdfinfo", [pdf])
        #expect(info.contains("Pages:           1"), "\(info)")
        #expect(info.contains("(\(paper.lowercased()))") || info.contains("(\(paper))"), "\(info)")
        // Each position of the grid, cut out of the page at 200 dots an inch: the code of the
        // label printed there, and nothing else.
        let dpi = 200.0
        let perUnit = stock.unit == "in" ? dpi : dpi / 25.4
        /// The codes `zbarimg` reads in the label cell at `column` and `row` of the page.
        func codes(column: Int, row: Int) throws -> [String] {
            let x = (stock.left + Double(column) * stock.columnPitch) * perUnit
            let y = (stock.top + Double(row) * stock.rowPitch) * perUnit
            let cell = sandbox.file("cell-\(row)-\(column)")
            try sandbox.tool(
                "pdftoppm",
                [
                    "-r", "200", "-png", "-singlefile", "-x", "\(Int(x))", "-y", "\(Int(y))",
                    "-W", "\(Int(stock.labelWidth * perUnit))",
                    "-H", "\(Int(stock.labelHeight * perUnit))", pdf, cell,
                ])
            let result = try sandbox.shell("zbarimg --nodbus -q --raw '\(cell).png'")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        var read: [String] = []
        for position in skip..<(skip + 6) {
            let found = try codes(
                column: position % stock.columns, row: position / stock.columns)
            #expect(found.count == 1, "position \(position): \(found)")
            read += found
        }
        #expect(
            read.sorted() == (1...6).map { "HTTP://HOUSE.LAN:8080/L/000-00\($0)" },
            "every label, each once")
        // The positions before the first label are left empty.
        for position in 0..<skip {
            #expect(
                try codes(column: position % stock.columns, row: position / stock.columns)
                    .isEmpty, "position \(position)")
        }
    }

    static let refusals: [(arguments: [String], status: Int32, message: String)] = [
        (
            ["labels", "--output", "x.html"], 64,
            "say what to label: item ids, --view, --in or --place"
        ),
        (
            ["labels", "1", "--sheet", "avery-9999", "--output", "x.html"], 64,
            "unknown --sheet \"avery-9999\" (stocks: avery-5160, avery-5163, avery-l7160, avery-l7163)"
        ),
        (["labels", "1", "--skip", "30", "--output", "x.html"], 64, "--skip takes 0 to 29"),
        (
            ["labels", "1", "--url", "house.lan", "--output", "x.html"], 64,
            "--url takes an address"
        ),
        (["labels", "9", "--output", "x.html"], 1, "no item has id 9"),
        (
            ["labels", "1", "--place", "Shed", "--output", "x.html"], 1,
            "no place is called \"Shed\""
        ),
        (["label", "assign"], 64, "say what to label: item ids or --place"),
        (["find", "abc"], 1, "no label \"abc\" was given"),
    ]

    @Test(arguments: Self.refusals)
    func aRefusedLabelCommandSaysWhyAndWritesNothing(
        arguments: [String], status: Int32, message: String
    ) throws {
        try sandbox.add("Box", "--location", "House")
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(try sandbox.dump() == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("x.html")))
    }
}
