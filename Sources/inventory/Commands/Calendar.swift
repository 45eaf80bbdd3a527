import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        _superCommandName: CommandParsing.rootName,
        abstract: "What is due as a calendar your phone subscribes to (iCalendar).",
        discussion: """
            Writes what 'inventory due' lists for the year ahead (and what is overdue) as an \
            iCalendar file (RFC 5545): one all-day event per service, warranty's end or \
            review. --new-link makes the feed's private address, which 'inventory serve' \
            answers: subscribe to it in a calendar app (Google Calendar: "From URL"; Apple: \
            "New Calendar Subscription") and its events move when their day changes and go \
            when they are done. The address is shown once; a new one revokes the last, and \
            --revoke closes it. Anyone with the address can read what is due (names and \
            days), nothing more; serve it over HTTPS beyond this machine.

            Examples:
              inventory calendar --output due.ics
              inventory calendar --new-link --address https://house.example:8420
              inventory calendar --revoke
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(
        name: .customLong("new-link"), help: "Make the feed's private address (revokes the last).")
    var newLink = false

    @Flag(help: "Close the feed's address.")
    var revoke = false

    @Option(
        help: ArgumentHelp(
            "Where 'inventory serve' is reached (default: http://127.0.0.1:8420).",
            valueName: "url"))
    var address: String?

    @OptionGroup var destination: OutputOptions

    func validate() throws {
        if newLink && revoke { throw ValidationError("--new-link or --revoke, not both") }
        if address != nil && !newLink { throw ValidationError("--address goes with --new-link") }
        if (newLink || revoke) && destination.output != nil {
            throw ValidationError("--output writes the calendar, not a link")
        }
    }

    func run() throws {
        if revoke {
            let manager = try database.openManager(.write)
            let closed = try manager.revokeCalendarToken()
            Terminal.standardOutput.writeLine(
                closed ? "The calendar's address is closed." : "The calendar had no address.")
            return
        }
        if newLink {
            let base = (address ?? "http://127.0.0.1:8420")
            guard let url = URL(string: base), let scheme = url.scheme,
                ["http", "https"].contains(scheme.lowercased()), url.host != nil
            else {
                throw InventoryError.invalidValue(
                    field: .other("address"), value: base,
                    reason: "an address is http:// or https:// with a host, such as "
                        + "https://house.example:8420")
            }
            let manager = try database.openManager(.write)
            let token = try manager.newCalendarToken()
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            Terminal.standardOutput.writeLine("\(trimmed)/calendar/\(token).ics")
            return
        }
        let manager = try database.openManager(.read)
        let file = try destination.file(for: manager)
        let feed = try Self.feed(manager)
        guard let file else {
            Terminal.standardOutput.write(feed)
            return
        }
        try file.write(feed.utf8)
    }

    /// The feed of what is due within a year, and overdue.
    static func feed(_ manager: InventoryManager) throws -> String {
        DueCalendar.feed(
            try manager.due(withinDays: 366), title: try manager.settings().reportTitle,
            identity: try manager.identity(), now: Timestamp(Date()))
    }
}
