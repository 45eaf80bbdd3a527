import Foundation

/// Reading a configuration file: JSON text into entries, with every problem of its syntax and
/// shape (not valid JSON, a name given twice, an entry that is not a type name or an object).
/// What the entries mean — known types, existing entries, good values, no cycles — is checked
/// by the registry.
///
/// The file is one JSON object; each member is an entry, either a type name
/// (`"everything": "FilteredList"`) or an object with `Type` and optional `Description`, `Tag`
/// and `Dependencies`.
public enum RegistryFile {
    /// The entries of the file at `path`, and every problem of its syntax and shape.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - noun: what the entries are called in messages (`view`).
    public static func read(_ path: String, noun: String = "entry") -> (
        entries: [RegistryEntry], problems: [RegistryProblem]
    ) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            return ([], [RegistryProblem(source: path, entry: nil, message: reason, noun: noun)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (
                [],
                [RegistryProblem(source: path, entry: nil, message: "not UTF-8 text", noun: noun)]
            )
        }
        return parse(json: text, source: path, noun: noun)
    }

    /// The entries of a JSON text, and every problem of its syntax and shape.
    ///
    /// - Parameters:
    ///   - text: the JSON text: one object of entries.
    ///   - source: the name problems give as the text's origin (a path, `code`).
    ///   - noun: what the entries are called in messages (`view`).
    public static func parse(json text: String, source: String, noun: String = "entry") -> (
        entries: [RegistryEntry], problems: [RegistryProblem]
    ) {
        func problem(_ entry: String?, _ message: String) -> RegistryProblem {
            RegistryProblem(source: source, entry: entry, message: message, noun: noun)
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
                        "the file must hold one JSON object of \(noun)s, not \(document.kindDescription)"
                    )
                ]
            )
        }
        var entries: [RegistryEntry] = []
        var problems: [RegistryProblem] = []
        var seen: Set<String> = []
        for (name, value) in members {
            guard seen.insert(name).inserted else {
                problems.append(problem(name, "defined twice in this file"))
                continue
            }
            if name.isEmpty {
                problems.append(problem(name, "\(article(noun)) \(noun) needs a name"))
                continue
            }
            switch value {
            case .string(let type):
                entries.append(RegistryEntry(name: name, type: type, source: source))
            case .object(let fields):
                var entry = RegistryEntry(name: name, type: "", source: source)
                var hasType = false
                var isValid = true
                var fieldNames: Set<String> = []
                for (key, field) in fields {
                    guard fieldNames.insert(key).inserted else {
                        problems.append(problem(name, "\(quote(key)) is given twice"))
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
                                    problem(name, "dependency \(quote(dependency)) is given twice")
                                )
                            }
                            entry.dependencies[dependency] = DependencyValue(json: value)
                        }
                    case ("Type", _), ("Description", _), ("Tag", _):
                        problems.append(
                            problem(
                                name,
                                "\(quote(key)) must be a string, not \(field.kindDescription)"))
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
                                "unknown key \(quote(key)) (an entry has Type, Description, Tag and Dependencies)"
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

/// "a" or "an", for a noun in a message.
func article(_ noun: String) -> String {
    noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
}
