import ArgumentParser
import Foundation
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
            does not exist, 64 for a usage error, 65 for an invalid value.
            """,
        version: "0.1.0",
        subcommands: [
            Add.self, Edit.self, Delete.self, Show.self, List.self, Watch.self, History.self,
            Views.self, ClaimCommand.self, Browse.self,
        ]
    )

    /// Parses, runs, and turns every error into one line on stderr and an exit status.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            Terminal.standardOutput.flush()
        } catch {
            Terminal.standardOutput.flush()
            fail(with: error)
        }
    }

    private static func fail(with error: any Error) -> Never {
        switch error {
        case let exit as ExitCode:
            // The command has already said why.
            Foundation.exit(exit.rawValue)
        case let failure as CommandFailure:
            Terminal.standardError.writeLine("inventory: \(failure.description)")
            Foundation.exit(failure.status)
        case is InventoryError, is MigrationError, is DatabaseError, is ViewRegistryError:
            Terminal.standardError.writeLine("inventory: \(String(describing: error))")
            Foundation.exit(exitStatus(for: error))
        default:
            // ArgumentParser's own: --help and --version print and exit 0; usage errors get
            // one line that points to the right help.
            if exitCode(for: error) == .success { exit(withError: error) }
            let message =
                Self.message(for: error)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
            let subcommand = CommandLine.arguments.dropFirst().first { argument in
                configuration.subcommands.contains { $0._commandName == argument }
            }
            let help = ["inventory", subcommand, "--help"].compactMap { $0 }.joined(separator: " ")
            Terminal.standardError.writeLine("inventory: \(message) (see '\(help)')")
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case let error as InventoryError:
            switch error {
            case .invalidValue, .missingName, .invalidPhoto, .currencyMismatch, .claimRefused: 65
            case .itemsNotFound, .cannotOpen, .editConflict, .claimNotFound, .itemsInClaims: 1
            }
        case is ValidationError: 64
        case is ViewRegistryError: 65
        default: 1
        }
    }
}
