/// The fields of a claim to save.
public struct ClaimDraft: Sendable, Hashable {
    /// What the claim is called: required, at most 200 characters.
    public var title: String
    /// The day the loss happened, if known; not after today.
    public var incidentDate: CalendarDate?
    /// What kind of loss it is for.
    public var kind: ClaimKind
    /// Free notes.
    public var notes: String?
    /// The chosen items, in order (for an existing claim, a line whose item was deleted is
    /// kept as it is).
    public var itemIDs: [Int64]

    /// Creates a draft; by default of kind `other`, without date, notes or items.
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
    /// The title.
    case title
    /// The incident date.
    case incidentDate
    /// The kind of loss.
    case kind
    /// The notes.
    case notes
    /// The chosen items.
    case items
}

/// Something that stops a claim from being saved.
public struct ClaimProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field the problem is about.
    public let field: ClaimField
    /// What is wrong, in words.
    public let message: String

    /// A problem with `field`, described by `message`.
    public init(field: ClaimField, message: String) {
        self.field = field
        self.message = message
    }

    /// The problem's message.
    public var description: String { message }
}
