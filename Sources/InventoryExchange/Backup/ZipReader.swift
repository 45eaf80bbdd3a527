import CZlibChecksum
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a zip archive for a restore: its directory (APPNOTE 6.3, ZIP64 included) and the
/// bytes of one entry at a time, stored or deflated, every read bounded by the archive's own
/// numbers.
///
/// Why not ZIPFoundation, which wrote and read backups before: its inflate loop asks for more
/// input past the entry's end and, at the end of the file, loops forever on empty reads. A
/// 150-byte archive whose manifest is a deflate stream that never ends kept `inventory
/// restore` at full CPU until killed (found by the `archive` fuzz target, 2026-11-25). Here an
/// entry's compressed bytes are the only input its inflater gets, and a stream that has not
/// ended when they run out is damaged.
final class ZipReader {
    /// One entry of the central directory.
    struct Entry {
        enum Kind { case file, directory, link }

        let path: String
        let kind: Kind
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        fileprivate let method: UInt16
        fileprivate let flags: UInt16
        fileprivate let crc32: UInt32
        fileprivate let localHeaderOffset: UInt64
    }

    /// Why an archive or an entry cannot be read.
    enum Failure: Error, Equatable {
        /// No zip directory: not a zip archive, or one cut short.
        case notAnArchive
        /// The directory or an entry's bytes contradict themselves or the file.
        case damaged
        /// Encrypted, or compressed another way than deflate.
        case unsupported
    }

    /// The entries, in the directory's order.
    let entries: [Entry]
    private let descriptor: Int32
    /// Where the central directory starts: every entry's bytes lie before it.
    private let directoryOffset: UInt64

    /// Opens the archive at `path` and reads its directory.
    ///
    /// - Throws: `Failure.notAnArchive` when there is no readable directory;
    ///   `Failure.damaged` when it contradicts the file; an errno's `POSIXError` when the
    ///   file cannot be opened.
    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        do {
            (entries, directoryOffset) = try Self.readDirectory(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// The first entry whose path is `path`.
    subscript(path: String) -> Entry? {
        entries.first { $0.path == path }
    }

    /// Hands the bytes of `entry` to `consume` in chunks of at most `chunkSize`, then checks
    /// their count and CRC-32 against the directory. An error thrown by `consume` stops it
    /// and is thrown again.
    ///
    /// - Throws: `Failure.damaged` for bytes that do not add up; `Failure.unsupported`.
    func extract(
        _ entry: Entry, chunkSize: Int = 1 << 20, _ consume: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard entry.flags & 1 == 0 else { throw Failure.unsupported }  // encrypted
        let start = try dataStart(of: entry)
        guard start <= directoryOffset, entry.compressedSize <= directoryOffset - start else {
            throw Failure.damaged
        }
        var checksum: UInt = 0
        var produced: UInt64 = 0
        let take: (UnsafeRawBufferPointer) throws -> Void = { bytes in
            produced += UInt64(bytes.count)
            guard produced <= entry.uncompressedSize else { throw Failure.damaged }
            if let base = bytes.baseAddress {
                checksum = crc32(
                    checksum, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            }
            try consume(bytes)
        }
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else { throw Failure.damaged }
            try readRange(from: start, count: entry.compressedSize, chunkSize: chunkSize, take)
        case 8:
            try inflate(from: start, count: entry.compressedSize, chunkSize: chunkSize, take)
        default:
            throw Failure.unsupported
        }
        guard produced == entry.uncompressedSize,
            UInt32(truncatingIfNeeded: checksum) == entry.crc32
        else { throw Failure.damaged }
    }

    // MARK: - Entry bytes

    /// Where the bytes of `entry` start: after its local header, name and extra field.
    private func dataStart(of entry: Entry) throws -> UInt64 {
        let header = try read(at: entry.localHeaderOffset, count: 30)
        guard header.u32(0) == 0x0403_4B50 else { throw Failure.damaged }
        return entry.localHeaderOffset + 30 + UInt64(header.u16(26)) + UInt64(header.u16(28))
    }

    private func readRange(
        from start: UInt64, count: UInt64, chunkSize: Int,
        _ take: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var offset: UInt64 = 0
        while offset < count {
            let length = Int(min(UInt64(chunkSize), count - offset))
            try buffer.withUnsafeMutableBytes { raw in
                try readExactly(
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[..<length]),
                    at: start + offset)
                try take(UnsafeRawBufferPointer(rebasing: raw[..<length]))
            }
            offset += UInt64(length)
        }
    }

    /// Raw deflate (no zlib header), fed the entry's compressed bytes and nothing more.
    private func inflate(
        from start: UInt64, count: UInt64, chunkSize: Int,
        _ take: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var stream = z_stream()
        guard
            inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { throw Failure.damaged }
        defer { inflateEnd(&stream) }
        var input = [UInt8](repeating: 0, count: chunkSize)
        var output = [UInt8](repeating: 0, count: chunkSize)
        var consumed: UInt64 = 0
        var ended = false
        while !ended {
            let length = Int(min(UInt64(chunkSize), count - consumed))
            // Its compressed bytes are all given and the stream goes on: damaged.
            guard length > 0 else { throw Failure.damaged }
            try input.withUnsafeMutableBytes { raw in
                try readExactly(
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[..<length]),
                    at: start + consumed)
            }
            consumed += UInt64(length)
            try input.withUnsafeMutableBufferPointer { inputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(length)
                var stalled = false
                repeat {
                    try output.withUnsafeMutableBufferPointer { outputBuffer in
                        stream.next_out = outputBuffer.baseAddress
                        stream.avail_out = uInt(chunkSize)
                        let status = CZlibChecksum.inflate(&stream, Z_NO_FLUSH)
                        switch status {
                        case Z_STREAM_END: ended = true
                        case Z_OK: break
                        case Z_BUF_ERROR: stalled = true  // no progress: it needs more input
                        default: throw Failure.damaged
                        }
                        let made = chunkSize - Int(stream.avail_out)
                        if made > 0 {
                            try take(
                                UnsafeRawBufferPointer(
                                    rebasing: UnsafeRawBufferPointer(outputBuffer)[..<made]))
                        }
                    }
                } while !ended && !stalled && (stream.avail_in > 0 || stream.avail_out == 0)
            }
            // A stream that ends before its bytes do is damaged too.
            if ended, stream.avail_in > 0 || consumed < count { throw Failure.damaged }
        }
    }

    // MARK: - The directory

    private static func readDirectory(_ descriptor: Int32) throws -> ([Entry], UInt64) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure.notAnArchive }
        let size = UInt64(status.st_size)
        guard size >= 22 else { throw Failure.notAnArchive }
        // The end record: 22 bytes and a comment of at most 65,535, at the very end.
        let tailLength = min(size, 22 + 0xFFFF)
        let tail = try read(descriptor, at: size - tailLength, count: Int(tailLength))
        var found: Int?
        var index = tail.count - 22
        while index >= 0 {
            if tail.u32(index) == 0x0605_4B50, index + 22 + Int(tail.u16(index + 20)) == tail.count
            {
                found = index
                break
            }
            index -= 1
        }
        guard let end = found else { throw Failure.notAnArchive }
        let endOffset = size - tailLength + UInt64(end)
        var count = UInt64(tail.u16(end + 10))
        var directorySize = UInt64(tail.u32(end + 12))
        var directoryOffset = UInt64(tail.u32(end + 16))
        var directoryLimit = endOffset
        guard tail.u16(end + 4) == 0 || tail.u16(end + 4) == 0xFFFF else {
            throw Failure.unsupported  // split over several disks
        }
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            guard endOffset >= 20 else { throw Failure.notAnArchive }
            let locator = try read(descriptor, at: endOffset - 20, count: 20)
            guard locator.u32(0) == 0x0706_4B50 else { throw Failure.notAnArchive }
            let recordOffset = locator.u64(8)
            guard recordOffset <= endOffset - 20, endOffset - 20 - recordOffset >= 56 else {
                throw Failure.damaged
            }
            let record = try read(descriptor, at: recordOffset, count: 56)
            guard record.u32(0) == 0x0606_4B50 else { throw Failure.damaged }
            count = record.u64(32)
            directorySize = record.u64(40)
            directoryOffset = record.u64(48)
            directoryLimit = recordOffset
        }
        guard directoryOffset <= directoryLimit, directorySize <= directoryLimit - directoryOffset,
            count <= directorySize / 46
        else { throw Failure.notAnArchive }
        let directory = try read(descriptor, at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, directory.u32(position) == 0x0201_4B50 else {
                throw Failure.damaged
            }
            let nameLength = Int(directory.u16(position + 28))
            let extraLength = Int(directory.u16(position + 30))
            let commentLength = Int(directory.u16(position + 32))
            let nameStart = position + 46
            let extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= directory.count else { throw Failure.damaged }
            var uncompressed = UInt64(directory.u32(position + 24))
            var compressed = UInt64(directory.u32(position + 20))
            var offset = UInt64(directory.u32(position + 42))
            // ZIP64: the sizes and offset marked 0xFFFFFFFF follow in its extra field, in order.
            var field = extraStart
            while field + 4 <= extraStart + extraLength {
                let id = directory.u16(field)
                let length = Int(directory.u16(field + 2))
                guard field + 4 + length <= extraStart + extraLength else { throw Failure.damaged }
                if id == 0x0001 {
                    var at = field + 4
                    func take(_ value: inout UInt64) throws {
                        guard value == 0xFFFF_FFFF else { return }
                        guard at + 8 <= field + 4 + length else { throw Failure.damaged }
                        value = directory.u64(at)
                        at += 8
                    }
                    try take(&uncompressed)
                    try take(&compressed)
                    try take(&offset)
                }
                field += 4 + length
            }
            let path = String(decoding: directory[nameStart..<extraStart], as: UTF8.self)
            let madeOnUnix = directory.u16(position + 4) >> 8 == 3
            let mode = directory.u32(position + 38) >> 16
            let kind: Entry.Kind =
                if madeOnUnix && mode & 0o170000 == 0o120000 {
                    .link
                } else if path.hasSuffix("/") || (madeOnUnix && mode & 0o170000 == 0o040000) {
                    .directory
                } else {
                    .file
                }
            entries.append(
                Entry(
                    path: path, kind: kind, compressedSize: compressed,
                    uncompressedSize: uncompressed, method: directory.u16(position + 10),
                    flags: directory.u16(position + 8), crc32: directory.u32(position + 16),
                    localHeaderOffset: offset))
            position = next
        }
        return (entries, directoryOffset)
    }

    // MARK: - Reading the file

    private func read(at offset: UInt64, count: Int) throws -> [UInt8] {
        try Self.read(descriptor, at: offset, count: count)
    }

    private func readExactly(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws {
        try Self.readExactly(descriptor, into: buffer, at: offset)
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try readExactly(descriptor, into: $0, at: offset) }
        return bytes
    }

    /// Fills `buffer` from `offset`; a file that ends first is damaged (cut short).
    private static func readExactly(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64
    ) throws {
        guard offset <= UInt64(Int64.max) else { throw Failure.damaged }
        var done = 0
        while done < buffer.count {
            let count = pread(
                descriptor, buffer.baseAddress! + done, buffer.count - done,
                off_t(offset) + off_t(done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure.damaged }
            done += count
        }
    }
}

extension [UInt8] {
    fileprivate func u16(_ at: Int) -> UInt16 {
        UInt16(self[at]) | UInt16(self[at + 1]) << 8
    }

    fileprivate func u32(_ at: Int) -> UInt32 {
        UInt32(u16(at)) | UInt32(u16(at + 2)) << 16
    }

    fileprivate func u64(_ at: Int) -> UInt64 {
        UInt64(u32(at)) | UInt64(u32(at + 4)) << 32
    }
}
