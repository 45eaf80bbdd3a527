import Locking

/// Creates objects by name from configuration, with their dependencies injected, so the code
/// that uses an object never names its type (EMControllerManager's idea, for Swift).
///
/// *Types* are registered in code by name; *entries* — read from JSON files or given in code
/// — say which type builds an object and with what. A string dependency that starts with `@`
/// is a literal (`"@@x"` is `"@x"`); any other string names another entry, which is built and
/// injected; numbers, booleans, objects and arrays are values. Values given when creating an
/// object override configured ones.
///
/// Every load is checked as a whole — syntax, unknown types and keys, dangling references,
/// wrong values, cycles — and either applies entirely or leaves the registry as it was. Every
/// problem names the file, the entry and the key.
///
/// ```swift
/// struct Greeter: Sendable { let greeting: String }
/// let registry = Registry<Greeter>(noun: "greeter")
/// registry.register(RegistryType(name: "Greeter", dependencies: ["text": .text]) { entry, deps in
///     Greeter(greeting: deps.text("text") ?? "Hello")
/// })
/// try registry.load(json: #"{"polite": {"Type": "Greeter", "Dependencies": {"text": "@Good day"}}}"#,
///                   source: "greeters.json")
/// let polite = try registry.make(named: "polite")   // Greeter(greeting: "Good day")
/// ```
///
/// The registry is safe to share between threads.
public final class Registry<Object: Sendable>: Sendable {
    /// What entries are called in messages: `"view" "x": …`, `which is not a view`.
    public let noun: String
    /// Types whose entries another registry builds from the same files: a load sets them
    /// aside without checking them, so one file can configure several registries.
    public let otherTypes: Set<String>
    private let textRule: @Sendable (String) -> [String]
    private let consistencyRule: @Sendable ([RegistryEntry]) -> [RegistryProblem]

    private struct State {
        var types: [String: RegistryType<Object>] = [:]
        var entries: [String: RegistryEntry] = [:]
        var order: [String] = []
    }

    private let state = Lock(State())

    /// The `source` of built-in entries, which no later entry may redefine.
    public static var builtInSource: String { "built-in" }

    /// Creates an empty registry.
    ///
    /// - Parameters:
    ///   - noun: what its entries are called in messages.
    ///   - otherTypes: types whose entries are left to another registry (see ``otherTypes``).
    ///   - textRule: the problems of a text shown to people (a description, a literal text
    ///     dependency); by default one line of at most 200 characters without control
    ///     characters.
    ///   - consistencyRule: the problems of the entries as a whole (a rule no single entry
    ///     breaks), given every entry a load would leave; a load with any is refused.
    public init(
        noun: String = "entry", otherTypes: Set<String> = [],
        textRule: @escaping @Sendable (String) -> [String] = Registry.plainTextProblems,
        consistencyRule: @escaping @Sendable ([RegistryEntry]) -> [RegistryProblem] = { _ in [] }
    ) {
        self.noun = noun
        self.otherTypes = otherTypes
        self.textRule = textRule
        self.consistencyRule = consistencyRule
    }

    /// The default text rule: one line, at most 200 characters, no control characters.
    public static func plainTextProblems(_ text: String) -> [String] {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return ["must be one line without control characters"]
        }
        return text.count > 200 ? ["is longer than 200 characters"] : []
    }

    // MARK: - Registering

    /// Registers (or replaces) a type.
    public func register(_ type: RegistryType<Object>) {
        state.withLock { $0.types[type.name] = type }
    }

    /// The names of the registered types, sorted.
    public var typeNames: [String] { state.withLock { $0.types.keys.sorted() } }

    /// Adds entries from code; an entry replaces one of the same name.
    ///
    /// - Parameters:
    ///   - entries: the entries, checked together with those already registered.
    ///   - builtIn: whether they are built-in entries (their `source` becomes
    ///     ``builtInSource``), which no later entry may redefine.
    /// - Throws: ``RegistryError`` with every problem; nothing is added then.
    public func register(_ entries: [RegistryEntry], builtIn: Bool = false) throws(RegistryError) {
        let entries =
            builtIn ? entries.map { with($0) { $0.source = Self.builtInSource } } : entries
        try apply(entries, problems: [])
    }

    /// Adds the entries of a JSON file; an entry replaces an earlier one of the same name.
    ///
    /// - Throws: ``RegistryError`` with every problem in the file; the registry is unchanged
    ///   then.
    public func load(contentsOf path: String) throws(RegistryError) {
        let (entries, problems) = RegistryFile.read(path, noun: noun)
        try apply(entries, problems: problems)
    }

    /// Adds the entries of a JSON text, as ``load(contentsOf:)`` does; `source` names it in
    /// problems.
    public func load(json: String, source: String) throws(RegistryError) {
        let (entries, problems) = RegistryFile.parse(json: json, source: source, noun: noun)
        try apply(entries, problems: problems)
    }

    /// Every problem the file would cause if loaded now; loads nothing.
    public func check(contentsOf path: String) -> [RegistryProblem] {
        let (entries, problems) = RegistryFile.read(path, noun: noun)
        return problems + validate(merging: mine(entries))
    }

    private func mine(_ entries: [RegistryEntry]) -> [RegistryEntry] {
        entries.filter { !otherTypes.contains($0.type) }
    }

    private func apply(_ entries: [RegistryEntry], problems: [RegistryProblem])
        throws(RegistryError)
    {
        let entries = mine(entries)
        let all = problems + validate(merging: entries)
        guard all.isEmpty else { throw RegistryError(problems: all) }
        state.withLock { state in
            for entry in entries {
                if state.entries[entry.name] == nil { state.order.append(entry.name) }
                state.entries[entry.name] = entry
            }
        }
    }

    /// The problems `new` would cause merged into the registry as it is.
    private func validate(merging new: [RegistryEntry]) -> [RegistryProblem] {
        let (types, current, order) = state.withLock { ($0.types, $0.entries, $0.order) }
        var problems: [RegistryProblem] = []
        var merged = current
        var mergedOrder = order
        var names: Set<String> = []
        for entry in new {
            if let existing = current[entry.name], existing.source == Self.builtInSource {
                problems.append(
                    problem(
                        entry.source, entry.name,
                        "\(quote(entry.name)) is a built-in \(noun) and cannot be redefined; "
                            + "give your \(noun) another name"))
                continue
            }
            if merged.updateValue(entry, forKey: entry.name) == nil {
                mergedOrder.append(entry.name)
            }
            names.insert(entry.name)
        }
        problems += validate(merged, types: types, only: names)
        guard problems.isEmpty, !new.isEmpty else { return problems }
        return consistencyRule(mergedOrder.compactMap { merged[$0] })
    }

    func problem(_ source: String, _ entry: String?, _ message: String) -> RegistryProblem {
        RegistryProblem(source: source, entry: entry, message: message, noun: noun)
    }

    func textProblems(_ text: String) -> [String] { textRule(text) }

    // MARK: - Reading

    /// Every entry: in the order they were first added (built-ins first when registered
    /// first).
    public var entries: [RegistryEntry] {
        state.withLock { state in state.order.compactMap { state.entries[$0] } }
    }

    /// Every entry's name, in ``entries`` order.
    public var names: [String] { entries.map(\.name) }

    /// The entry named `name`.
    public func entry(named name: String) -> RegistryEntry? {
        state.withLock { $0.entries[name] }
    }

    /// Builds the object named `name` (and every entry it depends on), with `overrides`
    /// replacing configured dependencies.
    ///
    /// - Throws: ``RegistryError`` for an unknown name or a bad override.
    public func make(named name: String, overrides: [String: DependencyValue] = [:])
        throws(RegistryError) -> Object
    {
        let (types, entries, order) = state.withLock { ($0.types, $0.entries, $0.order) }
        guard var entry = entries[name] else {
            throw RegistryError(problems: [
                problem(
                    "\(noun)s", name,
                    "no such \(noun) (\(noun)s: \(order.joined(separator: ", ")))")
            ])
        }
        entry.dependencies.merge(overrides) { $1 }
        var merged = entries
        merged[name] = entry
        let problems = validate(merged, types: types, only: [name])
        guard problems.isEmpty else { throw RegistryError(problems: problems) }
        var built: [String: Object] = [:]
        return build(name, entries: merged, types: types, built: &built)
    }

    private func build(
        _ name: String, entries: [String: RegistryEntry], types: [String: RegistryType<Object>],
        built: inout [String: Object]
    ) -> Object {
        if let object = built[name] { return object }
        let entry = entries[name]!
        let type = types[entry.type]!
        var resolved = Dependencies<Object>()
        for (key, value) in entry.dependencies {
            switch (type.dependencies[key]?.rule, value) {
            case (.text, .literal(let text)): resolved.texts[key] = text
            case (.entry, .reference(let target)):
                resolved.objects[key] = build(target, entries: entries, types: types, built: &built)
            case (.entries, .value(.array(let elements))):
                resolved.lists[key] = elements.compactMap { element in
                    guard case .string(let target) = element else { return nil }
                    return build(target, entries: entries, types: types, built: &built)
                }
            case (.value(_, let convert), _): resolved.values[key] = try? convert(value)
            default: break
            }
        }
        let object = type.make(entry, resolved)
        built[name] = object
        return object
    }
}

/// `value` changed by `change`.
func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var value = value
    change(&value)
    return value
}
