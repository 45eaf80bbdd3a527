import InventoryExchange
import InventoryKit

/// Items as RFC 4180 CSV (`CSVWriter`'s rule: CRLF line ends, a text a spreadsheet would run
/// as a formula with an apostrophe before it, fields quoted when they must be). The columns
/// are the JSON keys.
enum ItemCSV {
    /// A column of the listing: a field of the item, or what the inventory keeps or derives.
    private enum Column {
        case field(ItemField)
        case id, currency, photo, createdAt, updatedAt, version, worth, files

        var name: String {
            switch self {
            case .field(let field): field.key
            case .id: "id"
            case .currency: "currency"
            case .photo: "photo"
            case .createdAt: "createdAt"
            case .updatedAt: "updatedAt"
            case .version: "version"
            case .worth: "worth"
            case .files: "files"
            }
        }
    }

    /// The columns, in the order the listing has always had them (each new column was
    /// added at the end), then every field of `ItemField.all` not among them: a field added
    /// to the table comes last, by itself.
    private static let columns: [Column] = {
        let kept: [String: Column] = [
            "id": .id, "currency": .currency, "photo": .photo, "createdAt": .createdAt,
            "updatedAt": .updatedAt, "version": .version, "worth": .worth, "files": .files,
        ]
        let order = [
            "id", "name", "description", "price", "currency", "purchaseDate", "luxury", "insured",
            "quantity", "location", "brand", "model", "serial", "notes", "photo", "createdAt",
            "updatedAt", "version", "value", "worth", "purchasedFrom", "warrantyUntil",
            "lifetimeWarranty", "reviewedAt", "tags", "files", "scheduled",
        ]
        let listed = order.map { name in
            guard let column = kept[name] ?? ItemField.field(named: name).map(Column.field) else {
                preconditionFailure("ItemCSV lists \(name), which is no column of an item")
            }
            return column
        }
        return listed + ItemField.all.filter { !order.contains($0.key) }.map(Column.field)
    }()

    /// The header row: the columns are the JSON keys.
    static let header = columns.map(\.name).joined(separator: ",") + "\r\n"

    /// The header row with fields of the household's own last, by name.
    static func header(ownFields: [CustomField]) -> String {
        guard !ownFields.isEmpty else { return header }
        var bytes = OutputBytes(capacity: 512)
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendField(column.name, to: &bytes)
        }
        for field in ownFields {
            bytes.append(UInt8(ascii: ","))
            appendField(field.name, to: &bytes)
        }
        bytes.append("\r\n")
        return bytes.string
    }

    /// Appends one item as a CSV record, with its CRLF, to `bytes`: written field by field
    /// into the output buffer, as a listing of a million items needs. `forTerminal`: the CSV
    /// is read on a terminal, where a stored control character is written out, not sent raw.
    static func appendRow(
        _ item: HouseholdItem, manager: InventoryManager, forTerminal: Bool = false,
        ownFields: [CustomField] = [], to bytes: inout OutputBytes
    ) {
        func appendField(_ field: String?, to bytes: inout OutputBytes) {
            ItemCSV.appendField(field, forTerminal: forTerminal, to: &bytes)
        }
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch column {
            case .id: ASCIIDigits.append(item.id, to: &bytes)
            case .currency: appendField(manager.currency.code, to: &bytes)
            case .photo:
                if item.photo != nil { appendField(manager.photoPath(of: item), to: &bytes) }
            case .createdAt: item.createdAt.appendISO8601(to: &bytes)
            case .updatedAt: item.updatedAt.appendISO8601(to: &bytes)
            case .version: ASCIIDigits.append(item.version, to: &bytes)
            case .worth: item.worth?.appendDecimal(to: &bytes)
            case .files:
                if !item.attachments.isEmpty {
                    appendField(
                        item.attachments.map {
                            "\($0.kind.rawValue):\(manager.photos.path(of: $0.file))"
                        }.joined(separator: "; "), to: &bytes)
                }
            case .field(let field):
                switch field.value(of: item) {
                case .text(let text): appendField(text, to: &bytes)
                case .money(let money): money?.appendDecimal(to: &bytes)
                case .date(let date): date?.append(to: &bytes)
                case .flag(let flag): bytes.append(flag ? "true" : "false")
                case .count(let count): ASCIIDigits.append(count, to: &bytes)
                case .tags(let tags):
                    // Joined by "; ", the separator imports split on.
                    if !tags.isEmpty { appendField(tags.joined(separator: "; "), to: &bytes) }
                }
            }
        }
        for field in ownFields {
            bytes.append(UInt8(ascii: ","))
            appendField(item.customFields[field.key], to: &bytes)
        }
        bytes.append("\r\n")
    }

    /// Appends `field` (nothing for nil) by the rule of every CSV we write
    /// (`CSVWriter.appendField`); for a terminal, with its control characters other than line
    /// breaks and tabs written out.
    static func appendField(
        _ field: String?, forTerminal: Bool = false, to bytes: inout OutputBytes
    ) {
        guard let field else { return }
        CSVWriter.appendField(
            forTerminal ? VisibleText.of(field, keepingLineBreaks: true) : field, to: &bytes)
    }
}
