import Hummingbird
import InventoryKit

// The item page's forms for a loan and for leaving the household: each is one journaled write
// of the manager's (`lend`, `endLoan`, `leave`, `bringBack`), refused with the manager's words
// when the item is not in a state for it; the page shows the result.
extension InventoryServer {
    func addLoanRoutes(to router: Router<ServerContext>) {
        router.post("/items/:id/lend") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                let due = try Self.day(fields["due"], field: "due back")
                try self.manager.lend(
                    id: item.id, to: fields["to"] ?? "", due: due,
                    expectedVersion: Self.version(fields))
                return Self.redirect(Paths.item(item.id))
            }
        }
        router.post("/items/:id/return") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                try self.manager.endLoan(id: item.id, expectedVersion: Self.version(fields))
                return Self.redirect(Paths.item(item.id))
            }
        }
        router.post("/items/:id/leave") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                guard let how = fields["how"].flatMap(Departure.init(rawValue:)) else {
                    throw ServerError.badRequest(
                        "Say how it left: sold, given, discarded, lost or stolen.")
                }
                let day = try Self.day(fields["on"], field: "left on")
                let amount = try Self.typed(fields["for"]).map {
                    try Money(
                        parsing: $0, currency: self.manager.currency, field: .other("sold for"))
                }
                try self.manager.leave(
                    id: item.id, how: how, on: day, to: fields["to"], for: amount,
                    expectedVersion: Self.version(fields))
                return Self.redirect(Paths.item(item.id))
            }
        }
        // A list row's insured switch: the item turned over, from the version the row showed.
        router.post("/items/:id/insured") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                guard let wanted = fields["insured"], ["yes", "no"].contains(wanted) else {
                    throw ServerError.badRequest("Say insured=yes or insured=no.")
                }
                var patch = ItemPatch()
                patch.isInsured = wanted == "yes"
                try self.manager.edit(id: item.id, patch, expectedVersion: Self.version(fields))
                // back to the list it came from: a path of this site only
                return Self.redirect(Self.ownPath(fields["back"]) ?? Paths.item(item.id))
            }
        }
        router.post("/items/:id/bring-back") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                try self.manager.bringBack(id: item.id, expectedVersion: Self.version(fields))
                return Self.redirect(Paths.item(item.id))
            }
        }
    }

    /// The page a form came from (`back`), if it is a path of this site: one slash first, no
    /// space, control character or backslash.
    static func ownPath(_ back: String?) -> String? {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"),
            !back.unicodeScalars.contains(where: {
                $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\"
            })
        else { return nil }
        return back
    }

    /// The version of the item the form was made from: a change made since refuses it.
    static func version(_ fields: [String: String]) -> Int? {
        fields["version"].flatMap { Int($0) }
    }

    /// What was typed in a form's field, nil when blank.
    static func typed(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    /// A day typed in a form's date field, nil when blank.
    static func day(_ text: String?, field: String) throws -> CalendarDate? {
        try typed(text).map { try CalendarDate(parsing: $0, field: .other(field)) }
    }

    /// The answer to an upload when as many are being received as may be: try again soon.
    static func uploadsBusy(_ what: String) -> Response {
        var busy = json(
            "{\"error\":\"Too many \(what) are being sent at once: try again in a moment.\"}",
            status: .serviceUnavailable)
        busy.headers[.retryAfter] = "5"
        return busy
    }
}
