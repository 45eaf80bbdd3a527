import Foundation
import Testing

/// Replays the README's tour: every `$ inventory …` line is run and its output must be exactly
/// the lines the README shows after it.
@Suite struct ReadmeTourTests {
    @Test func theReadmeTourWorksAsWritten() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- tour:"))
        let end = try #require(text.range(of: "<!-- end of tour -->"))
        let block = text[start.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("```console") }.dropFirst()
            .prefix { !$0.hasPrefix("```") }
        var steps: [(command: String, output: [String])] = []
        for line in block {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), []))
            } else {
                try #require(!steps.isEmpty, "output before the first command: \(line)")
                steps[steps.count - 1].output.append(String(line))
            }
        }
        try #require(steps.count >= 8)
        let sandbox = Sandbox()
        for step in steps {
            let words = try shellWords(step.command)
            try #require(words.first == "inventory", "\(step.command)")
            let result = try sandbox.run(Array(words.dropFirst()))
            #expect(result.status == 0, "\(step.command): \(result.stderr)")
            #expect(result.lines == step.output, "\(step.command)")
        }
    }

    /// Splits a command line into words, honouring double quotes.
    private func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in line {
            switch character {
            case "\"":
                quoted.toggle()
                inWord = true
            case " " where !quoted:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        try #require(!quoted, "unbalanced quotes in \(line)")
        if inWord { words.append(current) }
        return words
    }
}
