import Foundation

/// A CSV file as Homebox 0.26.2 exports it (`GET /v1/entities/export`): its 25 columns in its
/// order, every location a row of its own beside the items (FORMATS.md §1.8). A location row
/// has its parent's path as `HB.location` (empty at the top) and an `HB.url` ending in
/// `/location/ID`; an item row its place's full path and `/item/ID`. Items made in Homebox's
/// pages have no `HB.import_ref`.
public struct HomeboxExport {
    /// One entity of the export.
    public struct Row {
        public var cells: [String: String]
    }

    /// The entities, in the order of the file.
    public var rows: [Row] = []

    /// An export of nothing yet.
    public init() {}

    /// The header Homebox 0.26.2 writes, in its order.
    public static let header = [
        "HB.import_ref", "HB.parent_import_ref", "HB.location", "HB.tags", "HB.asset_id",
        "HB.archived", "HB.url", "HB.name", "HB.quantity", "HB.description", "HB.insured",
        "HB.notes", "HB.purchase_price", "HB.purchase_from", "HB.purchase_date",
        "HB.manufacturer", "HB.model_number", "HB.serial_number", "HB.lifetime_warranty",
        "HB.warranty_expires", "HB.warranty_details", "HB.sold_to", "HB.sold_price",
        "HB.sold_date", "HB.sold_notes",
    ]

    /// Adds a location: `parent` is the path of the one holding it ("" at the top).
    public mutating func place(_ name: String, id: String, in parent: String = "") {
        rows.append(
            Row(cells: [
                "HB.location": parent, "HB.url": "https://hb.example/location/\(id)",
                "HB.name": name, "HB.quantity": "1",
            ]))
    }

    /// Adds an item in the place at `path`, with more columns as Homebox writes them.
    public mutating func item(
        _ name: String, id: String, in path: String, _ more: [String: String] = [:]
    ) {
        var cells = [
            "HB.location": path, "HB.url": "https://hb.example/item/\(id)", "HB.name": name,
            "HB.quantity": "1",
        ]
        cells.merge(more) { $1 }
        rows.append(Row(cells: cells))
    }

    /// The file's text: comma separated, `\n` line ends, quoted where Go's writer quotes.
    public var text: String {
        let defaults = [
            "HB.archived": "false", "HB.insured": "false", "HB.purchase_price": "0",
            "HB.lifetime_warranty": "false", "HB.sold_price": "0",
        ]
        func cell(_ value: String) -> String {
            value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
        }
        var lines = [Self.header.joined(separator: ",")]
        for row in rows {
            lines.append(
                Self.header.map { cell(row.cells[$0] ?? defaults[$0] ?? "") }.joined(
                    separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
