import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryStore

@Suite struct OutputFileTests {
    let folder = TemporaryFolder()

    struct Stop: Error {}

    func file(_ name: String, replacing: Bool) throws -> OutputFile {
        try OutputFile(
            path: folder.file(name), replacing: replacing,
            protecting: InventoryFiles(
                databasePath: folder.file("i.sqlite"), storeFolder: folder.file("photos")))
    }

    @Test func aFileWrittenPieceByPieceIsWholeOrAbsent() throws {
        let target = folder.file("out.json")
        try file("out.json", replacing: false).write { emit in
            for piece in ["{", "\"a\":", "1}"] { try emit(Array(piece.utf8)) }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"a\":1}")
        #expect(permissions(target) == 0o600)
        // A writer that fails half-way leaves the old file, and nothing beside it.
        #expect(throws: Stop.self) {
            try file("out.json", replacing: true).write { emit in
                try emit(Array("half".utf8))
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"a\":1}")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.file(""))
        #expect(left.filter { $0.hasSuffix(".partial") }.isEmpty, "\(left)")
    }
}
