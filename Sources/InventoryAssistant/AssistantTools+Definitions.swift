public import MCP

extension Assistant {
    /// A JSON Schema object of `properties`, of which `required` must be given.
    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": "object", "properties": .object(properties),
            "required": .array(required.map { .string($0) }), "additionalProperties": false,
        ])
    }

    private static func property(_ type: String, _ description: String) -> Value {
        .object(["type": .string(type), "description": .string(description)])
    }

    private static let id = property("integer", "The item's id, from search_items.")
    private static let version = property(
        "integer",
        "The item's version as search_items or show_item gave it: the change is refused if the "
            + "item changed since.")
    private static let dryRun = property(
        "boolean",
        "true: check the change and return exactly what it would do, writing nothing.")
    private static let tags: Value = .object([
        "type": "array", "items": .object(["type": "string"]),
        "description": "Tags: short words, lower case (\"kitchen\", \"camping\").",
    ])

    /// The fields an item is added or edited with: the JSON API's names.
    private static let itemFields: [String: Value] = [
        "name": property("string", "What it is (\"Cordless drill\")."),
        "price": property("string", "What was paid, a decimal text (\"149.99\")."),
        "value": property("string", "What replacing it would cost now, a decimal text."),
        "quantity": property("integer", "How many (1 unless said)."),
        "purchaseDate": property("string", "The day it was bought, YYYY-MM-DD."),
        "purchasedFrom": property("string", "The shop or person it was bought from."),
        "location": property(
            "string", "Where it is: a place path (\"House / Garage / Shelf 2\"). It must exist."),
        "brand": property("string", "The maker."),
        "model": property("string", "The model."),
        "serial": property("string", "The serial number."),
        "notes": property("string", "Anything else."),
        "description": property("string", "A longer description."),
        "tags": tags,
        "luxury": property("boolean", "Whether it is a luxury (jewellery, art, a boat)."),
        "insured": property("boolean", "Whether the household's policy covers it."),
        "warrantyUntil": property("string", "The last day of its warranty, YYYY-MM-DD."),
        "fields": .object([
            "type": "object",
            "description": "The household's own fields by name ({\"Wattage\": \"1200\"}).",
            "additionalProperties": .object(["type": "string"]),
        ]),
    ]

    /// Every tool, described for a model to use right the first time.
    public static let definitions: [Tool] = [
        Tool(
            name: "search_items",
            description: """
                Find items. Every filter given narrows the result (they combine with AND). \
                Returns the total, their worth, and one page of items (id, version, name, \
                location, worth, insured, luxury, tags). Example: what in the garage is worth \
                more than 500 and not insured → {"place": "House / Garage", "minWorth": "500", \
                "insured": false}.
                """,
            inputSchema: schema([
                "query": property(
                    "string", "Words to find in names, brands, models, serials, notes and tags."),
                "view": property(
                    "string",
                    "A view: all (the default), luxury, non-insured, on-loan, archive (things "
                        + "that left), or one the household defined."),
                "place": property(
                    "string", "A place path: what is in it or anywhere under it."),
                "tags": tags,
                "minWorth": property("string", "The least worth (value, else price), decimal."),
                "maxWorth": property("string", "The most worth, decimal."),
                "insured": property("boolean", "Only insured (true) or not insured (false)."),
                "luxury": property("boolean", "Only luxury (true) or not (false)."),
                "sort": property(
                    "string",
                    "name, price, worth, purchased or id (the order added); add -desc for the "
                        + "largest first (worth-desc)."),
                "limit": property(
                    "integer", "How many items to return, 1 to 200 (25 unless said)."),
                "offset": property("integer", "How many to skip: the next page."),
            ]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "show_item",
            description: """
                One item: every field (with its version, photos and files), its last 20 \
                changes with who made each, and the claims it is on.
                """,
            inputSchema: schema(["id": id], required: ["id"]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "totals",
            description: """
                What the household owns in all: the number of items and their worth, insured \
                and not, in all, by room and by tag.
                """,
            inputSchema: schema([:]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "check",
            description: """
                The items that lack what an insurance claim needs (a receipt for a valuable \
                thing, a serial number, a purchase date, a photo, …), each with what it lacks.
                """,
            inputSchema: schema([
                "limit": property("integer", "How many items to list (50 unless said).")
            ]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "due",
            description: """
                What is overdue or due soon: maintenance, warranties ending, loans due back.
                """,
            inputSchema: schema([
                "withinDays": property(
                    "integer", "How far ahead to look, in days (30 unless said).")
            ]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "list_claims",
            description: "The insurance claims: id, title and how many items each lists.",
            inputSchema: schema([:]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "add_item",
            description: """
                Add an item. Only name is required; give what is known (from a receipt: price, \
                purchaseDate, purchasedFrom, brand, model, serial). Returns the item with its \
                id and version. With dryRun, returns what would be added.
                """,
            inputSchema: schema(
                itemFields.merging(["dryRun": dryRun]) { a, _ in a }, required: ["name"]),
            annotations: .init(destructiveHint: false, idempotentHint: false)),
        Tool(
            name: "edit_item",
            description: """
                Change an item's fields: only those given change (an empty text clears one). \
                Needs the version you read; refused if the item changed since. Returns what \
                changed and the item. With dryRun, returns what would change.
                """,
            inputSchema: schema(
                itemFields.merging(["id": id, "version": version, "dryRun": dryRun]) { a, _ in a },
                required: ["id", "version"]),
            annotations: .init(destructiveHint: false, idempotentHint: true)),
        Tool(
            name: "move_item",
            description: """
                Move an item, with whatever it holds, to a place (its path, which must exist) \
                or inside another item (#id, a box). Needs the version you read.
                """,
            inputSchema: schema(
                [
                    "id": id, "version": version, "dryRun": dryRun,
                    "to": property(
                        "string", "A place path (\"House / Attic\") or #id of a box to put it in."),
                ], required: ["id", "version", "to"]),
            annotations: .init(destructiveHint: false, idempotentHint: true)),
        Tool(
            name: "tag_item",
            description: "Add tags to an item or take tags away. Needs the version you read.",
            inputSchema: schema(
                [
                    "id": id, "version": version, "dryRun": dryRun, "add": tags,
                    "remove": tags,
                ], required: ["id", "version"]),
            annotations: .init(destructiveHint: false, idempotentHint: true)),
        Tool(
            name: "lend_item",
            description: "Record that an item is lent to someone. Needs the version you read.",
            inputSchema: schema(
                [
                    "id": id, "version": version, "dryRun": dryRun,
                    "to": property("string", "Who has it."),
                    "dueBack": property("string", "When it should come back, YYYY-MM-DD."),
                ], required: ["id", "version", "to"]),
            annotations: .init(destructiveHint: false, idempotentHint: false)),
        Tool(
            name: "return_item",
            description: "Record that a lent item came back. Needs the version you read.",
            inputSchema: schema(
                ["id": id, "version": version, "dryRun": dryRun], required: ["id", "version"]),
            annotations: .init(destructiveHint: false, idempotentHint: false)),
    ]
}
