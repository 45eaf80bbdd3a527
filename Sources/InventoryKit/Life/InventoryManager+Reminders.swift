import Foundation
public import InventoryModel
import InventoryStore

/// Where `inventory remind` sends what is newly due.
public struct ReminderChannels: Sendable, Hashable {
    /// How a webhook receives a reminder.
    public enum WebhookFormat: String, Sendable, Hashable, CaseIterable {
        /// A JSON object (`title`, `message`, `due`): Home Assistant's webhooks, most others.
        case json
        /// The message as plain text with a `Title` header: ntfy.
        case text
    }

    /// The address e-mail goes to through the system's `sendmail`.
    public var email: String?
    /// The address a webhook POST goes to.
    public var webhook: String?
    /// What the POST carries.
    public var webhookFormat: WebhookFormat

    /// Channels as set.
    public init(email: String? = nil, webhook: String? = nil, webhookFormat: WebhookFormat = .json)
    {
        self.email = email
        self.webhook = webhook
        self.webhookFormat = webhookFormat
    }

    /// Whether any is set.
    public var isEmpty: Bool { email == nil && webhook == nil }
}

extension InventoryManager {
    private static let emailKey = "remind.email"
    private static let webhookKey = "remind.webhook"
    private static let webhookFormatKey = "remind.webhook_format"

    /// The channels reminders go through.
    public func reminderChannels() throws -> ReminderChannels {
        try withStore { store in
            let settings = store.database.settings
            return ReminderChannels(
                email: try settings.value(forKey: Self.emailKey),
                webhook: try settings.value(forKey: Self.webhookKey),
                webhookFormat: try settings.value(forKey: Self.webhookFormatKey).flatMap(
                    ReminderChannels.WebhookFormat.init(rawValue:)) ?? .json)
        }
    }

    /// Stores the channels reminders go through (nil removes one).
    ///
    /// - Throws: `InventoryError.invalidValue` for an address that is not one; nothing is
    ///   written then.
    public func setReminderChannels(_ channels: ReminderChannels) throws {
        if let email = channels.email {
            // an address as sendmail takes it: ASCII, a local part of the usual characters,
            // and a domain of labels with a dot
            let local = Set(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-"
            )
            let label = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
            let parts = email.split(separator: "@", omittingEmptySubsequences: false)
            let labels =
                parts.count == 2
                ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(local.contains),
                labels.count >= 2,
                labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(label.contains) }),
                email.count <= 254
            else {
                throw InventoryError.invalidValue(
                    field: .other("email"), value: email, reason: "not an e-mail address")
            }
        }
        if let webhook = channels.webhook {
            guard !webhook.contains(where: { $0.isWhitespace || $0.isNewline }),
                webhook.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }),
                let url = URL(string: webhook), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else {
                throw InventoryError.invalidValue(
                    field: .other("webhook"), value: webhook,
                    reason: "a webhook is an http:// or https:// address")
            }
        }
        try withStore { store in
            try store.database.write {
                let settings = store.database.settings
                try settings.setValue(channels.email, forKey: Self.emailKey)
                try settings.setValue(channels.webhook, forKey: Self.webhookKey)
                try settings.setValue(
                    channels.webhookFormat == .json ? nil : channels.webhookFormat.rawValue,
                    forKey: Self.webhookFormatKey)
            }
        }
    }

    /// Of `things` (what `due` listed), those not sent through `channel` yet.
    public func newReminders(_ things: [DueThing], channel: String) throws -> [DueThing] {
        let sent = try withStore { store in
            try store.database.maintenance.sent(things.map { "\(channel):\($0.reminderKey)" })
        }
        return things.filter { !sent.contains("\(channel):\($0.reminderKey)") }
    }

    /// The settings key of the round under way: when its hold ends (milliseconds).
    private static let roundKey = "round.reminders_until"

    /// Holds the reminder round for at most `duration`, so that two rounds (cron's `remind`
    /// and `serve`'s, say) cannot both send the same things; false when another round holds it
    /// still. A round that ends calls `endReminderRound`; one killed lets go when its hold ends.
    ///
    /// - Returns: the round's hold, to give `endReminderRound`; nil when another holds it.
    public func beginReminderRound(holdingFor duration: Duration = .seconds(900)) throws
        -> String?
    {
        let now = Timestamp(clock()).millisecondsSince1970
        let until = now + duration.components.seconds * 1000
        // the hold's end and whose it is: only its own round lets it go
        let hold = "\(until) \(UInt64.random(in: 1...UInt64.max))"
        return try withStore { store in
            try store.database.write {
                let settings = store.database.settings
                if let held = try settings.value(forKey: Self.roundKey)?
                    .split(separator: " ").first.flatMap({ Int64($0) }), held > now
                {
                    return nil
                }
                try settings.setValue(hold, forKey: Self.roundKey)
                return hold
            }
        }
    }

    /// Lets go of the reminder round held by `hold` (`beginReminderRound`'s), unless another
    /// round took it since (this one outlived its hold).
    public func endReminderRound(_ hold: String) throws {
        try withStore { store in
            try store.database.write {
                let settings = store.database.settings
                if try settings.value(forKey: Self.roundKey) == hold {
                    try settings.setValue(nil, forKey: Self.roundKey)
                }
            }
        }
    }

    /// Remembers that `things` were sent through `channel`.
    public func markReminded(_ things: [DueThing], channel: String) throws {
        let now = Timestamp(clock())
        try withStore { store in
            try store.database.write {
                try store.database.maintenance.markSent(
                    things.map { "\(channel):\($0.reminderKey)" }, at: now)
            }
        }
    }
}
