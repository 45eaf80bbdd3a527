import ArgumentParser
import Foundation
import InventoryExchange
import InventoryKit

extension MemberRole: ChoiceArgument {}

struct MembersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "The people who sign in to 'inventory serve', each with a password and a role.",
        discussion: """
            Each person of the household signs in to 'inventory serve' with their own name and \
            password. An owner may do everything and manage the members on the Members page; \
            an editor changes the inventory; a viewer only looks, and is refused every change. \
            'members add' prints a link that opens once, for 7 days: the person opens it and \
            chooses a password. History names who made each change: the member on the web, \
            the local user at the terminal.

            Until an owner has a password of their own, the household password \
            ('inventory serve --set-password') still signs in as the household owner; a \
            sign-in link the server prints always does.

            Examples:
              inventory members add Sam --role editor
              inventory members add Grandma --role viewer --url http://192.168.1.20:8420
              inventory members
              inventory members role Sam viewer
              inventory members sessions
              inventory members end Sam
              inventory members remove Sam
            """,
        subcommands: [
            MembersListCommand.self, MembersAddCommand.self, MembersInviteCommand.self,
            MembersRoleCommand.self, MembersRemoveCommand.self, MembersSessionsCommand.self,
            MembersEndCommand.self, MembersTokensCommand.self,
        ],
        defaultSubcommand: MembersListCommand.self)

    /// The link an invitation opens at.
    static func link(_ invitation: InventoryManager.Invitation, url: String?) throws -> String {
        try Share.baseURL(url ?? Share.defaultURL) + "/invite/" + invitation.token
    }

    static func printInvitation(_ invitation: InventoryManager.Invitation, url: String?) throws {
        let link = try link(invitation, url: url)
        let member = invitation.member
        let output = Terminal.standardOutput
        output.writeLine(
            "Invitation for \(member.name) (\(member.role.rawValue)), until "
                + "\(member.invitationExpires?.minuteText(in: .current) ?? "-"):")
        output.writeLine(link)
        output.writeLine(
            "It opens once, through 'inventory serve', for them to choose a password; it is not "
                + "shown again (inventory members invite makes a new one).")
        if url == nil {
            output.writeLine(
                "It names \(Share.defaultURL), where serve listens unless told otherwise: give "
                    + "the address the household reaches it at with --url.")
        }
    }
}

/// The server's address, for the links.
struct MemberURLOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The address the household reaches 'inventory serve' at (default: "
                + "\(Share.defaultURL)).", valueName: "URL"))
    var url: String?
}

struct MembersListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "The members: name, role, invitation, open sessions.",
        discussion: """
            Examples:
              inventory members list
              inventory members list --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let members = try manager.members()
        let output = Terminal.standardOutput
        if json {
            let objects = members.map { member in
                var object = "{\"name\":"
                ItemJSON.appendString(member.name, to: &object)
                object += ",\"role\":\"\(member.role.rawValue)\",\"password\":\(member.hasPassword)"
                object += ",\"invitedUntil\":"
                object += member.invitationExpires.map { "\"\($0)\"" } ?? "null"
                object += ",\"sessions\":\(member.sessionCount)}"
                return object
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !members.isEmpty else {
            output.writeLine(
                "No members yet: 'inventory members add NAME --role editor' invites one.")
            return
        }
        output.write(
            TextTable(
                header: ["NAME", "ROLE", "SIGN-IN", "SESSIONS"],
                rows: members.map { member in
                    let status =
                        member.invitationExpires.map {
                            "invited until \($0.minuteText(in: .current))"
                        } ?? (member.hasPassword ? "password" : "no invitation")
                    return [
                        VisibleText.of(member.name), member.role.rawValue, status,
                        String(member.sessionCount),
                    ]
                }, rightAligned: [3], style: Style.standardOutput(.table)
            ).render())
    }
}

struct MembersAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Make a member and print their one-time invitation link.",
        discussion: """
            Examples:
              inventory members add Sam --role editor
              inventory members add Grandma --role viewer --url http://192.168.1.20:8420
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Their name, as they type it to sign in (unique, whatever its case).")
    var name: String

    @Option(help: "owner, editor or viewer.")
    var role: MemberRole

    @OptionGroup var url: MemberURLOption

    func run() throws {
        _ = try Share.baseURL(url.url ?? Share.defaultURL)
        let manager = try database.openManager(.write)
        try MembersCommand.printInvitation(
            try manager.addMember(name: name, role: role), url: url.url)
    }
}

struct MembersInviteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        _superCommandName: CommandParsing.rootName,
        abstract: "Print a new invitation link for a member (a forgotten password).",
        discussion: """
            Their password keeps working until the link is opened and a new one chosen.

            Examples:
              inventory members invite Sam
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The member's name.")
    var name: String

    @OptionGroup var url: MemberURLOption

    func run() throws {
        _ = try Share.baseURL(url.url ?? Share.defaultURL)
        let manager = try database.openManager(.write)
        try MembersCommand.printInvitation(try manager.inviteAgain(name: name), url: url.url)
    }
}

struct MembersRoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role",
        _superCommandName: CommandParsing.rootName,
        abstract: "Give a member another role; their sessions act with it within a second.",
        discussion: """
            Examples:
              inventory members role Sam viewer
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The member's name.")
    var name: String

    @Argument(help: "owner, editor or viewer.")
    var role: MemberRole

    func run() throws {
        let manager = try database.openManager(.write)
        let member = try manager.setRole(ofMember: name, to: role)
        Terminal.standardOutput.writeLine("\(member.name) is now \(member.role.rawValue).")
    }
}

struct MembersRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        _superCommandName: CommandParsing.rootName,
        abstract: "Remove a member and end their sessions; history still names them.",
        discussion: """
            Examples:
              inventory members remove Sam
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The member's name.")
    var name: String

    func run() throws {
        let manager = try database.openManager(.write)
        // their tokens go with them: said, not left to be found missing
        let tokens = try manager.tokens(ofMember: name).count
        let member = try manager.removeMember(named: name)
        Terminal.standardOutput.writeLine(
            "Removed \(member.name), \(member.sessionCount) session"
                + "\(member.sessionCount == 1 ? "" : "s") and \(tokens) token"
                + "\(tokens == 1 ? "" : "s").")
    }
}

struct MembersSessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        _superCommandName: CommandParsing.rootName,
        abstract: "The browsers signed in to 'inventory serve': whose, since when, last used.",
        discussion: """
            A session is named by the first 8 letters and digits shown; 'inventory members end' ends it. \
            The last use is recorded about every half minute.

            Examples:
              inventory members sessions
              inventory members sessions Sam
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Only this member's.")
    var name: String?

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let sessions = try manager.sessions(ofMember: name)
        let output = Terminal.standardOutput
        if json {
            let objects = sessions.map { session in
                var object = "{\"session\":\"\(session.shortName)\",\"member\":"
                ItemJSON.appendString(session.memberName, to: &object)
                object += ",\"role\":\"\(session.role.rawValue)\",\"device\":"
                ItemJSON.appendString(session.device, to: &object)
                object += ",\"opened\":\"\(session.openedAt)\",\"used\":\"\(session.usedAt)\"}"
                return object
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !sessions.isEmpty else {
            output.writeLine("No browser is signed in.")
            return
        }
        output.write(
            TextTable(
                header: ["SESSION", "WHO", "ROLE", "BROWSER", "OPENED", "LAST USED"],
                rows: sessions.map { session in
                    [
                        session.shortName,
                        VisibleText.of(session.memberName ?? "(household owner)"),
                        session.role.rawValue, VisibleText.of(session.device),
                        session.openedAt.minuteText(in: .current),
                        session.usedAt.minuteText(in: .current),
                    ]
                }, rightAligned: [], style: Style.standardOutput(.table)
            ).render())
    }
}

struct MembersEndCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end",
        _superCommandName: CommandParsing.rootName,
        abstract: "End sessions: one by its name, or every one of a member.",
        discussion: """
            The browser is signed out within a second, even while the server runs.

            Examples:
              inventory members end Sam
              inventory members end --session 3fa85f64
              inventory members end --household
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The member whose sessions end.")
    var name: String?

    @Option(
        help: ArgumentHelp("The session to end, as 'members sessions' names it.", valueName: "ID"))
    var session: String?

    @Flag(help: "End the household owner's sessions (sign-in links, the household password).")
    var household = false

    func validate() throws {
        let given = [name != nil, session != nil, household].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("Say whose sessions end: a NAME, --session ID or --household.")
        }
    }

    func run() throws {
        let manager = try database.openManager(.write)
        let output = Terminal.standardOutput
        if let session {
            try manager.endSession(named: session)
            output.writeLine("Ended session \(session.lowercased()).")
            return
        }
        let count = try manager.endSessions(ofMember: household ? nil : name)
        output.writeLine(
            "Ended \(count) session\(count == 1 ? "" : "s") of "
                + "\(household ? "the household owner" : name ?? "").")
    }
}

extension APIToken.Scope: ChoiceArgument {}

struct MembersTokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Tokens for other programs to use the API as a member.",
        discussion: """
            A program (Home Assistant, a script, an assistant's MCP client) sends its token as \
            'Authorization: Bearer TOKEN' to the JSON API and the change stream of 'inventory \
            serve'; pages still sign in with a cookie. A token reads only, or reads and \
            writes what its member may; it ends on its day or when revoked (within a second, \
            even while the server runs). Its changes are its member's in history, named with \
            the token: 'Sam (Home Assistant)'. The token is shown once; the inventory keeps \
            only its digest.

            Examples:
              inventory members tokens add "Home Assistant" --member Sam --scope read
              inventory members tokens add backup-script --scope write --days 30
              inventory members tokens
              inventory members tokens revoke 2
            """,
        subcommands: [
            MembersTokensListCommand.self, MembersTokensAddCommand.self,
            MembersTokensRevokeCommand.self,
        ],
        defaultSubcommand: MembersTokensListCommand.self)
}

struct MembersTokensListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: CommandParsing.rootName,
        abstract: "The tokens: number, name, member, scope, until, last used.",
        discussion: """
            Examples:
              inventory members tokens list
              inventory members tokens list --member Sam --json
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Only this member's.")
    var member: String?

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() throws {
        let manager = try database.openManager(.read)
        let tokens = try manager.tokens(ofMember: member)
        let output = Terminal.standardOutput
        if json {
            let objects = tokens.map { token in
                var object = "{\"id\":\(token.id),\"name\":"
                ItemJSON.appendString(token.name, to: &object)
                object += ",\"member\":"
                ItemJSON.appendString(token.memberName, to: &object)
                object +=
                    ",\"scope\":\"\(token.scope.rawValue)\",\"created\":\"\(token.createdAt)\""
                object += ",\"expires\":\"\(token.expiresAt)\",\"used\":"
                object += token.usedAt.map { "\"\($0)\"" } ?? "null"
                return object + "}"
            }
            output.writeLine(
                objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]")
            return
        }
        guard !tokens.isEmpty else {
            output.writeLine(
                "No tokens: 'inventory members tokens add NAME --scope read' makes one.")
            return
        }
        let now = manager.now
        output.write(
            TextTable(
                header: ["ID", "NAME", "MEMBER", "SCOPE", "UNTIL", "LAST USED"],
                rows: tokens.map { token in
                    [
                        String(token.id), VisibleText.of(token.name),
                        VisibleText.of(token.memberName ?? "(household owner)"),
                        token.scope.rawValue,
                        token.expiresAt < now
                            ? "ended " + token.expiresAt.minuteText(in: .current)
                            : token.expiresAt.minuteText(in: .current),
                        token.usedAt?.minuteText(in: .current) ?? "never",
                    ]
                }, rightAligned: [0], style: Style.standardOutput(.table)
            ).render())
    }
}

struct MembersTokensAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        _superCommandName: CommandParsing.rootName,
        abstract: "Make a token and print it, once.",
        discussion: """
            Examples:
              inventory members tokens add "Home Assistant" --member Sam --scope read
              inventory members tokens add backup-script --scope write --days 30
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "What uses it, in a few words.")
    var name: String

    @Option(help: "The member it acts as (default: the household owner).")
    var member: String?

    @Option(help: "read, or write (read and change what the member may).")
    var scope: APIToken.Scope

    @Option(help: "How many days it works (1 to 366).")
    var days = 90

    func run() throws {
        let manager = try database.openManager(.write)
        let made = try manager.makeToken(member: member, name: name, scope: scope, days: days)
        let output = Terminal.standardOutput
        output.writeLine(
            "Token \(made.token.id) \"\(VisibleText.of(made.token.name))\" for "
                + VisibleText.of(made.token.memberName ?? "the household owner")
                + " (\(made.token.scope.rawValue)), until "
                + made.token.expiresAt.minuteText(in: .current) + ":")
        output.writeLine(made.secret)
        output.writeLine(
            "Send it as 'Authorization: Bearer TOKEN'. It is not shown again: "
                + "'inventory members tokens revoke \(made.token.id)' ends it.")
    }
}

struct MembersTokensRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        _superCommandName: CommandParsing.rootName,
        abstract: "End a token at once.",
        discussion: """
            Examples:
              inventory members tokens revoke 2
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The token's number, as 'members tokens' lists it.")
    var id: Int64

    func run() throws {
        let manager = try database.openManager(.write)
        try manager.revokeToken(id: id)
        Terminal.standardOutput.writeLine("Revoked token \(id).")
    }
}
