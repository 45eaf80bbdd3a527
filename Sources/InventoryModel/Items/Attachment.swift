/// A file attached to an item: a photo, a receipt, a manual, a warranty, or another document.
/// The file itself is stored once, by its SHA-256, in the folder beside the inventory.
public struct Attachment: Sendable, Hashable, Identifiable {
    /// What a file is, for the insurer.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A photo of the item.
        case photo
        /// A receipt or invoice for it.
        case receipt
        /// Its manual.
        case manual
        /// Its warranty.
        case warranty
        /// Any other document.
        case other
    }

    /// Its number among the item's attachments (1, 2, …); never reused within the item.
    public let id: Int
    /// What it is.
    public var kind: Kind
    /// The stored file's name (`<sha256>.<ext>`).
    public let file: String
    /// What it shows, in a few words.
    public var caption: String?

    /// Creates an attachment as stored.
    public init(id: Int, kind: Kind, file: String, caption: String? = nil) {
        self.id = id
        self.kind = kind
        self.file = file
        self.caption = caption
    }
}
