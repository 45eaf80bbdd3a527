import ArgumentParser
import Testing

@testable import inventory

/// The parse that skips ArgumentParser's search for `--generate-completion-script` must give
/// what `Inventory.parseAsRoot` gives: the same command with the same values, and the same
/// error, help or version text when there is no command to run.
@Suite struct CommandParsingTests {
    /// What a parse came to, as the user would see it.
    private func outcome(_ parse: () throws -> any ParsableCommand) -> String {
        do {
            let command = try parse()
            return "\(type(of: command)): \(String(reflecting: command))"
        } catch {
            return "error \(Inventory.exitCode(for: error).rawValue): "
                + Inventory.fullMessage(for: error)
        }
    }

    @Test(arguments: [
        ["list", "--json", "--db", "x.sqlite"],
        ["list", "--view", "luxury", "--sort", "price-desc", "--tag", "a", "--tag", "b"],
        ["list", "--sort", "bogus"],
        ["list", "--json", "--csv"],
        ["list", "--bogus"],
        ["list", "--help"],
        ["list", "-h", "--db", "x"],
        ["help", "list"],
        ["--help"],
        ["--version"],
        [],
        ["lst"],
        ["claim", "export", "1", "--format", "html"],
        ["claim", "export", "1", "--format", "nope"],
        ["claim"],
        ["show", "--", "-1"],
        ["edit", "2", "--price", "12", "--insured"],
        ["add", "--name", "Boat", "--generate-completion-script", "bash"],
        ["--generate-completion-script", "zsh"],
        ["list", "--generate-completion-script"],
        ["claim", "edit", "9", "--title", "Fire", "--kind", "fire"],
        ["claim", "new", "--title", "Burglary", "--kind", "theft", "--items", "3,5,9-12"],
        ["claim", "line", "1", "7", "--replacement", "1299", "--source", "Best Buy"],
        ["claim", "show"],
        ["claim", "export", "1", "--help"],
        ["claim", "export", "--version"],
        ["views"],
        ["views", "check", "--views", "v.json"],
        ["views", "list", "extra"],
        ["list", "list"],
        ["list", "--db"],
        ["import", "a.csv", "--dry-run"],
    ])
    func aParseComesToWhatParseAsRootComesTo(arguments: [String]) {
        #expect(
            outcome { try CommandParsing.parse(arguments) }
                == outcome { try Inventory.parseAsRoot(arguments) })
    }

    @Test func onlyArgumentsThatStartWithACommandAndAskForNoCompletionsSkipTheCheck() {
        #expect(CommandParsing.skipsCompletionCheck(["list", "--json"]))
        #expect(CommandParsing.skipsCompletionCheck(["claim", "list"]))
        #expect(!CommandParsing.skipsCompletionCheck([]))
        #expect(!CommandParsing.skipsCompletionCheck(["--version"]))
        #expect(!CommandParsing.skipsCompletionCheck(["help", "list"]))
        #expect(!CommandParsing.skipsCompletionCheck(["list", "--generate-completion-script"]))
        #expect(
            !CommandParsing.skipsCompletionCheck(["list", "--generate-completion-script=fish"]))
        #expect(!CommandParsing.skipsCompletionCheck(["list", "---completion", "--", "--view"]))
    }

    @Test func aCommandWithoutSubcommandsIsParsedAloneFromTheArgumentsAfterItsName() throws {
        let list = try #require(CommandParsing.leaf(of: ["list", "--json"]))
        #expect(list.command == List.self && list.depth == 1)
        let export = try #require(CommandParsing.leaf(of: ["claim", "export", "1"]))
        #expect(export.command == ClaimExport.self && export.depth == 2)
        let check = try #require(CommandParsing.leaf(of: ["views", "check", "views"]))
        #expect(check.command == ViewsCheck.self && check.depth == 2)
        // Commands with subcommands (a default one too) go through the whole tree.
        #expect(CommandParsing.leaf(of: ["claim"]) == nil)
        #expect(CommandParsing.leaf(of: ["views", "--views", "v.json"]) == nil)
        #expect(CommandParsing.leaf(of: ["lst"]) == nil)
        #expect(CommandParsing.leaf(of: []) == nil)
        // What it parses is the command itself, with its values.
        let parsed = try #require(
            try CommandParsing.parse(["list", "--json", "--tag", "a"]) as? List)
        #expect(parsed.json && parsed.tags == ["a"])
    }

    /// What makes parsing a command alone right: the tree's parse gives a command every
    /// argument after its name only when no command above it takes arguments of its own.
    @Test func noCommandWithSubcommandsHasArgumentsOfItsOwn() {
        var groups: [any ParsableCommand.Type] = []
        func walk(_ command: any ParsableCommand.Type) {
            guard !command.configuration.subcommands.isEmpty else { return }
            groups.append(command)
            command.configuration.subcommands.forEach(walk)
        }
        walk(Inventory.self)
        #expect(groups.count >= 3)  // inventory, claim, views
        for group in groups {
            #expect(Mirror(reflecting: group.init()).children.isEmpty, "\(group)")
        }
    }

    /// Every command without subcommands names the root as its super-command, so that it is
    /// parsed alone; a command with subcommands never does (the tree's root would then skip
    /// the completion check, and the tree's usage lines would change).
    @Test func everyCommandWithoutSubcommandsAndOnlyThoseParsesAlone() {
        var leaves = 0
        func walk(_ command: any ParsableCommand.Type) {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty { leaves += 1 }
            #expect(CommandParsing.parsesAlone(command) == subcommands.isEmpty, "\(command)")
            subcommands.forEach(walk)
        }
        Inventory.configuration.subcommands.forEach(walk)
        #expect(Inventory.configuration._superCommandName == nil)
        #expect(leaves >= 30)
    }

    @Test func everyCommandOfTheTreeIsOursAndArgumentParsersHelpIsNot() throws {
        #expect(CommandParsing.isOurs(List.self))
        #expect(CommandParsing.isOurs(ClaimExport.self))
        #expect(!CommandParsing.isOurs(Inventory.self))
        let help = try Inventory.parseAsRoot(["help", "list"])
        #expect(!CommandParsing.isOurs(type(of: help)))
    }

    @Test func onlyWatchAndBrowseHandleSignalsThemselves() throws {
        #expect(Interruption.handlesSignals(try Inventory.parseAsRoot(["watch"])))
        #expect(Interruption.handlesSignals(try Inventory.parseAsRoot(["browse"])))
        #expect(!Interruption.handlesSignals(try Inventory.parseAsRoot(["list"])))
        #expect(!Interruption.handlesSignals(try Inventory.parseAsRoot(["restore", "x.zip"])))
    }

    /// Every command's arguments, as ArgumentParser's debug build checks them when it reads a
    /// command (unique names, positional arguments that can be told apart, flags that mean
    /// something): a mistake stops the test process. Here because Scripts/test runs the CLI
    /// tests on the optimized binary, which does not check.
    @Test func everyCommandsArgumentsPassArgumentParsersOwnChecks() throws {
        var paths: [[String]] = []
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) {
            paths.append(path)
            for subcommand in command.configuration.subcommands {
                walk(subcommand, path + [subcommand._commandName])
            }
        }
        walk(Inventory.self, [])
        #expect(paths.count > 30)
        for path in paths {
            // --help reads the command's arguments (and its parents') before it answers.
            let command = try Inventory.parseAsRoot(path + ["--help"])
            #expect(!CommandParsing.isOurs(type(of: command)), "\(path)")
        }
    }
}
