import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

/// Fields of the household's own, through the command line: defining them, values in `add`
/// and `edit`, `show`, `list --field/--columns`, search, views, rules, removal, the JSON, CSV
/// and Homebox files both ways, an earlier release's file, and bad input.
@Suite struct CustomFieldCommandTests {
    let sandbox = Sandbox()

    private func define() throws {
        try sandbox.succeed(["fields", "add", "Wattage", "--type", "number", "--min", "0"])
        try sandbox.succeed([
            "fields", "add", "Fuel", "--type", "choice", "--options", "Diesel,Petrol,Electric",
        ])
        try sandbox.succeed([
            "fields", "add", "MOT due", "--type", "date", "--required-for-tag", "car",
        ])
    }

    @Test func valuesAreTypedCheckedShownListedAndSearched() throws {
        try define()
        let listed = try sandbox.succeed(["fields"])
        #expect(listed.contains("Fuel     choice: Diesel, Petrol, Electric"))
        #expect(listed.contains("MOT due  date                              required for tag car"))
        let added = try #require(
            try sandbox.json([
                "add", "--name", "Heater", "--field", "wattage=2,000", "--field", "FUEL=electric",
                "--json",
            ]) as? [String: Any])
        // spelled as the field spells it: a number plain, an option as listed
        #expect(added["fields"] as? [String: String] == ["wattage": "2000", "fuel": "Electric"])
        try sandbox.succeed([
            "add", "--name", "Van", "--tag", "car", "--field", "MOT due=2027-01-31",
            "--field", "Fuel=Diesel",
        ])
        let shown = try sandbox.succeed(["show", "1"])
        #expect(
            shown.contains("  Wattage      2000\n") && shown.contains("  Fuel         Electric\n"))
        #expect(try sandbox.succeed(["list", "--search", "electric"]).contains("Heater"))
        let diesel = try sandbox.succeed([
            "list", "--field", "fuel=DIESEL", "--columns", "Fuel,MOT due",
        ])
        #expect(
            diesel.contains("FUEL") && diesel.contains("MOT DUE") && diesel.contains("2027-01-31"))
        #expect(!diesel.contains("Heater"))
        let csv = try sandbox.succeed(["list", "--columns", "Wattage", "--csv"])
        #expect(csv.hasPrefix("id,name,") && csv.contains(",Wattage\r\n"))
        #expect(csv.contains(",2000\r\n"))
        // an edit sets and clears; history says so
        try sandbox.succeed(["edit", "1", "--field", "Wattage=1500"])
        try sandbox.succeed(["edit", "1", "--field", "Fuel="])
        let item = try #require(try sandbox.json(["show", "1", "--json"]) as? [String: Any])
        #expect(item["fields"] as? [String: String] == ["wattage": "1500"])
        let history = try sandbox.succeed(["history", "1"])
        // by their names, as defined
        #expect(history.contains("Wattage 2000 -> 1500") && history.contains("Fuel Electric -> —"))
        #expect(history.contains("added: luxury no, insured no, Wattage 2000, Fuel Electric"))
    }

    @Test func aViewFiltersOnTheHouseholdsOwnFields() throws {
        try define()
        try sandbox.succeed(["add", "--name", "Heater", "--field", "Wattage=2000"])
        try sandbox.succeed(["add", "--name", "Lamp", "--field", "Wattage=40"])
        try sandbox.succeed([
            "add", "--name", "Van", "--tag", "car", "--field", "MOT due=2027-01-31",
        ])
        let views = sandbox.file("views.json")
        try #"""
        {"power-hungry": {"Type": "FilteredList", "Dependencies": {"title": "@Power hungry",
            "filter": {"fields": {"wattage": {"min": 1000}}}}},
         "mot": {"Type": "FilteredList", "Dependencies": {"title": "@MOT",
            "filter": {"fields": {"MOT due": {"set": true}}}}}}
        """#.write(toFile: views, atomically: true, encoding: .utf8)
        let hungry = try #require(
            try sandbox.json(["list", "--views", views, "--view", "power-hungry", "--json"])
                as? [[String: Any]])
        #expect(hungry.map { $0["name"] as? String } == ["Heater"])
        let mot = try #require(
            try sandbox.json(["list", "--views", views, "--view", "mot", "--json"])
                as? [[String: Any]])
        #expect(mot.map { $0["name"] as? String } == ["Van"])
        try
            #"{"bad": {"Type": "FilteredList", "Dependencies": {"filter": {"fields": {"x": [1]}}}}}"#
            .write(toFile: views, atomically: true, encoding: .utf8)
        let refused = try sandbox.run(["views", "check", views], useDatabase: false)
        #expect(refused.status == 65 && refused.stdout.contains("field \"x\" must be"))
    }

    @Test func theFilesCarryThemBothWays() throws {
        try define()
        try sandbox.succeed([
            "add", "--name", "Van", "--tag", "car", "--field", "MOT due=2027-01-31",
            "--field", "Fuel=Diesel",
        ])
        try sandbox.succeed(["export", "--format", "json", "--output", "all.json"])
        try sandbox.succeed(["export", "--format", "csv", "--output", "all.csv"])
        try sandbox.succeed(["export", "--format", "homebox", "--output", "hb.csv"])
        let csv = try String(contentsOfFile: sandbox.file("all.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("Name,") && csv.contains(",Wattage,Fuel,MOT due\r\n"))
        let homebox = try String(contentsOfFile: sandbox.file("hb.csv"), encoding: .utf8)
        #expect(homebox.contains(",HB.field.Wattage,HB.field.Fuel,HB.field.MOT due\n"))

        // a new inventory: the JSON defines the fields and brings the values
        let other = Sandbox()
        try other.succeed(["import", sandbox.file("all.json")])
        #expect(try other.succeed(["fields"]).contains("required for tag car"))
        let van = try #require(try other.json(["show", "1", "--json"]) as? [String: Any])
        #expect(van["fields"] as? [String: String] == ["fuel": "Diesel", "mot due": "2027-01-31"])

        // the CSV and Homebox files into inventories that define the same fields
        for file in ["all.csv", "hb.csv"] {
            let target = Sandbox()
            try target.succeed(["fields", "add", "wattage", "--type", "number"])
            try target.succeed([
                "fields", "add", "FUEL", "--type", "choice", "--options", "Diesel,Petrol",
            ])
            try target.succeed(["fields", "add", "MOT due", "--type", "date"])
            try target.succeed(["import", sandbox.file(file)])
            let item = try #require(try target.json(["show", "1", "--json"]) as? [String: Any])
            #expect(
                item["fields"] as? [String: String] == ["fuel": "Diesel", "mot due": "2027-01-31"],
                "\(file)")
            #expect((item["notes"] as? String) == nil, "\(file): not as lines of the notes")
        }
    }

    @Test func checkAsksForAFieldRequiredAfterTheItemsWereSaved() throws {
        try sandbox.add("Old van", "--tag", "car")
        try sandbox.add("Bike", "--tag", "bike")
        try sandbox.succeed([
            "fields", "add", "MOT due", "--type", "date", "--required-for-tag", "car",
        ])
        let check = try sandbox.run(["check", "--json"])
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let items = try #require(findings["items"] as? [[String: Any]])
        let van = try #require(items.first { $0["name"] as? String == "Old van" })
        let missing = try #require(van["missing"] as? [[String: Any]])
        #expect(missing.contains { $0["rule"] as? String == "own-field" })
        #expect(
            try sandbox.succeed(["check"]).contains("no MOT due (required for items tagged car)"))
        let bike = try #require(items.first { $0["name"] as? String == "Bike" })
        #expect(
            !((bike["missing"] as? [[String: Any]]) ?? []).contains {
                $0["rule"] as? String == "own-field"
            })
        try sandbox.succeed(["edit", "1", "--field", "MOT due=2027-03-01"])
        #expect(!(try sandbox.succeed(["check"]).contains("no MOT due")))
    }

    @Test func renamingAFieldKeepsItsValuesInItemsAndTemplates() throws {
        try define()
        try sandbox.add("Heater", "--field", "wattage=2000")
        try sandbox.add("Lamp")
        try sandbox.succeed(["templates", "add", "Heaters", "--field", "Wattage=1500"])
        let renamed = try sandbox.succeed(["fields", "rename", "WATTAGE", "Power"])
        #expect(renamed.contains("renamed field WATTAGE to Power; 1 item changed"))
        #expect(try sandbox.succeed(["show", "1"]).contains("  Power        2000\n"))
        #expect(try sandbox.succeed(["fields"]).contains("Power"))
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("edited: Power — -> 2000, wattage 2000 -> —"), "\(history)")
        let fromTemplate = try #require(
            try sandbox.json(["add", "--name", "Fan", "--template", "heaters", "--json"])
                as? [String: Any])
        #expect(fromTemplate["fields"] as? [String: String] == ["power": "1500"])
        // a case change only: no item changes
        #expect(
            try sandbox.succeed(["fields", "rename", "power", "POWER"])
                == "renamed field power to POWER\n")
        // refused, nothing changed: no such field, another's name, a built-in's, no name
        let before = try sandbox.dump()
        for arguments in [
            ["fields", "rename", "Colour", "Hue"], ["fields", "rename", "Power", "fuel"],
            ["fields", "rename", "Power", "Price"], ["fields", "rename", "Power", " "],
        ] {
            let refused = try sandbox.run(arguments)
            #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1)
        }
        #expect(try sandbox.dump() == before)
    }

    @Test func removingAFieldClearsItsValuesWithHistory() throws {
        try define()
        try sandbox.succeed(["add", "--name", "Heater", "--field", "Wattage=2000"])
        #expect(
            try sandbox.succeed(["fields", "remove", "WATTAGE"])
                == "removed field Wattage; 1 item lost its value\n")
        let item = try #require(try sandbox.json(["show", "1", "--json"]) as? [String: Any])
        #expect((item["fields"] as? [String: String])?.isEmpty == true)
        #expect(try sandbox.succeed(["history", "1"]).contains("wattage 2000 -> —"))
        #expect(try sandbox.run(["fields", "remove", "Wattage"]).status == 65)
    }

    @Test func anEarlierReleasesFileTakesFieldsAndStillSearches() throws {
        try sandbox.makeInventory(migrations: 21) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 0;
                INSERT INTO items (name, name_key, brand, tags, tag_keys, attachments,
                    created_at, updated_at) VALUES
                    ('Boat', 'boat', 'Beneteau', '[]', '[]', '[]', 0, 0);
                """)
        }
        #expect(try sandbox.succeed(["list", "--search", "beneteau"]).contains("Boat"))
        try sandbox.succeed(["fields", "add", "Hull", "--type", "text"])
        try sandbox.succeed(["edit", "1", "--field", "Hull=fibreglass"])
        #expect(try sandbox.succeed(["list", "--search", "fibreglass"]).contains("Boat"))
        #expect(try sandbox.succeed(["history", "1"]).contains("added"))
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        try define()
        try sandbox.succeed([
            "add", "--name", "Van", "--tag", "car", "--field", "MOT due=2027-01-31",
        ])
        let before = try sandbox.dump()
        for arguments in [
            ["fields", "add", "Wattage", "--type", "number"],
            ["fields", "add", "price", "--type", "number"],
            ["fields", "add", "Colour", "--type", "colour"],
            ["fields", "add", "Colour", "--type", "choice"],
            ["fields", "add", "Colour", "--type", "text", "--options", "a,b"],
            ["fields", "add", "Colour", "--type", "text", "--min", "1"],
            ["fields", "add", "Size", "--type", "number", "--min", "5", "--max", "1"],
            ["fields", "add", "Say \"hi\"", "--type", "text"],
            ["fields", "add", "  ", "--type", "text"],
            ["fields", "add", "Fuel2", "--type", "choice", "--options", "a,A"],
            ["fields", "remove", "Colour"],
            ["add", "--name", "Heater", "--field", "Wattage=-5"],
            ["add", "--name", "Heater", "--field", "Wattage=lots"],
            ["add", "--name", "Heater", "--field", "Fuel=Coal"],
            ["add", "--name", "Heater", "--field", "Colour=red"],
            ["add", "--name", "Heater", "--field", "Wattage"],
            ["add", "--name", "Car", "--tag", "car"],
            ["edit", "1", "--field", "MOT due="],
            ["edit", "1", "--field", "MOT due=31/31/2027"],
            ["list", "--field", "Colour=red"],
            ["list", "--columns", "Colour"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("json_"))
        }
        #expect(try sandbox.dump() == before)
    }
}

/// Templates through the command line: saved, listed, started from by `add`, replaced,
/// removed, an earlier release's file, and bad input.
@Suite struct TemplateCommandTests {
    let sandbox = Sandbox()

    @Test func addStartsFromATemplateAndTheOptionsGoOnTop() throws {
        try sandbox.succeed(["places", "add", "House / Garage"])
        try sandbox.succeed([
            "fields", "add", "Fuel", "--type", "choice", "--options", "Diesel,Petrol",
        ])
        let saved = try sandbox.succeed([
            "templates", "add", "Tools", "--tag", "tools", "--insured", "--location",
            "house / garage", "--brand", "Bosch", "--field", "fuel=petrol",
        ])
        #expect(saved.hasPrefix("template Tools: "), "\(saved)")
        #expect(saved.contains("insured yes") && saved.contains("tags tools"))
        #expect(try sandbox.succeed(["templates"]).contains("Tools"))
        let item = try #require(
            try sandbox.json([
                "add", "--name", "Drill", "--template", "TOOLS", "--price", "129", "--tag", "power",
                "--json",
            ]) as? [String: Any])
        #expect(item["insured"] as? Bool == true && item["brand"] as? String == "Bosch")
        #expect(item["location"] as? String == "House / Garage")
        #expect((item["tags"] as? [String])?.sorted() == ["power", "tools"])
        #expect(item["fields"] as? [String: String] == ["fuel": "Petrol"])
        #expect(item["price"] as? String == "129.00")
        // saved again: replaced; removed: gone, and the item stays
        try sandbox.succeed(["templates", "add", "tools", "--tag", "hand tools"])
        #expect(!(try sandbox.succeed(["templates"]).contains("Bosch")))
        try sandbox.succeed(["templates", "remove", "Tools"])
        #expect(try sandbox.succeed(["templates"]).hasPrefix("No templates"))
        #expect(try sandbox.succeed(["show", "1"]).contains("Bosch"))
    }

    @Test func anEarlierReleasesFileTakesTemplates() throws {
        try sandbox.makeInventory(migrations: 22) { _ in }
        try sandbox.succeed(["templates", "add", "Kitchen", "--tag", "kitchen"])
        #expect(try sandbox.succeed(["add", "--name", "Kettle", "--template", "kitchen"]) == "1\n")
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        try sandbox.succeed(["templates", "add", "Tools", "--tag", "tools"])
        let before = try sandbox.dump()
        for arguments in [
            ["templates", "add", "  ", "--tag", "x"],
            ["templates", "add", "X", "--name", "Drill"],
            ["templates", "add", "X", "--price", "-3"],
            ["templates", "add", "X", "--field", "Colour=red"],
            ["templates", "add", "X", "--purchased", "2999-01-01"],
            ["templates", "remove", "Nope"],
            ["add", "--name", "Drill", "--template", "Nope"],
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try sandbox.dump() == before)
    }
}
