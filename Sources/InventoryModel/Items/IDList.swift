/// Lists of ids or line numbers as people type them: `3,5,9-12`.
public enum IDList {
    /// The longest range a list may hold (`IDListError` says "100,000").
    public static let maximumRange = 100_000

    /// The numbers of a list such as `3,5,9-12`, in order, repeats kept (so `3,3` names 3
    /// twice); at most `maximumRange` of them in all, so a list typed or pasted can never
    /// ask for more memory than that.
    public static func numbers(in text: String) -> Result<[Int], IDListError> {
        var numbers: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = part.trimmingWhitespace()
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                let low = Int(bounds[0].trimmingWhitespace()),
                let high = Int(bounds.last!.trimmingWhitespace()), low >= 0, low <= high
            else { return .failure(IDListError(part: part)) }
            guard high - low < maximumRange else {
                return .failure(IDListError(part: part, isTooLong: true))
            }
            guard numbers.count + (high - low + 1) <= maximumRange else {
                return .failure(IDListError(part: text.trimmingWhitespace(), isTooMany: true))
            }
            numbers.append(contentsOf: low...high)
        }
        return .success(numbers)
    }
}

/// A part of an id list such as `3,5,9-12` that is not a number or an ascending range.
public struct IDListError: Error, Sendable, Hashable {
    /// The part as typed, without surrounding whitespace.
    public let part: String
    /// Whether it is a range, but one longer than `IDList.maximumRange`.
    public var isTooLong = false
    /// Whether `part` is the whole list, which names more than `IDList.maximumRange` numbers.
    public var isTooMany = false

    /// What is wrong with the part, in words.
    public var reason: String {
        if isTooMany { return "the list names more than 100,000 ids" }
        return isTooLong
            ? "\(quoted(part)) is a range of more than 100,000 ids"
            : "\(quoted(part)) is not an id or a range such as 9-12"
    }
}

/// Parses an id list such as `3,5,9-12` into ids, in order, each once.
///
/// - Throws: `InventoryError.invalidValue` naming the list and the part that is wrong
///   (`3-`, `a`, `5-2`).
public func parseIDList(_ text: String, field: ValueField = .other("items")) throws
    -> [Int64]
{
    switch IDList.numbers(in: text) {
    case .success(let numbers):
        var seen: Set<Int64> = []
        return numbers.map(Int64.init).filter { seen.insert($0).inserted }
    case .failure(let error):
        throw InventoryError.invalidValue(
            field: field, value: text,
            reason: error.reason)
    }
}
