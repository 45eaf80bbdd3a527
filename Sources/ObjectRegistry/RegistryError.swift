/// One thing wrong with a configuration, naming the file, the entry and (in its message) the
/// key it is about.
public struct RegistryProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file (or `code`) it comes from.
    public let source: String
    /// The entry it is about, if any.
    public let entry: String?
    /// What is wrong, and how to fix it where that is clear.
    public let message: String
    /// What the registry's entries are called in messages (`view`, `screen`).
    public let noun: String

    /// Creates a problem.
    public init(source: String, entry: String?, message: String, noun: String = "entry") {
        self.source = source
        self.entry = entry
        self.message = message
        self.noun = noun
    }

    /// `source: noun "entry": message`, on one line.
    public var description: String {
        "\(source): " + (entry.map { "\(noun) \(quote($0)): " } ?? "") + message
    }
}

/// A configuration that was refused, with every problem found in it.
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem, in the order found.
    public let problems: [RegistryProblem]

    /// Creates an error from its problems.
    public init(problems: [RegistryProblem]) {
        self.problems = problems
    }

    /// The first problem, and how many more there are.
    public var description: String {
        guard let first = problems.first else { return "invalid configuration" }
        return first.description
            + (problems.count > 1
                ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" : "")
    }
}
