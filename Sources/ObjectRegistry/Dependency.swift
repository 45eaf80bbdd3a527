/// What a type accepts for one of its dependencies, and how the value is made ready for it.
///
/// ```swift
/// let rules: [String: Dependency] = [
///     "title": .text,                        // "@Kitchen"
///     "parent": .entry,                      // "kitchen": another entry, built and injected
///     "size": .value { value throws(DependencyProblem) in
///         guard case .value(.number(let n)) = value else {
///             throw DependencyProblem("must be a number, not \(value.kindDescription(noun: "entry"))")
///         }
///         return Int(n)
///     },
/// ]
/// ```
public struct Dependency: Sendable {
    enum Rule: Sendable {
        case entry
        case entries
        case text
        case value(
            acceptsOtherNames: Bool,
            convert: @Sendable (DependencyValue) throws(DependencyProblem) -> any Sendable)
    }

    let rule: Rule

    /// The name of another entry (`"kitchen"`), built first and injected; read it with
    /// ``Dependencies/object(_:)``.
    public static let entry = Dependency(rule: .entry)

    /// A JSON array of entry names (`["kitchen", "garage"]`), each built and injected; read
    /// them with ``Dependencies/objects(_:)``.
    public static let entries = Dependency(rule: .entries)

    /// A literal text (`"@Kitchen"`), checked by the registry's text rule; read it with
    /// ``Dependencies/text(_:)``.
    public static let text = Dependency(rule: .text)

    /// Any value, checked and converted by `convert`, which throws a ``DependencyProblem``
    /// saying what is wrong; read the result with ``Dependencies/value(_:as:)``.
    ///
    /// - Parameters:
    ///   - acceptsOtherNames: whether a string naming no entry of this registry is handed to
    ///     `convert` (to name something another registry holds) rather than refused as a
    ///     dangling reference.
    ///   - convert: checks a value and returns what the type's `make` reads.
    public static func value(
        acceptsOtherNames: Bool = false,
        _ convert: @escaping @Sendable (DependencyValue) throws(DependencyProblem) -> any Sendable
    ) -> Dependency {
        Dependency(rule: .value(acceptsOtherNames: acceptsOtherNames, convert: convert))
    }
}

/// Why a value cannot be used for a dependency: one message or several.
public struct DependencyProblem: Error, Sendable, Hashable {
    /// What is wrong, each on one line.
    public let messages: [String]

    /// A problem with one message.
    public init(_ message: String) {
        messages = [message]
    }

    /// A problem with several messages.
    public init(messages: [String]) {
        self.messages = messages
    }
}

/// The dependencies of one entry, checked and ready: what a type's `make` builds from.
public struct Dependencies<Object: Sendable>: Sendable {
    var texts: [String: String] = [:]
    var objects: [String: Object] = [:]
    var lists: [String: [Object]] = [:]
    var values: [String: any Sendable] = [:]

    /// The literal text given for `key` (a ``Dependency/text`` dependency), if any.
    public func text(_ key: String) -> String? { texts[key] }

    /// The object built for `key` (an ``Dependency/entry`` dependency), if any.
    public func object(_ key: String) -> Object? { objects[key] }

    /// The objects built for `key` (an ``Dependency/entries`` dependency), if any.
    public func objects(_ key: String) -> [Object]? { lists[key] }

    /// The converted value for `key` (a ``Dependency/value(acceptsOtherNames:_:)``
    /// dependency), if any and of type `T`.
    public func value<T>(_ key: String, as type: T.Type = T.self) -> T? { values[key] as? T }
}

/// A type of object the registry can build: its name, the dependencies it takes and how it
/// builds an object from them.
public struct RegistryType<Object: Sendable>: Sendable {
    /// The name entries give as their `Type`.
    public let name: String
    /// What each dependency accepts; an entry giving any other key is refused.
    public let dependencies: [String: Dependency]
    /// Builds the object of `entry` from its checked dependencies.
    public let make: @Sendable (RegistryEntry, Dependencies<Object>) -> Object

    /// Creates a type.
    public init(
        name: String, dependencies: [String: Dependency],
        make: @escaping @Sendable (RegistryEntry, Dependencies<Object>) -> Object
    ) {
        self.name = name
        self.dependencies = dependencies
        self.make = make
    }
}
