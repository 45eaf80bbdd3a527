import ArgumentParser

/// The command line parsed into one of our commands, without the work ArgumentParser does at
/// every start to find a `--generate-completion-script` that nobody typed.
///
/// `Inventory.parseAsRoot` reads the arguments twice more before the command's own parse, as
/// two commands of ArgumentParser's (`GenerateCompletions` and
/// `AutodetectedGenerateCompletions`), each a reflection of a new type and of its property
/// wrappers, with their generic metadata and protocol conformance lookups: 7.9 of the 48.8
/// million instructions of a cold `list --json` of 1,000 items (callgrind, release build).
/// ArgumentParser skips that check for a root that is a plugin of another command
/// (`_superCommandName` set), which changes nothing else but the usage line of help and of
/// errors. So arguments that cannot ask for a completion script are parsed under `FastRoot`:
/// the same tree, under such a root. Whatever does not come out of it as one of our commands
/// (an error, help, the version) is parsed again by `Inventory` itself, so that what the user
/// reads, and the exit status, are exactly those of a plain `parseAsRoot`.
enum CommandParsing {
    /// The command `arguments` (as `CommandLineArguments.read` returns them) run.
    ///
    /// - Throws: ArgumentParser's errors, as `Inventory.parseAsRoot(arguments)` throws them.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if skipsCompletionCheck(arguments), let command = try? FastRoot.parseAsRoot(arguments),
            isOurs(type(of: command))
        {
            return command
        }
        return try Inventory.parseAsRoot(arguments)
    }

    /// Whether `arguments` can be parsed without the completion check: they start with one of
    /// our subcommands (so not `--version`, `--help` or `help`), and none asks ArgumentParser
    /// for a completion script or for completions.
    static func skipsCompletionCheck(_ arguments: [String]) -> Bool {
        guard let first = arguments.first,
            Inventory.configuration.subcommands.contains(where: { $0._commandName == first })
        else { return false }
        return !arguments.contains {
            $0.hasPrefix("--generate-completion-script") || $0.hasPrefix("---completion")
        }
    }

    /// Whether `command` is one of the commands of our tree (ArgumentParser answers `--help`
    /// and `help` with a command of its own).
    static func isOurs(_ command: any ParsableCommand.Type) -> Bool {
        func contains(_ tree: any ParsableCommand.Type) -> Bool {
            tree == command || tree.configuration.subcommands.contains(where: contains)
        }
        return Inventory.configuration.subcommands.contains(where: contains)
    }

    /// `Inventory`'s tree under a root that ArgumentParser takes for another command's plugin:
    /// it does not look for `--generate-completion-script`. Only ever used to parse.
    struct FastRoot: ParsableCommand {
        static let configuration: CommandConfiguration = {
            var configuration = Inventory.configuration
            configuration._superCommandName = "inventory"
            return configuration
        }()
    }
}
