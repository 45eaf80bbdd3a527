internal import CLibCrypto
import Foundation

/// SHA-256, by OpenSSL's libcrypto (the system's, as SQLite and zlib are): the name of every
/// stored file, the checksums of a backup's manifest, and the digests share links and
/// sessions are kept as.
///
/// Hash at once with ``hash(data:)``, or in pieces: `update` as the bytes come, then
/// ``finalize()`` once.
public struct SHA256 {
    /// A SHA-256 digest: its 32 bytes.
    public struct Digest: Hashable, Sendable {
        /// The digest's 32 bytes.
        public let bytes: [UInt8]
    }

    /// The digest context, freed with the last copy of the hash.
    private final class Context {
        let pointer: OpaquePointer

        init() {
            // Allocation fails only when memory is gone; so does every other allocation then.
            guard let pointer = EVP_MD_CTX_new(),
                EVP_DigestInit_ex(pointer, SHA256.algorithm, nil) == 1
            else { fatalError("libcrypto could not start a SHA-256 digest") }
            self.pointer = pointer
        }

        deinit { EVP_MD_CTX_free(pointer) }
    }

    /// The algorithm, fetched from OpenSSL's default provider once: each implicit fetch
    /// (`EVP_sha256()` at every start) takes the provider store's lock.
    nonisolated(unsafe) private static let algorithm: OpaquePointer? = EVP_MD_fetch(
        nil, "SHA256", nil)

    private let context = Context()

    /// A hash of nothing yet.
    public init() {}

    /// Adds `bytes` to what is hashed.
    public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard EVP_DigestUpdate(context.pointer, base, bytes.count) == 1 else {
            fatalError("libcrypto could not hash \(bytes.count) bytes")
        }
    }

    /// Adds `data`'s bytes to what is hashed.
    public mutating func update(data: some Collection<UInt8>) {
        Self.withBytes(of: data) { update(bufferPointer: $0) }
    }

    /// The digest of everything added. A hash is finalized once.
    public func finalize() -> Digest {
        var bytes = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var count: UInt32 = 0
        guard EVP_DigestFinal_ex(context.pointer, &bytes, &count) == 1, count == 32 else {
            fatalError("libcrypto could not finish a SHA-256 digest")
        }
        bytes.removeLast(bytes.count - 32)
        return Digest(bytes: bytes)
    }

    /// The digest of `data`.
    public static func hash(data: some Collection<UInt8>) -> Digest {
        var bytes = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var count: UInt32 = 0
        let done = withBytes(of: data) { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &bytes, &count, algorithm, nil)
        }
        guard done == 1, count == 32 else { fatalError("libcrypto could not hash") }
        bytes.removeLast(bytes.count - 32)
        return Digest(bytes: bytes)
    }

    /// The digest of the file at `path`, read a megabyte at a time; nil when it cannot be read.
    public static func hash(ofFileAt path: String) -> Digest? {
        guard let input = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? input.close() }
        var hash = SHA256()
        do {
            // nil or empty at the end of the file
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                hash.update(data: chunk)
            }
        } catch {
            return nil
        }
        return hash.finalize()
    }

    /// Calls `body` with `data`'s bytes in place, or with a copy when they are not contiguous.
    private static func withBytes<Result>(
        of data: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        if let result = data.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) })
        {
            return result
        }
        return Array(data).withUnsafeBytes(body)
    }
}
