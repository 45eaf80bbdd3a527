// The server's form reader and its sort parameter on any bytes: it never crashes, a value
// percent-encoded then read back is the value, and a repeated name keeps its last value.
func fuzzForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let pairs = FormDecoding.pairs(text)
    let fields = FormDecoding.fields(text)
    precondition(fields.count <= pairs.count, "more fields than pairs in \(text)")
    for (name, value) in fields {
        precondition(pairs.last { $0.name == name }?.value == value, "not the last value: \(text)")
    }
    // Every byte escaped, then read: the text as it was.
    let encoded = text.utf8.map { "%" + String($0, radix: 16, uppercase: true).leftPadded }.joined()
    precondition(FormDecoding.fields("a=" + encoded)["a"] == text, "no round trip for \(text)")
    _ = ItemSort(rawValue: text)
    return 0
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
