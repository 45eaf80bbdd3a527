import Foundation
import InventoryTestSupport
import Testing

/// `export --format json` and `import` through the binary: a claimed item's description of
/// two lines goes back and forth, files come with `--files`, a claim is named by its number.
@Suite struct JSONExportCommandTests {
    let sandbox = Sandbox()

    init() throws {
        writePNG(at: sandbox.file("tv.png"), seed: "tv")
        try sandbox.add("Lamp", "--price", "30")
        try sandbox.add("Radio", "--price", "20")
        try sandbox.add(
            "TV", "--description", "two\nlines", "--price", "1000", "--purchased", "2023-01-01",
            "--insured", "--photo", sandbox.file("tv.png"))
        try sandbox.succeed(["delete", "2"])  // item numbers have a gap
        try sandbox.succeed([
            "claim", "new", "--title", "Fire", "--kind", "fire", "--incident-date", "2026-11-01",
            "--items", "3",
        ])
        try sandbox.succeed(["claim", "new", "--title", "Water", "--items", "1"])
        try sandbox.succeed(["settings", "--title", "Our home", "--coverage-limit", "50000"])
        try sandbox.succeed(["export", "--format", "json", "--output", sandbox.file("all.json")])
    }

    private func run(_ arguments: [String], in database: String) throws -> CommandResult {
        try sandbox.run(arguments + ["--db", database], useDatabase: false)
    }

    @Test func anExportImportsIntoANewInventoryWithItsFilesClaimsAndSettings() throws {
        let other = sandbox.file("other.sqlite")
        let imported = try run(
            ["import", sandbox.file("all.json"), "--files", sandbox.file("photos")], in: other)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The same claims, but that the TV is item 2 there (item 2 was deleted here).
        for arguments in [["claim", "show", "1", "--json"], ["claim", "show", "2", "--json"]] {
            let here = try sandbox.succeed(arguments)
            let there = try run(arguments, in: other)
            #expect(
                there.stdout == here.replacingOccurrences(of: "\"itemId\":3", with: "\"itemId\":2"),
                "\(arguments)")
        }
        #expect(try run(["list"], in: other).stdout.contains("2 items"))
        let item = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run(["show", "2", "--json"], in: other).stdout.utf8))
                as? [String: Any])
        #expect(item["name"] as? String == "TV" && item["description"] as? String == "two\nlines")
        #expect((item["files"] as? [Any])?.count == 1)
        #expect(try run(["settings"], in: other).stdout.contains("Our home"))
        #expect(try run(["verify"], in: other).status == 0)
    }

    @Test func aClaimThatCannotBeReadIsNamedByItsNumber() throws {
        let text = try String(contentsOfFile: sandbox.file("all.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"kind\":\"fire\"", with: "\"kind\":\"meteor\"")
        try text.write(toFile: sandbox.file("bad.json"), atomically: true, encoding: .utf8)
        let other = sandbox.file("other.sqlite")
        let result = try run(["import", sandbox.file("bad.json")], in: other)
        #expect(result.status != 0)
        // claim 1 of the inventory that wrote it, the second of the file (newest first)
        #expect(
            result.stderr.contains("claim 1 (\"Fire\") has an unknown kind \"meteor\""),
            "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
