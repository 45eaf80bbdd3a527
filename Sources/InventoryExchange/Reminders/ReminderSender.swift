import Foundation
public import InventoryKit

/// Why a reminder could not be sent through a channel.
public struct ReminderError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public let description: String
}

/// Sends what is newly due: an e-mail through the system's `sendmail` (the Unix way: the
/// machine's mail transfer agent, or msmtp or ssmtp in its place, relays it) and a webhook
/// POST through `curl`.
public struct ReminderSender: Sendable {
    /// The folders programs are looked for in: PATH, then where sendmail lives.
    let folders: [String]

    /// A sender that finds `sendmail` and `curl` on `path` (a PATH value), then in /usr/sbin
    /// and /usr/lib.
    public init(path: String?) {
        folders = ChildProcess.folders(ofPath: path) + ["/usr/sbin", "/usr/lib"]
    }

    /// The subject of a reminder of `things`: "3 things due (1 overdue)".
    public static func subject(_ things: [DueThing], today: CalendarDate) -> String {
        let overdue = things.count { $0.isOverdue(on: today) }
        return "\(things.count) thing\(things.count == 1 ? "" : "s") due"
            + (overdue > 0 ? " (\(overdue) overdue)" : "")
    }

    /// The text of a reminder: a line per thing, by day.
    public static func message(_ things: [DueThing], today: CalendarDate) -> String {
        things.map { thing in
            "\(thing.date)\(thing.isOverdue(on: today) ? " (overdue)" : "")  #\(thing.itemID) "
                + "\(thing.itemName): \(thing.what)"
        }.joined(separator: "\n") + "\n"
    }

    /// Mails `things` to `address`, with `title` (the inventory's) in the subject.
    ///
    /// - Throws: `ReminderError` when there is no sendmail or it fails.
    public func mail(_ things: [DueThing], to address: String, title: String, today: CalendarDate)
        throws
    {
        guard let sendmail = find("sendmail") else {
            throw ReminderError(
                description: "no sendmail here to send e-mail (install a mail transfer agent, "
                    + "or msmtp-mta)")
        }
        let subject = "\(Self.headerText(title)): \(Self.subject(things, today: today))"
        // base64: whatever the names, no line of the message is longer than 76 characters
        let body = Data(
            Self.message(things, today: today).replacingOccurrences(of: "\n", with: "\r\n").utf8
        ).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
        let mail =
            "To: \(address)\r\nSubject: \(Self.encodedHeader(subject))\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + body + "\r\n"
        try run(sendmail, ["-t", "-oi"], input: Data(mail.utf8), what: "send the e-mail")
    }

    /// POSTs `things` to `url`, as JSON (`title`, `message`, `due`) or as text with a `Title`
    /// header.
    ///
    /// - Throws: `ReminderError` when there is no curl, or the address answers with an error
    ///   or not at all (within 30 seconds).
    public func post(
        _ things: [DueThing], to url: String, format: ReminderChannels.WebhookFormat,
        title: String, today: CalendarDate
    ) throws {
        guard let curl = find("curl") else {
            throw ReminderError(description: "no curl here to call the webhook (install curl)")
        }
        let subject = Self.subject(things, today: today)
        let message = Self.message(things, today: today)
        var body: Data
        var type: String
        switch format {
        case .text:
            body = Data(message.utf8)
            type = "text/plain; charset=utf-8"
        case .json:
            let due = things.map { thing -> [String: Any] in
                [
                    "kind": thing.kind.rawValue, "itemId": thing.itemID, "name": thing.itemName,
                    "what": thing.what, "date": thing.date.description,
                    "overdue": thing.isOverdue(on: today),
                ]
            }
            body =
                (try? JSONSerialization.data(
                    withJSONObject: [
                        "title": "\(title): \(subject)", "message": message, "due": due,
                    ], options: [.sortedKeys])) ?? Data()
            type = "application/json"
        }
        try run(
            curl,
            [
                // -q first: no ~/.curlrc; --globoff: the address's braces and brackets are
                // characters, not a list of addresses
                "-q", "--globoff", "--proto", "=http,https",
                "--silent", "--show-error", "--fail", "--max-time", "30", "--request", "POST",
                "--header", "Content-Type: \(type)",
                // RFC 2047 words on one line: ntfy decodes them, and curl takes one line
                "--header",
                "Title: "
                    + Self.encodedHeader("\(Self.headerText(title)): \(subject)")
                    .replacingOccurrences(of: "\r\n ", with: " "),
                "--data-binary", "@-", "--output", "/dev/null", url,
            ], input: body, what: "call the webhook")
    }

    private func find(_ name: String) -> String? { ChildProcess.find(name, in: folders) }

    /// `text` fit for a header line: no control characters.
    static func headerText(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }

    /// A header value, RFC 2047-encoded when it is not ASCII: encoded words of at most 75
    /// characters (45 bytes of text each, never a character cut), on folded lines.
    static func encodedHeader(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    private func run(_ program: String, _ arguments: [String], input: Data, what: String) throws {
        let result: (status: Int32, complaint: String?)
        do {
            result = try ChildProcess.run(program, arguments, input: input)
        } catch {
            throw ReminderError(description: "cannot run \(program) to \(what)")
        }
        guard result.status == 0 else {
            throw ReminderError(
                description: "cannot \(what) (\((program as NSString).lastPathComponent) exited "
                    + "with \(result.status))" + (result.complaint.map { ": " + $0 } ?? ""))
        }
    }
}
