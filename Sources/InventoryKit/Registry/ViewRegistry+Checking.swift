import Foundation
import InventoryModel
import InventoryStore

/// Checking entries against the registry: every problem, with the entry and the key it is in.
extension ViewRegistry {
    /// The problems of the entries named in `only` (and every cycle through them), checked
    /// against all of `entries`.
    static func validate(
        _ entries: [String: ViewEntry], types: [String: ViewType], currency: Currency,
        only: Set<String>
    ) -> [ViewProblem] {
        var problems: [ViewProblem] = []
        for name in only.sorted() {
            guard let entry = entries[name] else { continue }
            func problem(_ message: String) {
                problems.append(ViewProblem(source: entry.source, entry: name, message: message))
            }
            if let description = entry.description {
                for message in textProblems(description) { problem("the description \(message)") }
            }
            guard let type = types[entry.type] else {
                problem(
                    "unknown type \(quoted(entry.type)) (known types: \(types.keys.sorted().joined(separator: ", ")))"
                )
                continue
            }
            for dependency in entry.dependencies.keys.sorted() {
                let value = entry.dependencies[dependency]!
                if case .reference(let target) = value, entries[target] == nil {
                    problem(
                        "dependency \(quoted(dependency)) names \(quoted(target)), which is not a view; "
                            + "write \(quoted("@" + target)) for a literal")
                    continue
                }
                guard let kind = type.dependencies[dependency] else {
                    problem(
                        "unknown dependency \(quoted(dependency)) for \(type.name) (known: "
                            + "\(type.dependencies.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                for message in check(value, as: kind, currency: currency) {
                    problem("dependency \(quoted(dependency)): \(message)")
                }
            }
        }
        for cycle in cycles(in: entries) where !only.isDisjoint(with: cycle) {
            let path = (cycle + [cycle[0]]).joined(separator: " -> ")
            let entry = entries[cycle[0]]!
            problems.append(
                ViewProblem(
                    source: entry.source, entry: cycle[0], message: "dependency cycle: \(path)"))
        }
        return problems
    }

    /// The problems of `value` used as a dependency of `kind`.
    static func check(_ value: DependencyValue, as kind: DependencyKind, currency: Currency)
        -> [String]
    {
        switch (kind, value) {
        case (.text, .literal(let text)):
            return textProblems(text)
        case (.view, .reference):
            return []
        case (.text, _):
            return ["must be a literal text such as \"@My title\", not \(describe(value))"]
        case (.view, _):
            return ["must name another view, not \(describe(value))"]
        case (.sort, .literal(let text)):
            return ItemSort(rawValue: text) == nil
                ? [
                    "unknown order \(quoted(text)) (orders: \(ItemSort.allCases.map(\.rawValue).joined(separator: ", ")))"
                ]
                : []
        case (.sort, _):
            return ["must be a literal order such as \"@price-desc\", not \(describe(value))"]
        case (.filter, .value(.object(let members))):
            var problems: [String] = []
            for (key, json) in members {
                do {
                    _ = try filter(from: [(key, json)], currency: currency)
                } catch {
                    problems.append(error.message)
                }
            }
            guard problems.isEmpty, let filter = try? filter(from: members, currency: currency)
            else { return problems }
            return emptinessProblems(of: filter)
        case (.filter, .filter(let filter)):
            return emptinessProblems(of: filter)
        case (.filter, _):
            return ["must be a filter object such as {\"luxury\": true}, not \(describe(value))"]
        }
    }

    /// The problems of a text shown to people (a title, a description): the rule of an item's
    /// text fields, one line of plain text.
    private static func textProblems(_ text: String) -> [String] {
        do {
            _ = try ItemValidation.text(text, field: .other("text"), limit: 200)
            return []
        } catch InventoryError.invalidValue(_, _, let reason) {
            return [reason]
        } catch {
            return [String(describing: error)]
        }
    }

    /// The problems of a filter that no item can pass.
    private static func emptinessProblems(of filter: ItemFilter) -> [String] {
        var problems: [String] = []
        if let low = filter.minWorth, let high = filter.maxWorth, low.minorUnits > high.minorUnits {
            problems.append(
                "minWorth \(low.decimalString) is above maxWorth \(high.decimalString): the view "
                    + "can hold nothing")
        }
        if let low = filter.minPrice, let high = filter.maxPrice,
            low.minorUnits > high.minorUnits
        {
            problems.append(
                "minPrice \(low.decimalString) is above maxPrice \(high.decimalString): the "
                    + "view can hold nothing")
        }
        if let after = filter.purchasedAfter, let before = filter.purchasedBefore,
            after >= before
        {
            problems.append(
                "purchasedAfter \(after) is not before purchasedBefore \(before): the view "
                    + "can hold nothing")
        }
        return problems
    }

    private static func describe(_ value: DependencyValue) -> String {
        switch value {
        case .literal(let text): "the literal \(quoted("@" + text))"
        case .reference(let name): "the view \(quoted(name))"
        case .value(let json): json.kindDescription
        case .filter: "a filter"
        }
    }

    struct FilterProblem: Error {
        let message: String
    }

    /// The filter a JSON filter object describes.
    static func filter(from members: [(key: String, value: JSONDocument)], currency: Currency)
        throws(FilterProblem)
        -> ItemFilter
    {
        var filter = ItemFilter()
        for (key, json) in members {
            func bool() throws(FilterProblem) -> Bool {
                guard case .bool(let flag) = json else {
                    throw FilterProblem(
                        message:
                            "filter key \(quoted(key)) must be true or false, not \(json.kindDescription)"
                    )
                }
                return flag
            }
            func string(_ example: String) throws(FilterProblem) -> String {
                guard case .string(let text) = json else {
                    throw FilterProblem(
                        message:
                            "filter key \(quoted(key)) must be a string such as \(quoted(example)), not \(json.kindDescription)"
                    )
                }
                return text
            }
            func money() throws(FilterProblem) -> Money {
                let text = try string("1500.00")
                do { return try Money(parsing: text, currency: currency) } catch {
                    throw FilterProblem(message: "filter key \(quoted(key)): \(error)")
                }
            }
            func tag(_ text: String) throws(FilterProblem) -> String {
                do { return try ItemValidation.tag(text) } catch {
                    throw FilterProblem(message: "filter key \(quoted(key)): \(error)")
                }
            }
            func date() throws(FilterProblem) -> CalendarDate {
                let text = try string("2024-01-31")
                do { return try CalendarDate(parsing: text, field: .other(key)) } catch {
                    throw FilterProblem(message: "filter key \(quoted(key)): \(error)")
                }
            }
            switch key {
            case "luxury": filter.isLuxury = try bool()
            case "insured": filter.isInsured = try bool()
            case "hasPhoto": filter.hasPhoto = try bool()
            case "minPrice": filter.minPrice = try money()
            case "maxPrice": filter.maxPrice = try money()
            case "minWorth": filter.minWorth = try money()
            case "maxWorth": filter.maxWorth = try money()
            case "tag": filter.tags.append(try tag(try string("jewelry")))
            case "tags":
                guard case .array(let elements) = json, !elements.isEmpty else {
                    throw FilterProblem(
                        message:
                            "filter key \"tags\" must be a list of tags such as [\"jewelry\"], "
                            + "not \(json.kindDescription)")
                }
                for element in elements {
                    guard case .string(let text) = element else {
                        throw FilterProblem(
                            message:
                                "filter key \"tags\" holds \(element.kindDescription), not a tag")
                    }
                    filter.tags.append(try tag(text))
                }
            case "purchasedAfter": filter.purchasedAfter = try date()
            case "purchasedBefore": filter.purchasedBefore = try date()
            case "location": filter.location = try string("Garage")
            case "brand": filter.brand = try string("Sony")
            case "text": filter.text = try string("camera")
            default:
                throw FilterProblem(
                    message:
                        "unknown filter key \(quoted(key)) (known: \(filterKeys.joined(separator: ", ")))"
                )
            }
        }
        return filter
    }

    /// Every cycle of references, each once, starting at its smallest name.
    static func cycles(in entries: [String: ViewEntry]) -> [[String]] {
        var found: Set<[String]> = []
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ name: String) {
            state[name] = 1
            path.append(name)
            let targets =
                entries[name]?.dependencies.values.compactMap { value -> String? in
                    if case .reference(let target) = value, entries[target] != nil { return target }
                    return nil
                } ?? []
            for target in Set(targets).sorted() {
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
