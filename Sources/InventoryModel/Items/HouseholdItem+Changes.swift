/// One field whose value differs between two versions of an item, as people read it.
public struct FieldChange: Sendable, Hashable {
    /// The field's name, as in JSON (`price`, `insured`, `serial`, …).
    public let field: String
    /// The old value for people (`25,000.00`, `yes`, `2024-05-01`), or nil when it was empty.
    public let old: String?
    /// The new value for people, or nil when it is now empty.
    public let new: String?

    /// A change of `field` from `old` to `new`.
    public init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old
        self.new = new
    }
}

// MARK: - CustomStringConvertible

extension FieldChange: CustomStringConvertible {
    /// `price 25,000.00 -> 24,000.00`; an empty value shows as `—`.
    public var description: String {
        "\(field) \(old.map(Self.shorten) ?? "—") -> \(new.map(Self.shorten) ?? "—")"
    }

    private static func shorten(_ value: String) -> String {
        VisibleText.of(cut(value))
    }

    private static func cut(_ value: String) -> String {
        let line = value.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let short = line.count > 40 ? line.prefix(39) + "…" : Substring(line)
        return line == value && line.count <= 40 ? value : String(short)
    }
}

extension HouseholdItem {
    /// The fields that differ from `before`, in the order of `ItemField.all` (the photo after
    /// the purchase date, the files last), with their values for people.
    public func fieldChanges(from before: HouseholdItem) -> [FieldChange] {
        var changes: [FieldChange] = []
        for field in ItemField.all where !field.isEqual(on: before, and: self) {
            changes.append(
                FieldChange(
                    field: field.key, old: field.text(of: before), new: field.text(of: self)))
            if field.key == "purchaseDate", photo != before.photo {
                changes.append(FieldChange(field: "photo", old: before.photo, new: photo))
            }
        }
        if photo != before.photo, !changes.contains(where: { $0.field == "photo" }) {
            changes.append(FieldChange(field: "photo", old: before.photo, new: photo))
        }
        // The household's own fields, by key (the field's name in lower case).
        if customFields != before.customFields {
            for key in Set(customFields.keys).union(before.customFields.keys).sorted()
            where customFields[key] != before.customFields[key] {
                changes.append(
                    FieldChange(field: key, old: before.customFields[key], new: customFields[key]))
            }
        }
        if containerID != before.containerID {
            changes.append(
                FieldChange(
                    field: "container", old: before.containerID.map { "item \($0)" },
                    new: containerID.map { "item \($0)" }))
        }
        if attachments != before.attachments {
            func text(_ attachments: [Attachment]) -> String? {
                attachments.isEmpty
                    ? nil
                    : attachments.map { "\($0.id) \($0.kind.rawValue)" }.joined(separator: ", ")
            }
            changes.append(
                FieldChange(field: "files", old: text(before.attachments), new: text(attachments)))
        }
        return changes
    }

    /// The fields that differ from `before`; see `fieldChanges(from:)`.
    public func changedFields(comparedTo before: HouseholdItem) -> [String] {
        fieldChanges(from: before).map(\.field)
    }
}
