/// A value of a JSON object's member as the item form takes it: a text (numbers and days are
/// texts), true or false (a box), a list of texts (tags), or the household's own fields by
/// name.
public enum ItemFormInput: Sendable, Hashable {
    /// A text: a name, an amount, a day, a number.
    case text(String)
    /// True or false: a box of the form.
    case flag(Bool)
    /// A list of texts: tags.
    case texts([String])
    /// The household's own fields, by name.
    case ownFields([String: String])
}

/// Why a JSON object cannot fill the item form: a member that is no field, or of the wrong
/// kind. The words name the member as the object did.
public struct ItemFormInputProblem: Error, Hashable, CustomStringConvertible {
    public let description: String
}

extension ItemFormField {
    /// The form's fields by their names in JSON (the API's, `show --json`'s): `purchaseDate`
    /// for the purchase day, else the form's own.
    public static let jsonNames: [String: ItemFormField] = {
        var names: [String: ItemFormField] = [:]
        for field in ItemFormField.allCases { names[field.rawValue] = field }
        names["purchaseDate"] = .purchased
        names.removeValue(forKey: ItemFormField.purchased.rawValue)
        return names
    }()

    /// The field's name in JSON.
    public var jsonName: String { self == .purchased ? "purchaseDate" : rawValue }
}

extension ItemFormController {
    /// Puts a JSON object's members into the form: those given replace what the form holds,
    /// `fields` holds the household's own fields by name (an empty text clears one), and the
    /// members of `ignoring` are left for the caller (`version`).
    ///
    /// - Throws: `ItemFormInputProblem` for a member that is no field, a box given anything
    ///   but true or false, or a list for anything but tags.
    public func fill(json members: [String: ItemFormInput], ignoring: Set<String> = ["version"])
        throws(ItemFormInputProblem)
    {
        var texts = self.texts
        for (key, value) in members where !ignoring.contains(key) {
            if key == "fields" {
                guard case .ownFields(let own) = value else {
                    throw ItemFormInputProblem(
                        description: "fields must be an object of your own fields' values.")
                }
                for (name, text) in own { ownTexts[CustomField.key(name)] = text }
                continue
            }
            guard let field = ItemFormField.jsonNames[key] else {
                let known = ItemFormField.jsonNames.keys.sorted().joined(separator: ", ")
                throw ItemFormInputProblem(
                    description: "Unknown field \"\(key)\" (fields: \(known), fields, version).")
            }
            switch value {
            case .flag(let flag):
                guard field.isFlag else {
                    throw ItemFormInputProblem(
                        description: "\(key) must be a text or a number, not true or false.")
                }
                self[ticked: field] = flag
            case _ where field.isFlag:
                throw ItemFormInputProblem(description: "\(key) must be true or false.")
            case .texts(let list):
                guard field == .tags else {
                    throw ItemFormInputProblem(description: "Only tags may be a list, not \(key).")
                }
                texts[field] = list.joined(separator: ", ")
            case .text(let text):
                texts[field] = text
            case .ownFields:
                throw ItemFormInputProblem(description: "\(key) cannot be an object.")
            }
        }
        self.texts = texts
    }
}
