public import InventoryKit

/// One round of reminders: what is due within some days and was not sent yet, sent through
/// each channel the household set (`InventoryManager.reminderChannels()`), and remembered as
/// sent for each channel that took it. `inventory remind` runs one; `serve` runs one a day.
public struct ReminderRound: Sendable {
    /// What became of one channel.
    public enum Outcome: Sendable, Hashable {
        /// Nothing due was new to it.
        case nothingNew(channel: String)
        /// A dry run: these would go.
        case wouldSend(channel: String, things: [DueThing])
        /// These went, and are remembered.
        case sent(channel: String, things: [DueThing])
        /// It failed; nothing of it is remembered, so it goes next time.
        case failed(channel: String, reason: String)
        /// Another round (another process's) is sending: this one sent nothing.
        case anotherRound
    }

    /// What sends.
    public let sender: ReminderSender

    /// A round that sends with `sender`.
    public init(sender: ReminderSender) {
        self.sender = sender
    }

    /// Sends what is due within `days` and new to each channel (or, with `dryRun`, says what
    /// would go), in the order e-mail, webhook; empty when no channel is set, and
    /// `anotherRound` alone when another process's round is sending.
    ///
    /// - Throws: `InventoryError` when the inventory cannot be read or written; a channel that
    ///   fails is an outcome, not an error.
    public func run(_ manager: InventoryManager, withinDays days: Int, dryRun: Bool = false)
        throws -> [Outcome]
    {
        let channels = try manager.reminderChannels()
        guard !channels.isEmpty else { return [] }
        let title = try manager.settings().reportTitle
        let today = manager.today()
        // what is due is worked out once, for every channel
        // One round at a time: cron's `remind` and `serve`'s would both find the same
        // things new, and both send them.
        var hold: String?
        if !dryRun {
            hold = try manager.beginReminderRound()
            guard hold != nil else { return [.anotherRound] }
        }
        defer { if let hold { try? manager.endReminderRound(hold) } }
        let due = try manager.due(withinDays: days)
        var outcomes: [Outcome] = []
        for (channel, send) in senders(channels, title: title, today: today) {
            let things = try manager.newReminders(due, channel: channel)
            if things.isEmpty {
                outcomes.append(.nothingNew(channel: channel))
            } else if dryRun {
                outcomes.append(.wouldSend(channel: channel, things: things))
            } else {
                do {
                    try send(things)
                    try manager.markReminded(things, channel: channel)
                    outcomes.append(.sent(channel: channel, things: things))
                } catch let error as ReminderError {
                    outcomes.append(.failed(channel: channel, reason: error.description))
                }
            }
        }
        return outcomes
    }

    private func senders(
        _ channels: ReminderChannels, title: String, today: CalendarDate
    ) -> [(String, ([DueThing]) throws -> Void)] {
        var senders: [(String, ([DueThing]) throws -> Void)] = []
        if let address = channels.email {
            senders.append(
                ("email", { try sender.mail($0, to: address, title: title, today: today) }))
        }
        if let url = channels.webhook {
            senders.append(
                (
                    "webhook",
                    {
                        try sender.post(
                            $0, to: url, format: channels.webhookFormat, title: title,
                            today: today)
                    }
                ))
        }
        return senders
    }
}
