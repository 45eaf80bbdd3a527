import Foundation
import InventoryKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report with its photos: as a folder (`report.html` and `files/`, the photos
/// hard-linked from the inventory's folder, or copied where a link cannot be made), or as one
/// file with the photos inside it.
public struct ReportWriter {
    /// The inventory the photos come from.
    public let manager: InventoryManager

    /// The page of a report folder.
    public static let pageName = "report.html"
    /// The folder of its photos.
    public static let filesName = "files"

    /// A writer of reports of `manager`'s inventory.
    public init(manager: InventoryManager) {
        self.manager = manager
    }

    /// What a written report holds.
    public struct Written: Sendable {
        /// The path of the HTML page.
        public var page: String
        /// How many photos it shows.
        public var photos: Int
        /// How many photos it lacks because their file is not in the inventory's folder.
        public var missingPhotos: Int
    }

    /// The folder `path` (replaced if `replacing` and it is a report folder), holding
    /// `report.html` and `files/`.
    ///
    /// - Throws: `InventoryError.cannotWrite`; nothing is left then.
    @discardableResult
    public func writeFolder(_ report: Report, to path: String, replacing: Bool) throws -> Written {
        let folder = try manager.outputFolder(
            at: path, replacing: replacing, entries: [Self.pageName, Self.filesName])
        var written = Written(
            page: (path as NSString).appendingPathComponent(Self.pageName), photos: 0,
            missingPhotos: 0)
        try folder.write { temporary in
            let files = (temporary as NSString).appendingPathComponent(Self.filesName)
            var placed: Set<String> = []
            var failure: Error?
            let html = report.html { line in
                guard failure == nil else { return .none }
                switch source(of: line) {
                case .none: return .none
                case .missing:
                    written.missingPhotos += 1
                    return .missing
                case .file(let name, let stored):
                    written.photos += 1
                    if !placed.contains(name) {
                        do {
                            if placed.isEmpty { try makeFolder(files) }
                            try place(stored, at: (files as NSString).appendingPathComponent(name))
                            placed.insert(name)
                        } catch {
                            failure = error
                        }
                    }
                    return .source("\(Self.filesName)/\(name)")
                }
            }
            if let failure { throw failure }
            try writeFile(
                Array(html.utf8), at: (temporary as NSString).appendingPathComponent(Self.pageName))
        }
        return written
    }

    /// The report as one HTML file with its photos inside (`data:` addresses), for the file
    /// at `page`.
    public func singleFile(_ report: Report, page: String) -> (html: String, written: Written) {
        var written = Written(page: page, photos: 0, missingPhotos: 0)
        var encoded: [String: String] = [:]
        let html = report.html { line in
            switch source(of: line) {
            case .none: return .none
            case .missing:
                written.missingPhotos += 1
                return .missing
            case .file(let name, let stored):
                if let known = encoded[name] {
                    written.photos += 1
                    return .source(known)
                }
                guard let data = FileManager.default.contents(atPath: stored) else {
                    written.missingPhotos += 1
                    return .missing
                }
                written.photos += 1
                let extensionName = (name as NSString).pathExtension
                let type = PhotoStore.Kind(rawValue: extensionName)?.mediaType ?? "image/*"
                let address = "data:\(type);base64,\(data.base64EncodedString())"
                encoded[name] = address
                return .source(address)
            }
        }
        return (html, written)
    }

    // MARK: - Photos

    private enum Source {
        case none
        case missing
        /// Its stored name and the path of the stored file.
        case file(String, String)
    }

    /// Where `line`'s photo is: a regular file in the inventory's folder under a stored name
    /// (`<sha256>.<ext>`); a name of another form, which no version writes, is never followed.
    private func source(of line: ReportLine) -> Source {
        guard let name = line.photo else { return .none }
        guard PhotoStore.isStoredName(name) else { return .missing }
        let stored = manager.photos.path(of: name)
        var status = stat()
        guard lstat(stored, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .missing
        }
        return .file(name, stored)
    }

    private func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 else {
            throw InventoryError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// A hard link to `stored` at `path`, or a private copy where links cannot be made (another
    /// file system). The stored file is made read-only (0400) first: a link shares its file,
    /// so a photo edited in the report would otherwise change the inventory's own.
    private func place(_ stored: String, at path: String) throws {
        chmod(stored, 0o400)
        if link(stored, path) == 0 { return }
        guard let data = FileManager.default.contents(atPath: stored) else {
            throw InventoryError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        try writeFile(Array(data), at: path)
    }

    private func writeFile(_ bytes: [UInt8], at path: String) throws {
        func failure(_ code: Int32) -> InventoryError {
            .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var offset = 0
        let code: Int32? = bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? errno : EIO }
                offset += count
            }
            return nil
        }
        if let code { throw failure(code) }
    }
}
