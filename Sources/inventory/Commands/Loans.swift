import ArgumentParser
import InventoryExchange
import InventoryKit

struct Lend: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lend",
        _superCommandName: CommandParsing.rootName,
        abstract: "Record that someone borrowed an item.",
        discussion: """
            The item shows as lent in 'show', the web pages and the 'on-loan' view until \
            'inventory return' records it back. With --due, a loan not back by that day is \
            overdue: 'inventory due', the calendar feed and 'inventory remind' say so. --due \
            takes a day or a period from the day lent (14d, 2w, 1m).

            Examples:
              inventory lend 7 --to "Sam next door"
              inventory lend 7 --to Sam --due 2w
              inventory lend 12 --to "Aunt Jo" --on 2026-11-01 --due 2027-01-15
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Option(help: ArgumentHelp("Who borrowed it.", valueName: "name"))
    var to: String

    @Option(help: ArgumentHelp("The day it was lent (default: today).", valueName: "YYYY-MM-DD"))
    var on: String?

    @Option(
        help: ArgumentHelp(
            "The day it is to come back, or a period from the day lent (2w).",
            valueName: "day|period"))
    var due: String?

    @OptionGroup var version: IfVersionOption

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.write)
        let day = try on.map { try CalendarDate(parsing: $0, field: .other("day")) }
        let dueDay = try due.map {
            try CalendarDate(dayOrPeriod: $0, from: day ?? manager.today(), field: .other("due"))
        }
        let item = try manager.lend(
            id: id, to: to, on: day, due: dueDay, expectedVersion: version.ifVersion)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        Terminal.standardOutput.writeLine(
            "lent \(item.id) \(VisibleText.of(item.name)) to \(VisibleText.of(item.lentTo ?? ""))"
                + (item.loanDue.map { ", due back \($0)" } ?? ""))
    }
}

struct ReturnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "return",
        _superCommandName: CommandParsing.rootName,
        abstract: "Record that a lent item came back.",
        discussion: """
            The loan ends; 'inventory history' keeps who had it and when.

            Examples:
              inventory return 7
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @OptionGroup var version: IfVersionOption

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.write)
        let before = try manager.item(id: id)
        let item = try manager.endLoan(id: id, expectedVersion: version.ifVersion)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        Terminal.standardOutput.writeLine(
            "\(item.id) \(VisibleText.of(item.name)) is back"
                + (before?.lentTo.map { " from \(VisibleText.of($0))" } ?? ""))
    }
}

struct Leave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave",
        _superCommandName: CommandParsing.rootName,
        abstract: "Record that an item left the household: sold, given, discarded, lost, stolen.",
        discussion: """
            The item leaves every view, list, total, check and reminder, and goes to the \
            'archive' view; its history, files and claims stay, and 'inventory bring-back' \
            undoes it. A loan ends with it. An item that holds others cannot leave until they \
            are moved out. For a theft, make the claim with 'inventory claim new'. 'inventory \
            delete' stays for items recorded by mistake.

            Examples:
              inventory leave 12 --how sold --to "Marketplace buyer" --for 120
              inventory leave 4 --how given --to "Charity shop" --on 2026-10-02
              inventory leave 9 --how stolen
              inventory list --view archive
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Option(
        help: ArgumentHelp(
            "How it left: sold, given, discarded, lost or stolen.", valueName: "how"))
    var how: String

    @Option(help: ArgumentHelp("The day it left (default: today).", valueName: "YYYY-MM-DD"))
    var on: String?

    @Option(help: ArgumentHelp("Who it went to.", valueName: "name"))
    var to: String?

    @Option(name: .customLong("for"), help: ArgumentHelp("What it sold for.", valueName: "amount"))
    var amount: String?

    @OptionGroup var version: IfVersionOption

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        guard let departure = Departure(rawValue: how.trimmingWhitespace().lowercased()) else {
            throw InventoryError.invalidValue(
                field: .other("way it left"), value: how,
                reason: "write one of " + Departure.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        let manager = try database.openManager(.write)
        let day = try on.map { try CalendarDate(parsing: $0, field: .other("day")) }
        let price = try amount.map {
            try Money(parsing: $0, currency: manager.currency, field: .other("amount"))
        }
        let item = try manager.leave(
            id: id, how: departure, on: day, to: to, for: price, expectedVersion: version.ifVersion)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        var line = "\(item.id) \(VisibleText.of(item.name)) \(departure.phrase)"
        if let person = item.leftTo { line += " to \(VisibleText.of(person))" }
        if let price = item.leftFor { line += " for \(price.formatted)" }
        line += " on \(item.leftOn?.description ?? "")"
        if departure == .stolen || departure == .lost {
            line += "; for a claim: inventory claim new --title TITLE --items \(item.id)"
        }
        Terminal.standardOutput.writeLine(line)
    }
}

struct BringBack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bring-back",
        _superCommandName: CommandParsing.rootName,
        abstract: "Bring an item that left the household back into it.",
        discussion: """
            It is in every view again, where it was; 'inventory history' keeps that it left.

            Examples:
              inventory bring-back 12
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @OptionGroup var version: IfVersionOption

    @Flag(help: "Print the item as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.write)
        let item = try manager.bringBack(id: id, expectedVersion: version.ifVersion)
        if json {
            Terminal.standardOutput.writeLine(ItemJSON.object(item, manager: manager))
            return
        }
        Terminal.standardOutput.writeLine(
            "\(item.id) \(VisibleText.of(item.name)) is back in the household")
    }
}

/// `--if-version`: refuse a change of an item that moved on since the version read.
struct IfVersionOption: ParsableArguments {
    @Option(
        name: .customLong("if-version"),
        help: ArgumentHelp(
            "Refuse if the item has changed since this version.", valueName: "version"))
    var ifVersion: Int?
}
