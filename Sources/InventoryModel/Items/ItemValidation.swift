/// The rules every stored item follows; the manager applies them before anything is written.
package enum ItemValidation {
    package static let maximumNameLength = 200
    package static let maximumShortTextLength = 200
    package static let maximumLongTextLength = 10_000
    package static let quantityRange = 1...1_000_000

    /// The trimmed name, or an error when it is blank, too long or holds control characters.
    package static func name(_ name: String) throws -> String {
        guard let trimmed = try text(name, field: .name, limit: maximumNameLength) else {
            throw InventoryError.missingName
        }
        return trimmed
    }

    /// The trimmed text, nil when it is absent or blank; an error when it is too long or holds
    /// a control character. Every text field follows this one rule: no control characters
    /// (an escape sequence stored in a note would be replayed to a terminal), except that a
    /// multi-line field (`long`) keeps line breaks (CR LF becomes LF) and tabs.
    package static func text(_ text: String?, field: ValueField, long: Bool = false) throws
        -> String?
    {
        try self.text(
            text, field: field, limit: long ? maximumLongTextLength : maximumShortTextLength,
            multiline: long)
    }

    /// `text(_:field:long:)` with an explicit length limit.
    package static func text(
        _ text: String?, field: ValueField, limit: Int, multiline: Bool = false
    )
        throws
        -> String?
    {
        guard let text else { return nil }
        // Most text is printable ASCII (and line breaks and tabs where allowed), which needs
        // no Unicode tables: one byte, one character, nothing refused. The Unicode checks below
        // run for every text of every row an import reads (see the import benchmark row).
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20,
            first < 0x7F, last < 0x7F, utf8.count <= limit,
            utf8.allSatisfy({
                (0x20..<0x7F).contains($0) || (multiline && ($0 == 0x0A || $0 == 0x09))
            })
        {
            return text
        }
        var trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        if multiline, trimmed.utf8.contains(0x0D) {
            trimmed = String(trimmed.map { $0 == "\r\n" ? "\n" : $0 })
        }
        guard trimmed.count <= limit else {
            throw InventoryError.invalidValue(
                field: field, value: String(trimmed.prefix(40)) + "…",
                reason: "\(trimmed.count) characters; the most is \(limit)")
        }
        if let refused = firstRefused(in: trimmed, multiline: multiline) {
            let code = String(refused.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            let kind =
                switch refused.properties.generalCategory {
                case .control: "control"
                case .lineSeparator, .paragraphSeparator: "layout"
                default: "invisible"
                }
            throw InventoryError.invalidValue(
                field: field, value: trimmed,
                reason: "it holds \(kind == "invisible" ? "an" : "a") \(kind) character "
                    + "(U+\(padded)); "
                    + (multiline
                        ? "only line breaks and tabs may be used"
                        : "it must be one line of plain text"))
        }
        return trimmed
    }

    package static func quantity(_ quantity: Int) throws -> Int {
        guard quantityRange.contains(quantity) else {
            throw InventoryError.invalidValue(
                field: .quantity, value: String(quantity),
                reason: "it must be a whole number from 1 to 1,000,000")
        }
        return quantity
    }

    /// The first scalar of `text` that a text field refuses, if any (`isRefused`), where an
    /// emoji's tag characters (the subdivision flags: 🏴 followed by tags) are allowed.
    static func firstRefused(in text: String, multiline: Bool) -> Unicode.Scalar? {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            guard isRefused(scalar, multiline: multiline) else { continue }
            if emojiTags.contains(scalar.value),
                let previous, previous == "\u{1F3F4}" || emojiTags.contains(previous.value)
            {
                continue
            }
            return scalar
        }
        return nil
    }

    /// The tag characters that follow 🏴 in a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), ending with CANCEL TAG.
    private static let emojiTags: ClosedRange<UInt32> = 0xE0020...0xE007F

    /// Whether `scalar` is refused in a text field: a control character (but a line break or a
    /// tab in a multi-line field), a line or paragraph separator in a one-line field, or any
    /// character Unicode says is drawn as nothing (`Default_Ignorable_Code_Point`: zero-width
    /// spaces, the soft hyphen, the byte-order mark, bidirectional embeddings, overrides and
    /// isolates, which can make a text read as another), but for those that writing needs:
    /// the zero-width joiner and non-joiner (emoji sequences, Persian and Indic scripts) and
    /// variation selectors (an emoji's colour form, Mongolian).
    static func isRefused(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: return !(multiline && (scalar == "\n" || scalar == "\t"))
        case .lineSeparator, .paragraphSeparator: return !multiline
        default:
            guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
            let value = scalar.value
            let allowed =
                value == 0x200C || value == 0x200D || (0xFE00...0xFE0F).contains(value)
                || (0xE0100...0xE01EF).contains(value) || (0x180B...0x180F).contains(value)
            return !allowed
        }
    }

    /// The longest tag.
    package static let maximumTagLength = 50

    /// A tag, trimmed, or an error when it is blank, longer than 50 characters, holds a
    /// control or layout character, or a comma or semicolon (which separate tags in forms and
    /// in CSV).
    package static func tag(_ tag: String) throws -> String {
        guard let trimmed = try text(tag, field: .tag, limit: maximumTagLength) else {
            throw InventoryError.invalidValue(
                field: .tag, value: tag, reason: "a tag cannot be blank")
        }
        // Bytes, not Foundation's `contains(_: StringProtocol)`, which goes through CFString.
        guard !trimmed.utf8.contains(UInt8(ascii: ",")) && !trimmed.utf8.contains(UInt8(ascii: ";"))
        else {
            throw InventoryError.invalidValue(
                field: .tag, value: trimmed,
                reason: "a tag cannot hold a comma or a semicolon (they separate tags)")
        }
        return trimmed
    }

    /// The most tags an item has.
    package static let maximumTagCount = 100
    /// The most bytes (UTF-8) an item's tags take together: a tag's limit counts characters,
    /// and a character may take many bytes.
    package static let maximumTagBytes = 4_096

    /// `tags` validated, each once (the first spelling of a tag given in several cases),
    /// ordered by their folded keys; an error when they are more than `maximumTagCount` or
    /// take more than `maximumTagBytes` together.
    package static func tags(_ tags: [String]) throws -> [String] {
        var seen: [String: String] = [:]
        for tag in tags {
            let valid = try self.tag(tag)
            let key = TextFolding.fold(valid)
            if seen[key] == nil { seen[key] = valid }
        }
        let sorted = seen.sorted { $0.key < $1.key }.map(\.value)
        try checkTagLimits(sorted)
        return sorted
    }

    /// An error when an item's `tags` (each valid, each once) are more than `maximumTagCount`
    /// or take more than `maximumTagBytes` together.
    package static func checkTagLimits(_ tags: [String]) throws {
        func refuse(_ reason: String) -> InventoryError {
            let shown = tags.prefix(3).joined(separator: ", ")
            return .invalidValue(
                field: .tag, value: tags.count > 3 ? shown + ", …" : shown, reason: reason)
        }
        guard tags.count <= maximumTagCount else {
            throw refuse("an item has at most \(maximumTagCount) tags; these are \(tags.count)")
        }
        let bytes = tags.reduce(0) { $0 + $1.utf8.count }
        guard bytes <= maximumTagBytes else {
            throw refuse(
                "an item's tags take at most \(maximumTagBytes) bytes together; these take "
                    + "\(bytes)")
        }
    }

    /// The purchase date, or an error when it is after `today`.
    package static func purchaseDate(_ date: CalendarDate?, today: CalendarDate) throws
        -> CalendarDate?
    {
        try pastDate(date, field: .purchaseDate, today: today)
    }

    /// A day that cannot be in the future (a purchase, a review), or an error naming `field`.
    package static func pastDate(_ date: CalendarDate?, field: ValueField, today: CalendarDate)
        throws -> CalendarDate?
    {
        guard let date else { return nil }
        guard date <= today else {
            throw InventoryError.invalidValue(
                field: field, value: date.description,
                reason: "it is in the future (today is \(today))")
        }
        return date
    }

    /// One of `options`, spelled as listed (typed in any case), nil when blank; an error
    /// naming `field` and the options otherwise.
    package static func choice(_ text: String?, of options: [String], field: ValueField) throws
        -> String?
    {
        guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
        let folded = text.trimmingWhitespace().lowercased()
        guard let option = options.first(where: { $0.lowercased() == folded }) else {
            throw InventoryError.invalidValue(
                field: field, value: text,
                reason: "write one of " + options.joined(separator: ", "))
        }
        return option
    }

    /// Checks the rules between an item's fields: a loan's days belong to a loan (someone it
    /// is lent to) and it is due back no earlier than it was lent; how it left, to whom and
    /// for how much belong to a day it left.
    ///
    /// - Throws: `InventoryError.invalidValue` naming the field that has no place.
    package static func relations(of item: HouseholdItem) throws {
        if item.lentTo == nil {
            if let lentOn = item.lentOn {
                throw InventoryError.invalidValue(
                    field: .other("lent on"), value: lentOn.description,
                    reason: "the item is not lent to anyone")
            }
            if let due = item.loanDue {
                throw InventoryError.invalidValue(
                    field: .other("due back"), value: due.description,
                    reason: "the item is not lent to anyone")
            }
        }
        if let lentOn = item.lentOn, let due = item.loanDue, due < lentOn {
            throw InventoryError.invalidValue(
                field: .other("due back"), value: due.description,
                reason: "it is before the day it was lent (\(lentOn))")
        }
        if item.leftOn == nil {
            let strays: [(String, String?)] = [
                ("how it left", item.leftHow), ("left to", item.leftTo),
                ("sold for", item.leftFor?.formatted),
            ]
            if let (field, value) = strays.first(where: { $0.1 != nil }) {
                throw InventoryError.invalidValue(
                    field: .other(field), value: value ?? "",
                    reason: "the item has not left the household (no day it left)")
            }
        }
    }

    package static func price(_ price: Money?, currency: Currency) throws -> Money? {
        guard let price else { return nil }
        guard price.currency == currency else {
            throw InventoryError.currencyMismatch(expected: currency, given: price.currency)
        }
        return price
    }
}

extension ItemDraft {
    /// The item this draft describes, validated and normalized field by field
    /// (`ItemField.validate`), with id 0 and no photo yet.
    package func validatedItem(
        currency: Currency, now: Timestamp, today: CalendarDate, fields: [CustomField]
    ) throws -> HouseholdItem {
        // The drafted item itself, its fields checked in place: a copy field by field through
        // the table's key paths cost more than the checks.
        var item = self.item
        item.id = 0
        item.photo = nil
        item.attachments = []
        item.createdAt = now
        item.updatedAt = now
        item.version = 1
        for field in ItemField.all {
            try field.validate(&item, currency: currency, today: today)
        }
        try ItemValidation.relations(of: item)
        try CustomField.validate(&item, fields: fields, currency: currency)
        return item
    }

    /// Every rule the draft breaks, one refusal per field, in the order of the item's fields:
    /// what a form shows all at once (`validatedItem` stops at the first).
    package func problems(currency: Currency, today: CalendarDate) -> [InventoryError] {
        var problems: [InventoryError] = []
        var item = self.item
        for field in ItemField.all {
            do {
                try field.validate(&item, currency: currency, today: today)
            } catch let error as InventoryError {
                problems.append(error)
            } catch {}
        }
        return problems
    }
}

extension ItemPatch {
    /// The patch with every value it sets validated and normalized (blank text becomes a
    /// clear), field by field (`ItemField.validate`).
    package func validated(currency: Currency, today: CalendarDate) throws -> ItemPatch {
        var patch = self
        var item = HouseholdItem(
            id: 0, name: "", createdAt: ItemDraft.unstored, updatedAt: ItemDraft.unstored)
        for field in fields {
            guard let value = value(of: field) else { continue }
            field.set(value, on: &item)
            try field.validate(&item, currency: currency, today: today)
            patch.set(field, to: field.value(of: item))
        }
        patch.addedTags = try addedTags.map(ItemValidation.tag)
        patch.removedTags = try removedTags.map(ItemValidation.tag)
        return patch
    }

    /// `item` with this (validated) patch applied; the photo is set by the caller.
    ///
    /// - Throws: `InventoryError.invalidValue` when the tags it adds make too many
    ///   (`ItemValidation.checkTagLimits`).
    package func applied(to item: HouseholdItem) throws -> HouseholdItem {
        var item = item
        for field in fields {
            if let value = value(of: field) { field.set(value, on: &item) }
        }
        if removesAllTags || !removedTags.isEmpty || !addedTags.isEmpty {
            var tags = removesAllTags ? [] : item.tags
            let removed = Set(removedTags.map(TextFolding.fold))
            tags.removeAll { removed.contains(TextFolding.fold($0)) }
            // Added tags were validated already; an added tag the item has (in any case) stays
            // as it is. The item's own tags are not checked again: one an earlier version took
            // stays, and an edit that only removes tags is never refused.
            var byKey: [String: String] = [:]
            for tag in tags + addedTags where byKey[TextFolding.fold(tag)] == nil {
                byKey[TextFolding.fold(tag)] = tag
            }
            item.tags = byKey.sorted { $0.key < $1.key }.map(\.value)
            if !addedTags.isEmpty { try ItemValidation.checkTagLimits(item.tags) }
        }
        for (name, text) in customFields {
            let key = CustomField.key(name)
            if let text, !text.trimmingWhitespace().isEmpty {
                item.customFields[key] = text
            } else {
                item.customFields[key] = nil
            }
        }
        return item
    }
}

/// Text a person typed, turned into item values: the one set of rules the command line, the
/// forms of `browse` and any other front end share. Spaces around a value are ignored, and
/// blank text means "no value" (nil), which clears a field in an edit.
public enum ValueParser {
    /// A price: `1234.5`, `1234.50` or `1,234.50` (the form the tool prints).
    ///
    /// - Throws: `InventoryError.invalidValue` saying which forms are accepted.
    public static func price(_ text: String, currency: Currency, field: ValueField = .price)
        throws -> Money?
    {
        text.trimmingWhitespace().isEmpty
            ? nil : try Money(parsing: text, currency: currency, field: field)
    }

    /// A calendar date: `YYYY-MM-DD`.
    ///
    /// - Throws: `InventoryError.invalidValue` for another form or a day that does not exist.
    public static func date(_ text: String, field: ValueField = .purchaseDate) throws
        -> CalendarDate?
    {
        text.trimmingWhitespace().isEmpty ? nil : try CalendarDate(parsing: text, field: field)
    }

    /// The value of `field` typed as `text`, by the field's kind: blank is no value (for a
    /// count, 1), tags are separated by commas, a flag is yes or no. The one reading of typed
    /// text that forms and the command line share.
    ///
    /// - Throws: `InventoryError.invalidValue` for text that does not parse.
    public static func value(of field: ItemField, from text: String, currency: Currency) throws
        -> ItemFieldValue
    {
        switch field.kind {
        case .name, .text: .text(text)
        case .money: .money(try price(text, currency: currency, field: field.valueField))
        case .date: .date(try date(text, field: field.valueField))
        case .count: .count(try quantity(text) ?? 1)
        case .tags: .tags(tags(text))
        case .choice: .text(text)
        case .flag:
            switch text.trimmingWhitespace().lowercased() {
            case "yes", "true", "1": .flag(true)
            case "no", "false", "0", "": .flag(false)
            default:
                throw InventoryError.invalidValue(
                    field: field.valueField, value: text, reason: "write yes or no")
            }
        }
    }

    /// Tags typed in one text: separated by commas, blanks left out.
    public static func tags(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// A quantity: a whole number, plain or grouped by commas (`1,000`).
    ///
    /// - Throws: `InventoryError.invalidValue` when it is not a whole number (the range is
    ///   checked when the item is saved).
    public static func quantity(_ text: String) throws -> Int? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let negative = trimmed.hasPrefix("-")
        guard let digits = Money.ungrouped(negative ? trimmed.dropFirst() : trimmed[...]),
            !digits.isEmpty
        else {
            throw InventoryError.invalidValue(
                field: .quantity, value: text, reason: "not a whole number (write it like 6)")
        }
        // A whole number too long for Int is a whole number out of range, and says so.
        guard let value = Int(digits) else {
            throw InventoryError.invalidValue(
                field: .quantity, value: trimmed,
                reason: "it must be a whole number from 1 to 1,000,000")
        }
        return negative ? -value : value
    }
}
