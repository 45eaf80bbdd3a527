import Foundation
import InventoryKit
import Plot

extension Pages {
    /// The Members page: for the owner, every member with its role and invitation, the form
    /// to invite one, and every open session; for another member, its own sessions.
    func members(
        _ members: [Member], sessions: [MemberSession], session: Sessions.Session, owner: String,
        invited: (invitation: InventoryManager.Invitation, link: String)?
    ) -> [BodyNode] {
        let isOwner = session.person.role.managesMembers
        var nodes: [BodyNode] = [element("h1", [:], [text("Members")])]
        if let invited {
            nodes.append(
                element(
                    "div", ["class": "invited", "role": "status"],
                    [
                        element(
                            "p", [:],
                            [
                                text(
                                    "Send this link to \(invited.invitation.member.name): it opens "
                                        + "once, for \(InventoryManager.invitationDays) days, and "
                                        + "is shown only now.")
                            ]),
                        element(
                            "input",
                            [
                                "type": "text", "readonly": "readonly", "class": "link",
                                "aria-label": "Invitation link", "value": invited.link,
                            ]),
                    ]))
        }
        if isOwner {
            nodes.append(memberTable(members, session: session))
            nodes.append(inviteForm(session: session))
        } else {
            nodes.append(
                element(
                    "p", [:],
                    [
                        text(
                            "You are signed in as \(session.person.name), "
                                + "\(Self.roleSentence(session.person.role)).")
                    ]))
        }
        nodes.append(element("h2", [:], [text(isOwner ? "Open sessions" : "Your sessions")]))
        nodes.append(sessionTable(sessions, session: session, owner: owner, showWho: isOwner))
        return nodes
    }

    static func roleSentence(_ role: MemberRole) -> String {
        switch role {
        case .owner: "who may do everything and manage the members"
        case .editor: "who may change the inventory"
        case .viewer: "who may look but not change anything"
        }
    }

    private func csrfField(_ session: Sessions.Session) -> BodyNode {
        element("input", ["type": "hidden", "name": "csrf", "value": session.csrf])
    }

    private func memberTable(_ members: [Member], session: Sessions.Session) -> BodyNode {
        guard !members.isEmpty else {
            return element(
                "p", ["class": "empty"],
                [
                    text(
                        "No one else signs in yet. Invite the people of the household below: "
                            + "each gets a link to choose a password of their own.")
                ])
        }
        return element(
            "table", ["class": "members"],
            [
                element(
                    "thead", [:],
                    [
                        element(
                            "tr", [:],
                            ["Name", "Role", "Sign-in", "Sessions", ""].map {
                                element("th", ["scope": "col"], [text($0)])
                            })
                    ]),
                element(
                    "tbody", [:],
                    members.map { member in
                        let status =
                            member.invitationExpires.map {
                                "invited until \($0.minuteText(in: .current))"
                                    + (member.hasPassword ? " (a new password)" : "")
                            } ?? (member.hasPassword ? "password chosen" : "no invitation")
                        let path = "/members/\(member.id)"
                        return element(
                            "tr", [:],
                            [
                                element("th", ["scope": "row"], [text(member.name)]),
                                element(
                                    "td", [:],
                                    [
                                        element(
                                            "form",
                                            [
                                                "method": "post", "action": path + "/role",
                                                "class": "inline",
                                            ],
                                            [
                                                csrfField(session),
                                                element(
                                                    "select",
                                                    [
                                                        "name": "role",
                                                        "aria-label": "Role of \(member.name)",
                                                    ],
                                                    MemberRole.allCases.map { role in
                                                        element(
                                                            "option",
                                                            role == member.role
                                                                ? [
                                                                    "value": role.rawValue,
                                                                    "selected": "selected",
                                                                ]
                                                                : ["value": role.rawValue],
                                                            [text(role.rawValue)])
                                                    }),
                                                element(
                                                    "button", ["type": "submit"], [text("Set")]),
                                            ])
                                    ]),
                                element("td", [:], [text(status)]),
                                element(
                                    "td", ["class": "number"], [text(String(member.sessionCount))]),
                                element(
                                    "td", [:],
                                    [
                                        element(
                                            "form",
                                            [
                                                "method": "post", "action": path + "/invite",
                                                "class": "inline",
                                            ],
                                            [
                                                csrfField(session),
                                                element(
                                                    "button", ["type": "submit"],
                                                    [text("New link")]),
                                            ]),
                                        element(
                                            "form",
                                            [
                                                "method": "post", "action": path + "/remove",
                                                "class": "inline",
                                            ],
                                            [
                                                csrfField(session),
                                                element(
                                                    "button",
                                                    ["type": "submit", "class": "danger"],
                                                    [text("Remove")]),
                                            ]),
                                    ]),
                            ])
                    }),
            ])
    }

    private func inviteForm(session: Sessions.Session) -> BodyNode {
        element(
            "form", ["method": "post", "action": "/members", "class": "invite"],
            [
                csrfField(session),
                element("h2", [:], [text("Invite someone")]),
                element("label", ["for": "member-name"], [text("Name")]),
                element(
                    "input",
                    [
                        "type": "text", "id": "member-name", "name": "name",
                        "required": "required", "maxlength": String(Member.longestName),
                        "autocomplete": "off",
                    ]),
                element("label", ["for": "member-role"], [text("Role")]),
                element(
                    "select", ["id": "member-role", "name": "role"],
                    [
                        element(
                            "option", ["value": "editor"], [text("editor: changes the inventory")]),
                        element("option", ["value": "viewer"], [text("viewer: only looks")]),
                        element(
                            "option", ["value": "owner"], [text("owner: everything, and members")]),
                    ]),
                element("button", ["type": "submit"], [text("Make an invitation link")]),
            ])
    }

    private func sessionTable(
        _ sessions: [MemberSession], session current: Sessions.Session, owner: String,
        showWho: Bool
    ) -> BodyNode {
        guard !sessions.isEmpty else {
            return element("p", ["class": "empty"], [text("No session is kept.")])
        }
        return element(
            "table", ["class": "sessions"],
            [
                element(
                    "thead", [:],
                    [
                        element(
                            "tr", [:],
                            ((showWho ? ["Who"] : []) + ["Browser", "Opened", "Last used", ""]).map
                            {
                                element("th", ["scope": "col"], [text($0)])
                            })
                    ]),
                element(
                    "tbody", [:],
                    sessions.map { kept in
                        let isThis = kept.digest == current.digest
                        var cells: [BodyNode] = []
                        if showWho {
                            cells.append(
                                element(
                                    "td", [:],
                                    [text(kept.memberName ?? "\(owner) (household owner)")]))
                        }
                        cells += [
                            element(
                                "td", [:],
                                [
                                    text(kept.device.isEmpty ? "a browser" : kept.device),
                                    isThis ? text(" (this one)") : .empty,
                                ]),
                            element("td", [:], [text(kept.openedAt.minuteText(in: .current))]),
                            element("td", [:], [text(kept.usedAt.minuteText(in: .current))]),
                            element(
                                "td", [:],
                                [
                                    element(
                                        "form",
                                        [
                                            "method": "post",
                                            "action": "/sessions/\(kept.shortName)/end",
                                            "class": "inline session",
                                        ],
                                        [
                                            csrfField(current),
                                            element(
                                                "button", ["type": "submit"],
                                                [text(isThis ? "Sign out" : "End")]),
                                        ])
                                ]),
                        ]
                        return element("tr", [:], cells)
                    }),
            ])
    }

    /// The page an invitation opens: choose a password, then be signed in.
    func invitation(_ member: Member, token: String, problem: String?) -> String {
        var fields: [BodyNode] = [
            element(
                "input",
                [
                    "type": "hidden", "name": "username", "value": member.name,
                    "autocomplete": "username",
                ]),
            element("label", ["for": "password"], [text("Choose a password")]),
            element(
                "input",
                [
                    "type": "password", "id": "password", "name": "password",
                    "autocomplete": "new-password", "required": "required",
                    "minlength": String(HouseholdPassword.minimumLength),
                ]),
            element("label", ["for": "again"], [text("The same again")]),
            element(
                "input",
                [
                    "type": "password", "id": "again", "name": "again",
                    "autocomplete": "new-password", "required": "required",
                ]),
        ]
        if let problem {
            fields.append(element("p", ["class": "problem", "role": "alert"], [text(problem)]))
        }
        fields.append(element("button", ["type": "submit"], [text("Save and sign in")]))
        return layout(
            title: "Welcome", tabs: [], current: nil, session: nil, sequence: nil,
            main: [
                element("h1", [:], [text("Welcome, \(member.name)")]),
                element(
                    "p", [:],
                    [
                        text(
                            "You join the household's inventory as "
                                + "\(member.role == .viewer ? "a" : "an") \(member.role.rawValue), "
                                + "\(Self.roleSentence(member.role)). "
                                + "Choose your password: you sign in with your name and it.")
                    ]),
                element(
                    "form",
                    ["method": "post", "action": "/invite/\(token)", "class": "signin"],
                    fields),
            ])
    }
}
