// The CSV reader on any bytes: it never crashes, stops within its limits, and reads back
// every record the CSV writer wrote (a cell the writer neutralized, restored as an import
// restores it).
import Foundation

private let path = "/dev/shm/inventory-fuzz-csv-\(getpid()).csv"

private func write(_ bytes: some Collection<UInt8>) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(descriptor >= 0, "cannot write \(path)")
    bytes.withContiguousStorageIfAvailable { buffer in
        _ = Foundation.write(descriptor, buffer.baseAddress, buffer.count)
    } ?? { _ = Array(bytes).withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } }()
    close(descriptor)
}

private func readAll(separator: UInt8?) -> [[String]]? {
    guard let reader = try? CSVReader(path: path, separator: separator) else { return nil }
    var records: [[String]] = []
    do {
        while let record = try reader.next() {
            records.append(record)
            precondition(records.count <= 1_000_000, "more records than bytes")
        }
    } catch {
        _ = error.description  // every error can be said
        return nil
    }
    return records
}

func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // 1. Any bytes: read them whatever they are, with the separator guessed and with TAB.
    write(bytes)
    _ = readAll(separator: nil)
    _ = readAll(separator: 0x09)

    // 2. Records made of the input (0x01 ends a field, 0x02 a record), written and read back.
    var records: [[String]] = []
    var fields: [String] = []
    var field: [UInt8] = []
    for byte in bytes where byte != 0 {
        switch byte {
        case 0x01, 0x02:
            guard let text = String(validating: field, as: UTF8.self) else { return 0 }
            fields.append(text)
            field.removeAll()
            if byte == 0x02 {
                records.append(fields)
                fields.removeAll()
            }
        default: field.append(byte)
        }
    }
    // A blank line is skipped by design, and a byte order mark opens the file: leave them out.
    records.removeAll { $0.count == 1 && $0[0].isEmpty }
    guard !records.isEmpty, !(records[0].first?.hasPrefix("\u{FEFF}") ?? false) else { return 0 }
    var written: [UInt8] = []
    for record in records { CSVWriter.appendRecord(record, to: &written) }
    write(written)
    guard let read = readAll(separator: UInt8(ascii: ",")) else {
        fatalError("the reader refused what the writer wrote: \(records)")
    }
    let restored = read.map { $0.map(CSVWriter.restoredCell) }
    precondition(restored == records, "read back \(read), wrote \(records)")
    return 0
}
