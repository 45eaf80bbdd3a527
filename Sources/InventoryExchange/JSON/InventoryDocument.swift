import Foundation
import InventoryKit

/// The inventory as `inventory export --format json` writes it and `import` reads it back:
/// every field of every item, its tags and the list of its files (the files themselves are in
/// a backup), and the claims. Money is a decimal string in the document's currency, dates are
/// `YYYY-MM-DD`, timestamps ISO 8601 UTC.
struct InventoryDocument: Codable {
    /// Always `inventory`: what tells this file from other JSON.
    var format = "inventory"
    /// The layout's version; a reader refuses a newer one.
    var version = InventoryDocument.currentVersion
    var exportedAt: String
    var currency: String
    /// The identity of the inventory exported (absent from files of earlier builds).
    var inventory: String?
    var items: [Item]
    var claims: [ClaimRecord]

    static let currentVersion = 1

    struct Item: Codable {
        var id: Int64
        var importRef: String?
        var name: String
        var description: String?
        var price: String?
        var value: String?
        var purchaseDate: String?
        var purchasedFrom: String?
        var luxury: Bool
        var insured: Bool
        var quantity: Int
        var location: String?
        var brand: String?
        var model: String?
        var serial: String?
        var notes: String?
        var warrantyUntil: String?
        var lifetimeWarranty: Bool
        // Since riders: absent from the files written before.
        var scheduled: Bool?
        var reviewedAt: String?
        var tags: [String]
        var files: [File]
        var createdAt: String
        var updatedAt: String
        var version: Int
    }

    struct File: Codable {
        var number: Int
        var kind: String
        var file: String
        var caption: String?
    }

    struct ClaimRecord: Codable {
        var id: Int64
        var title: String
        var kind: String
        var incidentDate: String?
        var notes: String?
        var createdAt: String
        var updatedAt: String
        var items: [ClaimLine]
    }

    /// A claim's line: the item it names (`itemID`, an item of the document) or, with none,
    /// the copy of a deleted item. The item's fields are as the claim shows them.
    struct ClaimLine: Codable {
        var itemID: Int64?
        var name: String
        var quantity: Int
        var price: String?
        var value: String?
        var insured: Bool
        var hadReceipt: Bool
        // Since layout 1's first release: absent from the files it wrote before.
        var description: String?
        var brand: String?
        var model: String?
        var serial: String?
        var purchaseDate: String?
        var location: String?
        var luxury: Bool?
        // Since the claim ledger: absent from the files written before it.
        var ledger: Ledger?
    }

    /// What the household recorded on a claim line for the ledger (the receipt of a
    /// replacement is a file, which the document does not hold).
    struct Ledger: Codable {
        var replacement: String?
        var source: String?
        var pricedOn: String?
        var condition: String?
        var category: String?
        /// The category's terms as recorded (`DepreciationTerms.text`: `8y`, `never`).
        var depreciation: String?
        var maximumBasisPoints: Int?
        var replacedPaid: String?
        var replacedOn: String?
    }
}

extension InventoryDocument.Item {
    init(_ item: HouseholdItem, ref: String?) {
        id = item.id
        importRef = ref
        name = item.name
        description = item.description
        price = item.price?.decimalString
        value = item.replacementValue?.decimalString
        purchaseDate = item.purchaseDate?.description
        purchasedFrom = item.purchasedFrom
        luxury = item.isLuxury
        insured = item.isInsured
        quantity = item.quantity
        location = item.location
        brand = item.brand
        model = item.model
        serial = item.serialNumber
        notes = item.notes
        warrantyUntil = item.warrantyUntil?.description
        lifetimeWarranty = item.hasLifetimeWarranty
        scheduled = item.isScheduled
        reviewedAt = item.reviewedAt?.description
        tags = item.tags
        files = item.attachments.map {
            InventoryDocument.File(
                number: $0.id, kind: $0.kind.rawValue, file: $0.file, caption: $0.caption)
        }
        createdAt = item.createdAt.iso8601
        updatedAt = item.updatedAt.iso8601
        version = item.version
    }
}

extension InventoryDocument.ClaimRecord {
    init(_ claim: Claim) {
        id = claim.id
        title = claim.title
        kind = claim.kind.rawValue
        incidentDate = claim.incidentDate?.description
        notes = claim.notes
        createdAt = claim.createdAt.iso8601
        updatedAt = claim.updatedAt.iso8601
        items = claim.items.map {
            InventoryDocument.ClaimLine(
                itemID: $0.itemID, name: $0.name, quantity: $0.quantity,
                price: $0.price?.decimalString, value: $0.replacementValue?.decimalString,
                insured: $0.isInsured, hadReceipt: $0.hadReceipt, description: $0.description,
                brand: $0.brand, model: $0.model, serial: $0.serialNumber,
                purchaseDate: $0.purchaseDate?.description, location: $0.location,
                luxury: $0.isLuxury, ledger: InventoryDocument.Ledger($0.terms))
        }
    }
}

extension InventoryDocument.Ledger {
    init(_ terms: ClaimLineTerms) {
        replacement = terms.replacementCost?.decimalString
        source = terms.source
        pricedOn = terms.pricedOn?.description
        condition = terms.condition.rawValue
        category = terms.category
        depreciation = terms.category == nil ? nil : (terms.depreciation ?? .never).text
        maximumBasisPoints = terms.maximumBasisPoints
        replacedPaid = terms.replacedPaid?.decimalString
        replacedOn = terms.replacedOn?.description
    }

    /// The terms it records, checked.
    func terms(currency: Currency) throws -> ClaimLineTerms {
        var terms = ClaimLineTerms()
        terms.replacementCost = try replacement.flatMap {
            try ValueParser.price($0, currency: currency, field: .other("replacement"))
        }
        terms.source = try ItemValidation.text(source, field: .other("source"), limit: 500)
        terms.pricedOn = try pricedOn.flatMap { try ValueParser.date($0) }
        if let condition {
            guard let known = ItemCondition(rawValue: condition) else {
                throw InventoryError.invalidValue(
                    field: .other("condition"), value: condition,
                    reason: "a condition is new, good, average or poor")
            }
            terms.condition = known
        }
        if let category {
            guard DepreciationTable.categoryName(category) == category else {
                throw InventoryError.invalidValue(
                    field: .other("category"), value: category,
                    reason: "a category is 1 to 40 lower-case letters, digits, spaces or hyphens")
            }
            terms.category = category
            guard let text = depreciation, let known = DepreciationTerms(text: text) else {
                throw InventoryError.invalidValue(
                    field: .other("depreciation"), value: depreciation ?? "",
                    reason: "terms are a life such as 8y, or never")
            }
            terms.depreciation = known
            guard let maximumBasisPoints, (0...10_000).contains(maximumBasisPoints) else {
                throw InventoryError.invalidValue(
                    field: .other("maximum"), value: String(maximumBasisPoints ?? -1),
                    reason: "the most taken is 0 to 10000 basis points")
            }
            terms.maximumBasisPoints = maximumBasisPoints
        }
        terms.replacedPaid = try replacedPaid.flatMap {
            try ValueParser.price($0, currency: currency, field: .other("replaced paid"))
        }
        terms.replacedOn = try replacedOn.flatMap { try ValueParser.date($0) }
        return terms
    }
}

/// Reads our own JSON export back into an inventory: each item is added (or, by its import
/// reference, updated), with its fields and tags, then each claim not already here, naming
/// the items as they are now in this inventory; files are not in the document.
struct JSONImport {
    let path: String
    let options: ImportOptions
    let manager: InventoryManager

    func run(dryRun: Bool) throws -> ImportReport {
        let document = try read()
        var report = ImportReport(format: .json, separator: nil)
        report.rows = document.items.count
        let files = document.items.reduce(0) { $0 + $1.files.count }
        if files > 0 {
            report.notes.append(
                "the file lists \(files) photo\(files == 1 ? "" : "s") and document\(files == 1 ? "" : "s"); "
                    + "a JSON export holds no files, so none are imported")
        }
        let currency = manager.currency
        guard
            document.currency == currency.code
                || (document.items.allSatisfy({ $0.price == nil && $0.value == nil })
                    && document.claims.allSatisfy({ claim in
                        claim.items.allSatisfy { $0.price == nil && $0.value == nil }
                    }))
        else {
            throw ImportError.unreadable(
                path: path,
                reason: "its amounts are in \(document.currency) and this inventory's in "
                    + "\(currency.code)")
        }
        var rows: [(Int, ImportedRow)] = []
        for (index, item) in document.items.enumerated() {
            // Rows count from 1, as the items of the document do.
            let row = index + 1
            do {
                rows.append(
                    (
                        row,
                        try Self.row(
                            item, currency: currency, options: options,
                            inventory: document.inventory)
                    ))
            } catch let error as InventoryError {
                report.record(ImportProblem(row: row, column: nil, reason: error.description))
                report.rejected += 1
            }
        }
        let claims = try document.claims.enumerated().map { index, claim in
            try Self.claim(claim, number: index + 1, currency: currency, path: path)
        }
        for (index, claim) in claims.enumerated() {
            try check(claim, number: index + 1)
        }
        let writer = try RowWriter(manager: manager, allowDuplicates: options.allowDuplicates)
        if dryRun {
            var sink = try DryRunSink(manager: manager)
            try apply(rows, writer: writer, into: &sink, report: &report)
            let here = Set(try manager.claims().map { "\($0.title)\u{1F}\($0.createdAt)" })
            report.claimsAdded = claims.count { !here.contains("\($0.title)\u{1F}\($0.createdAt)") }
            return report
        }
        if report.rejected > 0 { throw ImportError.invalidRows(report) }
        let outcome = try manager.importItems { batch in
            var report = report
            try apply(rows, writer: writer, into: &batch, report: &report)
            if report.rejected > 0 { throw ImportError.invalidRows(report) }
            if report.duplicates > 0 { throw ImportError.duplicates(report) }
            try addClaims(claims, of: document, rows: rows, into: &batch)
            report.claimsAdded = batch.claimsAdded
            return report
        }
        return outcome.result
    }

    /// Refuses a claim the claim form would refuse (a blank or long title, control characters,
    /// a future incident date, no lines) or whose lines are not items (no name, a quantity
    /// below 1, text that is not text).
    private func check(_ claim: ImportedClaim, number: Int) throws {
        let draft = ClaimDraft(
            title: claim.title, incidentDate: claim.incidentDate, kind: claim.kind,
            notes: claim.notes, itemIDs: claim.lines.compactMap(\.itemID))
        var reasons = manager.problems(
            with: draft, keptCopies: claim.lines.count { $0.itemID == nil }
        ).map(\.message)
        for line in claim.lines {
            do {
                if try ItemValidation.text(line.name, field: .name, limit: 200) == nil {
                    reasons.append("a line has no name")
                }
                for (text, field) in [
                    (line.description, ValueField.description), (line.brand, .brand),
                    (line.model, .model), (line.serialNumber, .serial),
                    (line.location, .location),
                ] {
                    _ = try ItemValidation.text(text, field: field)
                }
                if line.quantity < 1 { reasons.append("a line has a quantity below 1") }
            } catch let error as InventoryError {
                reasons.append("a line has \(error.description)")
            }
        }
        guard let first = reasons.first else { return }
        throw ImportError.unreadable(
            path: path, reason: "claim \(number) (\(quoted(claim.title))): \(first)")
    }

    /// Adds the claims after the items: each line names the item its document item became
    /// here (found by the reference the import gave it), or keeps a copy when there is none
    /// (a deleted item, or an import without references).
    private func addClaims(
        _ claims: [ImportedClaim], of document: InventoryDocument, rows: [(Int, ImportedRow)],
        into batch: inout ImportBatch
    ) throws {
        guard !claims.isEmpty else { return }
        try batch.writePendingItems()
        var here: [Int64: Int64] = [:]
        for ((_, row), item) in zip(rows, document.items) {
            if let ref = row.importRef, let id = try batch.resolve(ref, row: row) {
                here[item.id] = id
            }
        }
        for var claim in claims {
            claim.lines = claim.lines.map { line in
                guard let id = line.itemID.flatMap({ here[$0] }) else { return line.copy }
                return line.naming(id)
            }
            try batch.addClaim(claim)
        }
    }

    /// A claim of the document, its values checked.
    static func claim(
        _ record: InventoryDocument.ClaimRecord, number: Int, currency: Currency, path: String
    ) throws -> ImportedClaim {
        func refuse(_ reason: String) -> ImportError {
            .unreadable(path: path, reason: "claim \(number) (\(quoted(record.title))) \(reason)")
        }
        func timestamp(_ text: String) throws -> Timestamp {
            guard let time = Self.timestamp(text) else {
                throw refuse("has a time that is not RFC 3339: \(quoted(text))")
            }
            return time
        }
        do {
            guard let kind = ClaimKind(rawValue: record.kind) else {
                throw refuse("has an unknown kind \(quoted(record.kind))")
            }
            let lines = try record.items.map { line in
                var claimed = ClaimedItem(
                    itemID: line.itemID, name: line.name, description: line.description,
                    brand: line.brand, model: line.model, serialNumber: line.serial,
                    price: try line.price.flatMap { try ValueParser.price($0, currency: currency) },
                    purchaseDate: try line.purchaseDate.flatMap { try ValueParser.date($0) },
                    location: line.location, quantity: try ItemValidation.quantity(line.quantity),
                    isLuxury: line.luxury ?? false, isInsured: line.insured, photo: nil,
                    replacementValue: try line.value.flatMap {
                        try ValueParser.price($0, currency: currency, field: .value)
                    },
                    hadReceipt: line.hadReceipt)
                if let ledger = line.ledger {
                    claimed.terms = try ledger.terms(currency: currency)
                }
                return claimed
            }
            return ImportedClaim(
                title: record.title,
                incidentDate: try record.incidentDate.flatMap { try ValueParser.date($0) },
                kind: kind, notes: record.notes, createdAt: try timestamp(record.createdAt),
                updatedAt: try timestamp(record.updatedAt), lines: lines)
        } catch let error as InventoryError {
            throw refuse("has \(error.description)")
        }
    }

    private func apply<Sink: ImportSink & ~Copyable>(
        _ rows: [(Int, ImportedRow)], writer: RowWriter, into sink: inout Sink,
        report: inout ImportReport
    ) throws {
        var writer = writer
        for (number, row) in rows {
            let reason: String
            switch try writer.write(row, number: number, into: &sink, report: &report) {
            case nil: continue
            case .referenceUsed(let ref, let earlier):
                reason = "import reference \(quoted(ref)) is also item \(earlier)'s"
            case .invalid(let error):
                reason = error.description
            }
            report.record(ImportProblem(row: number, column: nil, reason: reason))
            report.rejected += 1
        }
    }

    private func read() throws -> InventoryDocument {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError.unreadable(path: path, reason: "cannot read it")
        }
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw ImportError.unreadable(path: path, reason: "it is not valid JSON")
        }
        guard header.format == "inventory" else {
            throw ImportError.unreadable(
                path: path,
                reason: "it is JSON, but not an inventory export (no \"format\": \"inventory\")")
        }
        if let version = header.version, version > InventoryDocument.currentVersion {
            throw ImportError.unreadable(
                path: path,
                reason: "it was written by a newer version of inventory (layout \(version)); "
                    + "update inventory to read it")
        }
        do {
            return try JSONDecoder().decode(InventoryDocument.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ImportError.unreadable(
                path: path,
                reason: "\(Self.place(context.codingPath)) has no \(quoted(key.stringValue))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw ImportError.unreadable(
                path: path,
                reason: "\(Self.place(context.codingPath)) has a value of the wrong kind")
        } catch {
            throw ImportError.unreadable(path: path, reason: "it is not an inventory export")
        }
    }

    /// `items[3].price` as a reader names it: `item 4's price`.
    private static func place(_ path: [CodingKey]) -> String {
        var words: [String] = []
        var index = 0
        while index < path.count {
            let key = path[index]
            if let next = path.dropFirst(index + 1).first, let number = next.intValue {
                words.append(
                    "\(key.stringValue.hasSuffix("s") ? String(key.stringValue.dropLast()) : key.stringValue) \(number + 1)"
                )
                index += 2
            } else {
                words.append(key.stringValue)
                index += 1
            }
        }
        return words.isEmpty ? "the document" : words.joined(separator: ", ")
    }

    static func row(
        _ item: InventoryDocument.Item, currency: Currency, options: ImportOptions,
        inventory: String?
    ) throws -> ImportedRow {
        func money(_ text: String?, _ field: ValueField) throws -> Money? {
            try text.flatMap { try ValueParser.price($0, currency: currency, field: field) }
        }
        func date(_ text: String?, _ field: ValueField) throws -> CalendarDate? {
            try text.flatMap { try ValueParser.date($0, field: field) }
        }
        var row = ImportedRow()
        if options.updateBy == .importRef {
            row.importRef =
                item.importRef
                ?? inventory.map { ExportedReference(identity: $0, itemID: item.id).description }
        }
        row.name = item.name
        row.description = .some(item.description)
        row.notes = .some(item.notes)
        row.location = .some(item.location)
        row.tags = item.tags
        row.quantity = .some(item.quantity)
        row.isInsured = item.insured
        row.isLuxury = item.luxury
        row.price = .some(try money(item.price, .price))
        row.value = .some(try money(item.value, .value))
        row.purchasedFrom = .some(item.purchasedFrom)
        row.purchaseDate = .some(try date(item.purchaseDate, .purchaseDate))
        row.brand = .some(item.brand)
        row.model = .some(item.model)
        row.serial = .some(item.serial)
        row.hasLifetimeWarranty = item.lifetimeWarranty
        row.isScheduled = item.scheduled
        row.warrantyUntil = .some(try date(item.warrantyUntil, .warrantyUntil))
        row.reviewedAt = .some(try date(item.reviewedAt, .reviewedAt))
        row.createdAt = timestamp(item.createdAt)
        row.updatedAt = timestamp(item.updatedAt)
        return row
    }

    /// An export's RFC 3339 time, to the millisecond it was written with (nil if it is not one).
    static func timestamp(_ text: String) -> Timestamp? {
        let date =
            (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
        // Rounded: a time read back through a Double may fall a hair short of its millisecond.
        return date.map {
            Timestamp(millisecondsSince1970: Int64(($0.timeIntervalSince1970 * 1000).rounded()))
        }
    }
}

extension ClaimedItem {
    /// The line as the copy of a deleted item.
    var copy: ClaimedItem { naming(nil) }

    /// The line naming item `id` (nil: a copy).
    func naming(_ id: Int64?) -> ClaimedItem {
        var line = ClaimedItem(
            itemID: id, name: name, description: description, brand: brand, model: model,
            serialNumber: serialNumber, price: price, purchaseDate: purchaseDate,
            location: location, quantity: quantity, isLuxury: isLuxury, isInsured: isInsured,
            photo: photo, replacementValue: replacementValue, hadReceipt: hadReceipt)
        line.terms = terms
        return line
    }
}
