/// A place another program's export lists as a row of its own (Homebox 0.26 exports its
/// locations beside its items): remembered as a place, never made an item. Its items carry
/// its `path` as their location.
public struct ImportedPlace: Sendable, Hashable {
    /// The program whose export listed it: `homebox`.
    public var source: String
    /// Its id in that program (Homebox's location UUID, the end of its `HB.url`).
    public var sourceID: String
    /// Its name, as that program shows it.
    public var name: String
    /// The path of the place that holds it, spaced as item locations are (`Home / Floor 1`),
    /// or nil for a place at the top.
    public var parentPath: String?
    /// Its own full path (`Home / Floor 1 / Garage`): the location of the items in it.
    public var path: String
    /// Its description, if it has one.
    public var description: String?
    /// The reference the export gives it (`HB.import_ref`), if any.
    public var importRef: String?

    /// The place with `sourceID` in `source`, named `name`, under `parentPath`, at `path`.
    public init(
        source: String, sourceID: String, name: String, parentPath: String?, path: String,
        description: String? = nil, importRef: String? = nil
    ) {
        self.source = source
        self.sourceID = sourceID
        self.name = name
        self.parentPath = parentPath
        self.path = path
        self.description = description
        self.importRef = importRef
    }

    /// The program name Homebox's places are recorded under.
    public static let homebox = "homebox"
}

/// What an import did, or would do, with a place: added it, changed what was known of it, or
/// found it as it was.
public enum ImportedPlaceChange: String, Sendable, Hashable {
    /// Not known before.
    case added
    /// Known, with another name, parent, description or reference.
    case changed
    /// Known, as the file has it.
    case unchanged
}
