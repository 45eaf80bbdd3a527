import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryFiles

@Suite struct OutputFileTests {
    let folder = TemporaryFolder()

    struct Stop: Error {}

    func file(_ name: String, replacing: Bool) throws -> OutputFile {
        try OutputFile(
            path: folder.file(name), replacing: replacing,
            protecting: ProtectedFiles(
                databasePath: folder.file("i.sqlite"), storeFolder: folder.file("photos")))
    }

    @Test func aFileMadeByALibraryIsPlacedPrivatelyAndItsFolderRemoved() throws {
        try file("archive.zip", replacing: false).write { folder in
            let made = (folder as NSString).appendingPathComponent("made.zip")
            try Data("zip".utf8).write(to: URL(fileURLWithPath: made))
            try Data("scratch".utf8).write(to: URL(fileURLWithPath: folder + "/scratch"))
            return made
        }
        #expect(try String(contentsOfFile: folder.file("archive.zip"), encoding: .utf8) == "zip")
        #expect(permissions(folder.file("archive.zip")) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["archive.zip"])
    }

    @Test func whatAKilledWriterLeftIsRemovedByTheNextWrite() throws {
        // A process that no longer exists (above Linux's largest pid) left a file and a folder.
        let leftFile = folder.file(".out.zip.99999999.abc.partial")
        let leftFolder = folder.file(".out.zip.99999998.def123.partial")
        let ours = folder.file(".other.zip.99999999.abc.partial")
        for path in [leftFile, ours] {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        try FileManager.default.createDirectory(
            atPath: leftFolder, withIntermediateDirectories: false)
        try file("out.zip", replacing: false).write(Array("new".utf8))
        #expect(!FileManager.default.fileExists(atPath: leftFile))
        #expect(!FileManager.default.fileExists(atPath: leftFolder))
        // Another target's are left alone.
        #expect(FileManager.default.fileExists(atPath: ours))
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
