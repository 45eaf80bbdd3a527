/// A value given in code rather than read from JSON, such as a filter a program already has.
///
/// It is kept as `AnyHashable`, so entries stay comparable; the initializer takes only a
/// `Sendable` value, which is what makes the `@unchecked` conformance sound.
public struct GivenValue: @unchecked Sendable, Hashable {
    /// The value as it was given.
    public let value: AnyHashable

    /// Wraps `value`.
    public init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
    }
}

/// One dependency of an entry, as written under `Dependencies` (or given in code).
public enum DependencyValue: Sendable, Hashable {
    /// A string that began with `@` (one `@` removed): taken as it is, so `"@@x"` is `"@x"`.
    case literal(String)
    /// Any other string: the name of another entry, built and injected.
    case reference(String)
    /// A number, boolean, object, array or null.
    case value(JSONDocument)
    /// A value given in code (see ``GivenValue``).
    case given(GivenValue)

    /// The value a JSON dependency stands for: `"@text"` is a literal, another string a
    /// reference, anything else a value.
    public init(json: JSONDocument) {
        if case .string(let text) = json {
            self = text.hasPrefix("@") ? .literal(String(text.dropFirst())) : .reference(text)
        } else {
            self = .value(json)
        }
    }

    /// What the value is, for messages: `the literal "@x"`, `the view "x"`, `a boolean`.
    ///
    /// - Parameter noun: what the registry's entries are called (`view`).
    public func kindDescription(noun: String) -> String {
        switch self {
        case .literal(let text): "the literal \(quote("@" + text))"
        case .reference(let name): "the \(noun) \(quote(name))"
        case .value(let json): json.kindDescription
        case .given: "a value given in code"
        }
    }
}

/// One configured object: the name it is created by, the type that builds it and what with
/// (EMControllerManager's entry).
public struct RegistryEntry: Sendable, Hashable {
    /// The name the object is created by.
    public var name: String
    /// The name of the registered type that builds it.
    public var type: String
    /// What it is for, for people reading a listing.
    public var description: String?
    /// A free tag.
    public var tag: String?
    /// The values it is built with, by dependency name.
    public var dependencies: [String: DependencyValue]
    /// Where it was defined: ``Registry/builtInSource``, `code`, or a file's path.
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

/// `text` in double quotes, with control characters escaped, so a message stays on one line.
func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.properties.generalCategory == .control:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
