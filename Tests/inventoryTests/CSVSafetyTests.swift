import Foundation
import InventoryTestSupport
import Testing

/// Every CSV the tool writes follows one rule: a text a spreadsheet would run as a formula
/// (= + - @, a tab or a carriage return first) is written with an apostrophe before it, and
/// importing the file takes it off again.
@Suite struct CSVSafetyTests {
    let sandbox = Sandbox()
    static let formula = "=HYPERLINK(\"http://evil\",\"x\")"
    /// The formula as every CSV file writes it: an apostrophe first, quoted, quotes doubled.
    static let written = "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""

    init() throws {
        try sandbox.add(
            Self.formula, "--price", "10", "--location", "@Garage", "--brand", "+Brand",
            "--purchased", "2024-01-01", "--insured")
        try sandbox.succeed(["add", "--name=-20°C Freezer", "--price", "300"])
        try sandbox.succeed([
            "claim", "new", "--title", "Theft", "--incident-date", "2026-11-01", "--items", "1,2",
        ])
    }

    @Test func everyCSVTheToolWritesNeutralizesAFormula() throws {
        let files: [(String, [String])] = [
            ("list --csv", ["list", "--csv"]),
            ("claim export", ["claim", "export", "1", "--format", "csv"]),
            ("export csv", ["export", "--format", "csv"]),
            ("export homebox", ["export", "--format", "homebox"]),
        ]
        for (what, arguments) in files {
            let text = try sandbox.succeed(arguments)
            #expect(text.contains(Self.written), "\(what): \(text)")
            #expect(
                !text.contains(",=") && !text.contains("\n=") && !text.contains("\"=H"), "\(what)")
            #expect(text.contains("'-20°C Freezer"), "\(what): \(text)")
            #expect(text.contains("'@Garage") && text.contains("'+Brand"), "\(what)")
        }
    }

    @Test func anImportsRejectedRowsAreWrittenByTheSameRuleAndReadBack() throws {
        let file = sandbox.file("things.csv")
        try "Name,Price\r\n=1+2,5\r\n\"=SUM(A1)\",ten\r\n'=3,6\r\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try sandbox.run(["import", file, "--skip-invalid", "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        let rejected = try String(contentsOfFile: file + ".rejected.csv", encoding: .utf8)
        #expect(rejected.hasPrefix("Name,Price,Problem\r\n'=SUM(A1),ten,"), "\(rejected)")
        let names = try #require(
            try sandbox.json(["list", "--json"]) as? [[String: Any]]
        ).compactMap { $0["name"] as? String }
        #expect(names.contains("=1+2") && names.contains("=3"), "\(names)")
        try String(rejected.replacingOccurrences(of: ",ten,", with: ",10,")).write(
            toFile: sandbox.file("fixed.csv"), atomically: true, encoding: .utf8)
        try sandbox.succeed([
            "import", sandbox.file("fixed.csv"), "--map", "Problem=notes", "--yes",
        ])
        let again = try #require(try sandbox.json(["list", "--json"]) as? [[String: Any]])
        #expect(again.contains { $0["name"] as? String == "=SUM(A1)" })
    }
}
