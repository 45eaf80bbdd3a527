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

/// A view ready to be shown: its name, title, filter and order.
public struct ViewDefinition: Sendable, Hashable {
    public let name: String
    public let title: String
    public let description: String?
    public let filter: ItemFilter
    public let sort: ItemSort
    public let source: String

    /// Creates a definition.
    public init(
        name: String, title: String, description: String? = nil, filter: ItemFilter,
        sort: ItemSort, source: String
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.filter = filter
        self.sort = sort
        self.source = source
    }
}

/// One thing wrong with a view configuration, naming the entry it is about.
public struct ViewProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file (or `code`) it comes from.
    public let source: String
    /// The view it is about, if any.
    public let entry: String?
    /// What is wrong, and how to fix it where that is clear.
    public let message: String

    public init(source: String, entry: String?, message: String) {
        self.source = source
        self.entry = entry
        self.message = message
    }

    public var description: String {
        "\(source): " + (entry.map { "view \(quoted($0)): " } ?? "") + message
    }
}

/// A configuration that was refused, with every problem found in it.
public struct ViewRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [ViewProblem]

    public init(problems: [ViewProblem]) {
        self.problems = problems
    }

    /// The first problem, and how many more there are.
    public var description: String {
        guard let first = problems.first else { return "invalid view configuration" }
        return first.description
            + (problems.count > 1
                ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" : "")
    }
}
