/// Decimal digits written straight into a byte buffer: listings of a million items format
/// several numbers and dates per item, and building a `String` for each was measurable.
public enum ASCIIDigits {
    /// Appends `value` in decimal, left-padded with zeros to `width` digits; a minus sign
    /// first when negative.
    public static func append(_ value: some BinaryInteger, width: Int = 1, to bytes: inout [UInt8])
    {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendMagnitude(UInt64(value.magnitude), width: width, to: &bytes)
    }

    static func appendMagnitude(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        // At most 20 digits for a UInt64.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for _ in count..<max(count, width) { bytes.append(UInt8(ascii: "0")) }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
