import Foundation
import InventoryTestSupport
import Testing

/// `inventory report` and `claim export --format html`, through the command line and a real
/// browser: the page is printed to PDF by headless Chromium and read back with pdftotext.
@Suite struct ReportCommandTests {
    let sandbox = Sandbox()

    /// Runs a program that must succeed; its standard output.
    @discardableResult
    private func tool(_ program: String, _ arguments: [String]) throws -> String {
        let result = try sandbox.shell(
            ([program] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
                .joined(separator: " "))
        try #require(result.status == 0, "\(program) \(arguments) failed: \(result.stderr)")
        return result.stdout
    }

    /// `page` printed to PDF by headless Chromium, as a user's Print does.
    private func printed(_ page: String) throws -> String {
        let pdf = page + ".pdf"
        try tool(
            "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(sandbox.file("chromium-profile"))", "--no-pdf-header-footer",
                "--print-to-pdf=\(pdf)", "file://" + page,
            ])
        return pdf
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
        let text = try tool("pdftotext", ["-layout", pdf, "-"])
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
        let images = try tool("pdfimages", ["-list", pdf])
        #expect(images.split(separator: "\n").count - 2 == 2, "both photos are printed: \(images)")
    }

    @Test func aSingleFileCarriesThePhotosAndATitle() throws {
        try household()
        let output = try sandbox.succeed([
            "report", "--single-file", "--output", "all.html", "--title", "The Martins <home>",
        ])
        #expect(output == "wrote all.html: 4 items in 4 rooms, 2 photos\n")
        #expect(permissions(sandbox.file("all.html")) == 0o600)
        let pdf = try printed(sandbox.file("all.html"))
        #expect(try tool("pdftotext", [pdf, "-"]).contains("The Martins <home>"))
        #expect(try tool("pdfimages", ["-list", pdf]).split(separator: "\n").count - 2 == 2)
    }

    @Test func aHostileNameIsPrintedAsItsCharacters() throws {
        try sandbox.add("<script>alert(1)</script>", "--location", "<b>Den</b>")
        try sandbox.add("Tom &amp; Jerry", "--tag", "\"quoted\"")
        try sandbox.succeed(["report", "--single-file", "--output", "r.html"])
        let html = try String(contentsOfFile: sandbox.file("r.html"), encoding: .utf8)
        #expect(!html.contains("<script") && !html.contains("<b>"))
        // (a narrow column may wrap a name: white space aside)
        let text = try tool("pdftotext", [try printed(sandbox.file("r.html")), "-"])
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

    @Test func aClaimExportsAsTheReportOfItsItemsWithTheIncidentOnTop() throws {
        try household()
        try sandbox.succeed([
            "claim", "new", "--title", "Burglary", "--kind", "theft", "--incident-date",
            "2026-01-05", "--notes", "Back door forced.", "--items", "1,2",
        ])
        try sandbox.succeed(["claim", "export", "1", "--format", "html", "--output", "claim.html"])
        let text = try tool("pdftotext", [try printed(sandbox.file("claim.html")), "-"])
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
