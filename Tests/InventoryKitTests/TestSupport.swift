import Foundation
import InventoryKit
import Synchronization

/// A fresh folder under the system's temporary folder, removed when released.
final class TemporaryFolder: Sendable {
    let path: String

    init() {
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("inventory-test-XXXXXX")
                .utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!)
        }
        precondition(created != nil, "cannot create a temporary folder")
        path = String(
            decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}

/// Collects every inventory change set a manager posts.
final class ChangeRecorder {
    private final class Storage: Sendable {
        let changeSets = Mutex<[InventoryChangeSet]>([])
    }

    private let storage = Storage()
    private let token: NSObjectProtocol
    private let center: NotificationCenter

    init(_ manager: InventoryManager) {
        center = manager.notificationCenter
        token = center.addObserver(
            forName: InventoryManager.didChangeNotification, object: manager, queue: nil
        ) { [storage] notification in
            let changeSet = notification.inventoryChangeSet
            storage.changeSets.withLock { $0.append(changeSet!) }
        }
    }

    deinit {
        center.removeObserver(token)
    }

    var changeSets: [InventoryChangeSet] { storage.changeSets.withLock { $0 } }
}

/// A manager on a new inventory in `folder`, posting to its own notification center.
func makeManager(in folder: TemporaryFolder, name: String = "inventory.sqlite") throws
    -> InventoryManager
{
    try InventoryManager(path: folder.file(name), notificationCenter: NotificationCenter())
}

/// Money in USD, from a decimal text that must be valid.
func usd(_ text: String) -> Money {
    try! Money(parsing: text, currency: .usd)
}

/// Writes a file that starts like a PNG and is unique to `seed`.
func writePNG(at path: String, seed: String) {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += Array(seed.utf8)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// The permission bits of the file at `path`.
func permissions(_ path: String) -> Int {
    var status = stat()
    precondition(stat(path, &status) == 0, "no file at \(path)")
    return Int(status.st_mode & 0o777)
}
