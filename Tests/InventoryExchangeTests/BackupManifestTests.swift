import Foundation
import InventoryExchange
import Testing

/// The manifest reader on its own (the fuzz target `manifest` runs it on any bytes).
@Suite struct BackupManifestTests {
    private func manifest(_ entries: [(String, Int64)], version: Int = 1) -> Data {
        let listed = entries.map { path, size in
            #"{"path":"\#(path)","size":\#(size),"sha256":"\#(String(repeating: "a", count: 64))"}"#
        }.joined(separator: ",")
        return Data(
            #"""
            {"format":"inventory-backup","formatVersion":\#(version),"programVersion":"9.9",
             "createdAt":"2026-11-25T00:00:00Z","schemaVersion":9,"currency":"USD",
             "counts":{"items":1,"claims":0,"journalEntries":1},"entries":[\#(listed)]}
            """#.utf8)
    }

    @Test func aManifestIsReadAndItsEntriesChecked() throws {
        let photo = "photos/" + String(repeating: "b", count: 64) + ".jpg"
        let read = try BackupManifest.decode(manifest([("inventory.sqlite", 4096), (photo, 10)]))
        #expect(try read.checkedEntries().count == 2)
        #expect(read.totalSize == 4106 && read.fileCount == 1)
    }

    @Test func whatNoBackupHoldsIsRefused() throws {
        let big = BackupManifest.maximumEntrySize + 1
        for (entries, problem) in [
            (
                [("inventory.sqlite", big)],
                BackupManifest.Problem.impossibleEntry("inventory.sqlite")
            ),
            ([("inventory.sqlite", -1)], .impossibleEntry("inventory.sqlite")),
            ([("photos/../../etc/passwd", 1)], .impossibleEntry("photos/../../etc/passwd")),
            (
                [("inventory.sqlite", 1), ("inventory.sqlite", 1)],
                .impossibleEntry("inventory.sqlite")
            ),
            ([], .noDatabase),
        ] as [([(String, Int64)], BackupManifest.Problem)] {
            let read = try BackupManifest.decode(manifest(entries))
            #expect(throws: problem) { try read.checkedEntries() }
        }
        // sizes that would overflow a sum: the total stops at the largest number
        let huge = try BackupManifest.decode(
            manifest([("inventory.sqlite", .max), ("inventory.sqlite", .max)]))
        #expect(huge.totalSize == .max)
        #expect(throws: BackupManifest.Problem.newer(programVersion: "9.9", formatVersion: 2)) {
            try BackupManifest.decode(manifest([], version: 2))
        }
        #expect(throws: BackupManifest.Problem.notAManifest) {
            try BackupManifest.decode(Data("[1, 2]".utf8))
        }
    }
}
