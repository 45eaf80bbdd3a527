import InventoryKit

/// Items as RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, a quote or a
/// line break, quotes doubled. The columns are the JSON keys.
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

    /// `field`, quoted if it must be.
    static func escape(_ field: String, forTerminal: Bool = false) -> String {
        var bytes = OutputBytes()
        appendField(field, forTerminal: forTerminal, to: &bytes)
        return bytes.string
    }

    /// Appends `field` (nothing for nil), quoted if it must be; for a terminal, with its
    /// control characters other than line breaks and tabs written out.
    static func appendField(
        _ field: String?, forTerminal: Bool = false, to bytes: inout OutputBytes
    ) {
        guard var field else { return }
        if forTerminal { field = VisibleText.of(field, keepingLineBreaks: true) }
        let needsQuotes = field.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        guard needsQuotes else {
            bytes.append(contentsOf: field.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
