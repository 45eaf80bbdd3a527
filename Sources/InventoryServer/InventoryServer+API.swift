import Foundation
import HTTPTypes
import Hummingbird
import InventoryExchange
import InventoryKit
import NIOCore
import NIOFoundationCompat
import ServiceLifecycle

// The JSON API under /api/: views, items by view with paging, one item, add, edit, delete,
// and the changes as server-sent events. What reads or writes the inventory runs on
// `blocking`'s threads, one hop a request (an event stream: one a read of the journal); a page
// already encoded for its view as it is now needs none.
extension InventoryServer {
    func addAPIRoutes(to router: Router<ServerContext>) {
        let api = router.group("api")
        api.get("session") { _, context in
            var json = "{\"csrf\":"
            ItemJSON.appendString(context.session?.csrf, to: &json)
            json += ",\"name\":"
            ItemJSON.appendString(context.session?.person.name, to: &json)
            json += ",\"role\":"
            ItemJSON.appendString(context.session?.person.role.rawValue, to: &json)
            return Self.json(json + "}")
        }
        api.get("views") { _, _ in
            let tabs = try await self.blocking.run { try self.pager.tabs() }.map { tab in
                var json = "{\"name\":"
                ItemJSON.appendString(tab.name, to: &json)
                json += ",\"title\":"
                ItemJSON.appendString(tab.title, to: &json)
                json += ",\"count\":\(tab.count),\"worth\":\"\(self.decimal(tab.total))\"}"
                return json
            }
            return Self.json("{\"views\":[" + tabs.joined(separator: ",") + "]}")
        }
        api.get("items") { request, _ in
            let query = request.uri.queryParameters
            let limit = try Self.positiveInteger("limit", request) ?? Self.pageSize
            let offset =
                try query.get("offset").map { text in
                    guard let value = Int(text), value >= 0 else {
                        throw ServerError.badRequest("offset must be a whole number, 0 or more.")
                    }
                    return value
                } ?? 0
            let sort = try Self.sort(request)
            let (name, words) = (query.get("view") ?? "all", query.get("q") ?? "")
            // A page already encoded for its view as it is now is answered here, without the
            // two thread switches of a hop: phones showing the same first page, a script
            // polling it. Anything that could wait (a view or search asked for the first time
            // is read from the file; a view applying a change may be reading under its lock)
            // goes to the blocking threads.
            if words.trimmingWhitespace().isEmpty,
                let (asked, sequence) = self.pager.resolveWithoutWaiting(
                    name: name, sort: sort, offset: offset, limit: limit),
                let body = self.encodedPages.body(for: asked, at: sequence)
            {
                return Self.jsonPage(body)
            }
            let body = try await self.blocking.run {
                let (asked, definition, view) = try self.pager.resolve(
                    name: name, sort: sort, query: words, offset: offset, limit: limit)
                if let body = self.encodedPages.body(for: asked, at: view.sequence) {
                    return body
                }
                let page = try self.pager.page(asked, definition: definition, view: view)
                let body = self.encode(page)
                self.encodedPages.keep(body, for: asked, at: page.sequence)
                return body
            }
            return Self.jsonPage(body)
        }
        api.get("items/:id") { _, context in
            try await self.blocking.run { Self.json(self.itemJSON(try self.item(context))) }
        }
        api.post("items") { request, context in
            let fields = try await Self.jsonFields(request, context)
            return try await self.blocking.run {
                let form = ItemFormController()
                try Self.fill(form, fromJSON: fields)
                return Self.json(self.itemJSON(try self.save(form)), status: .created)
            }
        }
        api.patch("items/:id") { request, context in
            let fields = try await Self.jsonFields(request, context)
            return try await self.blocking.run {
                let current = try self.item(context)
                if let version = fields["version"] {
                    guard let version = version as? Int, version == current.version else {
                        throw ServerError.conflict(
                            "\(current.name) is at version \(current.version), not \(version): "
                                + "read it again, then send the change.")
                    }
                }
                let form = ItemFormController(editing: current)
                try Self.fill(form, fromJSON: fields)
                return Self.json(self.itemJSON(try self.save(form)))
            }
        }
        api.delete("items/:id") { _, context in
            try await self.blocking.run {
                let item = try self.item(context)
                try self.manager.delete(ids: [item.id])
                return Response(status: .noContent)
            }
        }
        api.get("changes") { request, _ in try await self.changes(request) }
        addAssistantRoutes(to: api)
        // the API's contract, which anyone may read
        api.get("openapi.json") { _, _ in Self.json(Self.openAPIDocument) }
    }

    /// A page of items as the API's JSON.
    private func encode(_ page: ViewPage) -> ByteBuffer {
        var bytes = OutputBytes(capacity: 512 + page.items.count * 400)
        var head = "{\"view\":"
        ItemJSON.appendString(page.name, to: &head)
        head += ",\"sort\":\"\(page.sort.rawValue)\",\"count\":\(page.count)"
        head += ",\"worth\":\"\(decimal(page.total))\",\"offset\":\(page.offset)"
        head += ",\"limit\":\(page.limit),\"sequence\":\(page.sequence),\"items\":["
        bytes.append(contentsOf: head.utf8)
        for (index, item) in page.items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            ItemJSON.appendObject(item, manager: manager, files: Self.fileNaming, to: &bytes)
        }
        bytes.append("]}")
        return bytes.withUnsafeBytes { ByteBuffer(bytes: $0) }
    }

    /// A page of items as JSON (a buffer kept by `EncodedPages` is shared, not copied).
    private static func jsonPage(_ body: ByteBuffer) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }

    /// How the API names files: by their address on this server.
    static let fileNaming = ItemFileNaming.urls(prefix: "/files/")

    func itemJSON(_ item: HouseholdItem) -> String {
        ItemJSON.object(item, manager: manager, files: Self.fileNaming)
    }

    func decimal(_ minorUnits: Int128) -> String {
        Money.format(minorUnits, currency: manager.currency, grouping: false)
    }

    /// Submits `form` to an `ItemSaver`: the item saved, or the problems (on `blocking`'s
    /// threads).
    private func save(_ form: ItemFormController) throws -> HouseholdItem {
        let saver = ItemSaver(manager: manager)
        form.delegate = saver
        guard form.submit(), let item = form.savedItem else {
            for problem in form.problems {
                switch problem.cause {
                case .editConflict?:
                    throw ServerError.conflict(form.problems.map(\.message).joined(separator: "; "))
                case .storage(let path, let storage, let detail)?:
                    // Not the request's fault: answered as the server answers a file's problem.
                    throw InventoryError.storage(path: path, problem: storage, detail: detail)
                default: continue
                }
            }
            throw ServerError.refused(form.problems)
        }
        return item
    }

    // MARK: - JSON in

    /// The API's name of a form field (the one `show --json` uses).
    static func jsonName(_ field: ItemFormField) -> String { field.jsonName }

    /// Whether a Content-Type names JSON (`application/json`, any parameters after it).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";", maxSplits: 1).first else {
            return false
        }
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// The object a request's body holds; the request must say it is JSON, which a browser's
    /// form cannot (a `text/plain` form is how another page's would send JSON text).
    static func jsonFields(_ request: Request, _ context: ServerContext) async throws
        -> [String: any Sendable]
    {
        guard isJSON(request.headers[.contentType]) else {
            throw ServerError.unsupportedType(
                "A change is sent as JSON, with Content-Type: application/json: nothing was changed."
            )
        }
        let body = try await request.body.collect(upTo: 1 << 20)
        let notText =
            "is not valid text: it holds bytes that are not UTF-8, or a lone surrogate "
            + "(\\uD800 to \\uDFFF without its pair); nothing was changed."
        guard body.withUnsafeReadableBytes({ String(validating: $0, as: UTF8.self) != nil })
        else {
            throw ServerError.badRequest("The body \(notText)")
        }
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decode([String: JSONValue].self, from: Data(buffer: body))
        } catch JSONValue.Problem.notText(let path) {
            let name = path.first?.stringValue ?? "The body"
            throw ServerError.badRequest("\(name) \(notText)")
        } catch {
            throw ServerError.badRequest("The body must be one JSON object.")
        }
        var fields: [String: any Sendable] = [:]
        for (key, value) in object {
            switch value {
            case .bool(let flag): fields[key] = flag
            case .integer(let number): fields[key] = number
            case .number(let number): fields[key] = "\(number)"
            case .text(let text): fields[key] = text
            case .null: fields[key] = ""
            case .list(let list):
                fields[key] = try list.map { element -> String in
                    guard case .text(let text) = element else {
                        throw ServerError.badRequest("\(key) must be a list of texts.")
                    }
                    return text
                }
            case .object(let members) where key == "fields":
                // the household's own fields: a text, a number or true/false each; null clears
                var own: [String: String] = [:]
                for (name, member) in members {
                    switch member {
                    case .null: own[name] = ""
                    case .text(let text): own[name] = text
                    case .integer(let number): own[name] = String(number)
                    case .number(let number): own[name] = String(number)
                    case .bool(let flag): own[name] = flag ? "yes" : "no"
                    case .list, .object:
                        throw ServerError.badRequest("fields: \(name) must be a text or a number.")
                    }
                }
                fields[key] = own
            case .object: throw ServerError.badRequest("\(key) cannot be an object.")
            }
        }
        return fields
    }

    /// Puts the JSON fields into `form` (`ItemFormController.fill(json:)`): a member that is
    /// no field, or of the wrong kind, is a bad request.
    static func fill(_ form: ItemFormController, fromJSON fields: [String: any Sendable]) throws {
        var members: [String: ItemFormInput] = [:]
        for (key, value) in fields {
            switch value {
            case let flag as Bool: members[key] = .flag(flag)
            case let list as [String]: members[key] = .texts(list)
            case let own as [String: String]: members[key] = .ownFields(own)
            default: members[key] = .text("\(value)")
            }
        }
        do {
            try form.fill(json: members)
        } catch {
            throw ServerError.badRequest(error.description)
        }
    }

    // MARK: - Events

    /// The changes after `after` (or the `Last-Event-ID` a reconnecting browser sends, or now),
    /// then each change as it commits, as server-sent events: `id` is the journal sequence,
    /// `event: change`, `data` the change with the item as JSON. With `limit`, ends after
    /// that many.
    private func changes(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let start: Int64
        if let text = request.headers[HTTPField.Name("Last-Event-ID")!] ?? query.get("after") {
            guard let value = Int64(text), value >= 0 else {
                throw ServerError.badRequest("after must be a journal sequence number, 0 or more.")
            }
            start = value
        } else {
            start = try await blocking.run { [manager] in try manager.lastSequence() }
        }
        let limit = try Self.positiveInteger("limit", request)
        let signal = self.signal
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: .init { writer in
                let (wakes, token) = signal.subscribe()
                defer { signal.unsubscribe(token) }
                try await writer.write(ByteBuffer(string: "retry: 1000\n: following\n\n"))
                var last = start
                var sent = 0
                var iterator = wakes.cancelOnGracefulShutdown().makeAsyncIterator()
                reading: while true {
                    let read = try await self.blocking.run { [last, sent] in
                        try self.readEvents(after: last, sent: sent, limit: limit)
                    }
                    // Written outside the blocking work, a few kilobytes at a time: a stream
                    // whose reader is slow waits holding no thread, and no more than a read of
                    // the journal in hand.
                    for chunk in read.chunks { try await writer.write(ByteBuffer(string: chunk)) }
                    guard let reached = read.reached else { break reading }
                    (last, sent) = (reached, sent + read.count)
                    if let limit, sent >= limit { break reading }
                    if read.isFull { continue }
                    switch await iterator.next() {
                    case nil: break reading
                    case .changed: continue
                    case .idle: try await writer.write(ByteBuffer(string: ": idle\n\n"))
                    case .replaced:
                        try await writer.write(
                            ByteBuffer(string: "event: replaced\ndata: {}\n\n"))
                        break reading
                    }
                }
                try await writer.finish(nil)
            })
    }

    /// One read of the journal for an event stream, as the text to write.
    private struct EventRead: Sendable {
        /// The events, a few kilobytes each (or a `reload` event).
        var chunks: [String] = []
        /// How many changes they carry.
        var count = 0
        /// The sequence of the last change they carry; nil when the stream ends with them.
        var reached: Int64?
        /// Whether the journal may hold more after them: a whole read's worth was read.
        var isFull = false
    }

    /// The events after journal sequence `last` for a stream that has sent `sent` of at most
    /// `limit`: a read of the journal on `blocking`'s threads.
    private func readEvents(after last: Int64, sent: Int, limit: Int?) throws -> EventRead {
        var read = EventRead(reached: last)
        // A stream this far behind would replay change after change for its page to fetch
        // anew each time: the page loads itself once instead.
        if try manager.lastSequence() - last > Int64(configuration.limits.streamBacklog) {
            read.chunks = ["event: reload\ndata: {}\n\n"]
            read.reached = nil
            return read
        }
        let (entries, _) = try manager.changes(after: last, limit: Self.changesPerRead)
        read.isFull = entries.count == Self.changesPerRead
        var text = ""
        for entry in entries.prefix(limit.map { $0 - sent } ?? entries.count) {
            text += Self.event(entry, manager: manager)
            read.reached = entry.sequence
            read.count += 1
            if text.utf8.count >= Self.eventChunk {
                read.chunks.append(text)
                text = ""
            }
        }
        if !text.isEmpty { read.chunks.append(text) }
        return read
    }

    /// One change as a server-sent event.
    static func event(_ entry: JournalEntry, manager: InventoryManager) -> String {
        let change = entry.change
        var data =
            "{\"seq\":\(entry.sequence),\"change\":\"\(change.kind.rawValue)\",\"id\":\(change.item.id)"
        data += ",\"time\":\"\(entry.time.iso8601)\",\"item\":"
        data += ItemJSON.object(change.item, manager: manager, files: fileNaming)
        if let before = change.before {
            data += ",\"fields\":["
            data += change.item.changedFields(comparedTo: before).map { field in
                var quoted = ""
                ItemJSON.appendString(field, to: &quoted)
                return quoted
            }.joined(separator: ",")
            data += "]"
        }
        return "id: \(entry.sequence)\nevent: change\ndata: \(data)}\n\n"
    }
}

/// A JSON value as a request gives it: true and false are not numbers, whole numbers are kept
/// apart from others.
enum JSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case text(String)
    case list([JSONValue])
    case object([String: JSONValue])

    /// Why a value could not be read.
    enum Problem: Error {
        /// A text that is no text: a lone surrogate escaped (`\uD800`), or bytes that are not
        /// UTF-8; at the path of the field that holds it.
        case notText([any CodingKey])
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([JSONValue].self) {
            self = .list(list)
        } else if let members = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: JSONValue] = [:]
            for key in members.allKeys {
                object[key.stringValue] = try members.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
        } else {
            // Neither a text nor an object: a text the decoder refused, or a list holding one.
            throw Problem.notText(decoder.codingPath)
        }
    }
}
