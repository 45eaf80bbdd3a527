import Foundation
import ObjectRegistry
import Testing

/// A type of the tests' own, which the registry knows nothing about: a room of a house, with
/// what is next to it and its doors.
struct Room: Sendable, Equatable {
    var name: String
    var title: String
    var area: Double?
    var heated: Bool?
    var next: [String] = []
    var door: String?
}

@Suite struct RegistryTests {
    static func rooms() -> Registry<Room> {
        let registry = Registry<Room>(noun: "room", otherTypes: ["Garden"])
        registry.register(
            RegistryType(
                name: "Room",
                dependencies: [
                    "title": .text, "door": .entry, "next": .entries,
                    "area": .value { value throws(DependencyProblem) in
                        guard case .value(.number(let number)) = value, number > 0 else {
                            throw DependencyProblem(
                                "must be a positive number, not \(value.kindDescription(noun: "room"))"
                            )
                        }
                        return number
                    },
                    "heated": .value { value throws(DependencyProblem) in
                        guard case .value(.bool(let flag)) = value else {
                            throw DependencyProblem("must be true or false")
                        }
                        return flag
                    },
                ]
            ) { entry, dependencies in
                Room(
                    name: entry.name, title: dependencies.text("title") ?? entry.name,
                    area: dependencies.value("area"), heated: dependencies.value("heated"),
                    next: dependencies.objects("next")?.map(\.name) ?? [],
                    door: dependencies.object("door")?.name)
            })
        return registry
    }

    static let house = """
        {
          "hall": {"Type": "Room", "Description": "Where the coats are",
                   "Dependencies": {"title": "@@home", "area": 6.5, "heated": true}},
          "kitchen": {"Type": "Room", "Tag": "ground",
                      "Dependencies": {"door": "hall", "next": ["hall", "pantry"]}},
          "pantry": "Room",
          "lawn": {"Type": "Garden", "Dependencies": {"anything": 1}}
        }
        """

    @Test func entriesBuildObjectsWithLiteralsValuesAndInjectedEntries() throws {
        let registry = Self.rooms()
        try registry.load(json: Self.house, source: "house.json")
        #expect(registry.names == ["hall", "kitchen", "pantry"], "the Garden entry is set aside")
        #expect(
            try registry.make(named: "hall")
                == Room(name: "hall", title: "@home", area: 6.5, heated: true))
        #expect(
            try registry.make(named: "kitchen")
                == Room(name: "kitchen", title: "kitchen", next: ["hall", "pantry"], door: "hall"))
        #expect(registry.entry(named: "hall")?.description == "Where the coats are")
        #expect(registry.entry(named: "kitchen")?.tag == "ground")
        #expect(registry.entry(named: "kitchen")?.source == "house.json")
    }

    @Test func valuesGivenAtCreationOverrideConfiguredOnes() throws {
        let registry = Self.rooms()
        try registry.load(json: Self.house, source: "house.json")
        let bigger = try registry.make(
            named: "hall", overrides: ["area": .value(.number(12)), "title": .literal("Entry")])
        #expect(bigger.area == 12 && bigger.title == "Entry" && bigger.heated == true)
        let error = #expect(throws: RegistryError.self) {
            try registry.make(named: "hall", overrides: ["area": .value(.string("big"))])
        }
        #expect(
            error?.description
                == #"house.json: room "hall": dependency "area": must be a positive number, not a string"#
        )
        #expect(try registry.make(named: "hall").area == 6.5, "an override changes nothing kept")
    }

    @Test func aWholeFileIsCheckedAtOnceAndAppliedAllOrNothing() throws {
        let registry = Self.rooms()
        try registry.load(json: Self.house, source: "house.json")
        let broken = """
            {
              "attic": {"Type": "Room", "Dependencies": {"door": "stairs", "area": -1}},
              "cellar": {"Type": "Shed"},
              "study": {"Type": "Room", "Dependencies": {"next": ["hall", 3], "colour": "@red"}},
              "fine": "Room"
            }
            """
        let error = #expect(throws: RegistryError.self) {
            try registry.load(json: broken, source: "more.json")
        }
        #expect(
            error?.problems.map(\.description) == [
                #"more.json: room "attic": dependency "area": must be a positive number, not a number"#,
                #"more.json: room "attic": dependency "door" names "stairs", which is not a room; write "@stairs" for a literal"#,
                #"more.json: room "cellar": unknown type "Shed" (known types: Room)"#,
                #"more.json: room "study": unknown dependency "colour" for Room (known: area, door, heated, next, title)"#,
                #"more.json: room "study": dependency "next": holds a number, not the name of a room"#,
            ])
        #expect(registry.names == ["hall", "kitchen", "pantry"], "nothing of the file was added")
        #expect(
            registry.check(contentsOf: "/nonexistent/rooms.json").map(\.message) == ["no such file"]
        )
    }

    @Test func everyCycleIsRefusedWithItsPath() {
        let registry = Self.rooms()
        let json = """
            {
              "a": {"Type": "Room", "Dependencies": {"door": "b"}},
              "b": {"Type": "Room", "Dependencies": {"next": ["c"]}},
              "c": {"Type": "Room", "Dependencies": {"door": "a"}},
              "self": {"Type": "Room", "Dependencies": {"door": "self"}}
            }
            """
        let error = #expect(throws: RegistryError.self) {
            try registry.load(json: json, source: "loops.json")
        }
        #expect(
            error?.problems.map(\.message) == [
                "dependency cycle: a -> b -> c -> a", "dependency cycle: self -> self",
            ])
    }

    @Test func builtInEntriesCannotBeRedefinedAndCodeEntriesMerge() throws {
        let registry = Self.rooms()
        try registry.register([RegistryEntry(name: "hall", type: "Room")], builtIn: true)
        #expect(registry.entry(named: "hall")?.source == Registry<Room>.builtInSource)
        let error = #expect(throws: RegistryError.self) {
            try registry.load(json: #"{"hall": "Room"}"#, source: "mine.json")
        }
        #expect(
            error?.description
                == #"mine.json: room "hall": "hall" is a built-in room and cannot be redefined; give your room another name"#
        )
        try registry.register([
            RegistryEntry(name: "den", type: "Room", dependencies: ["door": .reference("hall")])
        ])
        try registry.register([RegistryEntry(name: "den", type: "Room")])
        #expect(registry.names == ["hall", "den"])
        #expect(
            try registry.make(named: "den").door == nil, "a later entry replaces an earlier one")
        let missing = #expect(throws: RegistryError.self) { try registry.make(named: "loft") }
        #expect(missing?.description == #"rooms: room "loft": no such room (rooms: hall, den)"#)
    }

    @Test func aValueMayNameWhatAnotherRegistryHolds() throws {
        let known: Set<String> = ["Sony", "Bose"]
        let registry = Registry<String>(noun: "speaker")
        registry.register(
            RegistryType(
                name: "Speaker",
                dependencies: [
                    "brand": .value(acceptsOtherNames: true) { value throws(DependencyProblem) in
                        guard case .reference(let name) = value, known.contains(name) else {
                            throw DependencyProblem("must name a known brand")
                        }
                        return name
                    }
                ]
            ) { entry, dependencies in "\(entry.name) by \(dependencies.value("brand") ?? "?")" })
        try registry.load(
            json: #"{"den": {"Type": "Speaker", "Dependencies": {"brand": "Sony"}}}"#, source: "s")
        #expect(try registry.make(named: "den") == "den by Sony")
        #expect(throws: RegistryError.self) {
            try registry.load(
                json: #"{"x": {"Type": "Speaker", "Dependencies": {"brand": "Acme"}}}"#, source: "s"
            )
        }
    }

    @Test func syntaxAndShapeProblemsNameTheirPlace() {
        let registry = Self.rooms()
        let error = #expect(throws: RegistryError.self) {
            try registry.load(json: "{\n  \"x\": ,\n}", source: "bad.json")
        }
        #expect(
            error?.description == "bad.json: not valid JSON: line 2, column 8: unexpected character"
        )
        let shapes = #expect(throws: RegistryError.self) {
            try registry.load(
                json:
                    #"{"a": 4, "b": {"Tpye": "Room"}, "c": {"Type": "Room", "Description": "two\nlines"}}"#,
                source: "shapes.json")
        }
        #expect(
            shapes?.problems.map(\.description) == [
                #"shapes.json: room "a": an entry is a type name or an object, not a number"#,
                #"shapes.json: room "b": unknown key "Tpye" (an entry has Type, Description, Tag and Dependencies)"#,
                #"shapes.json: room "b": an entry needs a "Type""#,
                #"shapes.json: room "c": the description must be one line without control characters"#,
            ])
    }
}
