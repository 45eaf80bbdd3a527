import Foundation
import Testing

@Suite struct ViewsCommandTests {
    let sandbox = Sandbox()

    static let views = """
        {
          "high-value": {
            "Type": "FilteredList",
            "Description": "Worth scheduling separately with the insurer",
            "Dependencies": { "title": "@High value", "filter": { "minPrice": "1500.00" },
                              "sort": "@price-desc" }
          },
          "uninsured-luxury": {
            "Type": "FilteredList",
            "Dependencies": { "title": "@Luxury, not insured", "base": "luxury",
                              "filter": { "insured": false } }
          },
          "everything": "FilteredList"
        }
        """

    init() throws {
        _ = FileManager.default.createFile(
            atPath: sandbox.file("views.json"), contents: Data(Self.views.utf8))
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.add("Sony TV", "--price", "1500", "--insured", "--brand", "Sony")
        try sandbox.add("Ring", "--price", "3000", "--luxury", "--insured")
        try sandbox.add("Mug", "--price", "5", "--notes", "a gift from Sony")
    }

    private func names(_ arguments: [String], environment: [String: String] = [:]) throws
        -> [String]
    {
        let result = try sandbox.run(arguments + ["--json"], environment: environment)
        try #require(result.status == 0, "\(result.stderr)")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return items.compactMap { $0["name"] as? String }
    }

    @Test func listShowsAUsersViewFromAFileTheEnvironmentOrTheConfigFolder() throws {
        #expect(
            try names(["list", "--views", "views.json", "--view", "high-value"]) == [
                "Boat", "Ring", "Sony TV",
            ])
        #expect(
            try names(
                ["list", "--view", "uninsured-luxury"],
                environment: ["INVENTORY_VIEWS": sandbox.file("views.json")]) == ["Boat"])
        let config = sandbox.file("config/inventory")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: sandbox.file("views.json"), toPath: config + "/views.json")
        #expect(
            try names(
                ["list", "--view", "everything", "--sort", "price"],
                environment: ["XDG_CONFIG_HOME": sandbox.file("config")]) == [
                    "Mug", "Sony TV", "Ring", "Boat",
                ])
    }

    @Test func searchNarrowsAnyView() throws {
        #expect(try names(["list", "--search", "sony"]) == ["Mug", "Sony TV"])
        #expect(try names(["list", "--search", "sony tv"]) == ["Sony TV"])
        #expect(try names(["list", "--view", "luxury", "--search", "ri"]) == ["Ring"])
        #expect(try names(["list", "--search", "!!!"]) == [])
    }

    @Test func searchFoldsAccentsAndCase() throws {
        try sandbox.add("Küche table", "--location", "Salle à manger")
        #expect(try names(["list", "--search", "kuche"]) == ["Küche table"])
        #expect(try names(["list", "--search", "KÜCHE salle a"]) == ["Küche table"])
    }

    @Test func viewsListsNameTitleDescriptionSourceAndCount() throws {
        let table = try sandbox.succeed(["views", "--views", "views.json"])
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("NAME") && lines[0].contains("DEFINED IN"))
        #expect(
            lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }.dropFirst() == [
                "all", "luxury", "non-insured", "on-loan", "archive", "high-value",
                "uninsured-luxury", "everything",
            ])
        #expect(
            lines[6].contains("High value") && lines[6].contains("views.json")
                && lines[6].contains("Worth scheduling"))
        let objects = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.succeed(["views", "--json", "--views", "views.json"]).utf8))
                as? [[String: Any]])
        #expect(objects.map { $0["count"] as? Int } == [4, 2, 2, 0, 0, 3, 1, 4])
        #expect(
            objects[5]["title"] as? String == "High value"
                && objects[0]["source"] as? String == "built-in")
    }

    @Test func checkPrintsEveryProblemOrNone() throws {
        let good = try sandbox.run(["views", "check", "views.json"], useDatabase: false)
        #expect(good.status == 0 && good.stdout == "views.json: no problems (3 new view(s))\n")
        let bad = sandbox.file("bad.json")
        _ = FileManager.default.createFile(
            atPath: bad,
            contents: Data(
                #"{"a": "Nope", "b": {"Type": "FilteredList", "Dependencies": {"title": "Oops", "filter": {"colour": "red"}}}, "c": {"Type": "FilteredList", "Dependencies": {"base": "d"}}, "d": {"Type": "FilteredList", "Dependencies": {"base": "c"}}}"#
                    .utf8))
        let result = try sandbox.run(["views", "check", bad], useDatabase: false)
        #expect(result.status == 65)
        #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
        #expect(result.stdout.contains("unknown type \"Nope\""))
        #expect(result.stdout.contains("write \"@Oops\" for a literal"))
        #expect(result.stdout.contains("unknown filter key \"colour\""))
        #expect(result.stdout.contains("dependency cycle: c -> d -> c"))
        #expect(result.stderr == "inventory: \(bad) has 4 problems\n")
    }

    @Test func aBrokenViewsFileIsOneLineAndChangesNothing() throws {
        _ = FileManager.default.createFile(
            atPath: sandbox.file("broken.json"), contents: Data(#"{"x": {"Type": 1}}"#.utf8))
        let before = try sandbox.dump()
        let result = try sandbox.run(["list", "--views", "broken.json"])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "inventory: broken.json: view \"x\": \"Type\" must be a string, not a number\n")
        let missing = try sandbox.run(["list", "--views", "missing.json"])
        #expect(missing.status == 65 && missing.stderr == "inventory: missing.json: no such file\n")
        let unknown = try sandbox.run(["list", "--view", "nope"])
        #expect(
            unknown.status == 64
                && unknown.stderr.hasPrefix(
                    "inventory: unknown view \"nope\" (views: all, luxury, non-insured, on-loan, "
                        + "archive)")
        )
        #expect(try sandbox.dump() == before)
    }

    @Test func constantsAreValidSwiftInAStableOrder() throws {
        let generated = try sandbox.run(
            ["views", "constants", "--views", "views.json", "--prefix", "kView"], useDatabase: false
        )
        try #require(generated.status == 0, "\(generated.stderr)")
        let source = generated.stdout
        let constants = source.split(separator: "\n").filter { $0.hasPrefix("public let") }
        #expect(
            constants == [
                "public let kViewAll = \"all\"", "public let kViewArchive = \"archive\"",
                "public let kViewEverything = \"everything\"",
                "public let kViewHighValue = \"high-value\"", "public let kViewLuxury = \"luxury\"",
                "public let kViewNonInsured = \"non-insured\"",
                "public let kViewOnLoan = \"on-loan\"",
                "public let kViewUninsuredLuxury = \"uninsured-luxury\"",
            ])
        let file = sandbox.file("ViewNames.swift")
        _ = FileManager.default.createFile(atPath: file, contents: Data(source.utf8))
        let typecheck = Process()
        typecheck.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        typecheck.arguments = ["swiftc", "-parse-as-library", "-typecheck", file]
        typecheck.environment = ProcessInfo.processInfo.environment
        try typecheck.run()
        typecheck.waitUntilExit()
        #expect(typecheck.terminationStatus == 0, "the generated file compiles")
        #expect(
            try sandbox.run(["views", "constants", "--prefix", "1x"], useDatabase: false).status
                == 64)
    }

    @Test func shellCompletionOffersTheConfiguredViewNames() throws {
        let result = try sandbox.run(
            ["---completion", "list", "--", "--view", "2", "0", "inventory", "list", "--view", ""],
            useDatabase: false,
            environment: ["INVENTORY_VIEWS": sandbox.file("views.json")])
        #expect(
            result.stdout.split(separator: "\n") == [
                "all", "luxury", "non-insured", "on-loan", "archive", "high-value",
                "uninsured-luxury", "everything",
            ])
    }
}
