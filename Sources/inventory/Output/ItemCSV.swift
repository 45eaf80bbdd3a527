import InventoryExchange
import InventoryKit

/// Items as RFC 4180 CSV (`CSVWriter`'s rule: CRLF line ends, a text a spreadsheet would run
/// as a formula with an apostrophe before it, fields quoted when they must be). The columns
/// are the JSON keys.
enum ItemCSV {
    static let header =
        "id,name,description,price,currency,purchaseDate,luxury,insured,quantity,location,"
        + "brand,model,serial,notes,photo,createdAt,updatedAt,version,value,worth,purchasedFrom,"
        + "warrantyUntil,lifetimeWarranty,reviewedAt,tags,files,scheduled\r\n"

    /// Appends one item as a CSV record, with its CRLF, to `bytes`: written field by field
    /// into the output buffer, as a listing of a million items needs. `forTerminal`: the CSV
    /// is read on a terminal, where a stored control character is written out, not sent raw.
    static func appendRow(
        _ item: HouseholdItem, manager: InventoryManager, forTerminal: Bool = false,
        to bytes: inout OutputBytes
    ) {
        func appendField(_ field: String?, to bytes: inout OutputBytes) {
            ItemCSV.appendField(field, forTerminal: forTerminal, to: &bytes)
        }
        let comma = UInt8(ascii: ",")
        ASCIIDigits.append(item.id, to: &bytes)
        bytes.append(comma)
        appendField(item.name, to: &bytes)
        bytes.append(comma)
        appendField(item.description, to: &bytes)
        bytes.append(comma)
        item.price?.appendDecimal(to: &bytes)
        bytes.append(comma)
        appendField(manager.currency.code, to: &bytes)
        bytes.append(comma)
        item.purchaseDate?.append(to: &bytes)
        bytes.append(comma)
        bytes.append(item.isLuxury ? "true" : "false")
        bytes.append(comma)
        bytes.append(item.isInsured ? "true" : "false")
        bytes.append(comma)
        ASCIIDigits.append(item.quantity, to: &bytes)
        for field in [item.location, item.brand, item.model, item.serialNumber, item.notes] {
            bytes.append(comma)
            appendField(field, to: &bytes)
        }
        bytes.append(comma)
        if item.photo != nil { appendField(manager.photoPath(of: item), to: &bytes) }
        bytes.append(comma)
        item.createdAt.appendISO8601(to: &bytes)
        bytes.append(comma)
        item.updatedAt.appendISO8601(to: &bytes)
        bytes.append(comma)
        ASCIIDigits.append(item.version, to: &bytes)
        bytes.append(comma)
        item.replacementValue?.appendDecimal(to: &bytes)
        bytes.append(comma)
        item.worth?.appendDecimal(to: &bytes)
        bytes.append(comma)
        appendField(item.purchasedFrom, to: &bytes)
        bytes.append(comma)
        item.warrantyUntil?.append(to: &bytes)
        bytes.append(comma)
        bytes.append(item.hasLifetimeWarranty ? "true" : "false")
        bytes.append(comma)
        item.reviewedAt?.append(to: &bytes)
        bytes.append(comma)
        // Tags joined by "; " (the separator imports split on), files by their kind.
        if !item.tags.isEmpty { appendField(item.tags.joined(separator: "; "), to: &bytes) }
        bytes.append(comma)
        if !item.attachments.isEmpty {
            appendField(
                item.attachments.map { "\($0.kind.rawValue):\(manager.photos.path(of: $0.file))" }
                    .joined(separator: "; "), to: &bytes)
        }
        bytes.append(comma)
        bytes.append(item.isScheduled ? "true" : "false")
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
