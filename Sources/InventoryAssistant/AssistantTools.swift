import Dispatch
import Foundation
import InventoryExchange
public import InventoryKit
public import MCP

/// What an AI assistant may do with the inventory, as MCP tools: find, show and total things,
/// what `check` and `due` say, the claims; and add, edit, move, tag, lend and take back. Every
/// write takes the `version` the assistant read and is refused if the item changed since;
/// `dryRun` returns exactly what would change, written by the same code and rolled back; each
/// write is journaled with the assistant (and the member it acts for) as its author. Deleting,
/// restoring and sharing are not offered.
public struct AssistantTools: Sendable {
    let manager: InventoryManager
    let views: ViewRegistry
    /// Who the assistant acts for: the member, or the local user.
    let person: String
    let memberID: Int64?
    /// Whether it may write (a read-only token's assistant may not).
    let canWrite: Bool

    public init(
        manager: InventoryManager, views: ViewRegistry, person: String, memberID: Int64? = nil,
        canWrite: Bool = true
    ) {
        self.manager = manager
        self.views = views
        self.person = person
        self.memberID = memberID
        self.canWrite = canWrite
    }

    /// The most items one `search_items` returns.
    public static let largestPage = 200

    // MARK: - Calling

    /// Runs tool `name` with `arguments` for the client called `client`: the answer as JSON
    /// text, or an error the model can act on (`isError`).
    public func call(_ name: String, arguments: [String: Value], client: String?) async
        -> CallTool.Result
    {
        let author = Author(
            name: "\(person) (assistant \(client ?? "unknown"))", memberID: memberID)
        let work = { @Sendable () throws -> String in
            try InventoryManager.writing(as: author) {
                try self.run(name, Arguments(values: arguments))
            }
        }
        do {
            // The manager blocks on its file: off the cooperative threads.
            let text = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<String, any Error>) in
                DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
            }
            return CallTool.Result(
                content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        } catch {
            return CallTool.Result(
                content: [.text(text: Self.message(for: error), annotations: nil, _meta: nil)],
                isError: true)
        }
    }

    /// An error in words a model can act on: what was wrong, never SQL.
    static func message(for error: any Error) -> String {
        switch error {
        case let problem as ToolProblem: problem.description
        case let error as InventoryError:
            if case .editConflict = error {
                error.description
                    + ". Call show_item to read it again, then retry with its version."
            } else {
                error.description
            }
        case let problem as ItemFormInputProblem: problem.description
        case let error as ViewRegistryError: "\(error)"
        default: "the inventory could not do that"
        }
    }

    private func run(_ name: String, _ arguments: Arguments) throws -> String {
        let writes: Set<String> = [
            "add_item", "edit_item", "move_item", "tag_item", "lend_item", "return_item",
        ]
        if writes.contains(name), !canWrite {
            throw ToolProblem("This assistant may only read: nothing was changed.")
        }
        switch name {
        case "search_items": return try search(arguments)
        case "show_item": return try show(arguments)
        case "totals": return try totals()
        case "check": return try check(arguments)
        case "due": return try due(arguments)
        case "list_claims": return try listClaims()
        case "add_item", "edit_item": return try save(arguments, editing: name == "edit_item")
        case "move_item": return try move(arguments)
        case "tag_item": return try tag(arguments)
        case "lend_item", "return_item":
            return try lend(arguments, returning: name == "return_item")
        default: throw ToolProblem("There is no tool \"\(name)\": tools/list names them.")
        }
    }

    /// The words of a refusal the tools make themselves.
    struct ToolProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A call's arguments, read with the words a model needs when one is wrong.
    struct Arguments {
        let values: [String: Value]

        func text(_ name: String) throws -> String? {
            switch values[name] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case .int(let number)?: return String(number)
            case .double(let number)?: return String(number)
            default: throw ToolProblem("\(name) must be a text.")
            }
        }

        func requiredText(_ name: String) throws -> String {
            guard let text = try text(name), !text.isEmpty else {
                throw ToolProblem("\(name) is required.")
            }
            return text
        }

        func integer(_ name: String) throws -> Int? {
            switch values[name] {
            case nil, .null?: return nil
            case .int(let number)?: return number
            case .double(let number)? where number == number.rounded(): return Int(number)
            case .string(let text)?:
                guard let number = Int(text) else {
                    throw ToolProblem("\(name) must be a whole number.")
                }
                return number
            default: throw ToolProblem("\(name) must be a whole number.")
            }
        }

        func requiredInteger(_ name: String) throws -> Int {
            guard let number = try integer(name) else { throw ToolProblem("\(name) is required.") }
            return number
        }

        func flag(_ name: String) throws -> Bool? {
            switch values[name] {
            case nil, .null?: return nil
            case .bool(let flag)?: return flag
            default: throw ToolProblem("\(name) must be true or false.")
            }
        }

        func texts(_ name: String) throws -> [String] {
            switch values[name] {
            case nil, .null?: return []
            case .array(let list)?:
                return try list.map {
                    guard case .string(let text) = $0 else {
                        throw ToolProblem("\(name) must be a list of texts.")
                    }
                    return text
                }
            case .string(let text)?: return [text]
            default: throw ToolProblem("\(name) must be a list of texts.")
            }
        }

        var isDryRun: Bool { values["dryRun"]?.boolValue ?? false }
    }

    // MARK: - Reading

    private func search(_ arguments: Arguments) throws -> String {
        let viewName = try arguments.text("view") ?? "all"
        guard views.entry(named: viewName) != nil else {
            throw ToolProblem(
                "There is no view \"\(viewName)\" (views: \(views.names.joined(separator: ", "))).")
        }
        let definition = try views.definition(named: viewName)
        var filter = definition.filter
        let currency = manager.currency
        if let query = try arguments.text("query"), !query.isEmpty {
            filter = filter.narrowed(by: ItemFilter(text: query))
        }
        if let place = try arguments.text("place"), !place.isEmpty {
            guard let found = try manager.place(path: place) else {
                throw InventoryError.place(.notFound(PlacePath.normalized(place) ?? place))
            }
            filter = filter.narrowed(by: ItemFilter(location: found.path))
        }
        let tags = try arguments.texts("tags")
        if !tags.isEmpty {
            filter = filter.narrowed(by: ItemFilter(tags: try tags.map(ItemValidation.tag)))
        }
        var narrowing = ItemFilter()
        if let text = try arguments.text("minWorth") {
            narrowing.minWorth = try Money(
                parsing: text, currency: currency, field: .other("minWorth"))
        }
        if let text = try arguments.text("maxWorth") {
            narrowing.maxWorth = try Money(
                parsing: text, currency: currency, field: .other("maxWorth"))
        }
        narrowing.isInsured = try arguments.flag("insured")
        narrowing.isLuxury = try arguments.flag("luxury")
        filter = filter.narrowed(by: narrowing)
        let sort: ItemSort
        if let text = try arguments.text("sort") {
            guard let parsed = ItemSort(rawValue: text) else {
                throw ToolProblem(
                    "sort is one of name, price, worth, purchased, id (then -desc for the "
                        + "largest first): not \(text).")
            }
            sort = parsed
        } else {
            sort = definition.sort
        }
        let limit = try arguments.integer("limit") ?? 25
        let offset = try arguments.integer("offset") ?? 0
        guard (1...Self.largestPage).contains(limit), offset >= 0 else {
            throw ToolProblem("limit is 1 to \(Self.largestPage), offset 0 or more.")
        }
        var total = 0
        var worth: Int128 = 0
        var shown: [String] = []
        try manager.forEachItem(matching: filter, sortedBy: sort) { item in
            if total >= offset, shown.count < limit { shown.append(Self.summary(item)) }
            total += 1
            worth += Int128(item.worth?.minorUnits ?? 0)
        }
        var json = "{\"view\":"
        ItemJSON.appendString(viewName, to: &json)
        json +=
            ",\"total\":\(total),\"worth\":\"\(Money.format(worth, currency: currency, grouping: false))\""
        json += ",\"currency\":\"\(currency.code)\",\"offset\":\(offset),\"items\":["
        json += shown.joined(separator: ",") + "]"
        if offset + shown.count < total {
            json += ",\"next\":\"call again with offset \(offset + shown.count)\""
        }
        return json + "}"
    }

    /// An item in a list: what a model needs to choose it and to write to it.
    static func summary(_ item: HouseholdItem) -> String {
        var json = "{\"id\":\(item.id),\"version\":\(item.version),\"name\":"
        ItemJSON.appendString(item.name, to: &json)
        json += ",\"location\":"
        ItemJSON.appendString(item.location, to: &json)
        json += ",\"worth\":"
        ItemJSON.appendString(item.worth?.decimalString, to: &json)
        json += ",\"insured\":\(item.isInsured),\"luxury\":\(item.isLuxury),\"tags\":["
        json += item.tags.map { tag in
            var text = ""
            ItemJSON.appendString(tag, to: &text)
            return text
        }.joined(separator: ",")
        return json + "]}"
    }

    private func show(_ arguments: Arguments) throws -> String {
        let id = Int64(try arguments.requiredInteger("id"))
        guard let item = try manager.item(id: id) else { throw InventoryError.itemNotFound(id) }
        let history = try manager.fullHistory(itemID: id, limit: 20)
        let authors = try manager.authors(of: history)
        var json = "{\"item\":" + ItemJSON.object(item, manager: manager, files: .paths)
        json += ",\"history\":["
        json += history.map { entry in
            var line = "{\"at\":\"\(entry.time.iso8601)\",\"what\":"
            ItemJSON.appendString(Self.describe(entry), to: &line)
            line += ",\"by\":"
            ItemJSON.appendString(authors[entry.writeID], to: &line)
            return line + "}"
        }.joined(separator: ",")
        json += "],\"claims\":["
        json += try manager.claims(listingItem: id).map { claim in
            var line = "{\"id\":\(claim.id),\"title\":"
            ItemJSON.appendString(claim.title, to: &line)
            return line + "}"
        }.joined(separator: ",")
        return json + "]}"
    }

    /// A history entry in words.
    static func describe(_ entry: HistoryEntry) -> String {
        switch entry {
        case .item(let journal):
            let change = journal.change
            guard change.kind == .edited, let before = change.before else {
                return change.kind.rawValue
            }
            if let event = change.item.lifeEvent(since: before) { return "edited: " + event }
            return "edited: "
                + change.item.fieldChanges(from: before).map(\.description).joined(separator: ", ")
        case .claimLine(let refresh):
            return "claim \(refresh.claimID) line \(refresh.line) took the item's values"
        case .maintenance(let event):
            return event.description
        }
    }

    private func totals() throws -> String {
        let standing = try manager.standing()
        let currency = manager.currency
        func worth(_ worth: HouseholdStanding.Worth) -> String {
            "{\"items\":\(worth.items),\"insured\":\"\(Money.format(worth.insured, currency: currency, grouping: false))\""
                + ",\"notInsured\":\"\(Money.format(worth.notInsured, currency: currency, grouping: false))\""
                + ",\"worth\":\"\(Money.format(worth.total, currency: currency, grouping: false))\"}"
        }
        var json = "{\"currency\":\"\(currency.code)\",\"all\":" + worth(standing.all)
        json += ",\"byRoom\":["
        json += standing.rooms.map { room in
            var line = "{\"room\":"
            ItemJSON.appendString(room.name, to: &line)
            return line + ",\"worth\":" + worth(room.worth) + "}"
        }.joined(separator: ",")
        json += "],\"byTag\":["
        json += standing.tags.map { tag in
            var line = "{\"tag\":"
            ItemJSON.appendString(tag.name, to: &line)
            return line + ",\"worth\":" + worth(tag.worth) + "}"
        }.joined(separator: ",")
        return json + "]}"
    }

    private func check(_ arguments: Arguments) throws -> String {
        let limit = try arguments.integer("limit") ?? 50
        let check = ItemCheck(
            settings: try manager.settings(), today: manager.today(),
            ownFields: try manager.customFields())
        var needing = 0
        var lines: [String] = []
        try manager.forEachItem(matching: ItemFilter(), sortedBy: .name) { item in
            let findings = check.findings(for: item)
            guard !findings.isEmpty else { return }
            needing += 1
            guard lines.count < limit else { return }
            var line = "{\"id\":\(item.id),\"name\":"
            ItemJSON.appendString(item.name, to: &line)
            line += ",\"missing\":["
            line += findings.map { finding in
                var text = "{\"rule\":\"\(finding.rule.rawValue)\",\"message\":"
                ItemJSON.appendString(finding.message, to: &text)
                return text + "}"
            }.joined(separator: ",")
            lines.append(line + "]}")
        }
        return "{\"needing\":\(needing),\"items\":[" + lines.joined(separator: ",") + "]}"
    }

    private func due(_ arguments: Arguments) throws -> String {
        let days = try arguments.integer("withinDays") ?? 30
        guard (0...3660).contains(days) else { throw ToolProblem("withinDays is 0 to 3660.") }
        let things = try manager.due(withinDays: days)
        return "["
            + things.map { thing in
                var line = "{\"kind\":\"\(thing.kind.rawValue)\",\"id\":\(thing.itemID),\"name\":"
                ItemJSON.appendString(thing.itemName, to: &line)
                line += ",\"date\":\"\(thing.date)\",\"what\":"
                ItemJSON.appendString(thing.what, to: &line)
                return line + "}"
            }.joined(separator: ",") + "]"
    }

    private func listClaims() throws -> String {
        "["
            + (try manager.claims()).map { claim in
                var line = "{\"id\":\(claim.id),\"title\":"
                ItemJSON.appendString(claim.title, to: &line)
                line += ",\"kind\":\"\(claim.kind.rawValue)\",\"items\":\(claim.items.count)}"
                return line
            }.joined(separator: ",") + "]"
    }

    // MARK: - Writing

    /// Runs `write` for real, or only tried when the call asks for a dry run.
    private func writing<Result>(_ arguments: Arguments, _ write: () throws -> Result) throws
        -> Result
    {
        try InventoryManager.trying(only: arguments.isDryRun) { try write() }
    }

    /// The answer to a write: what changed (or would), and the item as it is (or would be).
    private func answer(
        _ arguments: Arguments, before: HouseholdItem?, after: HouseholdItem
    ) -> String {
        var json = "{\"dryRun\":\(arguments.isDryRun),\"changed\":"
        if let before {
            json +=
                "["
                + after.fieldChanges(from: before).map { change in
                    var text = ""
                    ItemJSON.appendString(change.description, to: &text)
                    return text
                }.joined(separator: ",") + "]"
        } else {
            json += "\"added\""
        }
        json += ",\"item\":" + ItemJSON.object(after, manager: manager, files: .paths)
        if arguments.isDryRun {
            json += ",\"note\":\"nothing was written: call again without dryRun\""
        }
        return json + "}"
    }

    /// The item `id` names, still at the `version` the call gives: one changed since is
    /// refused (the write itself checks again, in its transaction).
    private func current(_ arguments: Arguments) throws -> (HouseholdItem, Int) {
        let id = Int64(try arguments.requiredInteger("id"))
        let version = try arguments.requiredInteger("version")
        guard let item = try manager.item(id: id) else { throw InventoryError.itemNotFound(id) }
        guard item.version == version else {
            throw ToolProblem(
                "Item \(id) \"\(item.name)\" was changed since version \(version) (it is at "
                    + "version \(item.version) now): nothing was changed. Call show_item to read "
                    + "it again, then redo the change with its version.")
        }
        return (item, version)
    }

    private func save(_ arguments: Arguments, editing: Bool) throws -> String {
        var before: HouseholdItem?
        let form: ItemFormController
        if editing {
            let (item, _) = try current(arguments)
            // the form saves from the version it was made with: a change since refuses it
            form = ItemFormController(editing: item)
            before = item
        } else {
            form = ItemFormController()
        }
        var members: [String: ItemFormInput] = [:]
        for (key, value) in arguments.values where !["id", "version", "dryRun"].contains(key) {
            switch value {
            case .bool(let flag): members[key] = .flag(flag)
            case .array: members[key] = .texts(try arguments.texts(key))
            case .object(let own) where key == "fields":
                // a text, a number or null (which clears the field) each
                let values = Arguments(values: own)
                var texts: [String: String] = [:]
                for name in own.keys { texts[name] = try values.text(name) ?? "" }
                members[key] = .ownFields(texts)
            case .null: members[key] = .text("")
            default: members[key] = .text(try arguments.text(key) ?? "")
            }
        }
        try form.fill(json: members, ignoring: [])
        let saver = ItemSaver(manager: manager)
        form.delegate = saver
        let saved = try writing(arguments) { () throws -> HouseholdItem in
            guard form.submit(), let item = form.savedItem else {
                throw ToolProblem(
                    "Refused, nothing was written: "
                        + form.problems.map { problem in
                            (problem.field.map { $0.jsonName + ": " } ?? "") + problem.message
                        }.joined(separator: "; "))
            }
            return item
        }
        return answer(arguments, before: before, after: saved)
    }

    private func move(_ arguments: Arguments) throws -> String {
        let (item, version) = try current(arguments)
        let to = try arguments.requiredText("to")
        let destination: ItemDestination
        if let id = Int64(to.hasPrefix("#") ? String(to.dropFirst()) : to) {
            destination = .container(id)
        } else {
            destination = .place(to)
        }
        let moved = try writing(arguments) {
            try manager.move(ids: [item.id], to: destination, expectedVersions: [item.id: version])
        }
        return answer(arguments, before: item, after: moved[0])
    }

    private func tag(_ arguments: Arguments) throws -> String {
        let (item, version) = try current(arguments)
        let adding = try arguments.texts("add").map(ItemValidation.tag)
        let removing = Set(try arguments.texts("remove").map(ItemValidation.tag))
        guard !adding.isEmpty || !removing.isEmpty else {
            throw ToolProblem("Give tags to add or to remove.")
        }
        var tags = item.tags.filter { !removing.contains($0) }
        for tag in adding where !tags.contains(tag) { tags.append(tag) }
        var patch = ItemPatch()
        patch.tags = tags
        let edited = try writing(arguments) {
            try manager.edit(id: item.id, patch, expectedVersion: version)
        }
        return answer(arguments, before: item, after: edited)
    }

    private func lend(_ arguments: Arguments, returning: Bool) throws -> String {
        let (item, version) = try current(arguments)
        let after = try writing(arguments) { () throws -> HouseholdItem in
            if returning { return try manager.endLoan(id: item.id, expectedVersion: version) }
            let due = try arguments.text("dueBack").map {
                try CalendarDate(parsing: $0, field: .other("dueBack"))
            }
            return try manager.lend(
                id: item.id, to: try arguments.requiredText("to"), due: due,
                expectedVersion: version)
        }
        return answer(arguments, before: item, after: after)
    }
}
