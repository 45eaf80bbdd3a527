/// Bytes of output being written: a listing's JSON or CSV, an amount, a date. Appending is a
/// capacity check and a copy.
///
/// Why not `[UInt8]`: its `append(contentsOf:)` is generic over `Sequence`, with work of its
/// own before each copy and a uniqueness check at every append, and a JSON listing appends
/// once for each key of each item: a visible share of a cold `list --json` (see the cold
/// listing's benchmark row).
public struct OutputBytes: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// How many bytes have been written.
    @usableFromInline var written: Int
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        written = 0
    }

    deinit { base.deallocate() }

    /// How many bytes have been written.
    public var count: Int { written }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: 1) }
        base[written] = byte
        written += 1
    }

    /// Appends `bytes`.
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        if capacity - written < bytes.count { grow(toHold: bytes.count) }
        (base + written).initialize(from: start, count: bytes.count)
        written += bytes.count
    }

    /// Appends a literal's UTF-8 bytes.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        // A literal of one character may be stored as its scalar, without a pointer.
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a sequence of bytes (such as a string's `utf8`), at once when they are
    /// contiguous.
    ///
    /// There is no `append(_: String)`: a literal would go to it rather than to
    /// `append(_: StaticString)` (String is the literals' default type), through a copy of the
    /// string and `withUTF8`, which a cold JSON listing pays for every key.
    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// Makes room for `extra` more bytes, at least doubling the capacity.
    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let capacity = Swift.max(self.capacity * 2, written + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: written)
        base.deallocate()
        base = grown
        self.capacity = capacity
    }

    /// Forgets what was written, keeping the room.
    public mutating func removeAll() {
        written = 0
    }

    /// Calls `body` with the bytes written.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: written))
    }

    /// The bytes written, as text (invalid UTF-8 repaired).
    public var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: written), as: UTF8.self)
    }
}
