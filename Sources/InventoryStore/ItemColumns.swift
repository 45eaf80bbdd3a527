import Foundation
import InventoryModel

/// The item columns that hold JSON: tags (and their folded keys) and attachments. Most items
/// have neither, and `[]` is read and written without a JSON parser.
enum ItemColumns {
    /// The tags in a `tags` column (nil, from a journal entry written before tags: none).
    static func tags(_ text: String?) throws -> [String] {
        guard let text, text != "[]" else { return [] }
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        else { throw malformed("tags", text) }
        return array
    }

    /// The attachments in an `attachments` column.
    static func attachments(_ text: String?) throws -> [Attachment] {
        guard let text, text != "[]" else { return [] }
        guard
            let array = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [[String: Any]]
        else { throw malformed("attachments", text) }
        return try array.map { object in
            guard let id = object["id"] as? Int, let file = object["file"] as? String,
                let kind = (object["kind"] as? String).flatMap(Attachment.Kind.init(rawValue:))
            else { throw malformed("attachments", text) }
            return Attachment(id: id, kind: kind, file: file, caption: object["caption"] as? String)
        }
    }

    /// The values of the household's own fields in a `custom` column (nil, from a journal
    /// entry written before them: none).
    static func customFields(_ text: String?) throws -> [String: String] {
        guard let text, text != "{}" else { return [:] }
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [String: String]
        else { throw malformed("fields", text) }
        return object
    }

    /// `values` as a JSON object, its keys in order.
    static func json(_ values: [String: String]) -> String {
        guard !values.isEmpty else { return "{}" }
        return "{"
            + values.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + quoted($0.value) }
            .joined(separator: ",") + "}"
    }

    /// `strings` as a JSON array.
    static func json(_ strings: [String]) -> String {
        guard !strings.isEmpty else { return "[]" }
        return "[" + strings.map(quoted).joined(separator: ",") + "]"
    }

    /// `attachments` as a JSON array of objects.
    static func json(_ attachments: [Attachment]) -> String {
        guard !attachments.isEmpty else { return "[]" }
        return "["
            + attachments.map { attachment in
                "{\"id\":\(attachment.id),\"kind\":\(quoted(attachment.kind.rawValue)),"
                    + "\"file\":\(quoted(attachment.file)),\"caption\":"
                    + (attachment.caption.map(quoted) ?? "null") + "}"
            }.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func malformed(_ column: String, _ text: String) -> StoreError {
        .damaged("the \(column) of an item are not valid: \(text.prefix(80))")
    }
}
