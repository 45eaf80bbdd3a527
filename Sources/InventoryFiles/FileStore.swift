import Foundation
public import InventoryModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `photos/` folder beside an inventory: each photo and attached file stored once, named by
/// its SHA-256.
///
/// The folder is mode 0700 and each file 0600: photos of valuables and their receipts are as
/// private as the list.
public struct FileStore: Sendable {
    /// The kinds of picture accepted, recognised by their first bytes, never by file name.
    public enum Kind: String, Sendable, CaseIterable {
        /// A JPEG picture, stored with the extension `jpg`.
        case jpeg = "jpg"
        /// A PNG picture.
        case png = "png"
        /// A GIF picture.
        case gif = "gif"
        /// A WebP picture.
        case webp = "webp"
        /// A HEIC (HEIF) picture.
        case heic = "heic"
        /// A PDF document, such as a scanned receipt (not a picture).
        case pdf = "pdf"

        /// Whether it is a picture (not a document).
        public var isPicture: Bool { self != .pdf }

        /// Its media (MIME) type, as a web page names it.
        public var mediaType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            case .gif: "image/gif"
            case .webp: "image/webp"
            case .heic: "image/heic"
            case .pdf: "application/pdf"
            }
        }

        /// The kind of file `bytes` starts like, or nil.
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
            } else if starts(Array("%PDF-".utf8)) {
                self = .pdf
            } else if starts(Array("ftyp".utf8), at: 4), head.count >= 12,
                Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self))
            {
                self = .heic
            } else {
                return nil
            }
        }

        /// Why `bytes` (which start like this kind) are not a whole picture of it, or nil when
        /// its header parses: the image's size is given and plausible, and the file is not cut
        /// off where its format says more must follow.
        public func problem(with bytes: [UInt8]) -> String? {
            let name =
                self == .jpeg ? "JPEG" : self == .pdf ? "PDF document" : rawValue.uppercased()
            func u16be(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
            func u32be(_ at: Int) -> Int { u16be(at) << 16 | u16be(at + 2) }
            func u16le(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            func u32le(_ at: Int) -> Int { u16le(at) | u16le(at + 2) << 16 }
            func tag(_ at: Int) -> String {
                String(decoding: bytes[at..<min(at + 4, bytes.count)], as: UTF8.self)
            }
            let broken =
                "not a whole \(name)\(isPicture ? " picture" : "") (its header is missing or cut short)"
            switch self {
            case .pdf:
                // A version, and an end-of-file marker in the last kilobyte.
                let tail = bytes.suffix(1024)
                let marker = Array("%%EOF".utf8)
                guard bytes.count >= 16,
                    tail.indices.contains(where: { index in
                        index + marker.count <= tail.endIndex
                            && tail[index..<index + marker.count].elementsEqual(marker)
                    })
                else { return "not a whole PDF document (it is cut off before its end)" }
            case .png:
                // Signature, then IHDR: length 13, width, height, depth, colour type, …
                guard bytes.count >= 8 + 25 + 12, u32be(8) == 13, tag(12) == "IHDR",
                    u32be(16) > 0, u32be(20) > 0, [1, 2, 4, 8, 16].contains(bytes[24]),
                    [0, 2, 3, 4, 6].contains(bytes[25]), bytes[26] == 0, bytes[27] == 0,
                    bytes[28] <= 1
                else { return broken }
                // The end chunk, possibly followed by bytes some programs append.
                let end: [UInt8] = Array("IEND".utf8)
                var hasEnd = false
                var offset = bytes.count - 8
                while !hasEnd, offset >= 33 {
                    hasEnd = bytes[offset..<offset + 4].elementsEqual(end)
                    offset -= 1
                }
                guard hasEnd else {
                    return "not a whole PNG picture (it is cut off before its end)"
                }
            case .jpeg:
                // Segments after the start marker until a frame header gives the size.
                var offset = 2
                while offset + 4 <= bytes.count {
                    guard bytes[offset] == 0xFF else { return broken }
                    let marker = bytes[offset + 1]
                    if marker == 0xFF {
                        offset += 1
                        continue
                    }
                    if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                        offset += 2
                        continue
                    }
                    if marker == 0xDA || marker == 0xD9 { return broken }  // data before a frame
                    let length = u16be(offset + 2)
                    guard length >= 2, offset + 2 + length <= bytes.count else { return broken }
                    let isFrame =
                        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
                    if isFrame {
                        guard length >= 8, u16be(offset + 7) > 0 else { return broken }
                        return nil
                    }
                    offset += 2 + length
                }
                return broken
            case .gif:
                guard bytes.count >= 14, u16le(6) > 0, u16le(8) > 0 else { return broken }
            case .webp:
                guard bytes.count >= 30, u32le(4) + 8 <= bytes.count,
                    ["VP8 ", "VP8L", "VP8X"].contains(tag(12))
                else { return broken }
            case .heic:
                // Top-level boxes: ftyp, then a meta box describing the image.
                var offset = 0
                var sawMeta = false
                while offset + 8 <= bytes.count {
                    let size = u32be(offset)
                    guard size >= 8, offset + size <= bytes.count else { return broken }
                    if tag(offset + 4) == "meta" { sawMeta = true }
                    offset += size
                }
                guard sawMeta else { return broken }
            }
            return nil
        }

        private static let heifBrands: Set<String> = [
            "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
        ]
    }

    /// The largest picture accepted: a phone's photo is a few megabytes.
    public static let maximumSize = 50 * 1024 * 1024

    /// The folder the photos are kept in: `photos` beside `inventory.sqlite`, `NAME-photos`
    /// beside any other `NAME.sqlite`, so that inventories sharing a folder never share their
    /// stored files.
    public let directory: String
    /// The `photos` folder that earlier releases used for every inventory of a folder, when it
    /// is not `directory`: stored files are still read from it (until `adoptShared` links
    /// them into `directory`), and never removed from it.
    public let sharedDirectory: String?

    /// The photo store of the inventory at `databasePath`.
    public init(databasePath: String) {
        // Path text, not URL: every command opens a photo store, and Foundation's URL, used
        // nowhere else on a listing's way, would add its own start to every command.
        let database = Self.absoluteStandardized(databasePath)
        let slash = database.lastIndex(of: "/") ?? database.startIndex
        let folder = String(database[..<slash])
        let name = String(database[database.index(after: slash)...])
        func inFolder(_ component: String) -> String { folder + "/" + component }
        let shared = inFolder("photos")
        if name == "inventory.sqlite" {
            directory = shared
            sharedDirectory = nil
        } else {
            // The name without its extension, as NSString's deletingPathExtension: a leading
            // dot does not start one.
            var stem = name
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                stem = String(name[..<dot])
            }
            directory = inFolder(stem + "-photos")
            sharedDirectory = shared
        }
    }

    /// `path` made absolute (from the current directory) with its `.` and `..` components
    /// and repeated slashes taken out, as `URL(fileURLWithPath:).standardizedFileURL` does.
    static func absoluteStandardized(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let length = buffer.firstIndex(of: 0) ?? buffer.count
                absolute =
                    String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    + "/" + path
            }
        }
        var components: [Substring] = []
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The full path of the stored photo `name`, for reading: in `directory`, else in the
    /// shared folder of earlier releases if it is there.
    public func path(of name: String) -> String {
        let own = ownPath(of: name)
        if let sharedDirectory, access(own, F_OK) != 0 {
            let shared = (sharedDirectory as NSString).appendingPathComponent(name)
            if access(shared, F_OK) == 0 { return shared }
        }
        return own
    }

    /// Where the stored file `name` is written: always in `directory`.
    func ownPath(of name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// Gives `directory` its own link (or copy) of each of `names` that is only in the shared
    /// folder of an earlier release, so another inventory of that folder removing its files
    /// never takes away this one's. Best effort: a file that cannot be linked is still read
    /// from the shared folder.
    public func adoptShared(_ names: some Sequence<String>) {
        guard let sharedDirectory else { return }
        for name in names where Self.isStoredName(name) {
            let own = ownPath(of: name)
            let shared = (sharedDirectory as NSString).appendingPathComponent(name)
            guard access(own, F_OK) != 0, access(shared, F_OK) == 0 else { continue }
            guard (try? makeDirectory()) != nil else { return }
            if link(shared, own) != 0, let data = FileManager.default.contents(atPath: shared) {
                try? writePrivately(data, to: own, source: shared)
            }
        }
    }

    /// Copies the picture at `source` into the store, unless the same picture is there already.
    ///
    /// - Returns: the stored file's name (`<sha256>.<ext>`) and whether this call created it
    ///   (so a failed write can take it away again).
    /// - Throws: `InventoryError.invalidPhoto` when the file is missing, a folder, unreadable,
    ///   or not a JPEG, PNG, GIF, WebP or HEIC picture; nothing is stored then.
    public func importPhoto(from source: String) throws -> (name: String, created: Bool) {
        try importFile(from: source, as: .photo)
    }

    /// Copies the file at `source` into the store as an attachment of `kind`, unless the same
    /// file is there already. A photo must be a picture; a receipt, a manual, a warranty or
    /// another file may also be a PDF document.
    ///
    /// - Returns: the stored file's name (`<sha256>.<ext>`) and whether this call created it.
    /// - Throws: `InventoryError.invalidPhoto` (for a photo) or `.invalidFile` (for another
    ///   kind) when the file is missing, unreadable, too large, or not a whole file of an
    ///   accepted kind; nothing is stored then.
    public func importFile(from source: String, as attachmentKind: Attachment.Kind) throws
        -> (name: String, created: Bool)
    {
        func invalid(_ reason: String) -> InventoryError {
            attachmentKind == .photo
                ? .invalidPhoto(path: source, reason: reason)
                : .invalidFile(path: source, reason: reason)
        }
        var status = stat()
        guard stat(source, &status) == 0 else {
            throw invalid(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw invalid("it is a folder") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw invalid("it is not a regular file") }
        guard status.st_size <= Self.maximumSize else {
            throw invalid(
                "it is \(Self.megabytes(Int(status.st_size))); the most is "
                    + Self.megabytes(Self.maximumSize))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            throw invalid(
                "cannot be read (\(access(source, R_OK) == 0 ? "I/O error" : "permission denied"))")
        }
        guard let kind = Kind(sniffing: data), kind.isPicture || attachmentKind != .photo else {
            throw invalid(
                attachmentKind == .photo
                    ? "not a JPEG, PNG, GIF, WebP or HEIC picture"
                    : "not a PDF document or a JPEG, PNG, GIF, WebP or HEIC picture")
        }
        guard data.count <= Self.maximumSize else {
            throw invalid("it is larger than \(Self.megabytes(Self.maximumSize))")
        }
        if let problem = kind.problem(with: [UInt8](data)) { throw invalid(problem) }
        let name = "\(SHA256.hash(data: data).hexadecimal).\(kind.rawValue)"
        let target = ownPath(of: name)
        try makeDirectory()
        if access(target, F_OK) == 0 { return (name, false) }
        try writePrivately(data, to: target, source: source)
        return (name, true)
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// Whether `name` is the name of a stored file: 64 lowercase hexadecimal digits (its
    /// SHA-256), a dot and the extension of an accepted kind.
    public static func isStoredName(_ name: some StringProtocol) -> Bool {
        StoredFileName.isValid(name)
    }

    /// The names of the stored files in the folder (other files in it are left out).
    public func storedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { Self.isStoredName($0) }.sorted()
    }

    /// Moves the file at `source` into the store as `name`, unless a whole file of that name
    /// (the same content: names are checksums) is there already; one whose content no longer
    /// matches its name (cut short, bit-rotted) is replaced. The caller has checked that the
    /// content's SHA-256 is the name's.
    ///
    /// - Throws: `InventoryError.cannotWrite` when the folder cannot be made or written.
    public func adopt(_ name: String, from source: String) throws {
        precondition(Self.isStoredName(name), "not a stored file's name: \(name)")
        try makeDirectory()
        let target = ownPath(of: name)
        if access(target, F_OK) == 0, Self.holdsItsName(target, name: name) { return }
        chmod(source, 0o600)
        if rename(source, target) == 0 { return }
        guard errno == EXDEV else {
            throw InventoryError.cannotWrite(path: target, reason: String(cString: strerror(errno)))
        }
        // Another file system: copy beside the target, then rename into place.
        do {
            try writePrivately(
                Data(contentsOf: URL(fileURLWithPath: source)), to: target, source: source)
        } catch let error as InventoryError {
            throw error
        } catch {
            throw InventoryError.cannotWrite(path: source, reason: "it cannot be read")
        }
    }

    /// Whether the stored file `name` is there and whole: its content's SHA-256 is the one
    /// its name starts with.
    public func holdsItsName(_ name: String) -> Bool {
        Self.holdsItsName(path(of: name), name: name)
    }

    /// Whether the file at `path` hashes to the checksum its `name` starts with.
    private static func holdsItsName(_ path: String, name: String) -> Bool {
        guard let digest = SHA256.hash(ofFileAt: path) else { return false }
        return name.hasPrefix(digest.hexadecimal + ".")
    }

    /// Deletes the stored photo `name` from `directory` (never from the shared folder of an
    /// earlier release, which other inventories may use); a file already gone is not an error.
    public func remove(_ name: String) {
        unlink(ownPath(of: name))
    }

    // MARK: - Restores in progress

    /// The marker a restore leaves in the folder while it moves files in: the names of the
    /// files it added (those it found there already are not listed), one per line, so that if
    /// it is killed before its transaction commits, the next process that opens the inventory
    /// removes those no item uses (`finishInterruptedRestores`).
    private func restoreMarker(pid: Int32) -> String {
        (directory as NSString).appendingPathComponent(".restore-\(pid).pending")
    }

    /// Records, before a restore moves them in, which of `names` are not in the folder yet.
    ///
    /// - Returns: those names.
    /// - Throws: `InventoryError.cannotWrite` when the folder or the marker cannot be written.
    public func beginRestore(of names: [String], removingUnused remove: ([String]) -> [String])
        throws -> [String]
    {
        try makeDirectory()
        // what killed restores added goes first, so that this one lists it as its own
        removeInterruptedRestores(removingUnused: remove)
        let added = names.filter { access(ownPath(of: $0), F_OK) != 0 }
        let marker = restoreMarker(pid: getpid())
        let descriptor = open(marker, O_CREAT | O_TRUNC | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw InventoryError.cannotWrite(path: marker, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let text = Array(added.map { $0 + "\n" }.joined().utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.count, fsync(descriptor) == 0 else {
            unlink(marker)
            throw InventoryError.cannotWrite(path: marker, reason: String(cString: strerror(errno)))
        }
        return added
    }

    /// Ends this process's restore: its marker goes (the new content uses the files).
    public func endRestore() {
        unlink(restoreMarker(pid: getpid()))
    }

    /// Ends the restores killed before they committed: `remove` gets the names each listed
    /// (it removes those no item uses, and returns those it could not check), then its marker
    /// goes, unless a name could not be checked: the next process tries again.
    public func removeInterruptedRestores(removingUnused remove: ([String]) -> [String]) {
        for (marker, names) in interruptedRestores() where remove(names).isEmpty {
            unlink(marker)
        }
    }

    /// The files that restores killed before they committed added, by marker: a marker of a
    /// process that is gone, with the names it lists.
    private func interruptedRestores() -> [(marker: String, names: [String])] {
        return Self.restoreMarkers(in: directory).compactMap { entry in
            guard entry.hasPrefix(".restore-"), entry.hasSuffix(".pending"),
                let pid = Int32(entry.dropFirst(9).dropLast(8)), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { return nil }
            let path = (directory as NSString).appendingPathComponent(entry)
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return (
                path, text.split(separator: "\n").map(String.init).filter { Self.isStoredName($0) }
            )
        }
    }

    /// The names in `directory` that start with `.restore-`, read with `readdir`: every opening
    /// of the inventory looks, and the folder holds every photo and receipt, so no string is
    /// made for the others (`FileManager.contentsOfDirectory` made one per file).
    static func restoreMarkers(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let prefix = Array(".restore-".utf8)
        var markers: [String] = []
        while let entry = readdir(stream) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: UInt8.self)
                guard name.starts(with: prefix) else { return }
                let length = name.firstIndex(of: 0) ?? name.count
                markers.append(String(decoding: name[..<length], as: UTF8.self))
            }
        }
        return markers
    }

    /// Creates the photos folder (0700) if it is not there, and refuses one that is a link
    /// or not a folder: stored files are never written through a link someone placed.
    private func makeDirectory() throws {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw InventoryError.invalidPhoto(
                path: directory,
                reason: "cannot create the photos folder: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw InventoryError.cannotWrite(
                path: directory,
                reason: "the photos folder is a link or not a folder; move it away and try again")
        }
    }

    /// Writes through a temporary file renamed into place, so a reader never sees half a photo.
    private func writePrivately(_ data: Data, to target: String, source: String) throws {
        let temporary = target + ".partial-\(getpid())"
        // A new file of our own: never through a link, never another file of that name (one
        // left by a process that had this pid is taken away first; unlink removes a link, not
        // what it points to).
        let flags = O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC
        var descriptor = open(temporary, flags, 0o600)
        if descriptor < 0 && errno == EEXIST {
            unlink(temporary)
            descriptor = open(temporary, flags, 0o600)
        }
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
