import Foundation
import InventoryTestSupport
import Testing

/// `inventory report` and `claim export --format html`, through the command line and a real
/// browser: the page is printed to PDF by headless Chromium and read back with pdftotext.
@Suite struct ReportCommandTests {
    let sandbox = Sandbox()

    /// `page` printed to PDF by headless Chromium, as a user's Print does; on `paper` (a CSS
    /// page size, as the print dialog would choose it) when one is given.
    private func printed(_ page: String, on paper: String? = nil) throws -> String {
        var source = page
        if let paper {
            // The dialog's choice of paper, as a style after the report's own.
            source = page + "-\(paper).html"
            let html = try String(contentsOfFile: page, encoding: .utf8)
                .replacingOccurrences(
                    of: "</head>", with: "<style>@page { size: \(paper) portrait; }</style></head>")
            try html.write(toFile: source, atomically: true, encoding: .utf8)
        }
        let pdf = source + ".pdf"
        try sandbox.tool(
            "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(sandbox.file("chromium-profile"))", "--no-pdf-header-footer",
                "--print-to-pdf=\(pdf)", "file://" + source,
            ])
        return pdf
    }

    /// The text of `page` printed, its words in reading order separated by single spaces
    /// (a narrow column wraps a phrase over lines).
    private func printedText(_ page: String) throws -> String {
        try sandbox.tool("pdftotext", [try printed(page), "-"]).split(
            whereSeparator: \.isWhitespace
        )
        .joined(separator: " ")
    }

    /// A word of a printed page and its box, in points from the page's top left corner.
    private struct Word {
        var text: String
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double

        func overlaps(_ other: Word) -> Bool {
            let slack = 0.5
            return left < other.right - slack && other.left < right - slack
                && top < other.bottom - slack && other.top < bottom - slack
        }
    }

    /// Each page of `pdf`: its width and its words, as pdftotext reads them back.
    private func pages(of pdf: String) throws -> [(width: Double, words: [Word])] {
        let xhtml = try sandbox.tool("pdftotext", ["-bbox", pdf, "-"])
        var pages: [(width: Double, words: [Word])] = []
        for line in xhtml.split(separator: "\n") {
            if let page = line.firstMatch(of: /<page width="([0-9.]+)"/) {
                pages.append((Double(page.1)!, []))
            } else if let word = line.firstMatch(
                of:
                    /<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">(.*)<\/word>/
            ) {
                pages[pages.count - 1].words.append(
                    Word(
                        text: String(word.5)
                            .replacingOccurrences(of: "&lt;", with: "<")
                            .replacingOccurrences(of: "&gt;", with: ">")
                            .replacingOccurrences(of: "&quot;", with: "\"")
                            .replacingOccurrences(of: "&apos;", with: "'")
                            .replacingOccurrences(of: "&amp;", with: "&"),
                        left: Double(word.1)!, top: Double(word.2)!, right: Double(word.3)!,
                        bottom: Double(word.4)!))
            }
        }
        return pages
    }

    /// A household of three rooms and a hallway item without one, two of them with photos.
    private func household() throws {
        let tv = sandbox.file("tv.png")
        writePNG(at: tv, seed: "tv")
        let ring = sandbox.file("ring.png")
        writePNG(at: ring, seed: "ring")
        try sandbox.add(
            "Television", "--brand", "Sony", "--model", "XR-65", "--serial", "S01-2345",
            "--price", "1299", "--value", "1499", "--location", "Living room", "--tag",
            "electronics", "--insured", "--photo", tv)
        try sandbox.add(
            "Engagement ring", "--price", "3200.50", "--location", "Bedroom", "--tag", "jewelry",
            "--luxury", "--photo", ring)
        try sandbox.add("Drill", "--price", "89.99", "--quantity", "2", "--location", "Garage")
        try sandbox.add("Umbrella stand", "--price", "25")
    }

    @Test func theReportPrintsToAPDFHoldingEveryRoomEveryItemAndTheTotals() throws {
        try household()
        let output = try sandbox.succeed(["report", "--output", "report"])
        #expect(output == "wrote report/report.html: 4 items in 4 rooms, 2 photos\n")
        let pdf = try printed(sandbox.file("report/report.html"))
        let text = try sandbox.tool("pdftotext", ["-layout", pdf, "-"])
        for expected in [
            "Home inventory", "Living room", "Bedroom", "Garage", "No room", "Television",
            "Engagement ring", "Drill", "Umbrella stand", "S01-2345", "Sony · XR-65",
            "Grand total", "4,904.48 USD",  // 1,499 + 3,200.50 + 2 × 89.99 + 25
            "Insured worth", "1,499.00", "3,405.48",  // not insured
            "Page 1 of",
        ] {
            #expect(text.contains(expected), "the PDF lacks \(expected)")
        }
        // a page per room, after the summary
        #expect(text.components(separatedBy: "\u{0C}").count >= 5)
        let images = try sandbox.tool("pdfimages", ["-list", pdf])
        #expect(images.split(separator: "\n").count - 2 == 2, "both photos are printed: \(images)")
    }

    static let longRoom = "The long gallery on the second floor, east wing"
    /// Forty characters, as a household tags things.
    static let longTag = "family heirlooms from grandmother's house"

    /// The widest values a household has: an item of 1,000,000.00, twelve of another, a tag of
    /// forty characters, long names, a long room, an expired warranty, a rider, two receipts.
    private func widestHousehold() throws {
        let photo = sandbox.file("piano.png")
        writePNG(at: photo, seed: "piano")
        try sandbox.add(
            "Grand piano, Steinway Model D concert grand in ebony", "--description",
            "Restored in 2019 by the maker's own workshop, with its bench and its cover",
            "--brand", "Steinway & Sons", "--model", "Model D-274", "--serial", "598123-AB-2019",
            "--price", "1000000", "--value", "1000000", "--purchased", "2019-03-15",
            "--purchased-from", "Pianohaus Lindeblatt, Hamburg", "--warranty-until",
            "2024-03-15", "--location", Self.longRoom, "--tag", Self.longTag, "--tag",
            "musical instruments", "--insured", "--scheduled", "--photo", photo)
        let receipt = sandbox.file("receipt.png")
        writePNG(at: receipt, seed: "receipt")
        try sandbox.succeed(["attach", "1", receipt, "--kind", "receipt", "--caption", "Invoice"])
        _ = FileManager.default.createFile(
            atPath: sandbox.file("delivery.pdf"),
            contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8))
        try sandbox.succeed(["attach", "1", sandbox.file("delivery.pdf"), "--kind", "receipt"])
        try sandbox.add(
            "Television", "--quantity", "12", "--price", "999999.99", "--value", "1000000",
            "--purchased", "2023-11-30", "--purchased-from", "MediaMarkt",
            "--warranty-until", "2099-11-30", "--location", Self.longRoom, "--tag",
            "electronics", "--brand", "Sony", "--model", "XR-65A95L")
        try sandbox.add(
            "Kitchen knives", "--price", "1000000", "--purchased", "2021-01-01",
            "--lifetime-warranty", "--location", "Kitchen")
    }

    @Test(arguments: ["A4", "letter"])
    func everyWordLiesInsideThePageAndNoTwoOverlapAtTheWidestValues(paper: String) throws {
        try widestHousehold()
        // A long title shares the top margin with the date.
        try sandbox.succeed([
            "settings", "--title",
            "The Martin-Oyelaran household, 12 Elm Street, Flat 4B, Little Whinging, Surrey, "
                + "for Acme Mutual policy HX-2291-77",
        ])
        try sandbox.succeed(["report", "--output", "report"])
        let today = try sandbox.shell("date +%F").stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary at the long gallery", "--kind", "theft",
            "--incident-date", "2026-01-05", "--items", "1,2",
        ])
        try sandbox.succeed(["claim", "export", "1", "--format", "html", "--output", "claim.html"])
        for page in [sandbox.file("report/report.html"), sandbox.file("claim.html")] {
            let pdf = try printed(page, on: paper)
            let pages = try pages(of: pdf)
            let margin = 12 / 25.4 * 72  // the style's 12 mm on each side, in points
            var words: Set<String> = []
            for (number, sheet) in pages.enumerated() {
                #expect(abs(sheet.width - (paper == "A4" ? 595.3 : 612)) < 1)
                // The date in the top margin (16 mm), whole beside the long title.
                #expect(
                    sheet.words.contains { $0.text == today && $0.bottom < 16 / 25.4 * 72 },
                    "page \(number + 1) has no \(today) on top")
                for word in sheet.words {
                    words.insert(word.text)
                    #expect(
                        word.left >= margin - 1 && word.right <= sheet.width - margin + 1,
                        "page \(number + 1): \(word.text) at \(word.left)–\(word.right)")
                }
                for (index, word) in sheet.words.enumerated() {
                    for other in sheet.words[(index + 1)...] where word.overlaps(other) {
                        Issue.record("page \(number + 1): \(word.text) overlaps \(other.text)")
                    }
                }
            }
            // Amounts and dates are never cut, and a tag breaks only between its words.
            var whole = [
                "1,000,000.00", "12,000,000.00", "13,000,000.00", "2019-03-15", "2024-03-15",
                "2099-11-30", "expired",
            ]
            whole += Self.longTag.split(separator: " ").map(String.init)
            for expected in whole {
                #expect(words.contains(expected), "\(expected) is not one word in \(pdf)")
            }
        }
    }

    @Test func receiptsAreLinkedFromTheirRowsAndCarriedByTheReport() throws {
        try widestHousehold()
        let folderSummary = try sandbox.succeed(["report", "--output", "report"])
        #expect(
            folderSummary == "wrote report/report.html: 3 items in 2 rooms, 1 photo, 2 receipts\n")
        let html = try String(contentsOfFile: sandbox.file("report/report.html"), encoding: .utf8)
        // Stored files are named by their SHA-256.
        func storedName(_ file: String, _ ending: String) throws -> String {
            try sandbox.tool("sha256sum", [sandbox.file(file)]).prefix(64) + ending
        }
        let pdfName = try storedName("delivery.pdf", ".pdf")
        let receiptName = try storedName("receipt.png", ".png")
        for name in [pdfName, receiptName] {
            var original = stat()
            var linked = stat()
            #expect(stat(sandbox.file("photos/\(name)"), &original) == 0)
            #expect(stat(sandbox.file("report/files/\(name)"), &linked) == 0)
            #expect(original.st_ino == linked.st_ino, "\(name) is hard-linked into the report")
        }
        #expect(html.contains("href=\"files/\(pdfName)\""))
        #expect(html.contains("src=\"files/\(receiptName)\""))
        #expect(html.contains("href=\"#receipt-1\"") && html.contains("id=\"receipt-2\""))
        let text = try printedText(sandbox.file("report/report.html"))
        for expected in ["receipts R1, R2", "Receipts", "R1 · Grand piano", "Invoice", "R2 ·"] {
            #expect(text.contains(expected), "the printed report lacks \(expected)")
        }

        // One file: the picture inside it, the PDF document as a link that saves it.
        let single = try sandbox.succeed(["report", "--single-file", "--output", "all.html"])
        #expect(single == "wrote all.html: 3 items in 2 rooms, 1 photo, 2 receipts\n")
        let page = try String(contentsOfFile: sandbox.file("all.html"), encoding: .utf8)
        let link = try #require(
            page.firstMatch(
                of: /<a href="data:application\/pdf;base64,([^"]+)" download="receipt-R2.pdf">/))
        #expect(
            Data(base64Encoded: String(link.1))
                == FileManager.default.contents(atPath: sandbox.file("delivery.pdf")))
        // a picture goes in as its 1,600-pixel JPEG (made by inventory-server), not whole
        let picture = try #require(
            FileManager.default.contents(atPath: sandbox.file("receipt.png")))
        #expect(!page.contains(picture.base64EncodedString()))
        #expect(page.contains("src=\"data:image/jpeg;base64,"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.file("thumbnails"))
                .contains { $0.hasSuffix("-1600.jpg") })
        let pdf = try printed(sandbox.file("all.html"))
        #expect(
            try sandbox.tool("pdfimages", ["-list", pdf]).split(separator: "\n").count - 2 == 2)
    }

    @Test func aSingleFileOfPhonePhotosIsTheirPicturesNotThePhotos() throws {
        let photo = sandbox.file("boat.jpg")
        _ = try sandbox.tool("vips", ["gaussnoise", photo + "[Q=95]", "3000", "2000"])
        try sandbox.add("Boat", "--price", "25000", "--photo", photo)
        try sandbox.succeed(["report", "--single-file", "--output", "boat.html"])
        let whole = try #require(
            try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int)
        let page = try #require(
            try FileManager.default.attributesOfItem(atPath: sandbox.file("boat.html"))[.size]
                as? Int)
        #expect(page < whole / 2, "\(page) bytes for a photo of \(whole)")
        // without inventory-server beside it (a copy of inventory alone), the photo goes in
        // whole, and a line says why
        let alone = sandbox.file("bin/inventory")
        try FileManager.default.createDirectory(
            atPath: sandbox.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: inventoryBinary, toPath: alone)
        try FileManager.default.removeItem(atPath: sandbox.file("thumbnails"))
        let result = try sandbox.run(
            ["report", "--single-file", "--output", "whole.html"], executable: alone)
        #expect(result.status == 0)
        #expect(result.stderr.contains("the photos go in whole"), "\(result.stderr)")
        let big = try #require(
            try FileManager.default.attributesOfItem(atPath: sandbox.file("whole.html"))[.size]
                as? Int)
        #expect(big > whole)
    }

    @Test func anExpiredWarrantySaysSoAndARiderIsMarkedInItsRow() throws {
        try widestHousehold()
        try sandbox.succeed(["report", "--output", "report"])
        let text = try printedText(sandbox.file("report/report.html"))
        for expected in [
            "warranty expired 2024-03-15", "warranty until 2099-11-30", "lifetime warranty",
            "on a rider", "not insured",
        ] {
            #expect(text.contains(expected), "the printed report lacks \(expected)")
        }
        #expect(text.components(separatedBy: "on a rider").count == 2, "one item is scheduled")
    }

    @Test func aSingleFileCarriesThePhotosAndATitle() throws {
        try household()
        let output = try sandbox.succeed([
            "report", "--single-file", "--output", "all.html", "--title", "The Martins <home>",
        ])
        #expect(output == "wrote all.html: 4 items in 4 rooms, 2 photos\n")
        #expect(permissions(sandbox.file("all.html")) == 0o600)
        let pdf = try printed(sandbox.file("all.html"))
        #expect(try sandbox.tool("pdftotext", [pdf, "-"]).contains("The Martins <home>"))
        #expect(
            try sandbox.tool("pdfimages", ["-list", pdf]).split(separator: "\n").count - 2 == 2)
    }

    @Test func aHostileNameIsPrintedAsItsCharacters() throws {
        try sandbox.add("<script>alert(1)</script>", "--location", "<b>Den</b>")
        try sandbox.add("Tom &amp; Jerry", "--tag", "\"quoted\"")
        try sandbox.succeed(["report", "--single-file", "--output", "r.html"])
        let html = try String(contentsOfFile: sandbox.file("r.html"), encoding: .utf8)
        #expect(!html.contains("<script") && !html.contains("<b>"))
        // (a narrow column may wrap a name: white space aside)
        let text = try sandbox.tool("pdftotext", [try printed(sandbox.file("r.html")), "-"])
            .filter { !$0.isWhitespace }
        for expected in ["<script>alert(1)</script>", "<b>Den</b>", "Tom&amp;Jerry", "\"quoted\""] {
            #expect(text.contains(expected), "\(expected) is not shown as typed")
        }
    }

    @Test func theDefaultNameTheViewAndTheRulesOfWriting() throws {
        try household()
        let today = try sandbox.shell("date +%F").stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try sandbox.succeed(["report"])
        let page = sandbox.file("report-\(today)/report.html")
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(permissions(sandbox.file("report-\(today)")) == 0o700)
        let again = try sandbox.run(["report"])
        #expect(again.status == 1 && again.stderr.contains("add --force to replace it"))
        #expect(again.stderr.split(separator: "\n").count == 1)
        try sandbox.succeed(["report", "--force", "--view", "luxury"])
        let luxury = try String(contentsOfFile: page, encoding: .utf8)
        #expect(luxury.contains("Engagement ring") && !luxury.contains("Television"))
        #expect(luxury.contains("View: Luxury"))

        // never into the inventory's own folder, nor over a folder of the user's
        let photos = try sandbox.run(["report", "--output", "photos/r", "--force"])
        #expect(photos.status == 1 && photos.stderr.contains("inventory's own files"))
        try FileManager.default.createDirectory(
            atPath: sandbox.file("notes"), withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: sandbox.file("notes/todo.txt"), contents: nil)
        let mine = try sandbox.run(["report", "--output", "notes", "--force"])
        #expect(mine.status == 1 && mine.stderr.contains("holds files of yours"))
        #expect(FileManager.default.fileExists(atPath: sandbox.file("notes/todo.txt")))

        let title = try sandbox.run(["report", "--title", "a\u{7}b", "--output", "x"])
        #expect(title.status == 65 && title.stderr.contains("title"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("x")))
    }

    @Test func openSaysSoWhenNothingHereOpensWebPages() throws {
        try sandbox.createInventory()
        // a PATH with no xdg-open nor open: the report is written all the same, and it says so
        let result = try sandbox.run(
            ["report", "--output", "r", "--open"], environment: ["PATH": sandbox.file("nowhere")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.file("r/report.html")))
        #expect(
            result.stderr
                == "inventory: nothing here opens web pages (no xdg-open); open r/report.html in a browser\n"
        )
    }

    @Test func anEmptyInventoryHasAReportToo() throws {
        try sandbox.createInventory()
        #expect(
            try sandbox.succeed(["report", "--output", "empty"])
                == "wrote empty/report.html: 0 items in 0 rooms, 0 photos\n")
        let html = try String(contentsOfFile: sandbox.file("empty/report.html"), encoding: .utf8)
        #expect(html.contains("nothing to show") && html.contains("Grand total"))
    }

    @Test func aClaimOf500LinesPrintsToAPDFWhoseWordsStayOnTheirPages() throws {
        var rows = "Name,Price,Purchase date,Location,Tags,Insured\n"
        for number in 1...500 {
            rows +=
                "Thing number \(number) of the long hallway cupboard,\(number * 37).25,"
                + "2019-0\(1 + number % 9)-1\(number % 10),Room \(number % 12),"
                + "\(["electronics", "furniture", "clothing"][number % 3]),yes\n"
        }
        try rows.write(toFile: sandbox.file("rows.csv"), atomically: true, encoding: .utf8)
        try sandbox.succeed(["import", "rows.csv", "--yes"])
        try sandbox.succeed([
            "claim", "new", "--title", "Flood", "--kind", "water", "--incident-date",
            "2026-01-05", "--items", "1-500",
        ])
        try sandbox.succeed(["claim", "edit", "1", "--sales-tax", "8.875%"])
        try sandbox.succeed(["claim", "line", "1", "7", "--business-use", "yes"])
        try sandbox.succeed(["claim", "payments", "1", "--add", "12500", "--kind", "advance"])
        try sandbox.succeed(["claim", "export", "1", "--format", "pdf", "--output", "claim.pdf"])
        let pages = try pages(of: sandbox.file("claim.pdf"))
        #expect(pages.count > 10)
        let margin = 12 / 25.4 * 72
        for (number, sheet) in pages.enumerated() {
            for word in sheet.words {
                #expect(
                    word.left >= margin - 1 && word.right <= sheet.width - margin + 1,
                    "page \(number + 1): \(word.text) at \(word.left)–\(word.right)")
            }
            for (index, word) in sheet.words.enumerated() {
                for other in sheet.words[(index + 1)...] where word.overlaps(other) {
                    Issue.record("page \(number + 1): \(word.text) overlaps \(other.text)")
                }
            }
        }
        let claim = try #require(
            try sandbox.json(["claim", "show", "1", "--json"]) as? [String: Any])
        let ledger = try #require(claim["ledger"] as? [String: Any])
        let text = try sandbox.tool("pdftotext", [sandbox.file("claim.pdf"), "-"])
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func grouped(_ decimal: String) -> String {
            let parts = decimal.split(separator: ".")
            var whole = String(parts[0])
            var out = ""
            while whole.count > 3 {
                out = "," + whole.suffix(3) + out
                whole = String(whole.dropLast(3))
            }
            return whole + out + "." + parts[1]
        }
        for key in ["replacementCost", "actualCashValue", "salesTax"] {
            let figure = grouped(try #require(ledger[key] as? String))
            #expect(text.contains(figure), "\(key) \(figure) is not in the PDF")
        }
        #expect(text.contains("Thing number 500 of the long hallway cupboard"))
        #expect(text.contains("(business use)") && text.contains("Paid so far"))
        #expect(text.contains("Replacement costs include sales tax"))
    }

    @Test func aClaimExportsAsTheReportOfItsItemsWithTheIncidentOnTop() throws {
        try household()
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-01-05", "--notes", "Back door forced.", "--items", "1,2",
        ])
        try sandbox.succeed(["claim", "export", "1", "--format", "html", "--output", "claim.html"])
        let text = try sandbox.tool("pdftotext", [try printed(sandbox.file("claim.html")), "-"])
        for expected in [
            "Claim 1: Burglary", "theft", "2026-01-05", "Back door forced.", "Television",
            "Engagement ring", "4,699.50 USD",
        ] {
            #expect(text.contains(expected), "the claim's PDF lacks \(expected)")
        }
        #expect(!text.contains("Drill") && !text.contains("Umbrella"))
        let stdout = try sandbox.succeed(["claim", "export", "1", "--format", "html"])
        #expect(stdout.hasPrefix("<!DOCTYPE html>") && stdout.contains("data:image/png;base64,"))
    }
}
