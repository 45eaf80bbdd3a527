import Foundation

/// Where the thumbnails of the stored photos are kept, and by what name: what `Thumbnailer`
/// (in inventory-server, which links libvips) writes and what a report reads, in one place.
public enum ThumbnailFiles {
    /// The thumbnails folder beside the photos folder `photosFolder` (`…/photos` →
    /// `…/thumbnails`): named by content as the photos are, shared as they are by the
    /// inventories of one folder.
    public static func folder(besidePhotosIn photosFolder: String) -> String {
        ((photosFolder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("thumbnails")
    }

    /// The sizes thumbnails are made at, in pixels (`ThumbnailSize`'s).
    public static let sizes = [160, 1600]

    /// The name of the thumbnail of the stored file `storedName` at `pixels`: `HASH-160.jpg`.
    public static func name(of storedName: String, pixels: Int) -> String {
        let stem =
            storedName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? storedName
        return "\(stem)-\(pixels).jpg"
    }
}
