import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `photos/` folder beside an inventory: each picture stored once, named by its SHA-256.
///
/// The folder is mode 0700 and each file 0600: photos of valuables are as private as the list.
public struct PhotoStore: Sendable {
    /// The kinds of picture accepted, recognised by their first bytes, never by file name.
    public enum Kind: String, Sendable, CaseIterable {
        case jpeg = "jpg"
        case png = "png"
        case gif = "gif"
        case webp = "webp"
        case heic = "heic"

        /// The kind of picture `bytes` starts like, or nil.
        public init?(sniffing bytes: some Collection<UInt8>) {
            let head = Array(bytes.prefix(16))
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                head.count >= offset + prefix.count
                    && Array(head[offset..<offset + prefix.count]) == prefix
            }
            if starts([0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
                self = .gif
            } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
                self = .webp
            } else if starts(Array("ftyp".utf8), at: 4), head.count >= 12,
                Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self))
            {
                self = .heic
            } else {
                return nil
            }
        }

        private static let heifBrands: Set<String> = [
            "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
        ]
    }

    /// The folder the photos are kept in.
    public let directory: String

    /// The photo store of the inventory at `databasePath`: a `photos` folder beside it.
    public init(databasePath: String) {
        let database = URL(fileURLWithPath: databasePath).standardizedFileURL
        self.directory = database.deletingLastPathComponent().appendingPathComponent("photos").path
    }

    /// The full path of the stored photo `name`.
    public func path(of name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// Copies the picture at `source` into the store, unless the same picture is there already.
    ///
    /// - Returns: the stored file's name (`<sha256>.<ext>`) and whether this call created it
    ///   (so a failed write can take it away again).
    /// - Throws: `InventoryError.invalidPhoto` when the file is missing, a folder, unreadable,
    ///   or not a JPEG, PNG, GIF, WebP or HEIC picture; nothing is stored then.
    public func importPhoto(from source: String) throws -> (name: String, created: Bool) {
        func invalid(_ reason: String) -> InventoryError {
            .invalidPhoto(path: source, reason: reason)
        }
        var status = stat()
        guard stat(source, &status) == 0 else {
            throw invalid(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw invalid("it is a folder") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw invalid("it is not a regular file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            throw invalid(
                "cannot be read (\(access(source, R_OK) == 0 ? "I/O error" : "permission denied"))")
        }
        guard let kind = Kind(sniffing: data) else {
            throw invalid("not a JPEG, PNG, GIF, WebP or HEIC picture")
        }
        let digest = SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        let name = "\(digest).\(kind.rawValue)"
        let target = path(of: name)
        try makeDirectory()
        if access(target, F_OK) == 0 { return (name, false) }
        try writePrivately(data, to: target, source: source)
        return (name, true)
    }

    /// Deletes the stored photo `name`; a file already gone is not an error.
    public func remove(_ name: String) {
        unlink(path(of: name))
    }

    private func makeDirectory() throws {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw InventoryError.invalidPhoto(
                path: directory,
                reason: "cannot create the photos folder: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes through a temporary file renamed into place, so a reader never sees half a photo.
    private func writePrivately(_ data: Data, to target: String, source: String) throws {
        let temporary = target + ".partial-\(getpid())"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw InventoryError.invalidPhoto(
                path: source,
                reason: "cannot write into \(directory): \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InventoryError.invalidPhoto(
                path: source, reason: "cannot write into \(directory): \(reason)")
        }
    }
}
