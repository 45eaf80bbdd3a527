// A backup's manifest.json on any bytes: reading it and checking its entries never crashes,
// and a manifest it accepts lists the database once and only stored files' names otherwise,
// each with a size a backup can hold.
import Foundation

func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let manifest = try? BackupManifest.decode(bytes) else { return 0 }
    _ = manifest.totalSize
    _ = manifest.fileCount
    guard let entries = try? manifest.checkedEntries() else { return 0 }
    precondition(entries[BackupManifest.databaseEntryName] != nil, "no database in \(entries)")
    for (path, entry) in entries {
        precondition(entry.path == path)
        precondition((0...BackupManifest.maximumEntrySize).contains(entry.size))
        precondition(
            path == BackupManifest.databaseEntryName
                || (path.hasPrefix(BackupManifest.filesFolder)
                    && !path.contains("..") && path.split(separator: "/").count == 2),
            "a path a backup cannot hold: \(path)")
    }
    return 0
}
