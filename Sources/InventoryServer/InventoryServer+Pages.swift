import Foundation
import Hummingbird
import InventoryKit
import Locking
import NIOCore
import Thumbnailer

// The pages: sign-in, views, items, the add and edit forms, deleting, photos and files. What
// reads or writes the inventory or a file runs on `blocking`'s threads, one hop a request (two
// for a photo: the item is looked up before its bytes are received).
extension InventoryServer {
    /// Rows on a page.
    static let pageSize = 50

    func addPageRoutes(to router: Router<ServerContext>) {
        router.get("/static/app.css") { _, _ in
            Self.asset(Assets.css, type: "text/css; charset=utf-8")
        }
        router.get("/static/app.js") { _, _ in
            Self.asset(Assets.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/manifest.webmanifest") { _, _ in
            Self.asset(Assets.manifest, type: "application/manifest+json")
        }
        router.get("/sw.js") { _, _ in
            // never kept by the HTTP cache: a new release's worker is taken at once
            var response = Self.asset(
                Assets.serviceWorker, type: "text/javascript; charset=utf-8")
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        router.get("/static/icon.svg") { _, _ in
            Self.asset(Assets.iconSVG, type: "image/svg+xml")
        }
        router.get("/static/icon-192.png") { _, _ in try Self.icon(AppIcons.small) }
        router.get("/static/icon-512.png") { _, _ in try Self.icon(AppIcons.large) }
        router.get("/signin") { request, context in try await self.signIn(request, context) }
        router.post("/signin") { request, context in
            try await self.signInWithPassword(request, context)
        }
        router.post("/signout") { request, context in
            _ = try await Self.formPairs(request, context)
            if let session = context.session {
                self.sessions.signOut(id: session.id)
                try? await self.blocking.run { try self.manager.endSession(named: session.digest) }
            }
            var response = Self.redirect("/signin")
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: "", maxAge: 0, path: "/",
                    secure: self.configuration.secureCookies, httpOnly: true, sameSite: .strict))
            return response
        }
        // Where the household stands; live like the lists.
        router.get("/") { _, context in
            try await self.blocking.run {
                let sequence = try self.manager.lastSequence()
                let today = self.manager.today()
                let due = try self.manager.due(withinDays: 30).filter { $0.kind != .review }
                return Self.html(
                    self.pages.layout(
                        title: "Home", tabs: try self.pager.tabs(), current: nil,
                        session: context.session, sequence: sequence,
                        main: self.pages.home(
                            try self.standing(), due: due,
                            recent: try self.manager.fullHistory(limit: 8), today: today,
                            searchView: self.pager.registry.names.first ?? "all")))
            }
        }
        router.get("/views/:name") { request, context in
            let name = try Self.parameter("name", context)
            let sort = try Self.sort(request)
            let offset = try Self.pageOffset(request)
            return try await self.blocking.run {
                let page = try self.pager.page(
                    name: name, sort: sort, query: request.uri.queryParameters.get("q") ?? "",
                    offset: offset, limit: Self.pageSize)
                return Self.html(
                    self.pages.layout(
                        title: page.title, tabs: try self.pager.tabs(), current: name,
                        session: context.session, sequence: page.sequence,
                        main: self.pages.view(
                            page, session: context.session,
                            places: try self.manager.placeList().map(\.path))))
            }
        }
        router.get("/items/new") { request, context in
            try await self.blocking.run {
                // "Add here" on a place's page: the form starts with its location.
                let form = ItemFormController()
                // "Start from a template": its defaults fill the form.
                if let name = request.uri.queryParameters.get("template") {
                    let name = name.removingPercentEncoding ?? String(name)
                    guard let template = try self.manager.template(named: name) else {
                        throw ServerError.notFound("There is no template \(name).")
                    }
                    form.start(from: template)
                }
                if let location = request.uri.queryParameters.get("location") {
                    form.texts[.location] = location.removingPercentEncoding ?? String(location)
                }
                // "Add and add another": the place and tags of the one just added.
                if let tags = request.uri.queryParameters.get("tags") {
                    form.texts[.tags] = tags.removingPercentEncoding ?? String(tags)
                }
                let added = request.uri.queryParameters.get("added").flatMap { Int64($0) }
                return try self.formPage(
                    form, context, status: .ok,
                    added: try added.flatMap { try self.manager.item(id: $0) })
            }
        }
        router.post("/items") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                try self.submit(ItemFormController(), fields, context)
            }
        }
        router.get("/items/:id") { _, context in
            try await self.blocking.run {
                let sequence = try self.manager.lastSequence()
                let item = try self.item(context)
                let history = try self.manager.fullHistory(itemID: item.id, limit: 100)
                let authors = try self.manager.authors(of: history)
                let contents = try self.manager.items(
                    matching: ItemFilter(location: InventoryManager.path(inside: item))
                ).filter { $0.containerID != nil }
                let label = try self.manager.labels(ofItems: [item.id])[item.id]
                let places = try self.manager.placeList()
                return Self.html(
                    self.pages.layout(
                        title: item.name, tabs: try self.pager.tabs(), current: nil,
                        session: context.session, sequence: sequence,
                        main: self.pages.item(
                            item, history: history, contents: contents, label: label,
                            trail: try self.trail(of: item, places: places),
                            moves: ItemMoves(
                                places: places.map(\.path), boxes: try self.manager.holders()),
                            session: context.session,
                            maintenance: try self.manager.maintenance(itemID: item.id),
                            today: self.manager.today(),
                            ownFields: try self.manager.customFields(),
                            claims: try self.manager.claims(listingItem: item.id),
                            authors: authors)))
            }
        }
        router.get("/items/:id/edit") { _, context in
            try await self.blocking.run {
                try self.formPage(
                    ItemFormController(editing: try self.item(context)), context, status: .ok)
            }
        }
        router.post("/items/:id") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let current = try self.item(context)
                // The form compares what was typed with the item as it was when the form was
                // opened; the saver refuses if it has changed since.
                var original = current
                if let text = fields["version"], let version = Int(text), version != current.version
                {
                    guard let then = try self.manager.item(id: current.id, atVersion: version)
                    else {
                        throw ServerError.conflict(
                            "\(current.name) was changed since this form was opened: open it again."
                        )
                    }
                    original = then
                }
                return try self.submit(ItemFormController(editing: original), fields, context)
            }
        }
        router.get("/items/:id/delete") { _, context in
            try await self.blocking.run {
                let item = try self.item(context)
                return Self.html(
                    self.pages.layout(
                        title: "Delete \(item.name)", tabs: try self.pager.tabs(), current: nil,
                        session: context.session, sequence: nil,
                        main: self.pages.confirmDelete(item, session: context.session!)))
            }
        }
        router.post("/items/:id/delete") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                var versions: [Int64: Int] = [:]
                if let text = fields["version"], let version = Int(text) {
                    versions[item.id] = version
                }
                try self.manager.delete(ids: [item.id], expectedVersions: versions)
                return Self.redirect("/")
            }
        }
        // one of its photos made the item's picture, from the version the page showed
        router.post("/items/:id/picture") { request, context in
            let fields = try await Self.formFields(request, context)
            return try await self.blocking.run {
                let item = try self.item(context)
                guard let number = fields["attachment"].flatMap({ Int($0) }) else {
                    throw ServerError.badRequest("Say which photo: attachment=N.")
                }
                try self.manager.choosePicture(
                    attachment: number, ofItem: item.id, expectedVersion: Self.version(fields))
                return Self.redirect(Paths.item(item.id))
            }
        }
        router.post("/items/:id/photos") { request, context in
            let item = try await self.blocking.run { try self.item(context) }
            // A photo is held whole in memory while it is stored: so many at once, no more.
            guard
                let saved = try await self.uploads.ifAdmitted({
                    try await self.attachPhoto(request, context, to: item)
                })
            else { return Self.uploadsBusy("photos") }
            return Self.json(self.itemJSON(saved), status: .created)
        }
        router.get("/files/:name") { _, context in
            try await self.blocking.run { try self.file(context) }
        }
        router.get("/thumbnails/:size/:name") { _, context in
            try await self.blocking.run { try self.thumbnail(context) }
        }
        addClaimRoutes(to: router)
        addShareRoutes(to: router)
        addPlaceRoutes(to: router)
        addLoanRoutes(to: router)
        addMaintenanceRoutes(to: router)
        addMemberRoutes(to: router)
    }

    /// Where the household stands, read again only when the inventory, the day, the settings
    /// or the own fields changed since the home page last read it (on `blocking`'s threads):
    /// at 100,000 items a reading is a scan of every item.
    func standing() throws -> HouseholdStanding {
        let known = standingCache.withLock { $0 }
        let fresh = try manager.standing(reusing: known)
        if fresh.key != known?.key { standingCache.withLock { $0 = fresh } }
        return fresh.standing
    }

    // MARK: - Signing in

    private func signIn(_ request: Request, _ context: ServerContext) async throws -> Response {
        guard let token = request.uri.queryParameters.get("token"), !token.isEmpty else {
            let way = try await blocking.run { try self.passwordSignIn() }
            guard way != .none else {
                throw ServerError.badRequest("A sign-in link ends with ?token=…")
            }
            return Self.html(pages.passwordForm(problem: nil, way: way))
        }
        return try await answer(
            keeping: sessions.signIn(token: token, from: context.remoteAddress), for: request)
    }

    /// How the sign-in form signs in (on `blocking`'s threads).
    private func passwordSignIn() throws -> Pages.PasswordSignIn {
        let household = try manager.serverPasswordHash() != nil
        if try manager.members().contains(where: \.hasPassword) {
            let ownerHasPassword = try manager.ownerHasPassword()
            return household && !ownerHasPassword ? .nameOrHousehold : .name
        }
        return household ? .household : .none
    }

    /// A stored hash no password was made from, checked for a name no member has: a refusal
    /// then takes as long as a wrong password, and does not tell which names are members'.
    private static let decoyHash =
        "scrypt$32768$8$1$6d656d6265722d6465636f792d73616c74"
        + "$0000000000000000000000000000000000000000000000000000000000000000"

    /// Signs in with a member's name and password, or with the household password, from the
    /// sign-in form.
    private func signInWithPassword(_ request: Request, _ context: ServerContext) async throws
        -> Response
    {
        let body = try await request.body.collect(upTo: 64 << 10)
        let fields = FormDecoding.fields(String(buffer: body))
        let password = fields["password"] ?? ""
        let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let owner = configuration.owner
        let (way, stored, person) = try await blocking.run {
            () throws -> (Pages.PasswordSignIn, String?, Sessions.Person?) in
            let way = try self.passwordSignIn()
            if !name.isEmpty {
                guard let found = try self.manager.memberPassword(named: name) else {
                    return (way, nil, nil)
                }
                return (
                    way, found.hash,
                    Sessions.Person(
                        memberID: found.member.id, name: found.member.name,
                        role: found.member.role)
                )
            }
            guard way == .household || way == .nameOrHousehold,
                let hash = try self.manager.serverPasswordHash()
            else { return (way, nil, nil) }
            return (way, hash, .owner(named: owner))
        }
        guard way != .none else {
            throw ServerError.badRequest(
                "This server has no household password: use the sign-in link.")
        }
        let result: Sessions.SignIn
        do {
            result = try await sessions.signIn(from: context.remoteAddress) {
                let matches = try await passwordChecks.matches(
                    password, stored: stored ?? Self.decoyHash)
                return matches && stored != nil ? person : nil
            }
        } catch is PasswordChecks.Busy {
            var busy = Self.html(
                pages.passwordForm(
                    problem: "Too many sign-ins are being checked just now: try again in a moment.",
                    way: way, name: name
                ), status: .serviceUnavailable)
            busy.headers[.retryAfter] = "5"
            return busy
        }
        if case .refused = result {
            let problem =
                switch way {
                case .household: "That is not the household password."
                case .name where name.isEmpty: "Type your name and your password."
                default:
                    name.isEmpty
                        ? "That is not the household password."
                        : "That name and password do not go together."
                }
            return Self.html(
                pages.passwordForm(problem: problem, way: way, name: name), status: .forbidden)
        }
        return try await answer(keeping: result, for: request)
    }

    /// The answer to a sign-in: to the page asked for before it (`page`), or the first view.
    func answer(_ result: Sessions.SignIn, returningTo page: String?) -> Response {
        switch result {
        case .signedIn(let session):
            var response = Self.redirect(page ?? "/")
            if page != nil {
                response.setCookie(
                    Cookie(
                        name: Self.returnCookieName, value: "", maxAge: 0, path: "/",
                        secure: configuration.secureCookies, httpOnly: true, sameSite: .lax))
            }
            // The browser forgets the cookie when the session ends at the latest.
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: session.id,
                    maxAge: Int(sessions.lifetimes.absolute.components.seconds), path: "/",
                    secure: configuration.secureCookies, httpOnly: true, sameSite: .strict))
            return response
        case .refused:
            return Self.html(
                pages.message(
                    title: "Sign in",
                    [
                        "This sign-in link has been used already, has expired, or is not one of "
                            + "this server's.",
                        "Each link works once, for a while: restarting the server makes a new one.",
                    ]), status: .forbidden)
        case .limited:
            return Self.html(
                pages.message(
                    title: "Sign in",
                    ["Too many sign-in attempts from this address: wait a minute and try again."]
                ), status: .tooManyRequests)
        }
    }

    // MARK: - Forms (on `blocking`'s threads)

    private func formPage(
        _ form: ItemFormController, _ context: ServerContext, status: HTTPResponse.Status,
        added: HouseholdItem? = nil
    ) throws -> Response {
        let title = form.original.map { "Edit \($0.name)" } ?? "Add an item"
        return Self.html(
            pages.layout(
                title: title, tabs: try pager.tabs(), current: form.original == nil ? "add" : nil,
                session: context.session,
                sequence: nil,
                main: pages.form(
                    form, ownFields: try manager.customFields(),
                    templates: form.original == nil ? try manager.templates().map(\.name) : [],
                    places: try manager.placeList().map(\.path),
                    tags: try manager.tags().map(\.tag), added: added,
                    session: context.session!)),
            status: status)
    }

    /// Fills `form` from the posted fields and submits it to an `ItemSaver`: on success, to
    /// the item's page; refused, the same form again with what was typed and the problems.
    private func submit(
        _ form: ItemFormController, _ fields: [String: String], _ context: ServerContext
    ) throws -> Response {
        Self.fill(form, from: fields)
        let saver = ItemSaver(manager: manager)
        form.delegate = saver
        if form.submit(), let item = form.savedItem {
            // "Add and add another": a new form keeping where it is and its tags.
            if form.original == nil, fields["then"] == "another" {
                var query = "?added=\(item.id)"
                let allowed = CharacterSet.alphanumerics
                if let location = item.location {
                    query +=
                        "&location="
                        + (location.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
                }
                if !item.tags.isEmpty {
                    query +=
                        "&tags="
                        + (item.tags.joined(separator: ", ").addingPercentEncoding(
                            withAllowedCharacters: allowed) ?? "")
                }
                return Self.redirect("/items/new" + query)
            }
            return Self.redirect(Paths.item(item.id))
        }
        return try formPage(form, context, status: .unprocessableContent)
    }

    /// Puts the posted fields into `form`: every text field (a missing one is empty, as a
    /// browser leaves out none), and each box ticked when it is present.
    static func fill(_ form: ItemFormController, from fields: [String: String]) {
        var texts: [ItemFormField: String] = [:]
        for field in ItemFormField.allCases where !field.isFlag {
            texts[field] = fields[field.rawValue] ?? ""
        }
        form.texts = texts
        form.ticked = Set(ItemFormField.allCases.filter { $0.isFlag && fields[$0.rawValue] != nil })
        // The household's own fields: `own-KEY`.
        var own: [String: String] = [:]
        for (name, value) in fields where name.hasPrefix("own-") {
            own[String(name.dropFirst(4))] = value
        }
        form.ownTexts = own
    }

    /// The fields of a posted form, after checking its CSRF token.
    static func formFields(_ request: Request, _ context: ServerContext) async throws
        -> [String: String]
    {
        var fields: [String: String] = [:]
        for (name, value) in try await formPairs(request, context) { fields[name] = value }
        return fields
    }

    /// Every name and value of a posted form, in order, after checking its CSRF token.
    static func formPairs(_ request: Request, _ context: ServerContext) async throws
        -> [(name: String, value: String)]
    {
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") ?? false
        else {
            throw ServerError.badRequest("A form is sent as application/x-www-form-urlencoded.")
        }
        let body = try await request.body.collect(upTo: 1 << 20)
        let pairs = FormDecoding.pairs(String(buffer: body))
        let csrf = pairs.last { $0.name == "csrf" }?.value
        guard let session = context.session, Sessions.isCSRFToken(csrf, of: session)
        else { throw ServerError.csrf }
        return pairs
    }

    // MARK: - Items and files

    /// The item named by the route's `id` (on `blocking`'s threads).
    func item(_ context: ServerContext) throws -> HouseholdItem {
        let text = try Self.parameter("id", context)
        guard let id = Int64(text), id > 0 else {
            throw ServerError.notFound("There is no item \(text).")
        }
        guard let item = try manager.item(id: id) else {
            throw ServerError.notFound("There is no item \(id): it may have been deleted.")
        }
        return item
    }

    /// Adds the photo in `request`'s body (its bytes, of an image type) to `item`.
    func attachPhoto(_ request: Request, _ context: ServerContext, to item: HouseholdItem)
        async throws -> HouseholdItem
    {
        let extensions = [
            "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp",
            "image/heic": "heic", "image/heif": "heic",
        ]
        return try await receivedFile(
            request, context, extensions: extensions,
            refusal: "A photo is sent as its bytes, with Content-Type image/jpeg, png, gif, webp "
                + "or heic."
        ) { path in
            do {
                return try self.manager.attach(file: path, toItem: item.id, as: .photo)
            } catch InventoryError.invalidPhoto(_, let reason) {
                throw ServerError.badRequest(
                    "That is not a photo the inventory can keep: \(reason).")
            }
        }
    }

    /// Receives the file in `request`'s body (its bytes, of a type `extensions` names) into a
    /// temporary file of its own, hands its path to `store` on `blocking`'s threads, and
    /// removes it.
    func receivedFile<Result: Sendable>(
        _ request: Request, _ context: ServerContext, extensions: [String: String],
        refusal: String, _ store: @escaping @Sendable (String) throws -> Result
    ) async throws -> Result {
        let type = request.headers[.contentType]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let type, let fileExtension = extensions[type] else {
            throw ServerError.badRequest(refusal)
        }
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        return try await blocking.run {
            let folder = FileManager.default.temporaryDirectory.path
            let path =
                "\(folder)/inventory-upload-\(Sessions.randomToken().prefix(16)).\(fileExtension)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                throw ServerError.badRequest("The file could not be received: no room for it.")
            }
            defer { unlink(path) }
            let written = body.withUnsafeReadableBytes { bytes in
                write(descriptor, bytes.baseAddress, bytes.count)
            }
            close(descriptor)
            guard written == body.readableBytes else {
                throw InventoryError.storage(path: path, problem: .diskFull, detail: "")
            }
            return try store(path)
        }
    }

    /// A stored file, by the name its content gave it, only if an item uses it (on `blocking`'s
    /// threads).
    private func file(_ context: ServerContext) throws -> Response {
        let name = try Self.parameter("name", context)
        guard StoredFileName.isValid(name), try manager.isFileInUse(name) else {
            throw ServerError.notFound("There is no such file.")
        }
        return try storedFile(name)
    }

    /// Where thumbnails are kept: beside the photos folder, named by content as the photos
    /// are (so shared as they are by the inventories of one folder).
    var thumbnailer: Thumbnailer { Thumbnailer(besidePhotosIn: manager.photos.directory) }

    /// A picture's thumbnail, by the stored file's name, only if an item uses it; made on first
    /// need (on `blocking`'s threads). A small one is named by its photo's content, which never
    /// changes: the browser keeps it (privately) for a year. A large one shows as much as the
    /// photo, and is kept by no cache, as photos are (SECURITY.md, "Caching").
    private func thumbnail(_ context: ServerContext) throws -> Response {
        let name = try Self.parameter("name", context)
        guard StoredFileName.isValid(name), try manager.isFileInUse(name) else {
            throw ServerError.notFound("There is no such picture.")
        }
        return try thumbnail(of: name, size: try Self.parameter("size", context), kept: true)
    }

    /// The picture made from the stored photo `name` (valid, and one the asker may see) at
    /// the size `sizeText` names; `kept`: the small one may be kept by the browser.
    func thumbnail(of name: String, size sizeText: String, kept: Bool) throws -> Response {
        guard let size = Int(sizeText).flatMap(ThumbnailSize.init), !name.hasSuffix(".pdf")
        else {
            throw ServerError.notFound("There is no such picture.")
        }
        let path: String
        do {
            path = try thumbnailer.thumbnail(
                of: manager.photos.path(of: name), storedAs: name, size: size)
        } catch let error as ThumbnailError {
            throw ServerError.notFound("That picture cannot be shown: \(error.description).")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerError.notFound("That picture's thumbnail is missing.")
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/jpeg",
                .cacheControl: kept && size == .small
                    ? "private, max-age=31536000, immutable" : "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The stored file `name` (a valid stored name, which the caller may show), with its type
    /// and how a browser should show it; read on `blocking`'s threads.
    func storedFile(_ name: String) throws -> Response {
        let path = manager.photos.path(of: name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerError.notFound("That file is missing from the inventory's folder.")
        }
        let fileExtension = String(name.split(separator: ".").last ?? "")
        let types = [
            "jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
            "heic": "image/heic", "pdf": "application/pdf",
        ]
        let isImage = fileExtension != "pdf"
        // Photos and receipts are kept by no cache (SECURITY.md, "Caching"): on a shared
        // device they would outlive the session that saw them.
        return Response(
            status: .ok,
            headers: [
                .contentType: types[fileExtension] ?? "application/octet-stream",
                .contentDisposition: (isImage ? "inline" : "attachment") + "; filename=\"\(name)\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: - Helpers

    /// An app icon's PNG, or why it could not be drawn.
    private static func icon(_ png: Result<[UInt8], ThumbnailError>) throws -> Response {
        guard case .success(let bytes) = png else {
            throw ServerError.notFound("The icon could not be drawn.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: "image/png", .cacheControl: "private, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A path parameter, percent-decoded.
    static func parameter(_ name: String, _ context: ServerContext) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }

    /// The `sort` query parameter: a field, `-desc` for the other way.
    static func sort(_ request: Request) throws -> ItemSort? {
        guard let text = request.uri.queryParameters.get("sort"), !text.isEmpty else { return nil }
        guard let sort = ItemSort(rawValue: text) else {
            let names = ItemSort.allCases.map(\.rawValue).joined(separator: ", ")
            throw ServerError.badRequest("Unknown sort \"\(text)\" (sorts: \(names)).")
        }
        return sort
    }

    /// The first row of the page the `page` parameter asks for (1 when there is none); a page
    /// past any view's end is the end, never an overflow.
    static func pageOffset(_ request: Request) throws -> Int {
        let number = try positiveInteger("page", request) ?? 1
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
        return overflow ? Int.max : offset
    }

    static func positiveInteger(_ name: String, _ request: Request) throws -> Int? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int(text), value >= 1 else {
            throw ServerError.badRequest("\(name) must be a whole number of at least 1.")
        }
        return value
    }
}

/// The app's icons as PNGs, drawn once from `Assets.iconSVG` by libvips.
enum AppIcons {
    static let small = draw(192)
    static let large = draw(512)

    private static func draw(_ pixels: Int) -> Result<[UInt8], ThumbnailError> {
        Result { () throws(ThumbnailError) in
            try Thumbnailer.png(of: Array(Assets.iconSVG.utf8), pixels: pixels)
        }
    }
}
