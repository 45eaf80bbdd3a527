// Browse's key decoder on any bytes, fed in pieces of any size: it never crashes, and the
// keys do not depend on where the reads were cut.
func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let cut = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var whole = KeyDecoder()
    let once = whole.keys(from: bytes) + whole.flush()
    var pieces = KeyDecoder()
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
        let end = min(bytes.count, index + 1 + cut % 7)
        keys += pieces.keys(from: bytes[index..<end])
        index = end
    }
    keys += pieces.flush()
    precondition(keys == once, "cut reads gave \(keys), one read \(once)")
    return 0
}
