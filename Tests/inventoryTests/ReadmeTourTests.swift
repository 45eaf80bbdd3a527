import Foundation
import Testing

/// Replays the README's tour: every `$ inventory …` line is run and its output must be exactly
/// the lines the README shows after it. Another command (making a file for the tour) runs in
/// the shell, in the same folder.
@Suite struct ReadmeTourTests {
    @Test func theReadmeTourWorksAsWritten() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- tour:"))
        let end = try #require(text.range(of: "<!-- end of tour -->"))
        // Every console block between the markers, in order.
        var block: [Substring] = []
        var inConsole = false
        for line in text[start.upperBound..<end.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line.hasPrefix("```console") {
                inConsole = true
            } else if line.hasPrefix("```") {
                inConsole = false
            } else if inConsole {
                block.append(line)
            }
        }
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
            let result =
                words.first == "inventory"
                ? try sandbox.run(Array(words.dropFirst()))
                : try sandbox.shell(step.command)
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
