/// Where a thing is, as text: the names of the places (and then of the containers) around it,
/// outermost first, spaced `House / Garage / Shelf 2 / Red toolbox`. An item's `location` is
/// its path; a filter by location takes everything at a path or under it.
public enum PlacePath {
    /// What separates the names of a path.
    public static let separator = " / "

    /// The names of `text`, split on `/`, each trimmed, the empty ones dropped: `Home/Garage`,
    /// ` Home / Garage /` and `Home / Garage` all name the same place.
    public static func names(of text: String) -> [String] {
        text.split(separator: "/", omittingEmptySubsequences: false).compactMap { part in
            let name = String(part).trimmingWhitespace()
            return name.isEmpty ? nil : name
        }
    }

    /// `text` spelled as a path (`Home / Garage`), or nil when it names no place.
    public static func normalized(_ text: String) -> String? {
        let names = names(of: text)
        return names.isEmpty ? nil : names.joined(separator: separator)
    }

    /// The path of `names`.
    public static func path(_ names: some Sequence<String>) -> String {
        names.joined(separator: separator)
    }

    /// Whether `location` is at `path` or under it, case-insensitively. `path` must be
    /// normalized (`normalized(_:)`) and folded (`TextFolding.fold`).
    public static func location(_ location: String, isWithinFolded path: String) -> Bool {
        let folded = TextFolding.fold(location)
        guard folded.utf8.count >= path.utf8.count else { return false }
        if folded.utf8.count == path.utf8.count { return folded == path }
        return folded.hasPrefix(path + separator)
    }
}
