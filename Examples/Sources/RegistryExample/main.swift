// The registry creating objects of a type of this example's own from a JSON string: rooms
// of a house, with the room next door injected by name.
import ObjectRegistry

struct Room: Sendable, CustomStringConvertible {
    let name: String
    let title: String
    let area: Double
    let nextDoor: String?

    var description: String {
        "\(title) (\(area) m²)" + (nextDoor.map { ", next to \($0)" } ?? "")
    }
}

let registry = Registry<Room>(noun: "room")
registry.register(
    RegistryType(
        name: "Room",
        dependencies: [
            "title": .text,
            "nextDoor": .entry,
            "area": .value { value throws(DependencyProblem) in
                guard case .value(.number(let area)) = value, area > 0 else {
                    throw DependencyProblem("must be a positive number of square metres")
                }
                return area
            },
        ]
    ) { entry, dependencies in
        Room(
            name: entry.name, title: dependencies.text("title") ?? entry.name,
            area: dependencies.value("area") ?? 0, nextDoor: dependencies.object("nextDoor")?.title)
    })

let house = """
    {
      "hall": {"Type": "Room", "Dependencies": {"title": "@Hall", "area": 6.5}},
      "kitchen": {"Type": "Room", "Description": "Where the kettle is",
                  "Dependencies": {"title": "@Kitchen", "area": 12, "nextDoor": "hall"}}
    }
    """
try registry.load(json: house, source: "house.json")
for name in registry.names {
    print("\(name): \(try registry.make(named: name))")
}
// A value given at creation overrides the configured one.
let bigger = try registry.make(named: "kitchen", overrides: ["area": .value(.number(15))])
print("bigger kitchen: \(bigger)")

// Every problem of a file is reported at once, and nothing of it is added.
do {
    try registry.load(
        json: #"{"attic": {"Type": "Room", "Dependencies": {"nextDoor": "stairs", "area": -1}}}"#,
        source: "attic.json")
} catch {
    for problem in error.problems { print("refused: \(problem)") }
}
print("rooms: \(registry.names)")
