import ArgumentParser
import Foundation
import InventoryCommandLine
import InventoryKit

@main
struct Inventory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventory",
        abstract:
            "Keep a record of what your household owns, what it is worth, and what is insured.",
        discussion: """
            The inventory is one SQLite file: --db PATH, else $INVENTORY_DB, else \
            $XDG_DATA_HOME/inventory/inventory.sqlite (~/.local/share/inventory/inventory.sqlite).

            Examples:
              inventory add --name Boat --price 25000 --luxury
              inventory list --view non-insured
              inventory edit 1 --insured

            Exit status: 0 on success, 1 when the inventory cannot be read or written or an id \
            does not exist, 64 for a usage error, 65 for an invalid value; 'offsite' adds 69 \
            when restic or its repository cannot be reached and 77 for a wrong password.
            """,
        version: Release.version,
        subcommands: [
            Add.self, Edit.self, Delete.self, Show.self, List.self, Tags.self, Attach.self,
            Import.self, Export.self, BackupCommand.self, RestoreCommand.self,
            Detach.self, Watch.self, History.self, Views.self, ClaimCommand.self, Settings.self,
            Verify.self, Check.self, ReportCommand.self, Serve.self, Share.self,
            Browse.self, Places.self, Move.self, Labels.self, LabelCommand.self, Find.self,
            Offsite.self, MaintenanceCommand.self, Due.self, CalendarCommand.self,
            Remind.self, Lend.self, ReturnCommand.self, Leave.self, BringBack.self,
            FieldsCommand.self, TemplatesCommand.self, ThumbnailsCommand.self, MembersCommand.self,
            PictureCommand.self, MCPCommand.self,
        ]
    )

    /// Parses, runs, and turns every error into one line on stderr and an exit status. On the
    /// way out, whatever happened, the inventory is closed, and output that could not be
    /// written is reported.
    static func main() {
        Terminal.secureStandardDescriptors()
        var arguments: [String] = []
        do {
            arguments = try CommandLineArguments.read()
            var command = try CommandParsing.parse(arguments)
            if !Interruption.handlesSignals(command) { Interruption.install() }
            try command.run()
            finish(status: 0, arguments: arguments)
        } catch {
            fail(with: error, arguments: arguments)
        }
    }

    /// Flushes stdout, closes the inventory and exits with `status`, or with 1 and a line
    /// saying so when stdout could not be written (quietly when the reader closed its pipe).
    private static func finish(status: Int32, arguments: [String]) -> Never {
        // Interrupted: the signal's thread ends the process (output was abandoned on purpose).
        if Interruption.caughtSignal != nil { Interruption.endProcess() }
        Terminal.standardOutput.flush()
        InventoryManager.closeShared()
        if let failure = Terminal.standardOutput.failure, status == 0 {
            let error = OutputFailure(code: failure)
            if error.isClosedPipe { Foundation.exit(128 + SIGPIPE) }
            Terminal.standardError.writeLine(
                "inventory: cannot write the output: \(String(cString: strerror(failure)))")
            Foundation.exit(1)
        }
        Foundation.exit(status)
    }

    private static func fail(with error: any Error, arguments: [String]) -> Never {
        // A signal came (the error is most likely the interruption it caused): its thread says
        // the one line, "interrupted", and ends the process; a second line here would say it
        // again, or say something else.
        if Interruption.caughtSignal != nil { Interruption.endProcess() }
        let verbose = arguments.prefix { $0 != "--" }.contains("--verbose")
        func report(_ line: String, detail: String? = nil, status: Int32) -> Never {
            Terminal.standardError.writeLine("inventory: \(line)")
            if verbose, let detail { Terminal.standardError.writeLine("  \(detail)") }
            finish(status: status, arguments: arguments)
        }
        switch error {
        case let exit as ExitCode:
            // The command has already said why.
            finish(status: exit.rawValue, arguments: arguments)
        case let failure as OutputFailure:
            // finish() reports it.
            _ = failure
            finish(status: 0, arguments: arguments)
        case let failure as CommandFailure:
            report(failure.description, status: failure.status)
        case let error as InventoryError:
            report(
                CommandLineMessage.text(for: error), detail: error.detail,
                status: exitStatus(for: error))
        case let error as CommandLineArguments.InvalidText:
            report(error.description, status: 65)
        case let error as MigrationError:
            report(CommandLineMessage.text(for: error), status: exitStatus(for: error))
        case is ViewRegistryError:
            report(String(describing: error), status: exitStatus(for: error))
        case let error as DatabaseError:
            // Never shown as it is (it holds SQL): the library turns these into words.
            report(
                "an unexpected database error (SQLite error \(error.code)); --verbose shows more",
                detail: error.description, status: 1)
        case let error as StoreError:
            report(
                "\(error.storageProblem.description(path: nil)); --verbose shows more",
                detail: error.description, status: 1)
        default:
            // ArgumentParser's own: --help and --version print and exit 0; usage errors get
            // one line that points to the right help.
            if exitCode(for: error) == .success {
                // --help, --version, --generate-completion-script: printed like any output,
                // so that output lost is reported here too.
                Terminal.standardOutput.writeLine(fullMessage(for: error))
                finish(status: 0, arguments: arguments)
            }
            let help =
                (["inventory"] + CommandLineArguments.commandPath(in: arguments) + ["--help"])
                .joined(separator: " ")
            let given = oneLine(Self.message(for: error))
            let message =
                CommandLineArguments.negativeID(in: arguments)
                ?? (given.hasPrefix("Unknown option")
                    ? given : CommandLineArguments.unknownOption(in: arguments) ?? given)
            report("\(message) (see '\(help)')", status: exitCode(for: error).rawValue)
        }
    }

    /// ArgumentParser's message on one line: a list of choices after a colon is joined with
    /// commas instead of being cut off.
    private static func oneLine(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard let first = lines.first else { return "invalid usage" }
        let rest = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        guard !rest.isEmpty, first.hasSuffix(":") else { return first }
        return first + " " + rest.joined(separator: ", ")
    }

    static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case let error as InventoryError:
            switch error {
            case .invalidValue, .missingName, .invalidPhoto, .invalidFile, .currencyMismatch,
                .claimRefused:
                65
            case .itemsNotFound, .itemNotFound, .cannotOpen, .editConflict, .claimNotFound,
                .itemsInClaims, .storage, .cannotWrite, .outputExists, .attachmentNotFound,
                .currencyInUse, .shareLinkNotFound, .place, .itemState, .member:
                1
            }
        case is ValidationError: 64
        case is ViewRegistryError: 65
        default: 1
        }
    }
}
