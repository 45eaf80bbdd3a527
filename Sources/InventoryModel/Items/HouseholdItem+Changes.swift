/// One field whose value differs between two versions of an item, as people read it.
public struct FieldChange: Sendable, Hashable {
    /// The field's name, as in JSON (`price`, `insured`, `serial`, …).
    public let field: String
    /// The old value for people (`25,000.00`, `yes`, `2024-05-01`), or nil when it was empty.
    public let old: String?
    /// The new value for people, or nil when it is now empty.
    public let new: String?
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
    /// The fields that differ from `before`, in display order, with their values for people.
    public func fieldChanges(from before: HouseholdItem) -> [FieldChange] {
        var changes: [FieldChange] = []
        func compare<Value: Equatable>(
            _ field: String, _ value: (HouseholdItem) -> Value, _ text: (Value) -> String?
        ) {
            let old = value(before)
            let new = value(self)
            if old != new {
                changes.append(FieldChange(field: field, old: text(old), new: text(new)))
            }
        }
        let yesNo: (Bool) -> String? = { $0 ? "yes" : "no" }
        compare("name", \.name) { $0 }
        compare("description", \.description) { $0 }
        compare("price", \.price) { $0?.formatted }
        compare("purchaseDate", \.purchaseDate) { $0?.description }
        compare("photo", \.photo) { $0 }
        compare("luxury", \.isLuxury, yesNo)
        compare("insured", \.isInsured, yesNo)
        compare("quantity", \.quantity) { String($0) }
        compare("location", \.location) { $0 }
        compare("brand", \.brand) { $0 }
        compare("model", \.model) { $0 }
        compare("serial", \.serialNumber) { $0 }
        compare("notes", \.notes) { $0 }
        compare("value", \.replacementValue) { $0?.formatted }
        compare("purchasedFrom", \.purchasedFrom) { $0 }
        compare("warrantyUntil", \.warrantyUntil) { $0?.description }
        compare("lifetimeWarranty", \.hasLifetimeWarranty, yesNo)
        compare("scheduled", \.isScheduled, yesNo)
        compare("reviewedAt", \.reviewedAt) { $0?.description }
        compare("tags", \.tags) { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        compare("files", \.attachments) { attachments in
            attachments.isEmpty
                ? nil
                : attachments.map { "\($0.id) \($0.kind.rawValue)" }.joined(separator: ", ")
        }
        return changes
    }

    /// The fields that differ from `before`; see `fieldChanges(from:)`.
    public func changedFields(comparedTo before: HouseholdItem) -> [String] {
        fieldChanges(from: before).map(\.field)
    }
}
