import ArgumentParser
import Foundation
import InventoryKit

/// The items a bulk `edit` or `delete` acts on: every item of a view, narrowed by tags and
/// words; and how the user agrees to it.
struct SelectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Act on every item of this view (all, luxury, non-insured, or one of yours) instead "
                + "of ids.",
            valueName: "name"),
        completion: .custom { _, _, _ in ViewOptions.configuredViewNames() })
    var view: String?

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp("A JSON file of views.", valueName: "file"))
    var viewsFile: String?

    @Option(
        name: .customLong("with-tag"),
        help: ArgumentHelp(
            "With --view: only the items that carry this tag (repeat: every one).",
            valueName: "tag"))
    var withTags: [String] = []

    @Option(
        help: ArgumentHelp("With --view: only the items matching these words.", valueName: "text"))
    var search: String?

    @Flag(help: "Act on the view's items without asking (needed when not on a terminal).")
    var yes = false

    @Flag(name: .customLong("dry-run"), help: "Print what would change; change nothing.")
    var dryRun = false

    /// Checks the options against the ids given.
    func validate(ids: [Int64]) throws {
        if view == nil {
            if !withTags.isEmpty || search != nil {
                throw ValidationError("--with-tag and --search narrow a --view")
            }
            if yes { throw ValidationError("--yes answers for a --view") }
        } else if !ids.isEmpty {
            throw ValidationError("give ids or --view, not both")
        }
    }

    /// The version each selected item was read at: the write refuses to act on an item that
    /// changed between the question and the answer.
    static func versions(of items: [HouseholdItem]) -> [Int64: Int] {
        Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.version) })
    }

    /// The items of the view, narrowed, in the view's order.
    func items(manager: InventoryManager) throws -> [HouseholdItem] {
        guard let view else { return [] }
        let registry = try ViewOptions.registry(option: viewsFile, currency: manager.currency)
        guard registry.entry(named: view) != nil else {
            throw ValidationError(
                "unknown view \"\(view)\" (views: \(registry.names.joined(separator: ", ")))")
        }
        let definition = try registry.definition(named: view)
        var filter = definition.filter
        if !withTags.isEmpty {
            filter = filter.narrowed(by: ItemFilter(tags: try withTags.map(ItemValidation.tag)))
        }
        if let search { filter = filter.narrowed(by: ItemFilter(text: search)) }
        return try manager.items(matching: filter, sortedBy: definition.sort)
    }

    /// Asks on the terminal whether to `verb` the `items`, after saying how many and their
    /// worth. Without a terminal, `--yes` must answer.
    ///
    /// - Throws: a usage error without a terminal and `--yes`; `CommandFailure` when the user
    ///   says no.
    func confirm(_ verb: String, _ items: [HouseholdItem], currency: Currency) throws {
        guard !yes else { return }
        let count = "\(items.count) item\(items.count == 1 ? "" : "s")"
        guard isatty(0) == 1, isatty(2) == 1 else {
            throw ValidationError(
                "to \(verb.lowercased()) \(count) without a terminal to ask on, add --yes "
                    + "(--dry-run shows them)")
        }
        let worth = items.reduce(Int128(0)) { $0 + ($1.totalWorth ?? 0) }
        let error = Terminal.standardError
        error.writeLine(
            "\(count) in \(view ?? "the view") · worth "
                + "\(Money.format(worth, currency: currency)) \(currency.code)")
        error.write("\(verb) \(count)? [y/N] ")
        error.flush()
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            throw CommandFailure(description: "nothing was changed", status: 1)
        }
    }
}
