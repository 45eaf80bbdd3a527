import Foundation
import InventoryModel
import InventoryStore
import ObjectRegistry

/// The values a view's dependencies take: texts shown to people, filters and orders.
extension ViewRegistry {
    /// The problems of a text shown to people (a title, a description): the rule of an item's
    /// text fields, one line of plain text.
    static func textProblems(_ text: String) -> [String] {
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
    static func emptinessProblems(of filter: ItemFilter) -> [String] {
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

    struct FilterProblem: Error {
        let message: String
    }

    /// The condition `{"Fuel": "Diesel"}` or `{"Wattage": {"min": 100, "max": 2000}}` or
    /// `{"MOT due": {"set": true}}` gives a field of the household's own (named in any case;
    /// a field not defined matches no value).
    static func fieldCondition(_ name: String, _ json: JSONDocument) throws(FilterProblem)
        -> ItemFilter.FieldCondition
    {
        var condition = ItemFilter.FieldCondition(field: name)
        switch json {
        case .string(let value): condition.equals = value
        case .number(let value): condition.minimum = value; condition.maximum = value
        case .bool(let value): condition.equals = value ? "yes" : "no"
        case .object(let members) where !members.isEmpty:
            for (key, value) in members {
                switch (key, value) {
                case ("min", .number(let number)): condition.minimum = number
                case ("max", .number(let number)): condition.maximum = number
                case ("set", .bool(let flag)): condition.hasValue = flag
                case ("is", .string(let text)): condition.equals = text
                default:
                    throw FilterProblem(
                        message:
                            "field \(quoted(name)): \(quoted(key)) must be \"min\" or \"max\" (a "
                            + "number), \"set\" (true or false) or \"is\" (a text)")
                }
            }
        default:
            throw FilterProblem(
                message:
                    "field \(quoted(name)) must be a value or an object such as {\"min\": 100}, "
                    + "not \(json.kindDescription)")
        }
        return condition
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
            case "onLoan": filter.isOnLoan = try bool()
            case "fields":
                guard case .object(let conditions) = json, !conditions.isEmpty else {
                    throw FilterProblem(
                        message:
                            "filter key \"fields\" must be an object of your fields such as "
                            + "{\"Fuel\": \"Diesel\", \"Wattage\": {\"min\": 100}}, not "
                            + json.kindDescription)
                }
                for (name, condition) in conditions {
                    filter.fields.append(try fieldCondition(name, condition))
                }
            case "presence":
                let text = try string("left")
                guard let presence = ItemFilter.Presence(rawValue: text) else {
                    throw FilterProblem(
                        message:
                            "filter key \"presence\" must be "
                            + ItemFilter.Presence.allCases.map { quoted($0.rawValue) }
                            .joined(separator: ", ") + ", not \(quoted(text))")
                }
                filter.presence = presence
            default:
                throw FilterProblem(
                    message:
                        "unknown filter key \(quoted(key)) (known: \(filterKeys.joined(separator: ", ")))"
                )
            }
        }
        return filter
    }

}
