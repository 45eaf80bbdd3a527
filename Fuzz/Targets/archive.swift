// The zip reader of a restore (ZipReader) on any bytes as a file: read the directory, find an
// entry by path, unpack every entry with its count and CRC-32 checked. It never crashes, never
// hangs (ZIPFoundation's reader looped forever on a deflate stream cut short) and never hands
// out more bytes than an entry declares.
import Foundation

private let path = NSTemporaryDirectory() + "fuzz-archive-\(getpid()).zip"

func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    else { return 0 }
    guard let archive = try? ZipReader(path: path) else { return 0 }
    for entry in archive.entries {
        var total: UInt64 = 0
        try? archive.extract(entry, chunkSize: 4096) { chunk in
            total += UInt64(chunk.count)
            precondition(total <= entry.uncompressedSize, "more bytes than the entry declares")
        }
    }
    _ = archive["manifest.json"]
    return 0
}
