import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

extension ReminderChannels.WebhookFormat: ChoiceArgument {}

struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        _superCommandName: CommandParsing.rootName,
        abstract: "Send what is newly due, once, by e-mail or to a webhook.",
        discussion: """
            Sends what 'inventory due --within' lists (7 days unless said: maintenance due, \
            warranties ending within the warranty notice, loans due back, reviews) that was not \
            sent before through each channel: an e-mail through the system's sendmail, and a POST to a webhook through \
            curl (JSON with title, message and due, as Home Assistant takes it; or, with \
            --webhook-format text, the message with a Title header, as ntfy takes it). A thing \
            is sent once per channel and per day it is due: the next service is a new \
            reminder. A channel that fails is one line on stderr and exit status 1, and what it \
            did not send stays to send next time. Made to run from cron or a systemd timer \
            (see the README); 'inventory serve' runs it every day while it runs. --email, --webhook and --webhook-format set the channels ("" \
            removes one) and send nothing.

            Examples:
              inventory remind --email me@example.com --webhook https://ntfy.sh/our-house \\
                --webhook-format text
              inventory remind
              inventory remind --quiet      # from cron: prints only what it sent
              inventory remind --dry-run --within 30d
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Send e-mail here (\"\" for none).", valueName: "address"))
    var email: String?

    @Option(help: ArgumentHelp("POST to this address (\"\" for none).", valueName: "url"))
    var webhook: String?

    @Option(name: .customLong("webhook-format"), help: "json (the default) or text.")
    var webhookFormat: ReminderChannels.WebhookFormat?

    @Option(help: ArgumentHelp("How far ahead: days, weeks, months, years.", valueName: "period"))
    var within = "7d"

    @Flag(name: .customLong("dry-run"), help: "Say what would be sent; send nothing.")
    var dryRun = false

    @Flag(help: "Print nothing when nothing is sent (for cron, which mails any output).")
    var quiet = false

    func validate() throws {
        let setting = email != nil || webhook != nil || webhookFormat != nil
        if setting && dryRun { throw ValidationError("--dry-run sends; it sets nothing") }
    }

    func run() throws {
        if email != nil || webhook != nil || webhookFormat != nil {
            let manager = try database.openManager(.write)
            var channels = try manager.reminderChannels()
            if let email { channels.email = email.isEmpty ? nil : email }
            if let webhook { channels.webhook = webhook.isEmpty ? nil : webhook }
            if let webhookFormat { channels.webhookFormat = webhookFormat }
            try manager.setReminderChannels(channels)
            Terminal.standardOutput.writeLine(Self.describe(channels))
            return
        }
        guard let days = CalendarDate.days(inPeriod: within) else {
            throw InventoryError.invalidValue(
                field: .other("period"), value: within,
                reason: "a period is days, weeks, months or years, such as 7d, 2w or 3m")
        }
        let manager = try database.openManager(dryRun ? .read : .write)
        let channels = try manager.reminderChannels()
        guard !channels.isEmpty else {
            throw CommandFailure(
                description:
                    "no channel to send through: set one with --email ADDRESS or --webhook URL",
                status: 78)
        }
        let round = ReminderRound(
            sender: ReminderSender(path: ProcessInfo.processInfo.environment["PATH"]))
        let today = manager.today()
        var failures: [String] = []
        let output = Terminal.standardOutput
        for outcome in try round.run(manager, withinDays: days, dryRun: dryRun) {
            switch outcome {
            case .nothingNew(let channel):
                if !quiet { output.writeLine("\(channel): nothing new") }
            case .wouldSend(let channel, let things):
                output.writeLine("\(channel): would send \(things.count)")
                output.write(ReminderSender.message(things, today: today))
            case .sent(let channel, let things):
                output.writeLine(
                    "\(channel): sent \(things.count) thing\(things.count == 1 ? "" : "s")")
            case .failed(let channel, let reason):
                failures.append("\(channel): \(reason)")
            case .anotherRound:
                if !quiet {
                    output.writeLine(
                        "another round is sending (serve's, or another remind): "
                            + "this one sent nothing")
                }
            }
        }
        if !failures.isEmpty {
            // one line, naming each channel that failed
            throw CommandFailure(description: failures.joined(separator: "; "), status: 1)
        }
    }

    static func describe(_ channels: ReminderChannels) -> String {
        var parts: [String] = []
        if let email = channels.email { parts.append("e-mail to \(email)") }
        if let webhook = channels.webhook {
            parts.append("webhook \(webhook) (\(channels.webhookFormat.rawValue))")
        }
        return "Reminders go " + (parts.isEmpty ? "nowhere" : parts.joined(separator: "; ")) + "."
    }
}
