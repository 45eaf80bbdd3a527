import ArgumentParser
import Foundation
import InventoryTestSupport
import Testing

@testable import inventory

@Suite struct CommandTests {
    let sandbox = Sandbox()

    @Test func theBlogsBoatAppearsInLuxuryNonInsuredAndAllThenLeavesNonInsuredWhenInsured() throws {
        let boat = try sandbox.add("Boat", "--price", "25000", "--luxury")
        #expect(boat == 1)
        for view in ["luxury", "non-insured", "all"] {
            let table = try sandbox.succeed(["list", "--view", view])
            #expect(table.contains("Boat"), "view \(view)")
            #expect(table.hasSuffix("1 item · worth 25,000.00 USD\n"), "view \(view)")
        }
        try sandbox.succeed(["edit", "1", "--insured"])
        #expect(
            try sandbox.succeed(["list", "--view", "non-insured"]) == "0 items · worth 0.00 USD\n")
        #expect(try sandbox.succeed(["list", "--view", "luxury"]).contains("Boat"))
    }

    @Test func addPrintsTheIdAloneOrTheItemAsJSONWithExactlyTheDocumentedKeys() throws {
        #expect(try sandbox.succeed(["add", "--name", "Lamp"]) == "1\n")
        let item = try #require(
            try sandbox.json([
                "add", "--name", "Camera", "--price", "1234.5", "--purchased", "2024-02-29",
                "--description", "Mirrorless", "--luxury", "--insured", "--quantity", "2",
                "--location", "Study", "--brand", "Fujifilm", "--model", "X-T5", "--serial", "9X",
                "--notes", "receipt in drawer", "--json",
            ]) as? [String: Any])
        #expect(
            Set(item.keys) == [
                "id", "name", "description", "price", "currency", "purchaseDate", "luxury",
                "insured", "quantity", "location", "brand", "model", "serial", "notes", "photo",
                "createdAt", "updatedAt", "version", "value", "worth", "purchasedFrom",
                "warrantyUntil", "lifetimeWarranty", "reviewedAt", "tags", "files", "scheduled",
                "lentTo", "lentOn", "loanDue", "leftOn", "leftHow", "leftTo", "leftFor", "fields",
            ])
        #expect(item["id"] as? Int == 2)
        #expect(item["price"] as? String == "1234.50")
        #expect(item["currency"] as? String == "USD")
        #expect(item["purchaseDate"] as? String == "2024-02-29")
        #expect(item["luxury"] as? Bool == true)
        #expect(item["quantity"] as? Int == 2)
        #expect(item["serial"] as? String == "9X")
        #expect(item["photo"] is NSNull)
        #expect(item["version"] as? Int == 1)
        let created = try #require(item["createdAt"] as? String)
        #expect(created.hasSuffix("Z") && created.count == 24)
        let lamp = try #require(try sandbox.json(["show", "1", "--json"]) as? [String: Any])
        #expect(lamp["price"] is NSNull)
        #expect(lamp["description"] is NSNull)
    }

    @Test func editChangesOnlyTheGivenFieldsOnEveryListedItem() throws {
        try sandbox.add("Chair", "--price", "45", "--location", "Kitchen", "--notes", "wobbly")
        try sandbox.add("Table", "--price", "300", "--luxury")
        try sandbox.add("Sofa", "--price", "900")
        try sandbox.succeed([
            "edit", "1", "2", "--location", "Dining room", "--no-luxury", "--notes", "",
        ])
        let items = try #require(
            try sandbox.json(["list", "--json", "--sort", "id"]) as? [[String: Any]])
        #expect(items.map { $0["location"] as? String } == ["Dining room", "Dining room", nil])
        #expect(items.map { $0["luxury"] as? Bool } == [false, false, false])
        #expect(items.map { $0["notes"] as? String } == [nil, nil, nil])
        #expect(items.map { $0["price"] as? String } == ["45.00", "300.00", "900.00"])
        #expect(items.map { $0["version"] as? Int } == [2, 2, 1])
    }

    @Test func deleteRemovesEveryListedItem() throws {
        for name in ["A", "B", "C"] { try sandbox.add(name) }
        #expect(try sandbox.succeed(["delete", "1", "3"]) == "deleted 1 A\ndeleted 3 C\n")
        let items = try #require(try sandbox.json(["list", "--json"]) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["B"])
    }

    @Test func showPrintsEveryFieldForPeople() throws {
        try sandbox.add(
            "Boat", "--price", "25000", "--luxury", "--location", "Marina", "--serial", "HIN-1")
        let text = try sandbox.succeed(["show", "1"])
        #expect(text.hasPrefix("#1 Boat\n"))
        for fragment in [
            "25,000.00 USD", "Luxury       yes", "Insured      no", "Marina", "HIN-1", "version 1",
        ] {
            #expect(text.contains(fragment), "missing \(fragment)")
        }
        #expect(!text.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func listOrdersByNameCaseInsensitivelyThenIdUnlessToldOtherwise() throws {
        try sandbox.add("banana", "--price", "3", "--purchased", "2024-01-02")
        try sandbox.add("Apple", "--price", "10")
        try sandbox.add("apple", "--purchased", "2023-05-01")
        try sandbox.add("Cherry", "--price", "1")
        func ids(_ sort: String) throws -> [Int] {
            let items = try #require(
                try sandbox.json(["list", "--json", "--sort", sort]) as? [[String: Any]])
            return items.compactMap { $0["id"] as? Int }
        }
        #expect(try ids("name") == [2, 3, 1, 4])
        #expect(try ids("price") == [4, 1, 2, 3])
        #expect(try ids("purchased") == [3, 1, 2, 4])
        #expect(try ids("id") == [1, 2, 3, 4])
    }

    @Test func theTableIsAlignedAndEndsWithCountAndTotal() throws {
        try sandbox.add("Chairs", "--price", "45", "--quantity", "6")
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.add("Ring", "--price", "2080", "--insured")
        let lines = try sandbox.succeed(["list"]).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("ID  NAME"))
        #expect(
            lines[1].contains("Boat") && lines[2].contains("Chairs") && lines[3].contains("Ring"))
        let priceColumnEnds = lines[1...3].map { line in
            line.range(of: ".00")!.upperBound.utf16Offset(in: line)
        }
        #expect(Set(priceColumnEnds).count == 1, "prices are right-aligned")
        #expect(lines[4] == "3 items · worth 27,350.00 USD")
    }

    @Test func jsonEscapesWhatJSONAndJavaScriptNeedAndRoundTrips() throws {
        let typed = "tab\tquote\" back\\ bell line\u{2028}para\u{2029} é 📷 € … \u{E2}"
        try sandbox.add("Lamp", "--notes", typed)
        // A control character can no longer be typed, but an older inventory may hold one.
        try sandbox.sqlite("UPDATE items SET notes = replace(notes, 'bell', 'bell' || char(7))")
        let notes = typed.replacingOccurrences(of: "bell", with: "bell\u{7}")
        let json = try sandbox.succeed(["list", "--json"])
        #expect(json.contains(#"tab\tquote\" back\\ bell\u0007 line\u2028para\u2029 é 📷 € … â"#))
        let parsed = try #require(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.first?["notes"] as? String == notes)
    }

    @Test func csvFollowsRFC4180WithAHeaderRow() throws {
        try sandbox.add(
            "Painting, \"Sunset\"", "--price", "500", "--luxury", "--notes", "line one\nline two")
        try sandbox.add("Vase", "--luxury")
        let csv = try sandbox.succeed(["list", "--view", "luxury", "--csv"])
        let records = csv.components(separatedBy: "\r\n")
        #expect(
            records[0].hasPrefix(
                "id,name,description,price,currency,purchaseDate,luxury,insured,quantity"))
        #expect(records[1].hasPrefix("1,\"Painting, \"\"Sunset\"\"\",,500.00,USD,,true,false,1,"))
        #expect(records[1].contains("\"line one\nline two\""))
        #expect(records[2].hasPrefix("2,Vase,,,USD,,true,false,1,"))
        #expect(records.count == 4 && records[3].isEmpty)
    }

    @Test func hostileEmojiAndRightToLeftNamesAreStoredAndShownExactly() throws {
        let names = [
            "'); DROP TABLE items;--", "📷 Camera 👨‍👩‍👧", "مرحبا بالعالم", "Ünïcödé \"quoted\" \\ back",
        ]
        for name in names { try sandbox.add(name) }
        let items = try #require(
            try sandbox.json(["list", "--json", "--sort", "id"]) as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String } == names)
        let table = try sandbox.succeed(["list"])
        for name in names { #expect(table.contains(name)) }
        #expect(try sandbox.succeed(["show", "3"]).hasPrefix("#3 مرحبا بالعالم\n"))
    }

    @Test func aPhotoIsCopiedBesideTheDatabaseAndShownAsAPath() throws {
        let picture = sandbox.file("boat.jpeg.txt")
        writePNG(at: picture, seed: "boat")
        try sandbox.add("Boat", "--photo", picture)
        let item = try #require(
            try sandbox.json(["show", "1", "--json"]) as? [[String: Any]].Element)
        let photo = try #require(item["photo"] as? String)
        #expect(photo.hasPrefix(sandbox.file("photos/")) && photo.hasSuffix(".png"))
        #expect(
            FileManager.default.contents(atPath: photo)
                == FileManager.default.contents(atPath: picture))
        #expect(permissions(sandbox.file("photos")) == 0o700)
        #expect(permissions(photo) == 0o600)
        try sandbox.succeed(["edit", "1", "--no-photo"])
        #expect(!FileManager.default.fileExists(atPath: photo))
    }

    @Test func helpTextWrapsIntoWholeLinesWithoutStrayFragments() throws {
        // A source line longer than the help's width used to be wrapped and then broken again
        // at its own line end, leaving a word or two alone on a line ("an\nid\ndoes not").
        for command in Self.allCommands {
            let help = try sandbox.run(command + ["--help"], useDatabase: false).stdout
            let lines = help.components(separatedBy: "\n")
            for (line, next) in zip(lines, lines.dropFirst()) {
                let isFragment =
                    !line.isEmpty && line.count < 40 && !line.hasPrefix(" ")
                    && !line.hasSuffix(":") && !next.isEmpty && !next.hasPrefix(" ")
                #expect(!isFragment, "inventory \(command.joined(separator: " ")) --help: \(line)")
            }
        }
    }

    @Test func theDatabaseOptionsMayComeBeforeTheCommand() throws {
        try sandbox.add("Boat", "--luxury")
        let listed = try sandbox.run(
            ["--db", sandbox.database, "list", "--view", "luxury"], useDatabase: false)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Boat"))
        let shown = try sandbox.run(
            ["--verbose", "--db=\(sandbox.database)", "claim", "list"], useDatabase: false)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "no claims\n")
    }

    /// Every command and subcommand, read from the command tree itself, so that a new one is
    /// checked without being listed here.
    static let allCommands: [[String]] = {
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path]
                + command.configuration.subcommands.flatMap { walk($0, path + [$0._commandName]) }
        }
        return walk(Inventory.self, [])
    }()

    @Test func theCommandTreeIsWhatTheHelpTestsCover() {
        #expect(Self.allCommands.count >= 29)
        for command in [["verify"], ["restore"], ["views", "check"], ["claim", "export"]] {
            #expect(Self.allCommands.contains(command), "\(command)")
        }
    }

    /// A command without a `commandName` is named by `String(describing:)` of its type, which
    /// every run pays for: the runtime scans every protocol conformance of the binary to find
    /// how to describe a metatype, at every start of every command.
    @Test func everyCommandIsNamedInItsConfiguration() {
        func unnamed(_ command: any ParsableCommand.Type) -> [String] {
            (command.configuration.commandName == nil ? ["\(command)"] : [])
                + command.configuration.subcommands.flatMap(unnamed)
        }
        #expect(unnamed(Inventory.self) == [])
    }

    @Test func everyCommandsHelpShowsExamplesEachOnOneLineToCopy() throws {
        for command in Self.allCommands {
            let result = try sandbox.run(command + ["--help"], useDatabase: false)
            let name = (["inventory"] + command).joined(separator: " ")
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:\n  \(name)"), "\(name) --help")
            let lines = result.stdout.components(separatedBy: "\n")
            guard let start = lines.firstIndex(of: "Examples:") else { continue }
            for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
                // A wrapped example would go on in a line that is not indented.
                #expect(line.hasPrefix("  "), "\(name) --help: an example was cut: \(line)")
            }
        }
        let completion = try sandbox.run(
            ["--generate-completion-script", "bash"], useDatabase: false)
        #expect(completion.status == 0 && completion.stdout.contains("_inventory"))
    }
}
