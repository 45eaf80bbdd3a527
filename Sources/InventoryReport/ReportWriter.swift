import Foundation
public import InventoryKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report with its photos and receipts: as a folder (`report.html` and `files/`, the
/// files hard-linked from the inventory's folder, or copied where a link cannot be made), or as
/// one file with the files inside it.
public struct ReportWriter {
    /// The inventory the photos come from.
    public let manager: InventoryManager

    /// The page of a report folder.
    public static let pageName = "report.html"
    /// The folder of its photos and receipts.
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
        /// How many receipts it carries.
        public var receipts = 0
        /// How many receipts it lacks because their file is not in the inventory's folder.
        public var missingReceipts = 0
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
            var failure: (any Error)?
            /// The file's address in the folder, placed there the first time it is shown.
            func placing(_ found: Source) -> Report.Photo {
                guard case .file(let name, let stored) = found else {
                    return found == .none ? .none : .missing
                }
                if !placed.contains(name), failure == nil {
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
            let html = report.html(
                photo: { line in
                    let shown = placing(source(of: line.photo))
                    written.count(shown, photo: true)
                    return shown
                },
                receipt: { receipt in
                    let shown = placing(source(of: receipt.file))
                    written.count(shown, photo: false)
                    return shown
                })
            if let failure { throw failure }
            try writeFile(
                Array(html.utf8), at: (temporary as NSString).appendingPathComponent(Self.pageName))
        }
        return written
    }

    /// The report as one HTML file with its photos and receipts inside (`data:` addresses),
    /// for the file at `page`.
    ///
    /// With `pictures`, a picture is put in as its 1,600-pixel thumbnail from that folder when
    /// there is one (`inventory-server thumbnails` makes them): a report of 2,000 phone photos
    /// is then hundreds of megabytes, not gigabytes, and a phone's HEIC shows in any browser.
    public func singleFile(_ report: Report, page: String, pictures: String? = nil)
        -> (html: String, written: Written)
    {
        var written = Written(page: page, photos: 0, missingPhotos: 0)
        var encoded: [String: String] = [:]
        func inside(_ found: Source) -> Report.Photo {
            guard case .file(let name, var stored) = found else {
                return found == .none ? .none : .missing
            }
            if let known = encoded[name] { return .source(known) }
            var extensionName = (name as NSString).pathExtension
            if let pictures, extensionName != "pdf" {
                let picture = (pictures as NSString).appendingPathComponent(
                    ThumbnailFiles.name(of: name, pixels: 1600))
                if FileManager.default.isReadableFile(atPath: picture) {
                    stored = picture
                    extensionName = "jpg"
                }
            }
            guard let data = FileManager.default.contents(atPath: stored) else { return .missing }
            let type = FileStore.Kind(rawValue: extensionName)?.mediaType ?? "image/*"
            let address = "data:\(type);base64,\(data.base64EncodedString())"
            encoded[name] = address
            return .source(address)
        }
        let html = report.html(
            photo: { line in
                let shown = inside(source(of: line.photo))
                written.count(shown, photo: true)
                return shown
            },
            receipt: { receipt in
                let shown = inside(source(of: receipt.file))
                written.count(shown, photo: false)
                return shown
            })
        return (html, written)
    }

    // MARK: - Files

    private enum Source: Equatable {
        case none
        case missing
        /// Its stored name and the path of the stored file.
        case file(String, String)
    }

    /// Where the stored file `name` is: a regular file in the inventory's folder under a stored
    /// name (`<sha256>.<ext>`); a name of another form, which no version writes, is never
    /// followed.
    private func source(of name: String?) -> Source {
        guard let name else { return .none }
        guard FileStore.isStoredName(name) else { return .missing }
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

extension ReportWriter.Written {
    /// Counts a photo or receipt as shown or missing.
    fileprivate mutating func count(_ shown: Report.Photo, photo: Bool) {
        switch (shown, photo) {
        case (.none, _): break
        case (.missing, true): missingPhotos += 1
        case (.missing, false): missingReceipts += 1
        case (.source, true): photos += 1
        case (.source, false): receipts += 1
        }
    }
}
