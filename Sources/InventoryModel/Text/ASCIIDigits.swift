/// Decimal digits written straight into a byte buffer: listings of a million items format
/// several numbers and dates per item, and building a `String` for each was measurable.
public enum ASCIIDigits {
    /// Appends `value` in decimal, left-padded with zeros to `width` digits; a minus sign
    /// first when negative.
    ///
    /// Inlinable, so that other modules specialize it: unspecialized, its comparison and
    /// conversion went through `BinaryInteger`'s witnesses, 2.6 % of a cold `list --json` of
    /// 1,000 items.
    @inlinable
    public static func append(_ value: some BinaryInteger, width: Int = 1, to bytes: inout [UInt8])
    {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendMagnitude(UInt128(value.magnitude), width: width, to: &bytes)
    }

    /// Appends `value` in decimal, left-padded with zeros to `width` digits, with a comma
    /// between groups of three digits when `grouped`.
    @usableFromInline
    static func appendMagnitude(
        _ value: UInt128, width: Int = 1, grouped: Bool = false, to bytes: inout [UInt8]
    ) {
        // At most 39 digits for a UInt128, least significant first.
        var digits: (UInt128, UInt128, UInt128) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            func store(_ digit: some BinaryInteger) {
                buffer[count] = UInt8(ascii: "0") + UInt8(digit)
                count += 1
            }
            // 64-bit division while the value fits, as prices and dates always do.
            var wide = value
            while wide > UInt128(UInt64.max) {
                store(wide % 10)
                wide /= 10
            }
            var rest = UInt64(wide)
            repeat {
                store(rest % 10)
                rest /= 10
            } while rest > 0
            while count < width { store(0) }
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(buffer[index])
                if grouped, index > 0, index % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            }
        }
    }
}
