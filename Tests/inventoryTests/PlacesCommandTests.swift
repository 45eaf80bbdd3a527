import Foundation
import InventoryStore
import InventoryTestSupport
import Testing

/// `places`, `move` and `list --in`, and the upgrade of a file whose locations were text.
@Suite struct PlacesCommandTests {
    let sandbox = Sandbox()

    private func json(_ arguments: [String]) throws -> [[String: Any]] {
        let output = try sandbox.succeed(arguments + ["--json"])
        return try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test func aBoxMovedBetweenRoomsTakesWhatItHoldsAndTheListsFollow() throws {
        let box = try sandbox.add("Red toolbox", "--location", "House/Garage", "--price", "40")
        let hammer = try sandbox.add("Hammer", "--price", "20")
        let drill = try sandbox.add("Drill", "--price", "120")
        try sandbox.add("TV", "--price", "900", "--location", "house / living room")
        try sandbox.succeed(["move", "\(hammer)", "\(drill)", "--to", "\(box)"])
        #expect(
            try json(["list", "--in", "House / Garage"]).map { $0["name"] as? String } == [
                "Drill", "Hammer", "Red toolbox",
            ])
        #expect(try json(["list", "--in", "\(box)"]).count == 2)
        let moved = try sandbox.succeed(["move", "\(box)", "--to", "house/living room"])
        #expect(moved == "moved \(box) Red toolbox to House / living room\n")
        #expect(try json(["list", "--in", "House / Garage"]).isEmpty)
        let shown = try json(["list", "--in", "House / Living room"])
        #expect(shown.count == 4)
        #expect(
            shown.first { $0["name"] as? String == "Drill" }?["location"] as? String
                == "House / living room / Red toolbox")
        let places = try json(["places"])
        #expect(
            places.map { $0["path"] as? String } == [
                "House", "House / Garage", "House / living room",
            ])
        #expect(places.map { $0["items"] as? Int } == [4, 0, 4])
        #expect(places.map { $0["worth"] as? String } == ["1080.00", "0.00", "1080.00"])
        let table = try sandbox.succeed(["places"])
        #expect(table.contains("  living room      4  1,080.00"), "\(table)")
        let history = try sandbox.succeed(["history", "\(drill)"])
        #expect(history.split(separator: "\n").count == 3, "\(history)")
        #expect(
            history.contains(
                "location House / Garage / Red toolbox -> House / living room / Red toolbox"),
            "\(history)")
    }

    @Test func placesAreMadeRenamedMovedAndDeleted() throws {
        #expect(
            try sandbox.succeed(["places", "add", "House / Attic / Shelf 1"])
                == "added House / Attic / Shelf 1\n")
        try sandbox.succeed(["places", "add", "Cabin"])
        let lamp = try sandbox.add("Lamp", "--location", "House / Attic / Shelf 1")
        try sandbox.succeed(["places", "rename", "House / Attic", "Loft"])
        try sandbox.succeed(["places", "move", "House / Loft / Shelf 1", "--to", "Cabin"])
        let shown = try sandbox.succeed(["show", "\(lamp)"])
        #expect(shown.contains("Cabin / Shelf 1"), "\(shown)")
        try sandbox.succeed(["places", "delete", "Cabin / Shelf 1", "--move-to", "House"])
        #expect(try json(["list"]).first?["location"] as? String == "House")
        #expect(
            try json(["places"]).map { $0["path"] as? String } == [
                "Cabin", "House", "House / Loft",
            ])
    }

    static let refusals: [(arguments: [String], status: Int32, message: String)] = [
        (
            ["move", "1", "--to", "Nowhere"], 1,
            "inventory: no place is called \"Nowhere\" (inventory places lists them; "
                + "inventory places add makes one)"
        ),
        (
            ["move", "1", "--to", "2"], 1,
            "inventory: Box cannot go inside itself: Box → Pen → Box; nothing was changed"
        ),
        (["move", "9", "--to", "House"], 1, "inventory: no item has id 9; nothing was changed"),
        (
            ["places", "delete", "House"], 1,
            "inventory: \"House\" holds the place \"House / Garage\": move or delete it first"
        ),
        (
            ["places", "delete", "House / Garage"], 1,
            "inventory: \"House / Garage\" holds 1 item: say where it goes (--move-to PLACE); "
                + "nothing was changed"
        ),
        (
            ["places", "move", "House", "--to", "House / Garage"], 1,
            "inventory: House cannot go inside itself: House → Garage → House"
        ),
        (
            ["places", "add", "House / Garage"], 1,
            "inventory: a place called \"House / Garage\" exists already"
        ),
        (
            ["places", "rename", "House", "A/B"], 65,
            "a place's name cannot hold \"/\", which separates the places of a path"
        ),
        (["places", "move", "House"], 64, "give --to PLACE or --top"),
        (
            ["delete", "1"], 1,
            "inventory: item 1 \"Box\" holds 1 item: move it out first"
        ),
        (["list", "--in", "Shed"], 1, "inventory: no place is called \"Shed\""),
    ]

    @Test(arguments: Self.refusals)
    func aRefusedChangeOfPlacesSaysWhyInOneLineAndChangesNothing(
        arguments: [String], status: Int32, message: String
    ) throws {
        try sandbox.add("Box", "--location", "House / Garage")
        try sandbox.add("Pen")
        try sandbox.succeed(["move", "2", "--to", "1"])
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try sandbox.dump() == before)
    }

    /// A file of 0.1.0 (migrations 1 to 12) and of the last build before places (1 to 16),
    /// whose locations are text: each becomes a place, the same spelling one place, and the
    /// items' history keeps what they were.
    @Test(arguments: [12, 16])
    func aFileOfAnEarlierReleaseGetsItsLocationsAsPlaces(migrations: Int) throws {
        try sandbox.makeInventory(migrations: migrations) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 0;
                INSERT INTO items (name, name_key, price, location, tags, tag_keys, attachments,
                    created_at, updated_at) VALUES
                    ('Desk', 'desk', 30000, 'Home/Office', '[]', '[]', '[]', 0, 0),
                    ('Lamp', 'lamp', 4000, 'Home / Office / Desk drawer', '[]', '[]', '[]', 0, 0),
                    ('Chair', 'chair', 9000, ' Home / Office /', '[]', '[]', '[]', 0, 0),
                    ('Kayak', 'kayak', 70000, 'Cabin', '[]', '[]', '[]', 0, 0),
                    ('Pen', 'pen', 100, '/', '[]', '[]', '[]', 0, 0),
                    ('Mug', 'mug', 500, NULL, '[]', '[]', '[]', 0, 0);
                """)
            // Homebox's places were recorded from 0014 on.
            if migrations >= 14 {
                try database.execute(
                    """
                    INSERT INTO imported_places (source, source_id, name, parent_path, path,
                        created_at, updated_at) VALUES
                        ('homebox', 'a1', 'Shed', 'Home', 'Home / Shed', 0, 0);
                    """)
            } else {
                try database.execute(
                    """
                    INSERT INTO items (name, name_key, location, tags, tag_keys, attachments,
                        created_at, updated_at) VALUES
                        ('Rake', 'rake', 'Home/Shed', '[]', '[]', '[]', 0, 0);
                    """)
            }
        }
        let places = try json(["places"])
        #expect(
            places.map { $0["path"] as? String } == [
                "Cabin", "Home", "Home / Office", "Home / Office / Desk drawer", "Home / Shed",
            ])
        let inShed = migrations >= 14 ? 0 : 1
        #expect(places.map { $0["items"] as? Int } == [1, 3 + inShed, 3, 1, inShed])
        let items = try json(["list", "--sort", "id"])
        #expect(
            items.prefix(6).map { $0["location"] as? String } == [
                "Home / Office", "Home / Office / Desk drawer", "Home / Office", "Cabin", nil, nil,
            ])
        #expect(try json(["list", "--in", "home/office"]).count == 3)
        // History says what each was added as, the respelled ones too.
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("#1 Desk  added:"), "\(history)")
        #expect(history.contains("insured no, in Home/Office"), "\(history)")
        try sandbox.succeed(["edit", "1", "--location", "Cabin"])
        let edited = try sandbox.succeed(["history", "1"])
        #expect(edited.contains("location Home / Office -> Cabin"), "\(edited)")
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
