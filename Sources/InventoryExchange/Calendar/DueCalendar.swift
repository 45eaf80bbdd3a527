public import InventoryKit

/// What is due as an iCalendar feed (RFC 5545) that phones and computers subscribe to: one
/// all-day event per thing due, whose UID stays while the thing moves (a schedule, an item's
/// warranty or review), so that a calendar moves the event when its day changes and drops it
/// when it is done.
public enum DueCalendar {
    /// The feed of `things`, made at `now`; `identity` (the inventory's) makes the events'
    /// UIDs unique across households.
    public static func feed(
        _ things: [DueThing], title: String, identity: String, now: Timestamp
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//inventory//due//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(title),
            // how often a calendar should look again
            "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H",
        ]
        let stamp = timestamp(now)
        for thing in things {
            let summary =
                switch thing.kind {
                case .maintenance: "\(thing.itemName): \(thing.what)"
                case .warranty: "\(thing.itemName): warranty ends"
                case .review: "\(thing.itemName): review it"
                case .loan: "\(thing.itemName): \(thing.what)"
                }
            lines += [
                "BEGIN:VEVENT",
                "UID:\(thing.identity)@\(identity).inventory",
                "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(day(thing.date))",
                "DTEND;VALUE=DATE:\(day(thing.date.adding(days: 1)))",
                "SUMMARY:" + escaped(summary),
                "DESCRIPTION:" + escaped("Item #\(thing.itemID) \(thing.itemName): \(thing.what)"),
                "CATEGORIES:" + thing.kind.rawValue.uppercased(),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260315`.
    static func day(_ date: CalendarDate) -> String {
        padded(date.year, 4) + padded(date.month, 2) + padded(date.day, 2)
    }

    /// `20261128T164500Z`.
    static func timestamp(_ time: Timestamp) -> String {
        let date = CalendarDate(utcDayOf: time)
        let seconds = Int(
            (time.millisecondsSince1970 % 86_400_000 + 86_400_000) % 86_400_000 / 1000)
        return day(date) + "T" + padded(seconds / 3600, 2) + padded(seconds / 60 % 60, 2)
            + padded(seconds % 60, 2) + "Z"
    }

    /// A TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, a line break
    /// as `\n`, other control characters left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `line` folded at 75 octets (RFC 5545, 3.1): a line break and a space before each
    /// further part, between code points (never inside one's UTF-8 bytes; a letter with many
    /// combining marks may be split between its marks).
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var parts: [String] = []
        var current = ""
        var octets = 0
        for character in line.unicodeScalars {
            let size = String(character).utf8.count
            let limit = parts.isEmpty ? 75 : 74  // a continuation starts with its space
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(character)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }
}

/// `value` in `width` digits, zeros first.
private func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
