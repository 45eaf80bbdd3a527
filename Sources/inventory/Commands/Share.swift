import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

/// `inventory share`: read-only links for an insurer (made, listed, revoked, their visits).
struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        _superCommandName: CommandParsing.rootName,
        abstract: "Give an insurer a read-only link to a view or a claim.",
        discussion: """
            Prints a link that opens a read-only copy of one view (the whole inventory by \
            default) or one claim: its pages, photos, files and printable report, without \
            signing in and with nothing else of the house visible. The link opens through \
            'inventory serve' while it runs, until it expires (--expires, a week by default, a \
            year at most) or is revoked. Every request made through it is logged with its \
            time and address (--log).

            The link is printed once: the inventory keeps only a digest of it. Anyone who has \
            it can open it until it ends, so send it to the insurer alone. For someone outside \
            this machine, serve where they can reach it (--host, with --tls-cert and --tls-key) \
            and give that address with --url.

            Examples:
              inventory share --view luxury --expires 14d
              inventory share --claim 2 --url https://house.example.net:8420
              inventory share --list
              inventory share --revoke 3
              inventory share --log 3
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(
        help: ArgumentHelp(
            "The view to share: all (the default), luxury, non-insured, or one of your views.",
            valueName: "name"),
        completion: .custom { _, _, _ in ViewOptions.configuredViewNames() })
    var view: String?

    @Option(
        name: .customLong("views"),
        help: ArgumentHelp(
            "A JSON file of views (default: $INVENTORY_VIEWS, else "
                + "$XDG_CONFIG_HOME/inventory/views.json); serve with the same one.",
            valueName: "file"))
    var viewsFile: String?

    @Option(help: ArgumentHelp("Share this claim instead of a view.", valueName: "id"))
    var claim: Int64?

    @Option(
        help: ArgumentHelp(
            "How long the link opens: 12h, 7d, 2w (hours, days, weeks; default 7d, at most 366d).",
            valueName: "time"))
    var expires: String?

    @Option(
        help: ArgumentHelp(
            "The address the server is reached at, for the link (default: "
                + "\(Self.defaultURL), the address 'inventory serve' listens on by default).",
            valueName: "url"))
    var url: String?

    @Flag(help: "List the live links: what each shows, until when, how often it was used.")
    var list = false

    @Flag(help: "With --list: the expired and revoked links too.")
    var all = false

    @Option(help: ArgumentHelp("End the link with this number now.", valueName: "id"))
    var revoke: Int64?

    @Option(
        name: .customLong("log"),
        help: ArgumentHelp(
            "Print the requests logged through the link with this number (its first and last 100).",
            valueName: "id"))
    var logOf: Int64?

    @Flag(help: "Print JSON.")
    var json = false

    /// Where `inventory serve` listens unless told otherwise.
    static let defaultURL = "http://127.0.0.1:8420"

    func validate() throws {
        let modes = [list, revoke != nil, logOf != nil].filter { $0 }.count
        guard modes <= 1 else {
            throw ValidationError("--list, --revoke and --log each do something else: choose one")
        }
        let making = modes == 0
        if !making {
            let given = [
                (claim != nil, "--claim"), (expires != nil, "--expires"), (url != nil, "--url"),
                (view != nil, "--view"), (viewsFile != nil, "--views"),
            ].filter(\.0).map(\.1)
            if let first = given.first {
                throw ValidationError(
                    "\(first) is for making a link, not with --list, --revoke or --log")
            }
        }
        if all && !list { throw ValidationError("--all goes with --list") }
        if claim != nil && view != nil {
            throw ValidationError(
                "a link shows a view or a claim: give --view or --claim, not both")
        }
        if let url { _ = try Self.baseURL(url) }
    }

    func run() throws {
        if list {
            try printList()
        } else if let revoke {
            let manager = try database.openManager(.write)
            let before = try manager.shareLink(id: revoke)
            let link = try manager.revokeShareLink(id: revoke)
            let output = Terminal.standardOutput
            if json {
                output.writeLine(Self.json(link, state: .revoked, manager: manager))
            } else if let revoked = before.revokedAt {
                output.writeLine(
                    "Link \(link.id) (\(Self.subject(link.subject))) was already revoked, on "
                        + "\(revoked.minuteText(in: .current)).")
            } else {
                output.writeLine(
                    "Link \(link.id) (\(Self.subject(link.subject))) no longer opens.")
            }
        } else if let logOf {
            try printLog(of: logOf)
        } else {
            try make()
        }
    }

    // MARK: - Making a link

    private func make() throws {
        let lifetime = try ShareLink.lifetimeHours(
            parsing: expires ?? "\(ShareLink.defaultLifetimeHours / 24)d")
        let base = try Self.baseURL(url ?? Self.defaultURL)
        let manager = try database.openManager(.write)
        let made: InventoryManager.MadeShareLink
        if let claim {
            made = try manager.makeShareLink(claim: claim, lifetimeHours: lifetime)
        } else {
            // The view as the views file defines it now: the server shows it only while its
            // view of that name selects the same.
            let registry = try ViewOptions.registry(option: viewsFile, currency: manager.currency)
            let definition = try ViewOptions.definition(named: view ?? "all", in: registry)
            made = try manager.makeShareLink(view: definition, lifetimeHours: lifetime)
        }
        let address = base + "/share/" + made.token
        let output = Terminal.standardOutput
        if json {
            var text = "{\"id\":\(made.link.id),\"shows\":"
            text += Self.subjectJSON(made.link.subject)
            text += ",\"link\":"
            ItemJSON.appendString(address, to: &text)
            text += ",\"created\":\"\(made.link.createdAt)\",\"expires\":"
            text += "\"\(made.link.expiresAt)\"}"
            output.writeLine(text)
            return
        }
        output.writeLine(
            "Link \(made.link.id): a read-only copy of \(Self.subject(made.link.subject)), "
                + "until \(made.link.expiresAt.minuteText(in: .current)):")
        output.writeLine(address)
        output.writeLine(
            "It opens through 'inventory serve' (start it if it is not running). Anyone who has "
                + "it can open it until then: 'inventory share --revoke \(made.link.id)' ends it "
                + "sooner.")
    }

    /// The server's address from `--url`: http or https, a host, no path (a trailing slash is
    /// dropped).
    static func baseURL(_ text: String) throws -> String {
        var base = text.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard let components = URLComponents(string: base),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty, components.path.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil,
            (1...65535).contains(components.port ?? 80)
        else {
            throw ValidationError(
                "--url \(text) is not a server's address: write it as http://HOST:PORT or "
                    + "https://HOST:PORT")
        }
        return base
    }

    // MARK: - Listing

    private func printList() throws {
        let manager = try database.openManager(.read)
        let now = manager.now
        let links = try manager.shareLinks().filter { all || $0.state(at: now) == .live }
        let output = Terminal.standardOutput
        if json {
            let objects = links.map {
                Self.json($0, state: $0.state(at: now), manager: manager)
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !links.isEmpty else {
            output.writeLine(
                all ? "no share links" : "no live share links ('inventory share' makes one)")
            return
        }
        let rows = links.map { link in
            [
                String(link.id), Self.subject(link.subject),
                Self.stateText(link, state: link.state(at: now), manager: manager),
                (link.revokedAt ?? link.expiresAt).minuteText(in: .current), String(link.visits),
                link.lastVisit?.minuteText(in: .current) ?? "—",
            ]
        }
        output.write(
            TextTable(
                header: ["ID", "SHOWS", "STATE", "UNTIL", "VISITS", "LAST VISIT"], rows: rows,
                rightAligned: [0, 4], style: Style.standardOutput(.table)
            ).render())
    }

    private func printLog(of id: Int64) throws {
        let manager = try database.openManager(.read)
        let visits = try manager.shareVisits(linkID: id)
        let output = Terminal.standardOutput
        if json {
            let objects = visits.map { visit in
                var text = "{\"time\":\"\(visit.time)\",\"address\":"
                ItemJSON.appendString(visit.address, to: &text)
                text += ",\"method\":"
                ItemJSON.appendString(visit.method, to: &text)
                text += ",\"path\":"
                ItemJSON.appendString(visit.path, to: &text)
                return text + ",\"status\":\(visit.status)}"
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !visits.isEmpty else {
            output.writeLine("link \(id) has not been used")
            return
        }
        let rows = visits.map { visit in
            [
                visit.time.secondText(in: .current), visit.address, String(visit.status),
                visit.method + " " + visit.path,
            ]
        }
        output.write(
            TextTable(
                header: ["TIME", "ADDRESS", "STATUS", "REQUEST"], rows: rows, rightAligned: [2],
                style: Style.standardOutput(.table)
            ).render())
        let counted = try manager.shareLink(id: id).visits
        if counted > visits.count {
            output.writeLine(
                "link \(id) had \(counted) requests; its log keeps the first "
                    + "\(InventoryManager.keptShareVisits.first) and the last "
                    + "\(InventoryManager.keptShareVisits.last)"
            )
        }
    }

    // MARK: - Words

    /// A link as JSON, keys in a fixed order.
    static func json(_ link: ShareLink, state: ShareLink.State, manager: InventoryManager)
        -> String
    {
        var text = "{\"id\":\(link.id),\"shows\":\(subjectJSON(link.subject))"
        text += ",\"state\":\"\(stateText(link, state: state, manager: manager))\""
        text += ",\"created\":\"\(link.createdAt)\",\"expires\":\"\(link.expiresAt)\""
        text += ",\"revoked\":" + (link.revokedAt.map { "\"\($0)\"" } ?? "null")
        text += ",\"visits\":\(link.visits),\"lastVisit\":"
        return text + (link.lastVisit.map { "\"\($0)\"" } ?? "null") + "}"
    }

    /// A link's state in words: live, expired, revoked, or a live link to a claim that was
    /// deleted since ("claim deleted": it shows nothing).
    static func stateText(_ link: ShareLink, state: ShareLink.State, manager: InventoryManager)
        -> String
    {
        if state == .live, case .claim(let id) = link.subject,
            (try? manager.claim(id: id)) ?? nil == nil
        {
            return "claim deleted"
        }
        return state.rawValue
    }

    static func subject(_ subject: ShareLink.Subject) -> String {
        switch subject {
        case .view(let name): "view \(name)"
        case .claim(let id): "claim \(id)"
        }
    }

    static func subjectJSON(_ subject: ShareLink.Subject) -> String {
        switch subject {
        case .view(let name):
            var text = "{\"view\":"
            ItemJSON.appendString(name, to: &text)
            return text + "}"
        case .claim(let id): return "{\"claim\":\(id)}"
        }
    }
}
