import CVips
import Foundation
import InventoryFiles

/// What a thumbnail is made for: a list's small picture, or the picture an item's page
/// shows (which every browser can show, whatever the original: a phone's HEIC too).
public enum ThumbnailSize: Int, Sendable, CaseIterable {
    /// At most 160 × 160 pixels: a row or a card of a list, a gallery. Fifty of them, a
    /// page of a list, are about 250 KB.
    case small = 160
    /// At most 1,600 × 1,600 pixels: an item's page, a report's photo.
    case large = 1600

    /// The largest side, in pixels.
    public var pixels: Int { rawValue }

    /// The JPEG quality it is written at: a small picture hides more.
    public var quality: Int { self == .small ? 70 : 75 }
}

/// Why a thumbnail could not be made.
public struct ThumbnailError: Error, CustomStringConvertible {
    /// What libvips said, in one line.
    public let description: String
}

/// Makes thumbnails with libvips: shrunk on load (a 4000 × 3000 JPEG is decoded at a fraction
/// of its size), turned upright by its EXIF orientation, written as a progressive JPEG without
/// any metadata (no place where the photo was taken). Each is made once and kept in `folder`,
/// named by the photo's stored name (its content's hash) and the size: a photo's thumbnail
/// never changes, and a new photo has a new name.
public struct Thumbnailer: Sendable {
    /// Where thumbnails are kept.
    public let folder: String
    /// Thumbnails kept in `folder` (made when first needed).
    public init(folder: String) {
        Self.start()
        self.folder = folder
    }

    /// Thumbnails kept beside the photos folder `photosFolder` (`…/photos` →
    /// `…/thumbnails`), named by content as the photos are, so shared as they are by the
    /// inventories of one folder.
    public init(besidePhotosIn photosFolder: String) {
        self.init(folder: ThumbnailFiles.folder(besidePhotosIn: photosFolder))
    }

    /// libvips, started once per process.
    private static let started: Bool = {
        vips_init("inventory") == 0
    }()

    private static func start() { _ = started }

    /// The name of the thumbnail of the stored file `name` at `size`: `HASH-160.jpg`.
    public static func name(of storedName: String, size: ThumbnailSize) -> String {
        ThumbnailFiles.name(of: storedName, pixels: size.pixels)
    }

    /// The path of the thumbnail of the picture at `source` (stored as `storedName`) at
    /// `size`, made now unless it was made before.
    ///
    /// - Throws: `ThumbnailError` when libvips cannot read the picture or the thumbnail
    ///   cannot be written.
    public func thumbnail(of source: String, storedAs storedName: String, size: ThumbnailSize)
        throws -> String
    {
        let path = path(of: storedName, size: size)
        if isMade(path) { return path }
        let bytes = try Self.jpeg(of: source, size: size)
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // written whole and synced under a name of its own, then renamed: a reader never sees
        // half of it, and two makers of the same thumbnail write the same bytes
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw ThumbnailError(
                description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ThumbnailError(description: "cannot write \(path): \(reason)")
        }
        return path
    }

    /// Where the thumbnail of the stored file `storedName` at `size` is kept.
    public func path(of storedName: String, size: ThumbnailSize) -> String {
        (folder as NSString).appendingPathComponent(Self.name(of: storedName, size: size))
    }

    /// Whether the thumbnail of `storedName` at `size` is made already.
    public func isMade(_ storedName: String, size: ThumbnailSize) -> Bool {
        isMade(path(of: storedName, size: size))
    }

    /// Whether the file at `path` is a thumbnail made: one cut short (by a power cut, before it
    /// was synced) is empty, and is made again, never served.
    private func isMade(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0
    }

    /// The JPEG bytes of the picture at `source` shrunk to `size`, upright, without metadata.
    public static func jpeg(of source: String, size: ThumbnailSize) throws -> [UInt8] {
        start()
        var image: OpaquePointer?
        guard inventory_vips_thumbnail(source, &image, Int32(size.pixels), Int32(size.pixels)) == 0,
            let image
        else { throw lastError(reading: source) }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard inventory_vips_jpeg(image, &buffer, &length, Int32(size.quality)) == 0, let buffer
        else {
            throw lastError(reading: source)
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// The PNG bytes of `picture` (an SVG drawing, or any picture libvips reads) drawn
    /// `pixels` pixels on its larger side: an app icon of one drawing at each size.
    public static func png(of picture: [UInt8], pixels: Int) throws(ThumbnailError) -> [UInt8] {
        start()
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let result = picture.withUnsafeBytes { bytes in
            inventory_vips_png(bytes.baseAddress, bytes.count, Int32(pixels), &buffer, &length)
        }
        guard result == 0, let buffer else { throw lastError(reading: "a drawing") }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// libvips's error, in one line, and its buffer cleared.
    private static func lastError(reading source: String) -> ThumbnailError {
        // copied and cleared under libvips's lock: the buffer is the process's, not the thread's
        guard let copy = vips_error_buffer_copy() else {
            return ThumbnailError(description: "cannot make a thumbnail of \(source)")
        }
        let text = String(cString: copy)
        g_free(copy)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "unknown error"
        return ThumbnailError(description: "cannot make a thumbnail of \(source): \(line)")
    }
}
