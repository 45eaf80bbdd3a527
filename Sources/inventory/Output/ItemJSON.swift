import InventoryKit

/// Items as JSON, with the keys in a fixed order. Written by hand: a listing writes a million.
enum ItemJSON {
    /// One item as a compact JSON object.
    static func object(_ item: HouseholdItem, manager: InventoryManager) -> String {
        var json = "{\"id\":\(item.id),\"name\":"
        json.reserveCapacity(320)
        appendString(item.name, to: &json)
        json += ",\"description\":"
        appendString(item.description, to: &json)
        json += ",\"price\":"
        appendString(item.price?.decimalString, to: &json)
        json += ",\"currency\":"
        appendString(manager.currency.code, to: &json)
        json += ",\"purchaseDate\":"
        appendString(item.purchaseDate?.description, to: &json)
        json += ",\"luxury\":\(item.isLuxury),\"insured\":\(item.isInsured)"
        json += ",\"quantity\":\(item.quantity),\"location\":"
        appendString(item.location, to: &json)
        json += ",\"brand\":"
        appendString(item.brand, to: &json)
        json += ",\"model\":"
        appendString(item.model, to: &json)
        json += ",\"serial\":"
        appendString(item.serialNumber, to: &json)
        json += ",\"notes\":"
        appendString(item.notes, to: &json)
        json += ",\"photo\":"
        appendString(manager.photoPath(of: item), to: &json)
        json +=
            ",\"createdAt\":\"\(item.createdAt.iso8601)\",\"updatedAt\":\"\(item.updatedAt.iso8601)\""
        json += ",\"version\":\(item.version)}"
        return json
    }

    /// Items as a JSON array, one object per line.
    static func array(_ items: [HouseholdItem], manager: InventoryManager) -> String {
        guard !items.isEmpty else { return "[]" }
        return "[\n  " + items.map { object($0, manager: manager) }.joined(separator: ",\n  ")
            + "\n]"
    }

    /// Appends `text` as a JSON string (or `null`), escaping quotes, backslashes and controls.
    static func appendString(_ text: String?, to json: inout String) {
        guard let text else {
            json += "null"
            return
        }
        json += "\""
        var plainStart = text.unicodeScalars.startIndex
        var index = plainStart
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                    "\\u"
                        + String(
                            String(scalar.value, radix: 16).reversed()
                                .padded(to: 4).reversed())
                default: nil
                }
            if let escape {
                json.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                json += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        json.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        json += "\""
    }
}

extension Sequence<Character> {
    fileprivate func padded(to length: Int) -> [Character] {
        var characters = Array(self)
        while characters.count < length { characters.append("0") }
        return characters
    }
}
