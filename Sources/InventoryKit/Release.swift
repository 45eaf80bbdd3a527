/// The release both binaries are (semantic versioning; CHANGELOG.md says what each changed).
public enum Release {
    /// `inventory --version`, and what `inventory mcp` tells an assistant it is.
    public static let version = "0.2.0"
}
