import Foundation
import Hummingbird
import InventoryKit
import Locking

// One sign-in per person: invitations opened in the browser, the Members page (the owner's
// roles, invitations and everyone's sessions; another member's own sessions), and the
// sessions the inventory keeps so that `inventory members` lists and ends them too.
extension InventoryServer {
    func addMemberRoutes(to router: Router<ServerContext>) {
        router.get("/invite/:token") { _, context in
            try await self.invitation(context, problem: nil)
        }
        router.post("/invite/:token") { request, context in
            try await self.acceptInvitation(request, context)
        }
        router.get("/members") { _, context in
            try await self.blocking.run { try self.membersPage(context, invited: nil) }
        }
        router.post("/members") { request, context in
            let fields = try await Self.formFields(request, context)
            try Self.requireOwner(context)
            let host =
                request.head.authority ?? "\(self.configuration.host):\(self.configuration.port)"
            return try await self.blocking.run {
                guard let role = fields["role"].flatMap(MemberRole.init(rawValue:)) else {
                    throw ServerError.badRequest("Say the role: owner, editor or viewer.")
                }
                let invitation = try self.manager.addMember(name: fields["name"] ?? "", role: role)
                return try self.membersPage(
                    context, invited: (invitation, self.invitationLink(invitation, host: host)))
            }
        }
        router.post("/members/:member/role") { request, context in
            let fields = try await Self.formFields(request, context)
            try Self.requireOwner(context)
            return try await self.blocking.run {
                let member = try self.routeMember(context)
                guard let role = fields["role"].flatMap(MemberRole.init(rawValue:)) else {
                    throw ServerError.badRequest("Say the role: owner, editor or viewer.")
                }
                try self.manager.setRole(ofMember: member.name, to: role)
                self.lookAtTheSessions()
                self.lookAtTheTokens()
                return Self.redirect("/members")
            }
        }
        router.post("/members/:member/remove") { request, context in
            _ = try await Self.formFields(request, context)
            try Self.requireOwner(context)
            return try await self.blocking.run {
                let member = try self.routeMember(context)
                try self.manager.removeMember(named: member.name)
                self.lookAtTheSessions()
                self.lookAtTheTokens()
                return Self.redirect("/members")
            }
        }
        router.post("/members/:member/invite") { request, context in
            _ = try await Self.formFields(request, context)
            try Self.requireOwner(context)
            let host =
                request.head.authority ?? "\(self.configuration.host):\(self.configuration.port)"
            return try await self.blocking.run {
                let member = try self.routeMember(context)
                let invitation = try self.manager.inviteAgain(name: member.name)
                return try self.membersPage(
                    context, invited: (invitation, self.invitationLink(invitation, host: host)))
            }
        }
        router.post("/sessions/:session/end") { request, context in
            _ = try await Self.formFields(request, context)
            let name = try Self.parameter("session", context)
            guard let session = context.session else { throw ServerError.signInNeeded }
            return try await self.blocking.run {
                // Anyone ends their own; only the owner another's.
                let own = try self.manager.sessions().filter { $0.shortName == name }
                guard let ended = own.first else {
                    throw InventoryError.member(.sessionNotFound(name))
                }
                if !session.person.role.managesMembers, ended.memberID != session.person.memberID {
                    throw ServerError.ownerOnly
                }
                try self.manager.endSession(named: ended.digest)
                self.lookAtTheSessions()
                self.lookAtTheTokens()
                return Self.redirect(ended.digest == session.digest ? "/signin" : "/members")
            }
        }
    }

    static func requireOwner(_ context: ServerContext) throws {
        guard context.session?.person.role.managesMembers ?? false else {
            throw ServerError.ownerOnly
        }
    }

    /// The member the route's `member` numbers (on `blocking`'s threads).
    private func routeMember(_ context: ServerContext) throws -> Member {
        let text = try Self.parameter("member", context)
        guard let id = Int64(text), let member = try manager.member(id: id) else {
            throw ServerError.notFound("There is no member \(text): they may have been removed.")
        }
        return member
    }

    /// The address an invitation opens at, on the host the owner's browser reached.
    private func invitationLink(_ invitation: InventoryManager.Invitation, host: String) -> String {
        (configuration.tls == nil ? "http://" : "https://") + host + "/invite/" + invitation.token
    }

    private func membersPage(
        _ context: ServerContext,
        invited: (invitation: InventoryManager.Invitation, link: String)?
    ) throws -> Response {
        guard let session = context.session else { throw ServerError.signInNeeded }
        let isOwner = session.person.role.managesMembers
        let members = isOwner ? try manager.members() : []
        let sessions =
            isOwner
            ? try manager.sessions()
            : try manager.sessions().filter { $0.memberID == session.person.memberID }
        return Self.html(
            pages.layout(
                title: "Members", tabs: try pager.tabs(), current: "members", session: session,
                sequence: nil,
                main: pages.members(
                    members, sessions: sessions, session: session, owner: configuration.owner,
                    invited: invited)))
    }

    // MARK: - Invitations

    private func invitation(_ context: ServerContext, problem: String?) async throws -> Response {
        let token = try Self.parameter("token", context)
        if sessions.isLimited(context.remoteAddress) {
            return Self.html(
                pages.message(
                    title: "Invitation",
                    ["Too many attempts from this address: wait a minute and try again."]),
                status: .tooManyRequests)
        }
        guard let member = try await blocking.run({ try self.manager.invitedMember(token: token) })
        else {
            sessions.recordFailure(from: context.remoteAddress)
            return Self.html(
                pages.message(
                    title: "Invitation",
                    [
                        "This invitation is unknown, used already or too old: ask the household's "
                            + "owner for a new one."
                    ]), status: .notFound)
        }
        return Self.html(
            pages.invitation(member, token: token, problem: problem),
            status: problem == nil ? .ok : .unprocessableContent)
    }

    private func acceptInvitation(_ request: Request, _ context: ServerContext) async throws
        -> Response
    {
        let token = try Self.parameter("token", context)
        let body = try await request.body.collect(upTo: 64 << 10)
        let fields = FormDecoding.fields(String(buffer: body))
        let password = fields["password"] ?? ""
        if let problem = HouseholdPassword.problem(with: password, of: "Your password") {
            return try await invitation(context, problem: problem)
        }
        guard password == fields["again"] else {
            return try await invitation(
                context, problem: "The two passwords differ: type the same one twice.")
        }
        guard try await blocking.run({ try self.manager.invitedMember(token: token) }) != nil
        else { return try await invitation(context, problem: nil) }
        let hash: String
        do {
            hash = try await passwordChecks.hash(password)
        } catch is PasswordChecks.Busy {
            return try await invitation(
                context, problem: "The server is busy just now: try again in a moment.")
        }
        let member = try await blocking.run {
            try self.manager.acceptInvitation(token: token, passwordHash: hash)
        }
        let person = Sessions.Person(memberID: member.id, name: member.name, role: member.role)
        let result = sessions.signIn(
            token: sessions.makeSignInToken(for: person), from: context.remoteAddress)
        return try await answer(keeping: result, for: request)
    }

    // MARK: - Kept sessions

    /// The answer to a sign-in; a session it opened is recorded in the inventory meanwhile,
    /// so that it is listed, may be ended from any process and outlives a restart. The
    /// answer does not wait for the inventory (another process may hold it for seconds): the
    /// session works at once, here, and one the inventory cannot record (read-only, busy)
    /// works until the server stops.
    func answer(keeping result: Sessions.SignIn, for request: Request) async throws -> Response {
        if case .signedIn(let session) = result {
            let device = Self.device(request.headers[.userAgent] ?? "")
            let record = Task {
                do {
                    try await blocking.run {
                        let now = Timestamp(Date())
                        try self.manager.recordSession(
                            MemberSession(
                                digest: session.digest, memberID: session.person.memberID,
                                memberName: session.person.memberID == nil
                                    ? nil : session.person.name,
                                role: session.person.role, csrf: session.csrf, openedAt: now,
                                usedAt: now, device: device))
                    }
                    sessions.stored(id: session.id)
                } catch {
                    FileHandle.standardError.write(
                        Data(
                            "inventory-server: a session could not be kept in the inventory: \(error)\n"
                                .utf8))
                }
            }
            // kept for `sessionsRecorded()`; the oldest are done long since
            sessionRecords.withLock { records in
                if records.count >= 64 { records.removeFirst() }
                records.append(record)
            }
        }
        return answer(result, returningTo: Self.pageAfterSignIn(request))
    }

    /// Waits until the sessions opened so far are recorded in the inventory (or could not be).
    public func sessionsRecorded() async {
        let records = sessionRecords.withLock { records in
            defer { records = [] }
            return records
        }
        for record in records { await record.value }
    }

    /// A browser's description in a few words: "Firefox on Android".
    static func device(_ userAgent: String) -> String {
        let browsers = [
            ("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
            ("Chromium/", "Chromium"), ("Safari/", "Safari"), ("curl/", "curl"),
        ]
        let systems = [
            ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"),
            ("Mac OS X", "Mac"), ("Windows", "Windows"), ("Linux", "Linux"),
        ]
        let browser = browsers.first { userAgent.contains($0.0) }?.1
        let system = systems.first { userAgent.contains($0.0) }?.1
        switch (browser, system) {
        case (let browser?, let system?): return "\(browser) on \(system)"
        case (let browser?, nil): return browser
        case (nil, let system?): return system
        case (nil, nil): return String(userAgent.prefix(40))
        }
    }
}
