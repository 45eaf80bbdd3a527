import InventoryModel
import InventoryStore

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
