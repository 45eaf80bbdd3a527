public import InventoryKit

/// How an item's JSON names its photo and files.
public enum ItemFileNaming: Sendable {
    /// By their paths on this machine (`"photo"`, and `"path"` in each file): for the command
    /// line.
    case paths
    /// By their addresses under a prefix ending in `/` (`"photo"`, and `"url"` in each file),
    /// followed by the stored name: for the server, which never shows a path.
    case urls(prefix: String)
}

/// Items as JSON, with the keys in a fixed order, shared by the command line and the server.
/// Written by hand, straight into bytes: a listing writes a million.
public enum ItemJSON {
    /// One item as a compact JSON object.
    public static func object(
        _ item: HouseholdItem, manager: InventoryManager, files: ItemFileNaming = .paths
    ) -> String {
        var bytes = OutputBytes(capacity: 512)
        appendObject(item, manager: manager, files: files, to: &bytes)
        return bytes.string
    }

    /// Each field's key as it starts its member (`,"name":`), in `ItemField.all` order, one
    /// after the other in one buffer (an array each was a retain and a release each).
    private static let keys: (bytes: [UInt8], ends: [Int]) = {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for field in ItemField.all {
            bytes += Array(",\"\(field.key)\":".utf8)
            ends.append(bytes.count)
        }
        return (bytes, ends)
    }()
    /// Where the price and the value are in `ItemField.all`: the currency and the worth follow.
    private static let priceIndex = ItemField.all.firstIndex { $0.key == "price" }
    private static let valueIndex = ItemField.all.firstIndex { $0.key == "value" }

    /// Appends the JSON value of `field` on `item` to `bytes`: a string, `true` or `false`, a
    /// number, an array of tags, or `null` when it is empty.
    public static func appendValue(
        of field: ItemField, on item: HouseholdItem, to bytes: inout OutputBytes
    ) {
        appendValue(field.slot.value(of: item), to: &bytes)
    }

    /// Appends `value` as JSON to `bytes`.
    private static func appendValue(_ value: ItemFieldValue, to bytes: inout OutputBytes) {
        func quoted(_ write: (inout OutputBytes) -> Void) {
            bytes.append(UInt8(ascii: "\""))
            write(&bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        switch value {
        case .text(let text): appendString(text, to: &bytes)
        case .money(let amount):
            if let amount {
                quoted(amount.appendDecimal)
            } else {
                bytes.append("null")
            }
        case .date(let date):
            if let date {
                quoted(date.append)
            } else {
                bytes.append("null")
            }
        case .flag(let flag): if flag { bytes.append("true") } else { bytes.append("false") }
        case .count(let count): ASCIIDigits.append(count, to: &bytes)
        case .tags(let tags):
            bytes.append(UInt8(ascii: "["))
            for (index, tag) in tags.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(tag, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// The JSON value of `field` on `item` (`appendValue`), as text.
    public static func value(of field: ItemField, on item: HouseholdItem) -> String {
        var bytes = OutputBytes(capacity: 64)
        appendValue(of: field, on: item, to: &bytes)
        return bytes.string
    }

    /// Appends one item as a compact JSON object to `bytes`: its id, each field of
    /// `ItemField.all` by its key (the currency after the price, the worth after the value),
    /// then its photo, files, the household's own fields (`fields`), times and version.
    public static func appendObject(
        _ item: HouseholdItem, manager: InventoryManager, files naming: ItemFileNaming = .paths,
        to bytes: inout OutputBytes
    ) {
        func quoted(_ write: (inout OutputBytes) -> Void) {
            bytes.append(UInt8(ascii: "\""))
            write(&bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append("{\"id\":")
        ASCIIDigits.append(item.id, to: &bytes)
        // The tables read once an item, not once a field.
        let (keyBytes, ends) = Self.keys
        let (priceIndex, valueIndex) = (Self.priceIndex, Self.valueIndex)
        keyBytes.withUnsafeBufferPointer { keys in
            var start = 0
            for (index, entry) in ItemField.layout.enumerated() {
                let end = ends[index]
                bytes.append(UnsafeBufferPointer(rebasing: keys[start..<end]))
                start = end
                appendValue(entry.slot.value(of: item), to: &bytes)
                // What is derived from a field follows it: the currency of the price, the worth
                // after the value.
                if index == priceIndex {
                    bytes.append(",\"currency\":")
                    appendString(manager.currency.code, to: &bytes)
                } else if index == valueIndex {
                    bytes.append(",\"worth\":")
                    if let worth = item.worth {
                        quoted(worth.appendDecimal)
                    } else {
                        bytes.append("null")
                    }
                }
            }
        }
        bytes.append(",\"photo\":")
        switch naming {
        case .paths: appendString(item.photo == nil ? nil : manager.photoPath(of: item), to: &bytes)
        case .urls(let prefix): appendString(item.photo.map { prefix + $0 }, to: &bytes)
        }
        bytes.append(",\"files\":[")
        for (index, file) in item.attachments.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append("{\"id\":")
            ASCIIDigits.append(file.id, to: &bytes)
            bytes.append(",\"kind\":")
            appendString(file.kind.rawValue, to: &bytes)
            bytes.append(",\"caption\":")
            appendString(file.caption, to: &bytes)
            switch naming {
            case .paths:
                bytes.append(",\"path\":")
                appendString(manager.photos.path(of: file.file), to: &bytes)
            case .urls(let prefix):
                bytes.append(",\"url\":")
                appendString(prefix + file.file, to: &bytes)
            }
            bytes.append("}")
        }
        bytes.append("]")
        // The household's own fields, by key (the field's name in lower case), in order.
        bytes.append(",\"fields\":{")
        if !item.customFields.isEmpty {
            for (index, entry) in item.customFields.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(entry.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                appendString(entry.value, to: &bytes)
            }
        }
        bytes.append("}")
        bytes.append(",\"createdAt\":")
        quoted(item.createdAt.appendISO8601)
        bytes.append(",\"updatedAt\":")
        quoted(item.updatedAt.appendISO8601)
        bytes.append(",\"version\":")
        ASCIIDigits.append(item.version, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Items as a JSON array, one object per line.
    public static func array(_ items: [HouseholdItem], manager: InventoryManager) -> String {
        guard !items.isEmpty else { return "[]" }
        return "[\n  " + items.map { object($0, manager: manager) }.joined(separator: ",\n  ")
            + "\n]"
    }

    /// Appends `text` as a JSON string (or `null`), escaping quotes, backslashes and controls.
    public static func appendString(_ text: String?, to json: inout String) {
        var bytes = OutputBytes()
        appendString(text, to: &bytes)
        json += bytes.string
    }

    /// Appends `text` as a JSON string (or `null`) to `bytes`, escaping quotes, backslashes,
    /// control characters (C0, DEL and C1, so that none reaches a terminal raw) and
    /// U+2028/U+2029 (which end a line in JavaScript).
    public static func appendString(_ text: String?, to bytes: inout OutputBytes) {
        guard var text else {
            bytes.append("null")
            return
        }
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Most strings need nothing escaped: their bytes go in at once.
            if utf8.contains(where: mayNeedEscaping) {
                appendEscaping(utf8, to: &bytes)
            } else {
                bytes.append(utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` is escaped, or may begin a sequence that is.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
            || byte == 0xC2 || byte == 0xE2
    }

    /// Appends `utf8` escaped as `appendString` says, without the quotes.
    private static func appendEscaping(
        _ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout OutputBytes
    ) {
        func appendEscape(_ value: UInt8) {
            func hex(_ digit: UInt8) -> UInt8 {
                digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            }
            bytes.append("\\u00")
            bytes.append(hex(value >> 4))
            bytes.append(hex(value & 0xF))
        }
        var utf8 = utf8.makeIterator()
        // A lead byte whose sequence may need escaping: C2 (C1 controls), E2 80 (U+2028/9).
        var pending: [UInt8] = []
        while let byte = utf8.next() {
            if !pending.isEmpty {
                pending.append(byte)
                if pending[0] == 0xC2 {
                    if (0x80...0x9F).contains(byte) {
                        appendEscape(byte)
                    } else {
                        bytes.append(contentsOf: pending)
                    }
                    pending.removeAll(keepingCapacity: true)
                    continue
                }
                if pending.count == 2, pending[1] == 0x80 { continue }
                if pending.count == 3, pending[2] == 0xA8 || pending[2] == 0xA9 {
                    bytes.append(pending[2] == 0xA8 ? "\\u2028" : "\\u2029")
                } else {
                    bytes.append(contentsOf: pending)
                }
                pending.removeAll(keepingCapacity: true)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): bytes.append("\\\"")
            case UInt8(ascii: "\\"): bytes.append("\\\\")
            case UInt8(ascii: "\n"): bytes.append("\\n")
            case UInt8(ascii: "\r"): bytes.append("\\r")
            case UInt8(ascii: "\t"): bytes.append("\\t")
            case 0..<0x20, 0x7F: appendEscape(byte)
            case 0xC2, 0xE2: pending.append(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: pending)
    }
}
