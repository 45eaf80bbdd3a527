import Foundation

/// Named defaults for new items (`Electronics`: tagged electronics, insured, in the study, a
/// depreciation category by its tag, a field of the household's own): what `add --template`
/// and the add forms start from.
public struct ItemTemplate: Sendable, Hashable {
    /// Its name as first typed.
    public let name: String
    /// What a new item starts with: every field but the name may be set (the name is not used).
    public var defaults: ItemDraft

    /// A template named `name` giving `defaults`.
    public init(name: String, defaults: ItemDraft) {
        self.name = name
        self.defaults = defaults
    }

    /// The key a template is found by: its name folded.
    public var key: String { Self.key(name) }

    /// The key of a template named `name`.
    public static func key(_ name: String) -> String { TextFolding.fold(name.trimmingWhitespace()) }

    /// The fields the template sets, for people: `insured yes, location Study, tags electronics`.
    public var summary: String {
        var parts: [String] = []
        let empty = ItemDraft(name: "")
        for field in ItemField.all where field.key != "name" {
            guard !field.isEqual(on: defaults.item, and: empty.item),
                let text = field.text(of: defaults.item)
            else { continue }
            parts.append("\(field.label.lowercased()) \(text)")
        }
        for (key, value) in defaults.item.customFields.sorted(by: { $0.key < $1.key }) {
            parts.append("\(key) \(value)")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// The defaults as stored: a JSON object of the fields set, by `ItemField.key` (amounts
    /// and days as text), and the household's own under `fields`.
    public var storedJSON: String {
        var object: [String: Any] = [:]
        let empty = ItemDraft(name: "")
        for field in ItemField.all where field.key != "name" {
            guard !field.isEqual(on: defaults.item, and: empty.item) else { continue }
            switch field.value(of: defaults.item) {
            case .text(let text): object[field.key] = text
            case .money(let money): object[field.key] = money?.decimalString
            case .date(let date): object[field.key] = date?.description
            case .flag(let flag): object[field.key] = flag
            case .count(let count): object[field.key] = count
            case .tags(let tags): object[field.key] = tags
            }
        }
        if !defaults.item.customFields.isEmpty { object["fields"] = defaults.item.customFields }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A template read back from `storedJSON`, amounts in `currency`; nil when it is not one.
    public init?(name: String, storedJSON: String, currency: Currency) {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(storedJSON.utf8))
                as? [String: Any]
        else { return nil }
        var draft = ItemDraft(name: "")
        for field in ItemField.all where field.key != "name" {
            guard let value = object[field.key] else { continue }
            switch field.kind {
            case .name: continue
            case .text, .choice: field.set(.text(value as? String), on: &draft.item)
            case .money:
                guard let text = value as? String,
                    let money = try? Money(parsing: text, currency: currency)
                else { return nil }
                field.set(.money(money), on: &draft.item)
            case .date:
                guard let text = value as? String, let date = try? CalendarDate(parsing: text)
                else { return nil }
                field.set(.date(date), on: &draft.item)
            case .flag:
                guard let flag = value as? Bool else { return nil }
                field.set(.flag(flag), on: &draft.item)
            case .count:
                guard let count = value as? Int else { return nil }
                field.set(.count(count), on: &draft.item)
            case .tags:
                guard let tags = value as? [String] else { return nil }
                field.set(.tags(tags), on: &draft.item)
            }
        }
        if let fields = object["fields"] as? [String: String] { draft.item.customFields = fields }
        self.init(name: name, defaults: draft)
    }

    /// A draft of a new item named `name` with the template's defaults.
    public func draft(named name: String) -> ItemDraft {
        var draft = defaults
        draft.item.name = name
        return draft
    }
}
