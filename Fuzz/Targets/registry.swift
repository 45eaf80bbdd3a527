// The registry's JSON reader and checks on any text: JSONDocument never crashes (however
// deep the nesting), and a load either applies whole or leaves the registry as it was.
import Foundation

private struct Built: Sendable {
    let name: String
}

private func registry() -> Registry<Built> {
    let registry = Registry<Built>(noun: "view", otherTypes: ["Tabs"])
    registry.register(
        RegistryType(
            name: "FilteredList",
            dependencies: [
                "title": .text, "base": .entry, "next": .entries,
                "filter": .value { value throws(DependencyProblem) in
                    guard case .value(.object(let members)) = value else {
                        throw DependencyProblem("must be an object")
                    }
                    return members.count
                },
            ]
        ) { entry, dependencies in
            _ = dependencies.object("base")
            _ = dependencies.objects("next")
            return Built(name: entry.name)
        })
    try? registry.register([RegistryEntry(name: "all", type: "FilteredList")], builtIn: true)
    return registry
}

func fuzzRegistry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? JSONDocument(parsing: text)
    let registry = registry()
    let before = registry.entries
    do {
        try registry.load(json: text, source: "fuzz.json")
        for name in registry.names { _ = try registry.make(named: name) }
    } catch {
        precondition(!error.problems.isEmpty, "a refusal without a problem")
        precondition(registry.entries == before, "a refused load changed the registry")
        _ = error.description
    }
    return 0
}
