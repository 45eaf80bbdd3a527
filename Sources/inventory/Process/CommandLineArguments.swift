import ArgumentParser
import Foundation

/// The arguments as the user typed them, checked and put in the order ArgumentParser reads.
enum CommandLineArguments {
    /// An argument that is not valid UTF-8 text: refused, never stored with U+FFFD in it.
    struct InvalidText: Error, CustomStringConvertible {
        let name: String

        var description: String { "\(name) is not valid UTF-8 text; nothing was changed" }
    }

    /// The options every command that uses the inventory takes, which may also come before
    /// the command's name (`inventory --db x.sqlite list`).
    static let leadingOptions: Set<String> = ["--db", "--verbose"]

    /// The arguments after the program's name, each checked to be valid UTF-8, with `--db` and
    /// `--verbose` given before the subcommand moved after it.
    ///
    /// - Throws: `InvalidText` naming the option (or position) whose value is not UTF-8.
    static func read() throws -> [String] {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map {
                UInt8(bitPattern: $0)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw InvalidText(name: name(ofArgumentAt: index - 1, before: arguments))
            }
            arguments.append(text)
        }
        return reordered(arguments)
    }

    /// How to name the argument at `index`, given the ones before it: the option it is the
    /// value of, else its position.
    private static func name(ofArgumentAt index: Int, before previous: [String]) -> String {
        if let option = previous.last, option.hasPrefix("--"), !option.contains("=") {
            return "the value of \(option)"
        }
        if let raw = CommandLine.unsafeArgv[index + 1] {
            let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw))
            if let equals = bytes.firstIndex(of: CChar(UInt8(ascii: "="))), bytes.first == 45,
                let option = String(
                    validating: bytes[..<equals].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            {
                return "the value of \(option)"
            }
        }
        return "argument \(index + 1)"
    }

    /// `arguments` with the leading `--db PATH` and `--verbose` moved after the subcommands
    /// they precede.
    static func reordered(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--db=") || argument == "--verbose" {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var command: any ParsableCommand.Type = Inventory.self
        var end = index
        while end < arguments.count,
            let subcommand = command.configuration.subcommands.first(where: {
                $0._commandName == arguments[end]
            })
        {
            command = subcommand
            end += 1
        }
        guard end > index else { return arguments }
        return Array(arguments[index..<end]) + leading + Array(arguments[end...])
    }

    /// The names of the subcommands `arguments` run (`["claim", "export"]`), skipping the
    /// options that may come before them.
    static func commandPath(in arguments: [String]) -> [String] {
        var path: [String] = []
        var command: any ParsableCommand.Type = Inventory.self
        for argument in arguments where !argument.hasPrefix("-") {
            guard
                let subcommand = command.configuration.subcommands.first(where: {
                    $0._commandName == argument
                })
            else { break }
            path.append(argument)
            command = subcommand
        }
        return path
    }

    /// A negative number where an id belongs (`show -1`), which ArgumentParser reads as an
    /// unknown option: the message to give instead.
    static func negativeID(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated()
        where argument.count > 1 && argument.hasPrefix("-")
            && argument.dropFirst().allSatisfy(\.isASCII) && Int(argument.dropFirst()) != nil
        {
            let previous = index > 0 ? arguments[index - 1] : ""
            if previous.hasPrefix("-") && !previous.contains("=") { continue }
            return "invalid id \"\(argument)\": ids are whole numbers from 1"
        }
        return nil
    }

    /// An option the command `arguments` run does not have (`edit 1 --insurd`), if any: the
    /// message to give instead of another usage error. ArgumentParser runs a command's
    /// `validate()` before it looks for unknown options, so a typo that leaves out what the
    /// command needs would otherwise be reported as "nothing to change" or "missing".
    static func unknownOption(in arguments: [String]) -> String? {
        let path = commandPath(in: arguments)
        var command: any ParsableCommand.Type = Inventory.self
        for name in path {
            guard
                let next = command.configuration.subcommands.first(where: {
                    $0._commandName == name
                })
            else { return nil }
            command = next
        }
        // Only on this error path: the options as the command's help lists them.
        let help = Inventory.helpMessage(for: command, columns: 10_000)
        var known: Set<Substring> = ["--help", "-h", "--version"]
        var index = help.startIndex
        while let dash = help[index...].firstIndex(of: "-") {
            var end = help.index(after: dash)
            if end < help.endIndex, help[end] == "-" { end = help.index(after: end) }
            while end < help.endIndex,
                help[end].isASCII && (help[end].isLetter || help[end].isNumber || help[end] == "-")
            {
                end = help.index(after: end)
            }
            known.insert(help[dash..<end])
            index = end
        }
        for argument in arguments.dropFirst(path.count) {
            if argument == "--" { break }
            guard argument.hasPrefix("-"), argument.count > 1,
                Int(argument.dropFirst()) == nil
            else { continue }
            let name = argument.prefix { $0 != "=" }
            // A short option may carry its value or others after it (-y, -vy).
            let isShortGroup = !name.hasPrefix("--") && name.count > 2
            if isShortGroup || known.contains(name) { continue }
            return "Unknown option '\(name)'"
        }
        return nil
    }
}
