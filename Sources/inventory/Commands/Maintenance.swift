import ArgumentParser
import Foundation
import InventoryKit

struct MaintenanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "An item's maintenance: what was done, and what is to be done when.",
        discussion: """
            The log keeps what was done to an item: the day, what, its cost, who did it, and a \
            receipt or photo (stored as the item's files are). A schedule says when a thing is \
            due: every so many months on the calendar, every so many months from the last \
            time, or once. An entry counts for the item's schedule of the same thing (the same \
            words, in any case) or the one named with --schedule, and the next day follows from \
            it; a schedule made later takes the entries of its thing logged before. \
            'inventory due' lists what is due across the inventory.

            Examples:
              inventory maintenance 7
              inventory maintenance schedule 7 "Boiler service" --every 12m --on 2026-10-01
              inventory maintenance schedule 12 "Oil change" --every 6m --from-last
              inventory maintenance add 7 "Boiler service" --cost 140 --by "Heat & Co"
              inventory maintenance add 7 "Replaced valve" --on 2026-03-02 --file bill.pdf
              inventory maintenance remove 7 3
              inventory maintenance unschedule 7 1
            """,
        subcommands: [
            MaintenanceLogCommand.self, MaintenanceAddCommand.self, MaintenanceScheduleCommand.self,
            MaintenanceRemoveCommand.self, MaintenanceUnscheduleCommand.self,
        ],
        defaultSubcommand: MaintenanceLogCommand.self)
}

struct MaintenanceLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        _superCommandName: CommandParsing.rootName,
        abstract: "An item's schedules, with their next day, and its maintenance log.",
        discussion: """
            Examples:
              inventory maintenance log 7
              inventory maintenance 7 --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Flag(help: "Print the schedules and the log as JSON.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        guard let item = try manager.item(id: id) else { throw InventoryError.itemNotFound(id) }
        let (schedules, entries) = try manager.maintenance(itemID: id)
        let output = Terminal.standardOutput
        if json {
            output.writeLine(
                MaintenanceJSON.object(item: item, schedules, entries, manager: manager))
            return
        }
        let style = Style.standardOutput(.table)
        output.writeLine(style.bold("#\(item.id) \(VisibleText.of(item.name))"))
        if schedules.isEmpty {
            output.writeLine(
                "No schedule: 'inventory maintenance schedule \(id) WHAT --every 12m'.")
        } else {
            output.write(
                TextTable(
                    header: ["NO", "WHAT", "WHEN", "LAST", "NEXT"],
                    rows: schedules.map {
                        [
                            String($0.id), $0.what, $0.rule, $0.lastDone?.description ?? "—",
                            $0.nextDue.map { day in
                                day < manager.today() ? "\(day) (overdue)" : day.description
                            } ?? "done",
                        ]
                    }, rightAligned: [0], style: style
                ).render())
        }
        output.writeLine("")
        if entries.isEmpty {
            output.writeLine("Nothing recorded yet: 'inventory maintenance add \(id) WHAT'.")
            return
        }
        output.write(
            TextTable(
                header: ["NO", "DONE ON", "WHAT", "COST", "BY", "FILE"],
                rows: entries.map {
                    [
                        String($0.id), $0.doneOn.description, $0.what, $0.cost?.formatted ?? "",
                        $0.doneBy ?? "", $0.file.map { manager.photos.path(of: $0) } ?? "",
                    ]
                }, rightAligned: [0, 3], style: style
            ).render())
        let spent = entries.compactMap(\.cost).reduce(Int128(0)) { $0 + Int128($1.minorUnits) }
        output.writeLine("")
        output.writeLine(
            "\(entries.count) entr\(entries.count == 1 ? "y" : "ies"), "
                + "\(Money.format(spent, currency: manager.currency)) \(manager.currency.code) in all"
        )
    }
}

struct MaintenanceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Record what was done to an item.",
        discussion: """
            Examples:
              inventory maintenance add 7 "Boiler service" --cost 140 --by "Heat & Co"
              inventory maintenance add 7 "Replaced valve" --on 2026-03-02 --file bill.pdf
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: "What was done.")
    var what: String

    @Option(help: ArgumentHelp("The day it was done (default: today).", valueName: "YYYY-MM-DD"))
    var on: String?

    @Option(help: ArgumentHelp("What it cost.", valueName: "amount"))
    var cost: String?

    @Option(help: ArgumentHelp("Who did it.", valueName: "name"))
    var by: String?

    @Option(help: ArgumentHelp("Its receipt or a photo: a picture or a PDF.", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("The schedule it counts for (its number).", valueName: "n"))
    var schedule: Int64?

    func run() throws {
        let manager = try database.openManager(.write)
        let entry = try manager.logMaintenance(
            itemID: id,
            MaintenanceDraft(
                what: what,
                doneOn: try on.map { try CalendarDate(parsing: $0, field: .other("day")) },
                cost: try cost.map {
                    try Money(parsing: $0, currency: manager.currency, field: .other("cost"))
                }, doneBy: by, file: file, scheduleID: schedule))
        var line =
            "item \(id): recorded \(entry.id) \(VisibleText.of(entry.what)) on \(entry.doneOn)"
        if let scheduleID = entry.scheduleID,
            let next = try manager.maintenance(itemID: id).schedules.first(where: {
                $0.id == scheduleID
            })?.nextDue
        {
            line += "; next due \(next)"
        }
        Terminal.standardOutput.writeLine(line)
    }
}

struct MaintenanceScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        _superCommandName: CommandParsing.rootName,
        abstract: "Say when something is to be done to an item.",
        discussion: """
            --every takes months or years: 3m, 12 months, 1y, 2 years. On the calendar (the \
            default), --on is its first day (a day long past starts it at its latest day up to \
            today); a time done settles the calendar's day it fell on or after, or the next \
            one when done a little before it (a quarter of the period, 30 days at most), and \
            the following day is due. With --from-last, --on is the first day due and each \
            next day is the last time plus the period. Without --every it is due once, on \
            --on, until an entry counts for it.

            Examples:
              inventory maintenance schedule 7 "Boiler service" --every 1y --on 2026-10-01
              inventory maintenance schedule 12 "Oil change" --every 6m --from-last
              inventory maintenance schedule 3 "Renew the licence" --on 2027-04-30
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: "What is to be done.")
    var what: String

    @Option(help: ArgumentHelp("How often: 3m, 12 months, 1y.", valueName: "period"))
    var every: String?

    @Flag(name: .customLong("from-last"), help: "Count the period from the last time it was done.")
    var fromLast = false

    @Option(
        help: ArgumentHelp(
            "The first day it is due (default: today; once: required).", valueName: "YYYY-MM-DD"))
    var on: String?

    func validate() throws {
        if every == nil && on == nil {
            throw ValidationError("say how often with --every, or the one day with --on")
        }
        if fromLast && every == nil { throw ValidationError("--from-last goes with --every") }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let months = try every.map { text -> Int in
            guard let months = MaintenanceSchedule.months(parsing: text) else {
                throw InventoryError.invalidValue(
                    field: .other("period"), value: text,
                    reason: "a period is months or years, such as 3m, 12 months or 1y")
            }
            return months
        }
        let saved = try manager.scheduleMaintenance(
            itemID: id,
            MaintenancePlan(
                what: what, everyMonths: months, fromLast: fromLast,
                startsOn: try on.map { try CalendarDate(parsing: $0, field: .other("day")) }))
        Terminal.standardOutput.writeLine(
            "item \(id): schedule \(saved.id) \(VisibleText.of(saved.what)), \(saved.rule); "
                + "next due \(saved.nextDue?.description ?? "never")")
    }
}

struct MaintenanceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        _superCommandName: CommandParsing.rootName,
        abstract: "Remove an entry recorded by mistake from an item's log.",
        discussion: """
            Examples:
              inventory maintenance remove 7 3
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: ArgumentHelp("The entry's number in the log.", valueName: "entry"))
    var entry: Int64

    func run() throws {
        let manager = try database.openManager(.write)
        try manager.removeMaintenanceEntry(itemID: id, id: entry)
        Terminal.standardOutput.writeLine("item \(id): removed entry \(entry)")
    }
}

struct MaintenanceUnscheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unschedule",
        _superCommandName: CommandParsing.rootName,
        abstract: "Remove one of an item's schedules (its log stays).",
        discussion: """
            Examples:
              inventory maintenance unschedule 7 1
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: ArgumentHelp("The schedule's number.", valueName: "schedule"))
    var schedule: Int64

    func run() throws {
        let manager = try database.openManager(.write)
        try manager.removeMaintenanceSchedule(itemID: id, id: schedule)
        Terminal.standardOutput.writeLine("item \(id): removed schedule \(schedule)")
    }
}
