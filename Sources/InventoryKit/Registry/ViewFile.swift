import Foundation
import InventoryModel
import InventoryStore

/// Reading a views file: JSON text into entries, with every problem of its syntax and shape
/// (not valid JSON, a name given twice, an entry that is not a type name or an object). What
/// the entries mean — known types, existing views, good values, no cycles — is checked by the
/// registry (`ViewRegistry+Checking.swift`).
enum ViewFile {
    static func read(_ path: String) -> ([ViewEntry], [ViewProblem]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            return ([], [ViewProblem(source: path, entry: nil, message: reason)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return ([], [ViewProblem(source: path, entry: nil, message: "not UTF-8 text")])
        }
        return parse(json: text, source: path)
    }

    static func parse(json text: String, source: String) -> ([ViewEntry], [ViewProblem]) {
        func problem(_ entry: String?, _ message: String) -> ViewProblem {
            ViewProblem(source: source, entry: entry, message: message)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text)
        } catch {
            return ([], [problem(nil, "not valid JSON: \(error)")])
        }
        guard case .object(let members) = document else {
            return (
                [],
                [
                    problem(
                        nil,
                        "the file must hold one JSON object of views, not \(document.kindDescription)"
                    )
                ]
            )
        }
        var entries: [ViewEntry] = []
        var problems: [ViewProblem] = []
        var seen: Set<String> = []
        for (name, value) in members {
            guard seen.insert(name).inserted else {
                problems.append(problem(name, "defined twice in this file"))
                continue
            }
            if name.isEmpty {
                problems.append(problem(name, "a view needs a name"))
                continue
            }
            switch value {
            case .string(let type):
                entries.append(ViewEntry(name: name, type: type, source: source))
            case .object(let fields):
                var entry = ViewEntry(name: name, type: "", source: source)
                var hasType = false
                var isValid = true
                var fieldNames: Set<String> = []
                for (key, field) in fields {
                    guard fieldNames.insert(key).inserted else {
                        problems.append(problem(name, "\(quoted(key)) is given twice"))
                        continue
                    }
                    switch (key, field) {
                    case ("Type", .string(let type)):
                        entry.type = type
                        hasType = true
                    case ("Description", .string(let text)): entry.description = text
                    case ("Tag", .string(let text)): entry.tag = text
                    case ("Dependencies", .object(let dependencies)):
                        var names: Set<String> = []
                        for (dependency, value) in dependencies {
                            if !names.insert(dependency).inserted {
                                problems.append(
                                    problem(name, "dependency \(quoted(dependency)) is given twice")
                                )
                            }
                            entry.dependencies[dependency] = DependencyValue(json: value)
                        }
                    case ("Type", _), ("Description", _), ("Tag", _):
                        problems.append(
                            problem(
                                name,
                                "\(quoted(key)) must be a string, not \(field.kindDescription)"))
                        if key == "Type" {
                            hasType = true
                            isValid = false
                        }
                    case ("Dependencies", _):
                        problems.append(
                            problem(
                                name,
                                "\"Dependencies\" must be an object, not \(field.kindDescription)"))
                    default:
                        problems.append(
                            problem(
                                name,
                                "unknown key \(quoted(key)) (an entry has Type, Description, Tag and Dependencies)"
                            ))
                    }
                }
                if !hasType {
                    problems.append(problem(name, "an entry needs a \"Type\""))
                } else if isValid {
                    entries.append(entry)
                }
            default:
                problems.append(
                    problem(
                        name, "an entry is a type name or an object, not \(value.kindDescription)"))
            }
        }
        return (entries, problems)
    }
}
