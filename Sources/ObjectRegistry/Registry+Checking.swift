/// Checking entries against the registry: every problem, with the entry and the key it is in.
extension Registry {
    /// The problems of the entries named in `only` (and every cycle through them), checked
    /// against all of `entries`.
    func validate(
        _ entries: [String: RegistryEntry], types: [String: RegistryType<Object>], only: Set<String>
    ) -> [RegistryProblem] {
        var problems: [RegistryProblem] = []
        for name in only.sorted() {
            guard let entry = entries[name] else { continue }
            func report(_ message: String) {
                problems.append(problem(entry.source, name, message))
            }
            if let description = entry.description {
                for message in textProblems(description) { report("the description \(message)") }
            }
            guard let type = types[entry.type] else {
                report(
                    "unknown type \(quote(entry.type)) (known types: \(types.keys.sorted().joined(separator: ", ")))"
                )
                continue
            }
            for key in entry.dependencies.keys.sorted() {
                let value = entry.dependencies[key]!
                let rule = type.dependencies[key]?.rule
                if case .reference(let target) = value, entries[target] == nil {
                    if case .value(acceptsOtherNames: true, _) = rule {
                    } else {
                        report(
                            "dependency \(quote(key)) names \(quote(target)), which is not "
                                + "\(article(noun)) \(noun); write \(quote("@" + target)) for a literal"
                        )
                        continue
                    }
                }
                guard let rule else {
                    report(
                        "unknown dependency \(quote(key)) for \(type.name) (known: "
                            + "\(type.dependencies.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                for message in check(value, as: rule, entries: entries) {
                    report("dependency \(quote(key)): \(message)")
                }
            }
        }
        for cycle in cycles(in: entries, types: types) where !only.isDisjoint(with: cycle) {
            let path = (cycle + [cycle[0]]).joined(separator: " -> ")
            problems.append(
                problem(entries[cycle[0]]!.source, cycle[0], "dependency cycle: \(path)"))
        }
        return problems
    }

    /// The problems of `value` used for a dependency with `rule`.
    private func check(
        _ value: DependencyValue, as rule: Dependency.Rule, entries: [String: RegistryEntry]
    ) -> [String] {
        switch (rule, value) {
        case (.text, .literal(let text)):
            return textProblems(text)
        case (.text, _):
            return [
                "must be a literal text such as \"@My title\", not \(value.kindDescription(noun: noun))"
            ]
        case (.entry, .reference):
            return []
        case (.entry, _):
            return ["must name another \(noun), not \(value.kindDescription(noun: noun))"]
        case (.entries, .value(.array(let elements))):
            return elements.compactMap { element in
                guard case .string(let target) = element else {
                    return
                        "holds \(element.kindDescription), not the name of \(article(noun)) \(noun)"
                }
                return entries[target] == nil
                    ? "names \(quote(target)), which is not \(article(noun)) \(noun)" : nil
            }
        case (.entries, _):
            return [
                "must be a list of \(noun) names such as [\"kitchen\"], not "
                    + value.kindDescription(noun: noun)
            ]
        case (.value(_, let convert), _):
            do {
                _ = try convert(value)
                return []
            } catch {
                return error.messages
            }
        }
    }

    /// The names `entry` refers to as dependencies that are built and injected.
    private static func targets(
        of entry: RegistryEntry, types: [String: RegistryType<Object>],
        entries: [String: RegistryEntry]
    ) -> Set<String> {
        let rules = types[entry.type]?.dependencies
        var targets: Set<String> = []
        for (key, value) in entry.dependencies {
            switch (rules?[key]?.rule, value) {
            case (.value(acceptsOtherNames: true, _), _): break
            case (_, .reference(let target)): targets.insert(target)
            case (.entries, .value(.array(let elements))):
                for case .string(let target) in elements { targets.insert(target) }
            default: break
            }
        }
        return targets.filter { entries[$0] != nil }
    }

    /// Every cycle of references, each once, starting at its smallest name.
    func cycles(in entries: [String: RegistryEntry], types: [String: RegistryType<Object>])
        -> [[String]]
    {
        var found: Set<[String]> = []
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ name: String) {
            state[name] = 1
            path.append(name)
            let targets = entries[name].map { Self.targets(of: $0, types: types, entries: entries) }
            for target in (targets ?? []).sorted() {
                if state[target] == 1, let start = path.firstIndex(of: target) {
                    let cycle = Array(path[start...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    found.insert(Array(cycle[smallest...] + cycle[..<smallest]))
                } else if state[target] == nil {
                    visit(target)
                }
            }
            path.removeLast()
            state[name] = 2
        }
        for name in entries.keys.sorted() where state[name] == nil { visit(name) }
        return found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }
}
