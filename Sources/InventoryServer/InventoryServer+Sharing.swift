import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryReport
import NIOCore

// Share links: a read-only copy of one view or one claim for an insurer, opened without
// signing in, at addresses under the link's own (`/share/TOKEN`). Nothing else of the house is
// reachable through a link: an item, a file or a page outside what it shows is "not found".
// Every request through a link is logged before it is answered. Each runs on `blocking`'s
// threads, from the link's look-up to the visit's log.
extension InventoryServer {
    /// The Content-Security-Policy of a share link's pages: the style sheet and the photos,
    /// no script at all.
    public static let sharePolicy =
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    /// The longest request path a visit's log keeps.
    static let loggedPathLength = 300

    func addShareRoutes(to router: Router<ServerContext>) {
        router.get("/share/:token") { request, context in
            try await self.throughLink(request, context) { link, links in
                try self.sharedHome(link, links: links, request)
            }
        }
        router.get("/share/:token/items/:id") { request, context in
            try await self.throughLink(request, context) { link, links in
                // Whether the item exists at all is not told: only whether the link shows it.
                guard let id = Int64(try Self.parameter("id", context)),
                    try self.shows(link, item: id), let item = try self.manager.item(id: id)
                else {
                    throw ServerError.notFound("This link shows no such item.")
                }
                // the item's own changes only: a share link shows neither its upkeep (costs, who
                // did it, receipts) nor the claims it is on
                let history = try self.manager.fullHistory(itemID: item.id, limit: 100).filter {
                    if case .item = $0 { true } else { false }
                }
                return Self.html(
                    self.pages.layout(
                        title: item.name, tabs: [], current: nil, session: nil, sequence: nil,
                        main: [try self.banner(link, links: links)]
                            + self.pages.item(item, history: history, readOnly: true, links: links),
                        links: links))
            }
        }
        router.get("/share/:token/files/:name") { request, context in
            try await self.throughLink(request, context) { link, _ in
                let name = try Self.parameter("name", context)
                guard StoredFileName.isValid(name), try self.shows(link, file: name) else {
                    throw ServerError.notFound("This link shows no such file.")
                }
                return try self.storedFile(name)
            }
        }
        // a picture made from a photo the link shows, kept by no device as the link's pages are
        router.get("/share/:token/thumbnails/:size/:name") { request, context in
            try await self.throughLink(request, context) { link, _ in
                let name = try Self.parameter("name", context)
                guard StoredFileName.isValid(name), try self.shows(link, file: name) else {
                    throw ServerError.notFound("This link shows no such picture.")
                }
                return try self.thumbnail(
                    of: name, size: try Self.parameter("size", context), kept: false)
            }
        }
        router.get("/share/:token/report") { request, context in
            try await self.throughLink(request, context) { link, links in
                switch link.subject {
                case .view(let name): try self.viewReport(name, links: links)
                case .claim(let id): try self.claimReport(try self.sharedClaim(id))
                }
            }
        }
        // Whatever else comes through a link is refused, and logged like the rest: a page the
        // link does not have, a form, a change.
        router.get("/share/:token/**") { request, context in
            try await self.throughLink(request, context) { _, _ in
                throw ServerError.notFound("This link shows no such page.")
            }
        }
        // Every path of a link, not only its wildcard: the router matches the most specific
        // path first, and a method it does not have there would be a bare 404, unlogged.
        for method in [HTTPRequest.Method.post, .put, .patch, .delete, .options, .trace] {
            for path in [
                "/share/:token", "/share/:token/items/:id", "/share/:token/files/:name",
                "/share/:token/thumbnails/:size/:name", "/share/:token/report", "/share/:token/**",
            ] {
                router.on(RouterPath(path), method: method) { request, context in
                    try await self.throughLink(request, context) { _, _ in
                        throw ServerError.readOnly
                    }
                }
            }
        }
    }

    // MARK: - The link

    /// Answers a request through a share link: `body` makes the answer if the link is live;
    /// the visit is logged with the answer's status, and nothing is answered if it cannot be.
    private func throughLink(
        _ request: Request, _ context: ServerContext,
        _ body: @escaping @Sendable (ShareLink, PageLinks) throws -> Response
    ) async throws -> Response {
        try await blocking.run { self.answerThroughLink(request, context, body) }
    }

    /// `throughLink`'s answer, made on `blocking`'s threads.
    private func answerThroughLink(
        _ request: Request, _ context: ServerContext,
        _ body: (ShareLink, PageLinks) throws -> Response
    ) -> Response {
        let address = context.remoteAddress
        if sessions.isLimited(address) {
            var limited = sharePage(
                "Too many tries", ["Too many tries from this address: wait a minute."],
                status: .tooManyRequests, links: .house)
            limited.headers[.retryAfter] = "60"
            return limited
        }
        let token = (try? Self.parameter("token", context)) ?? ""
        let link: ShareLink?
        do {
            link = Self.isShareToken(token) ? try manager.shareLink(token: token) : nil
        } catch {
            return errorResponse(error, for: request)
        }
        guard let link else {
            sessions.recordFailure(from: address)
            return sharePage(
                "Not found",
                [
                    "This is not a link of this inventory: check that it was copied whole, or ask "
                        + "the household for a new one."
                ], status: .notFound, links: .house)
        }
        let links = PageLinks.share(token: token)
        let now = manager.now
        // Too fast: refused before the inventory is touched, and counted with the next visit
        // logged, so that a link's holder can make the server write only so much.
        guard case .answer(let refused) = shareRates.admit(link: link.id, at: now) else {
            var slow = sharePage(
                "Too many requests",
                ["Too many requests through this link just now: wait a moment and try again."],
                status: .tooManyRequests, links: links)
            slow.headers[.retryAfter] = "1"
            return Self.shareHeaders(slow)
        }
        var response: Response
        switch link.state(at: now) {
        case .live where !showsTheSameView(link):
            response = sharePage(
                "This link's view has changed",
                [
                    "The view it shows is no longer the one it was made for. Ask the household "
                        + "for a new link."
                ], status: .gone, links: links)
        case .live:
            do {
                response = try body(link, links)
            } catch {
                response = errorResponse(error, for: request, links: links)
            }
        case .expired:
            response = sharePage(
                "This link has expired",
                [
                    "It opened until \(link.expiresAt.minuteText(in: .current)). Ask the household for a "
                        + "new one."
                ], status: .gone, links: links)
        case .revoked:
            response = sharePage(
                "This link was withdrawn",
                ["The household has withdrawn it. Ask them for a new one if you still need it."],
                status: .gone, links: links)
        }
        func visit(_ status: HTTPResponse.Status) -> ShareVisit {
            ShareVisit(
                time: manager.now, address: address, method: request.method.rawValue,
                path: Self.loggedPath(request, token: token), status: Int(status.code))
        }
        do {
            // An answer made while the link was live goes out only if it still is as it is
            // logged: a revocation that came meanwhile wins.
            let wasLive = response.status != .gone
            if try !manager.logShareVisit(
                visit(response.status), linkID: link.id, whileLive: wasLive, refused: refused)
            {
                response = sharePage(
                    "This link was withdrawn",
                    [
                        "The household has withdrawn it. Ask them for a new one if you still need it."
                    ],
                    status: .gone, links: links)
                try manager.logShareVisit(visit(.gone), linkID: link.id, refused: refused)
            }
        } catch {
            shareRates.restore(refused: refused, link: link.id, at: now)
            FileHandle.standardError.write(
                Data("inventory-server: a visit to share link \(link.id) was not logged\n".utf8))
            var unavailable = sharePage(
                "Not available just now", ["This link cannot be opened just now: try again later."],
                status: .serviceUnavailable, links: links)
            unavailable.headers[.retryAfter] = "60"
            return unavailable
        }
        return Self.shareHeaders(response)
    }

    /// `response` with the headers of every answer through a link.
    private static func shareHeaders(_ response: Response) -> Response {
        var response = response
        if response.headers[.contentSecurityPolicy] != reportSecurityPolicy {
            response.headers[.contentSecurityPolicy] = sharePolicy
        }
        response.headers[HTTPField.Name("X-Robots-Tag")!] = "noindex, nofollow"
        // Nothing a link showed stays in the insurer's browser once it ends.
        response.headers[.cacheControl] = "no-store"
        if response.status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD" }
        return response
    }

    /// Whether this server's view of a view link's name selects what it did when the link was
    /// made (its order and filter): a link never shows more, or other, than it was made for.
    private func showsTheSameView(_ link: ShareLink) -> Bool {
        guard case .view(let name) = link.subject else { return true }
        guard let definition = try? pager.definition(named: name) else { return false }
        return link.viewDefinition
            == ShareLink.definition(filter: definition.filter, sort: definition.sort)
    }

    /// Whether `token` has the form of a link's token (64 lowercase hexadecimal digits).
    static func isShareToken(_ token: String) -> Bool {
        token.utf8.count == 64
            && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// What a visit asked for, after the link's own address: never the token, however the
    /// address spelled it (`/share//TOKEN`, a digit percent-encoded, the token in the query).
    static func loggedPath(_ request: Request, token: String) -> String {
        let segments = request.uri.path.split(separator: "/").map {
            String($0).removingPercentEncoding ?? String($0)
        }
        var rest = "/"
        if let index = segments.firstIndex(where: { $0.lowercased() == token }) {
            rest += segments[(index + 1)...].joined(separator: "/")
        }
        if let query = request.uri.query, !query.isEmpty {
            let decoded = (query.removingPercentEncoding ?? query).lowercased()
            rest += decoded.contains(token) ? "?(a query holding the token)" : "?" + query
        }
        if rest.lowercased().contains(token) { rest = "/(an address holding the token)" }
        if rest.utf8.count > loggedPathLength {
            rest = String(decoding: rest.utf8.prefix(loggedPathLength), as: UTF8.self) + "…"
        }
        return rest
    }

    private func sharePage(
        _ title: String, _ lines: [String], status: HTTPResponse.Status, links: PageLinks
    ) -> Response {
        var response = Self.html(pages.message(title: title, lines, links: links), status: status)
        response.headers[.contentSecurityPolicy] = Self.sharePolicy
        return response
    }

    // MARK: - What a link shows

    /// The line on top of every page of a link: whose, until when, and the report.
    private func banner(_ link: ShareLink, links: PageLinks) throws -> BodyNode {
        let what =
            switch link.subject {
            case .view(let name): "the view “\(try pager.definition(named: name).title)”"
            case .claim(let id): "claim \(id)"
            }
        return element(
            "p", ["class": "shared"],
            [
                text(
                    "A read-only copy of \(what), shared by the household until "
                        + "\(link.expiresAt.minuteText(in: .current)). "),
                element("a", ["href": links.home], [text("All of it")]),
                text(" · "),
                element("a", ["href": links.report], [text("The printable report")]),
            ])
    }

    /// The page a link opens on: its view's items (paged, sorted, searched), or its claim.
    private func sharedHome(_ link: ShareLink, links: PageLinks, _ request: Request) throws
        -> Response
    {
        let banner = try banner(link, links: links)
        switch link.subject {
        case .view(let name):
            let page = try pager.page(
                name: name, sort: try Self.sort(request),
                query: request.uri.queryParameters.get("q") ?? "",
                offset: try Self.pageOffset(request), limit: Self.pageSize)
            return Self.html(
                pages.layout(
                    title: page.title, tabs: [], current: nil, session: nil, sequence: nil,
                    main: [banner] + pages.view(page, links: links), links: links))
        case .claim(let id):
            let claim = try sharedClaim(id)
            return Self.html(
                pages.layout(
                    title: claim.title, tabs: [], current: nil, session: nil, sequence: nil,
                    main: [banner] + pages.claim(claim, links: links), links: links))
        }
    }

    private func sharedClaim(_ id: Int64) throws -> Claim {
        guard let claim = try manager.claim(id: id) else {
            throw ServerError.notFound("The claim this link showed has been deleted.")
        }
        return claim
    }

    /// Whether `link` shows item `id`: it is in the link's view now, or one of its claim's.
    private func shows(_ link: ShareLink, item id: Int64) throws -> Bool {
        switch link.subject {
        case .view(let name): try pager.liveView(named: name).index(of: id) != nil
        case .claim(let claimID): try sharedClaim(claimID).items.contains { $0.itemID == id }
        }
    }

    /// Whether `link` shows the stored file `name`: a photo or file of an item it shows, or,
    /// for a claim, a photo or file one of its lines recorded, or a replacement's receipt.
    private func shows(_ link: ShareLink, file name: String) throws -> Bool {
        if case .claim(let id) = link.subject {
            let claim = try sharedClaim(id)
            if claim.items.contains(where: { line in
                line.photo == name || line.terms.replacementReceipt == name
                    || line.attachments.contains { $0.file == name }
            }) {
                return true
            }
        }
        return try manager.itemIDs(usingFile: name).contains { try shows(link, item: $0) }
    }

    /// The report of every item of view `name`, its photos and receipts served through the
    /// link.
    private func viewReport(_ name: String, links: PageLinks) throws -> Response {
        let definition = try pager.definition(named: name)
        var lines: [ReportLine] = []
        try manager.forEachItem(matching: definition.filter, sortedBy: .name) {
            lines.append(ReportLine($0))
        }
        let settings = try manager.settings()
        let report = Report(
            title: settings.reportTitle,
            subject: name == "all" ? "Every item" : "View: \(definition.title)",
            date: manager.today(), currency: manager.currency, lines: lines)
        func shown(_ name: String?) -> Report.Photo {
            guard let name else { return .none }
            guard StoredFileName.isValid(name),
                FileManager.default.fileExists(atPath: manager.photos.path(of: name))
            else { return .missing }
            return .source(links.file(name))
        }
        let html = report.html(photo: { shown($0.photo) }, receipt: { shown($0.file) })
        return Self.report(html)
    }
}
