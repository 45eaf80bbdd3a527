// The QR Code encoder on any bytes (the first picks the level of error correction and whether
// it may be raised): either a symbol in the smallest version that holds them, which reads
// back as exactly those bytes (format, version, every block's error correction, the segment
// and its padding checked), or a refusal that they are more than the largest symbol holds.
func fuzzQRCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let level = QRCode.ErrorCorrection.allCases[Int(data[0] & 3)]
    let raising = data[0] & 4 != 0
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    do {
        let code = try QRCode(
            encoding: bytes, errorCorrection: level, raisingErrorCorrection: raising)
        precondition(code.readBack() == bytes, "\(bytes.count) bytes do not read back")
        precondition(code.errorCorrection >= level, "level \(code.errorCorrection) below \(level)")
        precondition(
            raising || code.errorCorrection == level, "level raised to \(code.errorCorrection)")
        if code.version > 1 {
            let smaller = QRCode.capacity(
                code.mode, errorCorrection: level, version: code.version - 1)
            precondition(
                bytes.count > smaller, "\(bytes.count) bytes fit version \(code.version - 1)")
        }
    } catch {
        precondition(error.byteCount == bytes.count, "the refusal counts \(error.byteCount)")
        precondition(
            bytes.count > QRCode.capacity(error.mode, errorCorrection: level)
                && error.maximum == QRCode.capacity(error.mode, errorCorrection: level),
            "\(bytes.count) bytes refused; the most is \(error.maximum)")
    }
    return 0
}
