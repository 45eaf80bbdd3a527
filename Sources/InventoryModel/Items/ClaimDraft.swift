/// The fields of a claim to save.
public struct ClaimDraft: Sendable, Hashable {
    public var title: String
    public var incidentDate: CalendarDate?
    public var kind: ClaimKind
    public var notes: String?
    /// The chosen items, in order (for an existing claim, a line whose item was deleted is
    /// kept as it is).
    public var itemIDs: [Int64]

    public init(
        title: String, incidentDate: CalendarDate? = nil, kind: ClaimKind = .other,
        notes: String? = nil, itemIDs: [Int64] = []
    ) {
        self.title = title
        self.incidentDate = incidentDate
        self.kind = kind
        self.notes = notes
        self.itemIDs = itemIDs
    }
}

/// A claim field a problem is about, so a form can show it next to the field.
public enum ClaimField: String, Sendable, Hashable {
    case title, incidentDate, kind, notes, items
}

/// Something that stops a claim from being saved.
public struct ClaimProblem: Sendable, Hashable, CustomStringConvertible {
    public let field: ClaimField
    public let message: String

    public init(field: ClaimField, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}
