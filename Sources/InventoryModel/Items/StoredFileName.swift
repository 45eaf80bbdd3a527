/// The name a stored photo or file has in the inventory's folder: its content's SHA-256 in 64
/// lowercase hexadecimal digits, a dot, and the extension of its kind. A name of any other form
/// (a path, `..`, a name a hostile file or archive gives) is never one.
public enum StoredFileName {
    /// The extensions of the kinds stored (`FileStore.Kind`'s raw values).
    public static let extensions: Set<String> = ["jpg", "png", "gif", "webp", "heic", "pdf"]

    /// Whether `name` is a stored file's name.
    public static func isValid(_ name: some StringProtocol) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64,
            parts[0].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
            extensions.contains(String(parts[1]))
        else { return false }
        return true
    }
}
