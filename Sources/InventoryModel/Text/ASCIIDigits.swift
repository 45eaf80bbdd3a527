/// Decimal digits written straight into a byte buffer: listings of a million items format
/// several numbers and dates per item, and building a `String` for each was measurable.
public enum ASCIIDigits {
    /// Appends `value` in decimal, left-padded with zeros to `width` digits; a minus sign
    /// first when negative.
    ///
    /// Inlinable, so that other modules specialize it: unspecialized, its comparison and
    /// conversion went through `BinaryInteger`'s witnesses for every number a listing writes.
    @inlinable
    public static func append(
        _ value: some BinaryInteger, width: Int = 1, to bytes: inout OutputBytes
    ) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendMagnitude(UInt128(value.magnitude), width: width, to: &bytes)
    }

    /// Appends `value` in decimal, left-padded with zeros to `width` digits, with a comma
    /// between groups of three digits when `grouped`.
    ///
    /// The digits are written from the end of a buffer on the stack and appended at once: one
    /// `append` per byte (a uniqueness and capacity check each) made digits a large share of a
    /// cold `list --json`, which writes two timestamps, a date and two amounts an item.
    @usableFromInline
    static func appendMagnitude(
        _ value: UInt128, width: Int = 1, grouped: Bool = false, to bytes: inout OutputBytes
    ) {
        // At most 39 digits for a UInt128 (more only when `width` asks), and a comma per three.
        let digits = max(39, width)
        let capacity = digits + digits / 3
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var start = capacity
            var count = 0
            func put(_ digit: UInt8) {
                if grouped, count > 0, count % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ digit
                count += 1
            }
            // 64-bit division while the value fits, as prices and dates always do.
            var wide = value
            while wide > UInt128(UInt64.max) {
                put(UInt8(truncatingIfNeeded: wide % 10))
                wide /= 10
            }
            var rest = UInt64(wide)
            repeat {
                put(UInt8(truncatingIfNeeded: rest % 10))
                rest /= 10
            } while rest > 0
            while count < width { put(0) }
            bytes.append(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
