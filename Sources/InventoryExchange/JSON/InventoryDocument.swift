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
    /// The household's settings (absent from files of earlier builds).
    var settings: Settings?
    var items: [Item]
    var claims: [ClaimRecord]
    /// The household's own fields (absent from files of earlier builds).
    var fields: [FieldDefinition]?
    /// The templates (absent from files of earlier builds).
    var templates: [TemplateRecord]?

    /// A template: its name and its defaults as the inventory keeps them (a JSON object of
    /// the fields it sets, `ItemTemplate.storedJSON`), as text.
    struct TemplateRecord: Codable {
        var name: String
        var defaults: String
    }

    /// An item's maintenance: its schedules, numbered as the inventory that wrote the file
    /// numbered them, and its log, each entry naming the schedule it counts for.
    struct MaintenanceRecord: Codable {
        struct Schedule: Codable {
            var number: Int64
            var what: String
            /// Nil: once, on `startsOn`.
            var everyMonths: Int?
            var fromLast: Bool
            var startsOn: String
        }

        struct Entry: Codable {
            var doneOn: String
            var what: String
            var cost: String?
            var doneBy: String?
            /// A stored file's name (the inventory's photos folder).
            var file: String?
            var schedule: Int64?
        }

        var schedules: [Schedule]
        var log: [Entry]

        init(schedules: [MaintenanceSchedule], entries: [MaintenanceEntry]) {
            self.schedules = schedules.map {
                Schedule(
                    number: $0.id, what: $0.what, everyMonths: $0.everyMonths,
                    fromLast: $0.fromLast, startsOn: $0.startsOn.description)
            }
            log = entries.map {
                Entry(
                    doneOn: $0.doneOn.description, what: $0.what, cost: $0.cost?.decimalString,
                    doneBy: $0.doneBy, file: $0.file, schedule: $0.scheduleID)
            }
        }

        /// The schedules and entries it records (their item's id 0), amounts in `currency`,
        /// an entry's file kept when `available` has it.
        func records(currency: Currency, available: Set<String>) throws
            -> (schedules: [MaintenanceSchedule], entries: [MaintenanceEntry])
        {
            (
                try schedules.map {
                    MaintenanceSchedule(
                        id: $0.number, itemID: 0, what: $0.what, everyMonths: $0.everyMonths,
                        fromLast: $0.fromLast,
                        startsOn: try CalendarDate(
                            parsing: $0.startsOn, field: .other("starts on")),
                        lastDone: nil)
                },
                try log.map {
                    MaintenanceEntry(
                        id: 0, itemID: 0, scheduleID: $0.schedule,
                        doneOn: try CalendarDate(parsing: $0.doneOn, field: .other("done on")),
                        what: $0.what,
                        cost: try $0.cost.map {
                            try ValueParser.price($0, currency: currency, field: .other("cost"))
                        } ?? nil,
                        doneBy: $0.doneBy,
                        file: $0.file.flatMap { available.contains($0) ? $0 : nil })
                }
            )
        }
    }

    /// A field of the household's own, as defined.
    struct FieldDefinition: Codable {
        var name: String
        /// `text`, `number`, `money`, `date`, `yes/no` or `choice`.
        var type: String
        var options: [String]?
        var requiredForTag: String?
        var minimum: Double?
        var maximum: Double?

        init(_ field: CustomField) {
            name = field.name
            type = field.kind.name
            if case .choice(let list) = field.kind { options = list }
            requiredForTag = field.requiredForTag
            minimum = field.minimum
            maximum = field.maximum
        }

        /// The field it defines (its id not yet given).
        func field() throws -> CustomField {
            guard let kind = CustomField.Kind(name: type, options: options ?? []) else {
                throw InventoryError.invalidValue(
                    field: .other("field type"), value: type,
                    reason: "a field is " + CustomField.Kind.names.joined(separator: ", "))
            }
            return CustomField(
                id: 0, name: name, kind: kind, requiredForTag: requiredForTag, minimum: minimum,
                maximum: maximum)
        }
    }

    static let currentVersion = 1

    /// An item: its id, reference, files and times, and each field of `ItemField.all` under
    /// its key (money and days as text; empty text, money and days left out).
    struct Item: Codable {
        var id: Int64
        var importRef: String?
        /// The reference of the item it is inside (absent from files of earlier builds, and
        /// for an item in a place).
        var container: String?
        /// Each field the item has a value for, by `ItemField.key`.
        var fields: [String: FieldValue] = [:]
        // Since a JSON import takes files: the main photo (absent before: the first photo).
        var photo: String?
        var files: [File]
        /// The values of the household's own fields, by key (absent from files of earlier
        /// builds).
        var customFields: [String: String] = [:]
        /// Its maintenance, if it has any (absent from files of earlier builds).
        var maintenance: MaintenanceRecord?
        var createdAt: String
        var updatedAt: String
        var version: Int

        /// A field's value as the document writes it.
        enum FieldValue {
            case text(String)
            case flag(Bool)
            case count(Int)
            case tags([String])
        }

        /// Whether the item has an amount (a price or a value): one in another currency
        /// than the inventory's cannot be read into it.
        var hasAmounts: Bool {
            ItemField.all.contains { field in
                guard case .money = field.kind else { return false }
                return fields[field.key] != nil
            }
        }

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(_ key: String) { stringValue = key }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Reads an item; the name, quantity and tags are required. A flag may be absent (a file
        /// written before it existed): a new item is then without it, an updated one keeps
        /// its own.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            id = try container.decode(Int64.self, forKey: Key("id"))
            importRef = try container.decodeIfPresent(String.self, forKey: Key("importRef"))
            self.container = try container.decodeIfPresent(String.self, forKey: Key("container"))
            for field in ItemField.all {
                let key = Key(field.key)
                switch field.kind {
                case .name:
                    fields[field.key] = .text(try container.decode(String.self, forKey: key))
                case .text, .money, .date, .choice:
                    if let text = try container.decodeIfPresent(String.self, forKey: key) {
                        fields[field.key] = .text(text)
                    }
                case .flag:
                    if let flag = try container.decodeIfPresent(Bool.self, forKey: key) {
                        fields[field.key] = .flag(flag)
                    }
                case .count: fields[field.key] = .count(try container.decode(Int.self, forKey: key))
                case .tags:
                    fields[field.key] = .tags(try container.decode([String].self, forKey: key))
                }
            }
            photo = try container.decodeIfPresent(String.self, forKey: Key("photo"))
            files = try container.decode([File].self, forKey: Key("files"))
            customFields =
                try container.decodeIfPresent([String: String].self, forKey: Key("fields")) ?? [:]
            maintenance = try container.decodeIfPresent(
                MaintenanceRecord.self, forKey: Key("maintenance"))
            createdAt = try container.decode(String.self, forKey: Key("createdAt"))
            updatedAt = try container.decode(String.self, forKey: Key("updatedAt"))
            version = try container.decode(Int.self, forKey: Key("version"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(id, forKey: Key("id"))
            try container.encodeIfPresent(importRef, forKey: Key("importRef"))
            try container.encodeIfPresent(self.container, forKey: Key("container"))
            for (key, value) in fields {
                switch value {
                case .text(let text): try container.encode(text, forKey: Key(key))
                case .flag(let flag): try container.encode(flag, forKey: Key(key))
                case .count(let count): try container.encode(count, forKey: Key(key))
                case .tags(let tags): try container.encode(tags, forKey: Key(key))
                }
            }
            try container.encodeIfPresent(photo, forKey: Key("photo"))
            try container.encode(files, forKey: Key("files"))
            try container.encode(customFields, forKey: Key("fields"))
            try container.encodeIfPresent(maintenance, forKey: Key("maintenance"))
            try container.encode(createdAt, forKey: Key("createdAt"))
            try container.encode(updatedAt, forKey: Key("updatedAt"))
            try container.encode(version, forKey: Key("version"))
        }
    }

    /// What a household sets once: the report's title, `check`'s thresholds, the ledger's
    /// depreciation terms and the policy's limits. Amounts in the document's currency.
    struct Settings: Codable {
        var title: String?
        var receiptThreshold: String
        var reviewDays: Int
        /// The household's own terms by category (`DepreciationTerms.text`: `8y`, `never`).
        var depreciation: [String: String]
        var maximumDepreciationBasisPoints: Int?
        var coverageLimit: String?
        var specialLimits: [String: String]
        // Since the warranty notice became a setting: absent when it is the default.
        var warrantyNoticeDays: Int?
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
        // Since the adjuster's exports: absent when the claim has none.
        /// The sales tax rate in percent ("8.875").
        var salesTax: String?
        var grouped: [String]?
        var payments: [Payment]?
    }

    /// Money the insurer paid on a claim.
    struct Payment: Codable {
        var receivedOn: String
        var amount: String
        var kind: String
        var memo: String?
    }

    /// A claim's line: the item it names (`itemID`, an item of the document) or, with none,
    /// a deleted item; with the item's fields as the line recorded them.
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
        // Since a line records every field of its item (`tags` is always written since): a
        // line of an earlier file that names an item takes these from that item.
        var purchasedFrom: String?
        var warrantyUntil: String?
        var lifetimeWarranty: Bool?
        var scheduled: Bool?
        var tags: [String]?
        var photo: String?
        var files: [File]?
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
        // Since a JSON import takes files: the stored name of the replacement's receipt.
        var replacementReceipt: String?
        // Since the adjuster's exports: absent when false, or when the line has no rate of
        // its own.
        var businessUse: Bool?
        var salesTax: String?
    }
}

extension InventoryDocument.Settings {
    init(_ settings: InventorySettings) {
        title = settings.title
        receiptThreshold = settings.receiptThreshold.decimalString
        reviewDays = settings.reviewDays
        depreciation = settings.depreciation.mapValues(\.text)
        maximumDepreciationBasisPoints = settings.maximumDepreciationBasisPoints
        coverageLimit = settings.coverageLimit?.decimalString
        specialLimits = settings.specialLimits.mapValues(\.decimalString)
        warrantyNoticeDays =
            settings.warrantyNoticeDays == InventorySettings.defaultWarrantyNoticeDays
            ? nil : settings.warrantyNoticeDays
    }

    /// The settings it records, checked.
    func settings(currency: Currency) throws -> InventorySettings {
        func amount(_ text: String, _ field: String) throws -> Money {
            guard let money = try ValueParser.price(text, currency: currency, field: .other(field))
            else {
                throw InventoryError.invalidValue(
                    field: .other(field), value: text, reason: "an amount is needed")
            }
            return money
        }
        func category(_ name: String) throws -> String {
            guard DepreciationTable.categoryName(name) == name else {
                throw InventoryError.invalidValue(
                    field: .other("category"), value: name,
                    reason: "a category is 1 to 40 lower-case letters, digits, spaces or hyphens")
            }
            return name
        }
        var settings = InventorySettings(
            title: title, receiptThreshold: try amount(receiptThreshold, "receipt threshold"),
            reviewDays: reviewDays)
        if let warrantyNoticeDays { settings.warrantyNoticeDays = warrantyNoticeDays }
        for (name, text) in depreciation {
            guard let terms = DepreciationTerms(text: text) else {
                throw InventoryError.invalidValue(
                    field: .other("depreciation"), value: text,
                    reason: "terms are a life such as 8y, or never")
            }
            settings.depreciation[try category(name)] = terms
        }
        if let maximum = maximumDepreciationBasisPoints {
            guard (0...10_000).contains(maximum) else {
                throw InventoryError.invalidValue(
                    field: .other("maximum"), value: String(maximum),
                    reason: "the most taken is 0 to 10000 basis points")
            }
            settings.maximumDepreciationBasisPoints = maximum
        }
        settings.coverageLimit = try coverageLimit.map { try amount($0, "coverage limit") }
        for (name, text) in specialLimits {
            settings.specialLimits[try category(name)] = try amount(text, "special limit")
        }
        return settings
    }
}

extension InventoryDocument.Item {
    init(_ item: HouseholdItem, ref: String?, container: String? = nil) {
        id = item.id
        importRef = ref
        self.container = container
        for field in ItemField.all {
            switch field.value(of: item) {
            case .text(let text): fields[field.key] = text.map { .text($0) }
            case .money(let money): fields[field.key] = money.map { .text($0.decimalString) }
            case .date(let date): fields[field.key] = date.map { .text($0.description) }
            case .flag(let flag): fields[field.key] = .flag(flag)
            case .count(let count): fields[field.key] = .count(count)
            case .tags(let tags): fields[field.key] = .tags(tags)
            }
        }
        photo = item.photo
        files = item.attachments.map(InventoryDocument.File.init)
        customFields = item.customFields
        createdAt = item.createdAt.iso8601
        updatedAt = item.updatedAt.iso8601
        version = item.version
    }
}

extension InventoryDocument.File {
    init(_ attachment: Attachment) {
        self.init(
            number: attachment.id, kind: attachment.kind.rawValue, file: attachment.file,
            caption: attachment.caption)
    }

    /// The attachment it lists, checked.
    func attachment() throws -> Attachment {
        guard let kind = Attachment.Kind(rawValue: kind) else {
            throw InventoryError.invalidValue(
                field: .other("file kind"), value: kind,
                reason: "a file is a "
                    + Attachment.Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard number > 0, FileStore.isStoredName(file) else {
            throw InventoryError.invalidValue(
                field: .other("file"), value: "\(number) \(file)",
                reason: "not a stored file's number and name")
        }
        return Attachment(
            id: number, kind: kind, file: file,
            caption: try ItemValidation.text(caption, field: .other("caption")))
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
                luxury: $0.isLuxury, ledger: InventoryDocument.Ledger($0.terms),
                purchasedFrom: $0.purchasedFrom, warrantyUntil: $0.warrantyUntil?.description,
                lifetimeWarranty: $0.hasLifetimeWarranty, scheduled: $0.isScheduled,
                tags: $0.tags, photo: $0.photo,
                files: $0.attachments.map(InventoryDocument.File.init))
        }
        salesTax = claim.salesTax?.percentText
        grouped = claim.groupedCategories.isEmpty ? nil : claim.groupedCategories
        payments =
            claim.payments.isEmpty
            ? nil
            : claim.payments.map {
                InventoryDocument.Payment(
                    receivedOn: $0.receivedOn.description, amount: $0.amount.decimalString,
                    kind: $0.kind.rawValue, memo: $0.memo)
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
        replacementReceipt = terms.replacementReceipt
        businessUse = terms.businessUse ? true : nil
        salesTax = terms.salesTax?.percentText
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
        if let replacementReceipt {
            guard FileStore.isStoredName(replacementReceipt) else {
                throw InventoryError.invalidValue(
                    field: .other("replacement receipt"), value: replacementReceipt,
                    reason: "not a stored file's name")
            }
            terms.replacementReceipt = replacementReceipt
        }
        terms.businessUse = businessUse ?? false
        terms.salesTax = try salesTax.map { try Self.salesTaxRate($0) }
        return terms
    }

    /// A rate as the document writes it ("8.875"), checked.
    static func salesTaxRate(_ text: String) throws -> SalesTaxRate {
        guard let rate = SalesTaxRate(percent: text) else {
            throw InventoryError.invalidValue(
                field: .other("sales tax"), value: text,
                reason: "a rate is a percentage from 0 to 100, such as 8.875")
        }
        return rate
    }
}

/// Reads our own JSON export back into an inventory: each item is added (or, by its import
/// reference, updated), with its fields and tags, then each claim not already here, naming
/// the items as they are now in this inventory. The document lists files without holding
/// them: those this inventory holds, or finds in the folder `ImportOptions.files` names, are
/// kept. A new inventory (no items, no claims) takes the document's settings too.
struct JSONImport {
    let path: String
    let options: ImportOptions
    let manager: InventoryManager

    func run(dryRun: Bool) throws -> ImportReport {
        let document = try read()
        var report = ImportReport(format: .json, separator: nil)
        report.rows = document.items.count
        let currency = manager.currency
        guard
            document.currency == currency.code
                || (document.items.allSatisfy({ !$0.hasAmounts })
                    && document.claims.allSatisfy({ claim in
                        claim.items.allSatisfy { $0.price == nil && $0.value == nil }
                    }))
        else {
            throw ImportError.unreadable(
                path: path,
                reason: "its amounts are in \(document.currency) and this inventory's in "
                    + "\(currency.code)")
        }
        let settings: InventorySettings?
        do {
            settings = try document.settings?.settings(currency: currency)
        } catch let error as InventoryError {
            throw ImportError.unreadable(path: path, reason: "its settings have \(error)")
        }
        let isNew = try manager.count() == 0 && manager.claims().isEmpty
        if let settings, !isNew, settings != (try manager.settings()) {
            report.notes.append(
                "the file's settings (report title, check's thresholds, depreciation, limits) "
                    + "are not taken: this inventory has items or claims of its own")
        }
        var stored = StoredFiles(manager: manager, folder: options.files)
        try stored.find(Self.files(of: document), store: !dryRun, report: &report)
        do {
            return try run(
                document, stored: stored.available, settings: isNew ? settings : nil,
                dryRun: dryRun, report: report)
        } catch {
            manager.removeFilesNotInUse(stored.created)
            throw error
        }
    }

    /// The import once the files it lists are found: `available` are the files kept.
    private func run(
        _ document: InventoryDocument, stored available: Set<String>,
        settings: InventorySettings?, dryRun: Bool, report: ImportReport
    ) throws -> ImportReport {
        var report = report
        let currency = manager.currency
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
                            inventory: document.inventory, files: available)
                    ))
            } catch let error as InventoryError {
                report.record(ImportProblem(row: row, column: nil, reason: error.description))
                report.rejected += 1
            }
        }
        // Written in the order the inventory that wrote the file numbered its items (the file
        // lists them by name), so that a new inventory numbers them alike, but for the numbers
        // of items deleted there.
        rows.sort { document.items[$0.0 - 1].id < document.items[$1.0 - 1].id }
        // A claim is named by its number in the inventory that wrote the file.
        let claims = try document.claims.map { claim in
            try Self.claim(
                claim, number: claim.id, currency: currency, path: path, today: manager.today())
        }
        for (record, claim) in zip(document.claims, claims) {
            try check(claim, number: record.id)
        }
        let definitions: [CustomField]
        do {
            definitions = try (document.fields ?? []).map { try $0.field() }
        } catch let error as InventoryError {
            throw ImportError.unreadable(path: path, reason: "its fields have \(error)")
        }
        var writer = try RowWriter(manager: manager, allowDuplicates: options.allowDuplicates)
        writer.tracksContainers = rows.contains { $0.1.containerRef != nil }
        if dryRun {
            var sink = try DryRunSink(manager: manager, defining: definitions)
            try apply(rows, writer: writer, into: &sink, report: &report)
            let here = Set(try manager.claims().map { "\($0.title)\u{1F}\($0.createdAt)" })
            report.claimsAdded = claims.count { !here.contains("\($0.title)\u{1F}\($0.createdAt)") }
            return report
        }
        if report.rejected > 0 { throw ImportError.invalidRows(report) }
        let outcome = try manager.importItems { batch in
            var report = report
            try batch.defineFields(definitions)
            try apply(rows, writer: writer, into: &batch, report: &report)
            if report.rejected > 0 { throw ImportError.invalidRows(report) }
            if report.duplicates > 0 { throw ImportError.duplicates(report) }
            if let settings { try batch.setSettings(settings) }
            try addClaims(claims, of: document, rows: rows, files: available, into: &batch)
            try addMaintenance(of: document, rows: rows, files: available, into: &batch)
            for template in document.templates ?? [] {
                guard
                    let made = ItemTemplate(
                        name: template.name, storedJSON: template.defaults, currency: currency)
                else {
                    throw ImportError.unreadable(
                        path: path, reason: "its template \(quoted(template.name)) is not valid")
                }
                _ = try batch.addTemplate(made)
            }
            report.claimsAdded = batch.claimsAdded
            return report
        }
        return outcome.result
    }

    /// Refuses a claim the claim form would refuse (a blank or long title, control characters,
    /// a future incident date, no lines) or whose lines are not items (no name, a quantity
    /// below 1, text that is not text).
    private func check(_ claim: ImportedClaim, number: Int64) throws {
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
                // Each field as an item's own is checked (a description may have lines).
                _ = try ItemValidation.text(line.description, field: .description, long: true)
                for (text, field) in [
                    (line.brand, ValueField.brand), (line.model, .model),
                    (line.serialNumber, .serial), (line.location, .location),
                    (line.purchasedFrom, .purchasedFrom),
                ] {
                    _ = try ItemValidation.text(text, field: field)
                }
                for tag in line.tags { _ = try ItemValidation.tag(tag) }
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
    /// here (found by the reference the import gave it), or none (a deleted item, or an import
    /// without references), and keeps what it recorded — with the files this inventory holds.
    private func addClaims(
        _ claims: [ImportedClaim], of document: InventoryDocument, rows: [(Int, ImportedRow)],
        files: Set<String>, into batch: inout ImportBatch
    ) throws {
        guard !claims.isEmpty else { return }
        try batch.writePendingItems()
        var here: [Int64: Int64] = [:]
        for (number, row) in rows {
            let item = document.items[number - 1]
            if let ref = row.importRef, let id = try batch.resolve(ref, row: row) {
                here[item.id] = id
            }
        }
        // Oldest first, as they were made: a new inventory numbers them as the file did.
        for (record, var claim) in zip(document.claims, claims).sorted(by: { $0.0.id < $1.0.id }) {
            var lines: [ClaimedItem] = []
            for (recorded, line) in zip(record.items, claim.lines) {
                var line = line.keepingFiles { files.contains($0) }
                let id = line.itemID.flatMap { here[$0] }
                // A file written before lines recorded every field: the item gives the rest.
                if recorded.tags == nil, let id, let item = try batch.item(id: id) {
                    line = line.completed(from: item, luxury: recorded.luxury)
                }
                lines.append(line.naming(id))
            }
            claim.lines = lines
            try batch.addClaim(claim)
        }
    }

    /// Gives each item of the document its maintenance (an item that has some keeps its own).
    private func addMaintenance(
        of document: InventoryDocument, rows: [(Int, ImportedRow)], files: Set<String>,
        into batch: inout ImportBatch
    ) throws {
        guard document.items.contains(where: { $0.maintenance != nil }) else { return }
        try batch.writePendingItems()
        let currency = manager.currency
        for (number, row) in rows {
            guard let record = document.items[number - 1].maintenance,
                let ref = row.importRef ?? row.fileRef, let id = try batch.resolve(ref, row: row)
            else { continue }
            let (schedules, entries) = try record.records(currency: currency, available: files)
            _ = try batch.addMaintenance(itemID: id, schedules: schedules, entries: entries)
        }
    }

    /// Every file the document lists, by name, with the kind it is checked as (a picture if
    /// anything uses it as a photo).
    static func files(of document: InventoryDocument) -> [(name: String, kind: Attachment.Kind)] {
        var kinds: [String: Attachment.Kind] = [:]
        var order: [String] = []
        func list(_ name: String, _ kind: Attachment.Kind) {
            guard FileStore.isStoredName(name) else { return }
            if let known = kinds[name] {
                if kind == .photo && known != .photo { kinds[name] = .photo }
            } else {
                kinds[name] = kind
                order.append(name)
            }
        }
        for item in document.items {
            for entry in item.maintenance?.log ?? [] {
                if let file = entry.file { list(file, .receipt) }
            }
            for file in item.files {
                list(file.file, Attachment.Kind(rawValue: file.kind) ?? .other)
            }
        }
        for claim in document.claims {
            for line in claim.items {
                if let photo = line.photo { list(photo, .photo) }
                for file in line.files ?? [] {
                    list(file.file, Attachment.Kind(rawValue: file.kind) ?? .other)
                }
                if let receipt = line.ledger?.replacementReceipt { list(receipt, .receipt) }
            }
        }
        return order.map { ($0, kinds[$0] ?? .other) }
    }

    /// A claim of the document, its values checked.
    static func claim(
        _ record: InventoryDocument.ClaimRecord, number: Int64, currency: Currency, path: String,
        today: CalendarDate
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
                    isLuxury: line.luxury ?? false, isInsured: line.insured,
                    photo: try line.photo.map { photo in
                        guard FileStore.isStoredName(photo) else {
                            throw InventoryError.invalidValue(
                                field: .other("photo"), value: photo,
                                reason: "not a stored file's name")
                        }
                        return photo
                    },
                    replacementValue: try line.value.flatMap {
                        try ValueParser.price($0, currency: currency, field: .value)
                    },
                    hadReceipt: line.hadReceipt)
                if let ledger = line.ledger {
                    claimed.terms = try ledger.terms(currency: currency)
                }
                claimed.purchasedFrom = line.purchasedFrom
                claimed.warrantyUntil = try line.warrantyUntil.flatMap {
                    try ValueParser.date($0, field: .warrantyUntil)
                }
                claimed.hasLifetimeWarranty = line.lifetimeWarranty ?? false
                claimed.isScheduled = line.scheduled ?? false
                claimed.tags = line.tags ?? []
                claimed.attachments = try (line.files ?? []).map { try $0.attachment() }
                return claimed
            }
            var claim = ImportedClaim(
                title: record.title,
                incidentDate: try record.incidentDate.flatMap { try ValueParser.date($0) },
                kind: kind, notes: record.notes, createdAt: try timestamp(record.createdAt),
                updatedAt: try timestamp(record.updatedAt), lines: lines)
            claim.salesTax = try record.salesTax.map {
                try InventoryDocument.Ledger.salesTaxRate($0)
            }
            for name in record.grouped ?? [] where !claim.groupedCategories.contains(name) {
                guard DepreciationTable.categoryName(name) == name else {
                    throw InventoryError.invalidValue(
                        field: .other("grouped"), value: name,
                        reason: "a category is 1 to 40 lower-case letters, digits, spaces or "
                            + "hyphens")
                }
                claim.groupedCategories.append(name)
            }
            claim.payments = try (record.payments ?? []).enumerated().map { number, payment in
                guard let kind = ClaimPaymentKind(rawValue: payment.kind) else {
                    throw refuse("has a payment of an unknown kind \(quoted(payment.kind))")
                }
                let amount = try ValueParser.price(
                    payment.amount, currency: currency, field: .other("payment"))
                guard let amount, amount.minorUnits > 0 else {
                    throw refuse("has a payment of \(quoted(payment.amount)), not more than 0")
                }
                guard
                    let day = try ValueParser.date(
                        payment.receivedOn, field: .other("received on"))
                else { throw refuse("has a payment without its day") }
                if day > today {
                    throw refuse("has a payment received in the future (\(day))")
                }
                return ClaimPayment(
                    id: Int64(number + 1), receivedOn: day,
                    amount: amount, kind: kind,
                    memo: try ItemValidation.text(
                        payment.memo, field: .other("what it was for"), limit: 500)
                )
            }
            return claim
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
        if writer.hasWaitingRows {
            for refusal in try writer.placeContainedItems(into: &sink, report: &report) {
                report.refuse(
                    refusal,
                    as: ImportProblem(
                        row: refusal.number, column: refusal.error == nil ? "container" : nil,
                        reason: refusal.reason),
                    listed: !sink.writes)
            }
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
    private static func place(_ path: [any CodingKey]) -> String {
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
        inventory: String?, files available: Set<String> = []
    ) throws -> ImportedRow {
        var row = ImportedRow()
        row.fileRef =
            item.importRef
            ?? inventory.map { ExportedReference(identity: $0, itemID: item.id).description }
        if options.updateBy == .importRef { row.importRef = row.fileRef }
        row.containerRef = item.container
        for field in ItemField.all {
            let given = item.fields[field.key]
            var text: String? {
                guard case .text(let text)? = given else { return nil }
                return text
            }
            switch field.kind {
            case .name, .text, .choice: row.values[field] = .text(text)
            case .money:
                row.values[field] = .money(
                    try text.flatMap {
                        try ValueParser.price($0, currency: currency, field: field.valueField)
                    })
            case .date:
                row.values[field] = .date(
                    try text.flatMap { try ValueParser.date($0, field: field.valueField) })
            case .flag:
                guard case .flag(let flag)? = given else { continue }
                row.values[field] = .flag(flag)
            case .count:
                guard case .count(let count)? = given else { continue }
                row.values[field] = .count(count)
            case .tags:
                guard case .tags(let tags)? = given else { continue }
                row.values[field] = .tags(tags)
            }
        }
        row.customFields = item.customFields
        row.createdAt = timestamp(item.createdAt)
        row.updatedAt = timestamp(item.updatedAt)
        row.version = item.version
        // The files this inventory holds; the main photo, else (a file of an earlier build)
        // the first photo.
        let files = try item.files.map { try $0.attachment() }.filter {
            available.contains($0.file)
        }
        row.files = files
        row.photo =
            item.photo.map { photo in files.contains { $0.file == photo } ? photo : nil }
            ?? (item.photo == nil ? files.first { $0.kind == .photo }?.file : nil)
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

/// The files a document lists, found in this inventory or in the folder of files given.
struct StoredFiles {
    let manager: InventoryManager
    /// The folder that holds the files the export lists, if one was given.
    let folder: String?
    /// The files the import keeps.
    private(set) var available: Set<String> = []
    /// The files it stored (to remove again if it fails).
    private(set) var created: [String] = []

    init(manager: InventoryManager, folder: String?) {
        self.manager = manager
        self.folder = folder
    }

    /// Finds each file of `listed`: one this inventory holds, else one of the folder (stored
    /// when `store`, checked to be the file of that name). Those found nowhere are noted.
    ///
    /// - Throws: `InventoryError` for a file of the folder that is not a whole picture or PDF,
    ///   `ImportError.unreadable` for one whose content is another file's; what it stored is
    ///   removed again then.
    mutating func find(
        _ listed: [(name: String, kind: Attachment.Kind)], store: Bool,
        report: inout ImportReport
    ) throws {
        var missing = 0
        for (name, kind) in listed {
            if FileManager.default.fileExists(atPath: manager.photos.path(of: name)) {
                available.insert(name)
                continue
            }
            guard let folder, FileManager.default.fileExists(atPath: folder + "/" + name) else {
                missing += 1
                continue
            }
            guard store else {
                available.insert(name)
                continue
            }
            let source = folder + "/" + name
            do {
                let (storedName, wasCreated) = try manager.photos.importFile(from: source, as: kind)
                if wasCreated { created.append(storedName) }
                guard storedName == name else {
                    throw ImportError.unreadable(
                        path: source, reason: "its content is not the file the export lists")
                }
            } catch {
                manager.removeFilesNotInUse(created)
                created = []
                throw error
            }
            available.insert(name)
        }
        if missing > 0 {
            report.notes.append(
                "the file lists \(listed.count) stored file\(listed.count == 1 ? "" : "s") "
                    + "(photos, receipts, documents), which a JSON export does not hold; "
                    + "\(missing) of them \(missing == 1 ? "is" : "are") not in this inventory"
                    + (folder == nil ? "" : " nor in the folder of files given")
                    + ", and left out")
        }
    }
}

extension ClaimedItem {
    /// The line with only the files `isStored` says this inventory holds.
    func keepingFiles(_ isStored: (String) -> Bool) -> ClaimedItem {
        var line = self
        line.record.photo = record.photo.flatMap { isStored($0) ? $0 : nil }
        line.record.attachments = record.attachments.filter { isStored($0.file) }
        if let receipt = terms.replacementReceipt, !isStored(receipt) {
            line.terms.replacementReceipt = nil
        }
        return line
    }

    /// A line of a file written before lines recorded every field, naming `item`: what the
    /// file does not give is taken from the item as it is here.
    func completed(from item: HouseholdItem, luxury: Bool?) -> ClaimedItem {
        var line = ClaimedItem(itemID: itemID, record: item, hadReceipt: hadReceipt)
        line.terms = terms
        line.record.name = record.name
        line.record.description = record.description ?? item.description
        line.record.brand = record.brand ?? item.brand
        line.record.model = record.model ?? item.model
        line.record.serialNumber = record.serialNumber ?? item.serialNumber
        line.record.price = record.price
        line.record.purchaseDate = record.purchaseDate ?? item.purchaseDate
        line.record.location = record.location ?? item.location
        line.record.quantity = record.quantity
        line.record.isLuxury = luxury ?? item.isLuxury
        line.record.isInsured = record.isInsured
        line.record.replacementValue = record.replacementValue
        return line
    }
}
