import InventoryKit

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

    /// Appends one item as a compact JSON object to `bytes`.
    public static func appendObject(
        _ item: HouseholdItem, manager: InventoryManager, files naming: ItemFileNaming = .paths,
        to bytes: inout OutputBytes
    ) {
        func key(_ text: StaticString) {
            bytes.append(text)
        }
        func quoted(_ write: (inout OutputBytes) -> Void) {
            bytes.append(UInt8(ascii: "\""))
            write(&bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        key("{\"id\":")
        ASCIIDigits.append(item.id, to: &bytes)
        key(",\"name\":")
        appendString(item.name, to: &bytes)
        key(",\"description\":")
        appendString(item.description, to: &bytes)
        key(",\"price\":")
        if let price = item.price { quoted(price.appendDecimal) } else { key("null") }
        key(",\"currency\":")
        appendString(manager.currency.code, to: &bytes)
        key(",\"purchaseDate\":")
        if let date = item.purchaseDate { quoted(date.append) } else { key("null") }
        key(",\"luxury\":")
        if item.isLuxury { key("true") } else { key("false") }
        key(",\"insured\":")
        if item.isInsured { key("true") } else { key("false") }
        key(",\"quantity\":")
        ASCIIDigits.append(item.quantity, to: &bytes)
        key(",\"location\":")
        appendString(item.location, to: &bytes)
        key(",\"brand\":")
        appendString(item.brand, to: &bytes)
        key(",\"model\":")
        appendString(item.model, to: &bytes)
        key(",\"serial\":")
        appendString(item.serialNumber, to: &bytes)
        key(",\"notes\":")
        appendString(item.notes, to: &bytes)
        key(",\"value\":")
        if let value = item.replacementValue { quoted(value.appendDecimal) } else { key("null") }
        key(",\"worth\":")
        if let worth = item.worth { quoted(worth.appendDecimal) } else { key("null") }
        key(",\"purchasedFrom\":")
        appendString(item.purchasedFrom, to: &bytes)
        key(",\"warrantyUntil\":")
        if let date = item.warrantyUntil { quoted(date.append) } else { key("null") }
        key(",\"lifetimeWarranty\":")
        if item.hasLifetimeWarranty { key("true") } else { key("false") }
        key(",\"scheduled\":")
        if item.isScheduled { key("true") } else { key("false") }
        key(",\"reviewedAt\":")
        if let date = item.reviewedAt { quoted(date.append) } else { key("null") }
        key(",\"tags\":[")
        for (index, tag) in item.tags.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(tag, to: &bytes)
        }
        key("],\"photo\":")
        switch naming {
        case .paths: appendString(item.photo == nil ? nil : manager.photoPath(of: item), to: &bytes)
        case .urls(let prefix): appendString(item.photo.map { prefix + $0 }, to: &bytes)
        }
        key(",\"files\":[")
        for (index, file) in item.attachments.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            key("{\"id\":")
            ASCIIDigits.append(file.id, to: &bytes)
            key(",\"kind\":")
            appendString(file.kind.rawValue, to: &bytes)
            key(",\"caption\":")
            appendString(file.caption, to: &bytes)
            switch naming {
            case .paths:
                key(",\"path\":")
                appendString(manager.photos.path(of: file.file), to: &bytes)
            case .urls(let prefix):
                key(",\"url\":")
                appendString(prefix + file.file, to: &bytes)
            }
            key("}")
        }
        key("]")
        key(",\"createdAt\":")
        quoted(item.createdAt.appendISO8601)
        key(",\"updatedAt\":")
        quoted(item.updatedAt.appendISO8601)
        key(",\"version\":")
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
            bytes.append("null" as StaticString)
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
            bytes.append("\\u00" as StaticString)
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
                    bytes.append(contentsOf: (pending[2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                } else {
                    bytes.append(contentsOf: pending)
                }
                pending.removeAll(keepingCapacity: true)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7F: appendEscape(byte)
            case 0xC2, 0xE2: pending.append(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: pending)
    }
}
