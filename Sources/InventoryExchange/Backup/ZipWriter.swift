import CZlibChecksum
import Foundation
import InventoryFiles

#if canImport(Glibc)
    import Glibc

    private let systemClose = Glibc.close
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin

    private let systemClose = Darwin.close
    private let systemWrite = Darwin.write
#endif

/// Writes a zip archive, with ZIP64 records where a size or an offset needs them, reading each
/// file once: its CRC-32 (zlib's) and its SHA-256 are computed as it is copied, and, for an
/// entry that compresses, it is deflated (zlib, a fast level) in the same pass, a chunk at a
/// time, so memory stays bounded whatever the file's size.
///
/// Written by hand rather than with ZIPFoundation (the tests read it back with it): on Linux,
/// ZIPFoundation computes CRC-32 in Swift, a byte at a time, and that was the largest part of
/// a backup's time, which kept the backup row from its target against `sqlite3 .backup` plus
/// `cp -r`. The format written is the one every reader knows: local headers, the data, the
/// central directory, the end record (APPNOTE 6.3, methods 0 and 8).
struct ZipWriter {
    /// How an entry's bytes are kept.
    enum Method: UInt16 {
        /// As they are: for files already compressed (photos, PDF documents).
        case stored = 0
        /// Deflated (raw deflate, RFC 1951).
        case deflated = 8
    }

    /// One entry written, for the central directory.
    private struct Written {
        let name: [UInt8]
        let method: Method
        let size: UInt64
        let compressedSize: UInt64
        let crc: UInt32
        let offset: UInt64
        /// Whether its local header has a ZIP64 field (then so does its directory record).
        let zip64: Bool
        let time: UInt16
        let date: UInt16
    }

    let path: String
    private let descriptor: Int32
    private var offset: UInt64 = 0
    private var written: [Written] = []
    private let time: UInt16
    private let date: UInt16
    /// Sizes and offsets from this one on are written in ZIP64 records (lower in tests).
    let zip64Threshold: UInt64
    /// The zlib level entries are deflated at: fast, for most of what slower levels save.
    static let deflateLevel: Int32 = 1
    /// How many bytes are read, and deflated, at a time.
    private static let chunkSize = 1 << 20

    /// Creates the archive at `path`, which must not exist (0600).
    init(creatingAt path: String, modified: Date, zip64Threshold: UInt64 = 0xFFFF_FFFF) throws {
        self.path = path
        self.zip64Threshold = zip64Threshold
        descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ZipWriterError.system(errno) }
        let parts = Calendar.current.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: modified)
        time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        date = UInt16(
            max(0, (parts.year ?? 1980) - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
    }

    /// Closes the file (after `finish`, or to give up; the caller removes it then).
    func close() {
        _ = systemClose(descriptor)
    }

    /// Adds the file at `source` as `name`, kept as `method` says.
    ///
    /// - Returns: its size and SHA-256 (of the file's own bytes, whatever the method).
    /// - Throws: `ZipWriterError` when it cannot be read, changed size while it was read,
    ///   or the archive cannot be written.
    mutating func addFile(named name: String, from source: String, method: Method = .stored)
        throws -> (size: UInt64, sha256: SHA256.Digest)
    {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ZipWriterError.unreadable(source, errno) }
        defer { _ = systemClose(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw ZipWriterError.unreadable(source, errno) }
        let size = UInt64(status.st_size)
        var hash = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var copied: UInt64 = 0
        try addEntry(named: name, size: size, method: method) { consume in
            while true {
                let count = read(input, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw ZipWriterError.unreadable(source, errno) }
                if count == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                hash.update(bufferPointer: chunk)
                try consume(chunk)
                copied += UInt64(count)
            }
            guard copied == size else { throw ZipWriterError.changed(source) }
        }
        return (size, hash.finalize())
    }

    /// Adds `bytes` as `name`, kept as `method` says.
    mutating func addData(named name: String, _ bytes: [UInt8], method: Method = .stored) throws {
        try addEntry(named: name, size: UInt64(bytes.count), method: method) { consume in
            try bytes.withUnsafeBytes { try consume($0) }
        }
    }

    /// Writes an entry of `size` bytes, which `produce` hands over in chunks: the local
    /// header, the bytes (deflated or not), then the CRC-32 and sizes written into the header.
    private mutating func addEntry(
        named name: String, size: UInt64, method: Method,
        _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let nameBytes = Array(name.utf8)
        let headerOffset = offset
        let deflater = method == .deflated ? try Deflater() : nil
        // Deflate can come out a little larger than its input; a header is written first, so
        // its ZIP64 field is chosen for the largest the entry can become.
        let largest = deflater.map { $0.bound(size) } ?? size
        let zip64 = max(size, largest) >= zip64Threshold
        try writeLocalHeader(name: nameBytes, method: method, zip64: zip64)
        let dataStart = offset
        var crc = crc32(0, nil, 0)
        try produce { chunk in
            crc = crc32(
                crc, chunk.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk.count))
            if let deflater {
                try deflater.deflate(chunk, finishing: false) { try write($0) }
            } else {
                try write(chunk)
            }
        }
        try deflater?.deflate(UnsafeRawBufferPointer(start: nil, count: 0), finishing: true) {
            try write($0)
        }
        let compressedSize = offset - dataStart
        let checksum = UInt32(truncatingIfNeeded: crc)
        // The CRC (14 bytes in) and sizes go in the local header written before the data.
        var patch = le32(checksum)
        if zip64 {
            try overwrite(patch, at: headerOffset + 14)
            patch = le64(size) + le64(compressedSize)
            try overwrite(patch, at: headerOffset + 30 + UInt64(nameBytes.count) + 4)
        } else {
            patch += le32(UInt32(compressedSize)) + le32(UInt32(size))
            try overwrite(patch, at: headerOffset + 14)
        }
        written.append(
            Written(
                name: nameBytes, method: method, size: size, compressedSize: compressedSize,
                crc: checksum, offset: headerOffset, zip64: zip64, time: time, date: date))
    }

    /// Writes the central directory and the end records, and syncs the file.
    mutating func finish() throws {
        let directoryOffset = offset
        var directory: [UInt8] = []
        for entry in written {
            let far = entry.offset >= zip64Threshold
            var extra: [UInt8] = []
            if entry.zip64 { extra += le64(entry.size) + le64(entry.compressedSize) }
            if far { extra += le64(entry.offset) }
            if !extra.isEmpty { extra = le16(0x0001) + le16(UInt16(extra.count)) + extra }
            let needs: UInt16 = extra.isEmpty ? 20 : 45
            directory += le32(0x0201_4B50) + le16(3 << 8 | 45) + le16(needs) + le16(0)
            directory += le16(entry.method.rawValue)
            directory += le16(entry.time) + le16(entry.date) + le32(entry.crc)
            directory += le32(entry.zip64 ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
            directory += le32(entry.zip64 ? 0xFFFF_FFFF : UInt32(entry.size))
            directory += le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + le16(0)
            directory += le16(0) + le16(0) + le32(UInt32(0o100600) << 16)
            directory += le32(far ? 0xFFFF_FFFF : UInt32(entry.offset))
            directory += entry.name + extra
        }
        try directory.withUnsafeBytes { try write($0) }
        let directorySize = UInt64(directory.count)
        let count = UInt64(written.count)
        var end: [UInt8] = []
        let needsZip64 =
            count >= 0xFFFF || directorySize >= zip64Threshold || directoryOffset >= zip64Threshold
        if needsZip64 {
            let recordOffset = offset
            end += le32(0x0606_4B50) + le64(44) + le16(3 << 8 | 45) + le16(45) + le32(0) + le32(0)
            end += le64(count) + le64(count) + le64(directorySize) + le64(directoryOffset)
            end += le32(0x0706_4B50) + le32(0) + le64(recordOffset) + le32(1)
        }
        end += le32(0x0605_4B50) + le16(0) + le16(0)
        end += le16(needsZip64 ? 0xFFFF : UInt16(count)) + le16(needsZip64 ? 0xFFFF : UInt16(count))
        end += le32(needsZip64 ? 0xFFFF_FFFF : UInt32(directorySize))
        end += le32(needsZip64 ? 0xFFFF_FFFF : UInt32(directoryOffset)) + le16(0)
        try end.withUnsafeBytes { try write($0) }
        guard fsync(descriptor) == 0 else { throw ZipWriterError.system(errno) }
    }

    /// A local header whose CRC-32 and sizes are written once the data is (`overwrite`).
    private mutating func writeLocalHeader(name: [UInt8], method: Method, zip64: Bool) throws {
        let extra = zip64 ? le16(0x0001) + le16(16) + le64(0) + le64(0) : []
        var header = le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(0) + le16(method.rawValue)
        header += le16(time) + le16(date) + le32(0)
        header += le32(zip64 ? 0xFFFF_FFFF : 0)
        header += le32(zip64 ? 0xFFFF_FFFF : 0)
        header += le16(UInt16(name.count)) + le16(UInt16(extra.count)) + name + extra
        try header.withUnsafeBytes { try write($0) }
    }

    private func overwrite(_ bytes: [UInt8], at position: UInt64) throws {
        let count = bytes.withUnsafeBytes { raw in
            pwrite(descriptor, raw.baseAddress, raw.count, off_t(position))
        }
        guard count == bytes.count else { throw ZipWriterError.system(count < 0 ? errno : EIO) }
    }

    private mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ZipWriterError.system(count < 0 ? errno : EIO) }
            done += count
        }
        offset += UInt64(bytes.count)
    }

    private func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private func le32(_ value: UInt32) -> [UInt8] {
        le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16))
    }

    private func le64(_ value: UInt64) -> [UInt8] {
        le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32))
    }
}

/// zlib's raw deflate of one entry, its output handed on as it is made. The stream lives at a
/// fixed address (zlib keeps a pointer back to it).
private final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableBufferPointer<Bytef>

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: 1 << 18)
        let status = deflateInit2_(
            stream, ZipWriter.deflateLevel, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        // Thrown with every property set, deinit frees both (deflateEnd refuses a stream
        // that never started).
        guard status == Z_OK else { throw ZipWriterError.system(ENOMEM) }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    /// The most bytes `size` bytes can deflate to.
    func bound(_ size: UInt64) -> UInt64 {
        guard size < UInt64(uLong.max / 2) else { return UInt64.max }
        return UInt64(deflateBound(stream, uLong(size)))
    }

    /// Deflates `input` (and, `finishing`, ends the stream), handing each piece of output to
    /// `write`.
    func deflate(
        _ input: UnsafeRawBufferPointer, finishing: Bool,
        _ write: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        stream.pointee.next_in = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        while true {
            stream.pointee.next_out = output.baseAddress
            stream.pointee.avail_out = uInt(output.count)
            let status = CZlibChecksum.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw ZipWriterError.system(EIO)
            }
            let made = output.count - Int(stream.pointee.avail_out)
            if made > 0 {
                try write(
                    UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: output[..<made])))
            }
            // Until the stream ends; without finishing, until the output has room to spare
            // (then every byte of input has been taken).
            if finishing ? status == Z_STREAM_END : stream.pointee.avail_out > 0 { break }
        }
    }
}

/// Why an archive could not be written.
enum ZipWriterError: Error {
    /// The archive could not be written (`errno`).
    case system(Int32)
    /// A file to add could not be read.
    case unreadable(String, Int32)
    /// A file to add changed size while it was read.
    case changed(String)
}
