public import InventoryModel
import InventoryStore

/// What the form's delegate made of a submission.
public enum ItemFormResult: Sendable, Equatable {
    /// The submission was saved; the item as it now is.
    case accepted(HouseholdItem)
    /// The submission was not saved, for these reasons.
    case refused([ItemFormProblem])
}

/// Validates and saves what an item form submits; the form never saves itself.
public protocol ItemFormDelegate: AnyObject {
    /// Validates what `form` submits and saves it, or says why not.
    ///
    /// - Parameters:
    ///   - form: The submitting form; its `original` is the item being edited, if any.
    ///   - texts: Each text field as typed.
    ///   - luxury: Whether the item is marked as a luxury.
    ///   - insured: Whether the item is marked as insured.
    /// - Returns: The saved item, or the problems that stop it from being saved.
    func itemForm(
        _ form: ItemFormController, didSubmit texts: [ItemFormField: String], luxury: Bool,
        insured: Bool
    )
        -> ItemFormResult
}

/// The add / edit form: every field as typed, the problems of the last submission, and the
/// saved item. A refused submission keeps every character typed.
public final class ItemFormController {
    /// The item being edited, as it was read; nil when adding.
    public let original: HouseholdItem?
    /// Validates and saves.
    public weak var delegate: (any ItemFormDelegate)?
    /// Each text field as typed. Changing a field clears its problems: they were about what
    /// it held before.
    public var texts: [ItemFormField: String] {
        didSet {
            let changed = Set(ItemFormField.allCases.filter { texts[$0] != oldValue[$0] })
            problems.removeAll { $0.field.map(changed.contains) ?? false }
        }
    }
    /// The yes/no boxes ticked.
    public var ticked: Set<ItemFormField>
    /// Whether the box of `field` is ticked.
    public subscript(ticked field: ItemFormField) -> Bool {
        get { ticked.contains(field) }
        set {
            if newValue { ticked.insert(field) } else { ticked.remove(field) }
        }
    }
    /// Whether the luxury box is ticked.
    public var isLuxury: Bool {
        get { self[ticked: .luxury] }
        set { self[ticked: .luxury] = newValue }
    }
    /// Whether the insured box is ticked.
    public var isInsured: Bool {
        get { self[ticked: .insured] }
        set { self[ticked: .insured] = newValue }
    }
    /// Whether the lifetime-warranty box is ticked.
    public var hasLifetimeWarranty: Bool {
        get { self[ticked: .lifetimeWarranty] }
        set { self[ticked: .lifetimeWarranty] = newValue }
    }
    /// Whether the rider box (the policy lists the item by name) is ticked.
    public var isScheduled: Bool {
        get { self[ticked: .scheduled] }
        set { self[ticked: .scheduled] = newValue }
    }
    /// The field the cursor is on.
    public var currentField: ItemFormField = .name
    /// The problems that refused the last submission, less those of fields changed since.
    public private(set) var problems: [ItemFormProblem] = []
    /// The item as the last accepted submission saved it; nil until one is accepted.
    public private(set) var savedItem: HouseholdItem?
    /// The household's own fields (`CustomField`) as typed, by field key: a form shows one box
    /// for each field the inventory defines.
    public var ownTexts: [String: String]
    /// The household's own field the cursor is on (by key), if it is on one rather than on
    /// `currentField`.
    public var currentOwnField: String?

    /// A form to add an item, or to edit `item`.
    public init(editing item: HouseholdItem? = nil) {
        original = item
        ticked = item.map(Self.ticked(of:)) ?? []
        texts = [:]
        ownTexts = item?.customFields ?? [:]
        if let item { texts = Self.texts(of: item) }
    }

    /// Fills the form with `template`'s defaults: its texts, boxes and own fields.
    public func start(from template: ItemTemplate) {
        let item = template.defaults.item
        texts = Self.texts(of: item)
        ticked = Self.ticked(of: item)
        ownTexts = item.customFields
    }

    /// The boxes a form ticks for `item`.
    public static func ticked(of item: HouseholdItem) -> Set<ItemFormField> {
        Set(ItemFormField.allCases.filter { $0.itemField.value(of: item) == .flag(true) })
    }

    /// The texts a form shows for `item`.
    public static func texts(of item: HouseholdItem) -> [ItemFormField: String] {
        var texts: [ItemFormField: String] = [:]
        for field in ItemFormField.allCases where !field.isFlag {
            texts[field] =
                switch field.itemField.value(of: item) {
                case .text(let text): text ?? ""
                case .money(let money): money?.decimalString ?? ""
                case .date(let date): date?.description ?? ""
                case .count(let count): String(count)
                case .tags(let tags): tags.joined(separator: ", ")
                case .flag: ""
                }
        }
        return texts
    }

    /// The tags typed in a form's tags field: separated by commas, blanks left out.
    public static func tags(fromText text: String) -> [String] {
        ValueParser.tags(text)
    }

    /// The problems of one field (nil: of the whole form).
    public func problems(for field: ItemFormField?) -> [ItemFormProblem] {
        problems.filter { $0.field == field }
    }

    /// Hands the fields to the delegate; on refusal everything stays as typed.
    @discardableResult
    public func submit() -> Bool {
        guard let delegate else { return false }
        switch delegate.itemForm(self, didSubmit: texts, luxury: isLuxury, insured: isInsured) {
        case .accepted(let item):
            savedItem = item
            problems = []
            return true
        case .refused(let refusals):
            problems = refusals
            // The cursor goes to the first field refused, in the form's order.
            if let first = ItemFormField.allCases.first(where: { field in
                refusals.contains { $0.field == field }
            }) {
                currentField = first
                currentOwnField = nil
            }
            return false
        }
    }
}
