import ArgumentParser

/// The command line parsed into one of our commands, without the work ArgumentParser does at
/// every start to find a `--generate-completion-script` that nobody typed.
///
/// `Inventory.parseAsRoot` reads the arguments twice more before the command's own parse, as
/// two commands of ArgumentParser's (`GenerateCompletions` and
/// `AutodetectedGenerateCompletions`), each a reflection of a new type and of its property
/// wrappers, with their generic metadata and protocol conformance lookups: a large share of a
/// cold `list --json`'s start (see the cold listing's benchmark row).
/// ArgumentParser skips that check for a root that is a plugin of another command
/// (`_superCommandName` set), which changes nothing else but the usage line of help and of
/// errors. So arguments that cannot ask for a completion script are parsed under `FastRoot`:
/// the same tree, under such a root. When the arguments name a command that has no
/// subcommands of its own (`list`, `claim export`), that command alone is parsed from the
/// arguments after its name, as the root of its own parse: every such command names `rootName`
/// as its super-command in its configuration (ArgumentParser reads that only of a parse's
/// root). No command above it has options, so the tree's parse would give it the same
/// arguments, and ArgumentParser then reflects one command instead of reflecting it and its
/// parents again and again; as its own root rather than under a generic wrapper, it also
/// leaves out the wrapper's metadata and conformance lookups (the cold listing's benchmark
/// row measures the start).
/// Whatever does not come out of either as one of our commands (an error, help, the version)
/// is parsed again by `Inventory` itself, so that what the user reads, and the exit status, are
/// exactly those of a plain `parseAsRoot`.
enum CommandParsing {
    /// The command `arguments` (as `CommandLineArguments.read` returns them) run.
    ///
    /// - Throws: ArgumentParser's errors, as `Inventory.parseAsRoot(arguments)` throws them.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        guard skipsCompletionCheck(arguments) else { return try Inventory.parseAsRoot(arguments) }
        if let (command, depth) = leaf(of: arguments), parsesAlone(command) {
            if let parsed = try? command.parseAsRoot(Array(arguments.dropFirst(depth))),
                type(of: parsed) == command
            {
                return parsed
            }
        } else if let command = try? FastRoot.parseAsRoot(arguments), isOurs(type(of: command)) {
            return command
        }
        return try Inventory.parseAsRoot(arguments)
    }

    /// The name ArgumentParser is told is the root's, in the configuration of every command
    /// without subcommands (`_superCommandName`): parsed alone, such a command is the root of
    /// its parse and taken for another command's plugin. In the tree, only the root's is read.
    static let rootName = "inventory"

    /// Whether `command` can be parsed alone as the root of its parse without the completion
    /// check: it says `rootName` is its super-command (every command without subcommands does,
    /// `CommandParsingTests` checks it; one that did not would go through the tree).
    static func parsesAlone(_ command: any ParsableCommand.Type) -> Bool {
        command.configuration._superCommandName == rootName
    }

    /// The command without subcommands that the first arguments name, and how many arguments
    /// name it (`claim export 1` → `ClaimExport`, 2); nil when they name a command that has
    /// subcommands (`claim`, `views` with its default) or none at all.
    static func leaf(of arguments: [String]) -> (command: any ParsableCommand.Type, depth: Int)? {
        var command: any ParsableCommand.Type = Inventory.self
        var depth = 0
        while depth < arguments.count,
            let next = command.configuration.subcommands.first(where: {
                $0._commandName == arguments[depth]
            })
        {
            command = next
            depth += 1
        }
        guard depth > 0, command.configuration.subcommands.isEmpty else { return nil }
        return (command, depth)
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
            configuration._superCommandName = rootName
            return configuration
        }()
    }
}
