import ArgumentParser
import InventoryKit

/// The item fields `add` and `edit` share. Values are parsed by the library, so a bad one is
/// reported with the library's message (and exit 65), not as a usage error.
struct ItemFieldOptions: ParsableArguments {
    @Option(help: "What the item is (1–200 characters).")
    var name: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "What one of it cost, such as 1234.56 or 1,234.56, in the inventory's currency.",
            valueName: "amount"))
    var price: String?

    @Option(help: ArgumentHelp("The day it was bought.", valueName: "YYYY-MM-DD"))
    var purchased: String?

    @Option(help: "A longer description.")
    var description: String?

    @Option(
        help: ArgumentHelp(
            "A picture of it (JPEG, PNG, GIF, WebP or HEIC), copied into the inventory.",
            valueName: "file"))
    var photo: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How many of it there are (1 or more).", valueName: "n"))
    var quantity: String?

    @Option(help: "The room or place where it is kept.")
    var location: String?

    @Option(help: "The brand or manufacturer.")
    var brand: String?

    @Option(help: "The model name or number.")
    var model: String?

    @Option(help: "The serial number.")
    var serial: String?

    @Option(help: "Free notes.")
    var notes: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "What one would cost to replace today (its worth, used in totals instead of the "
                + "price).",
            valueName: "amount"))
    var value: String?

    @Option(name: .customLong("purchased-from"), help: "The shop or person it was bought from.")
    var purchasedFrom: String?

    @Option(
        name: .customLong("warranty-until"),
        help: ArgumentHelp("The last day of its warranty.", valueName: "YYYY-MM-DD"))
    var warrantyUntil: String?

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            "A tag (1–50 characters; repeat for more). The same tag in another case is one tag.",
            valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(
            "A field of your own ('inventory fields'), NAME=VALUE; an empty value clears it "
                + "(repeat for more).",
            valueName: "name=value"))
    var customFieldTexts: [String] = []

    /// The fields of your own given (`--field NAME=VALUE`), by name, as typed.
    ///
    /// - Throws: `InventoryError.invalidValue` for one without `=` or a name.
    func customFields() throws -> [String: String] {
        var values: [String: String] = [:]
        for text in customFieldTexts {
            guard let equals = text.firstIndex(of: "="),
                !text[..<equals].trimmingWhitespace().isEmpty
            else {
                throw InventoryError.invalidValue(
                    field: .other("field"), value: text, reason: "write it as NAME=VALUE")
            }
            values[text[..<equals].trimmingWhitespace()] = String(
                text[text.index(after: equals)...])
        }
        return values
    }

    /// Each field given as text, by its key in `ItemField.all` (the options' names are the
    /// command line's: `--purchased` gives `purchaseDate`).
    private var texts: [(key: String, text: String?)] {
        [
            ("name", name), ("price", price), ("purchaseDate", purchased),
            ("description", description), ("quantity", quantity), ("location", location),
            ("brand", brand), ("model", model), ("serial", serial), ("notes", notes),
            ("value", value), ("purchasedFrom", purchasedFrom), ("warrantyUntil", warrantyUntil),
        ]
    }

    /// The fields given, each parsed by its kind (`ValueParser.value`); an empty value clears
    /// the field, but an empty quantity is no quantity given.
    ///
    /// - Throws: `InventoryError.invalidValue` for a value that does not parse.
    func values(currency: Currency) throws -> [(field: ItemField, value: ItemFieldValue)] {
        try texts.compactMap { key, text in
            guard let text, let field = ItemField.field(named: key) else { return nil }
            if case .count = field.kind, text.trimmingWhitespace().isEmpty { return nil }
            return (field, try ValueParser.value(of: field, from: text, currency: currency))
        }
    }

    /// Whether no field was given.
    var isEmpty: Bool {
        texts.allSatisfy { $0.text == nil } && photo == nil && tags.isEmpty
            && customFieldTexts.isEmpty
    }
}
