import InventoryKit

/// Items as RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, a quote or a
/// line break, quotes doubled. The columns are the JSON keys.
enum ItemCSV {
    static let header =
        "id,name,description,price,currency,purchaseDate,luxury,insured,quantity,location,"
        + "brand,model,serial,notes,photo,createdAt,updatedAt,version\r\n"

    /// One item as a CSV record, with its CRLF.
    static func row(_ item: HouseholdItem, manager: InventoryManager) -> String {
        let fields: [String] = [
            String(item.id), item.name, item.description ?? "", item.price?.decimalString ?? "",
            manager.currency.code, item.purchaseDate?.description ?? "",
            String(item.isLuxury), String(item.isInsured), String(item.quantity),
            item.location ?? "", item.brand ?? "", item.model ?? "", item.serialNumber ?? "",
            item.notes ?? "", manager.photoPath(of: item) ?? "", item.createdAt.iso8601,
            item.updatedAt.iso8601, String(item.version),
        ]
        return fields.map(escape).joined(separator: ",") + "\r\n"
    }

    /// `field`, quoted if it must be.
    static func escape(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        guard needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
