import InventoryModel
import InventoryStore

/// A dependency value of a configured view, as written in `Dependencies`.
public enum DependencyValue: Sendable, Hashable {
    /// A string that began with `@` (one `@` removed): taken as it is.
    case literal(String)
    /// Any other string: the name of another configured view, created and injected.
    case reference(String)
    /// A number, boolean, object, array or null.
    case value(JSONDocument)
    /// A filter given in code: the built-in views are made from `ItemFilter`'s own
    /// definitions (`.luxury`, `.nonInsured`), not from a second spelling of them.
    case filter(ItemFilter)

    /// The value a JSON dependency stands for.
    public init(json: JSONDocument) {
        if case .string(let text) = json {
            self = text.hasPrefix("@") ? .literal(String(text.dropFirst())) : .reference(text)
        } else {
            self = .value(json)
        }
    }
}

/// One configured view: a type name and what to build it with (EMControllerManager's entry).
public struct ViewEntry: Sendable, Hashable {
    /// The name views are created by.
    public var name: String
    /// The registered type that builds it (`FilteredList`).
    public var type: String
    /// What it is for, for `inventory views`.
    public var description: String?
    /// A free tag.
    public var tag: String?
    /// The values it is built with.
    public var dependencies: [String: DependencyValue]
    /// Where it was defined: `built-in`, `code`, or a file path.
    public var source: String

    /// Creates an entry.
    public init(
        name: String, type: String, description: String? = nil, tag: String? = nil,
        dependencies: [String: DependencyValue] = [:], source: String = "code"
    ) {
        self.name = name
        self.type = type
        self.description = description
        self.tag = tag
        self.dependencies = dependencies
        self.source = source
    }
}
