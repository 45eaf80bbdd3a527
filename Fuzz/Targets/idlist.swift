// The id-list syntax of the claim picker and `--items` (`3,5,9-12`) on any text: it never
// crashes, and a list it accepts holds only numbers from the ranges typed.
func fuzzIDList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch IDList.numbers(in: text) {
    case .success(let numbers):
        precondition(numbers.allSatisfy { $0 >= 0 }, "a negative number from \(text)")
        precondition(numbers.count <= IDList.maximumRange, "\(numbers.count) numbers from \(text)")
        if let ids = try? parseIDList(text) {
            precondition(Set(ids).count == ids.count, "an id twice from \(text)")
        }
    case .failure(let error):
        _ = error.reason
    }
    return 0
}
