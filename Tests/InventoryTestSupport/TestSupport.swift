public import Foundation
public import InventoryKit
import Locking

/// A fresh folder under the system's temporary folder, removed when released.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() {
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
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}

/// Collects every inventory change set a manager posts.
public final class ChangeRecorder {
    private final class Storage: Sendable {
        let changeSets = Lock<[InventoryChangeSet]>([])
    }

    private let storage = Storage()
    private let token: any NSObjectProtocol
    private let center: NotificationCenter

    public init(_ manager: InventoryManager) {
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

    public var changeSets: [InventoryChangeSet] { storage.changeSets.withLock { $0 } }
}

/// A manager on a new inventory in `folder`, posting to its own notification center.
public func makeManager(in folder: TemporaryFolder, name: String = "inventory.sqlite") throws
    -> InventoryManager
{
    try InventoryManager(path: folder.file(name), notificationCenter: NotificationCenter())
}

/// Money in USD, from a decimal text that must be valid.
public func usd(_ text: String) -> Money {
    try! Money(parsing: text, currency: .usd)
}

/// Writes a small, whole PNG picture (1 × 1 pixel) unique to `seed`.
public func writePNG(at path: String, seed: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(pngBytes(seed: seed)))
}

/// The bytes of a 1 × 1 grey PNG picture whose text chunk holds `seed`.
public func pngBytes(seed: String) -> [UInt8] {
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
    func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
            UInt8(value & 0xFF),
        ]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }
    let header: [UInt8] = bigEndian(1) + bigEndian(1) + [8, 0, 0, 0, 0]
    // zlib: a stored block holding the filter byte and one pixel.
    let pixels: [UInt8] = [
        0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01,
    ]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("tEXt", Array("Comment".utf8) + [0] + Array(seed.utf8)) + chunk("IDAT", pixels)
        + chunk("IEND", [])
}

/// The permission bits of the file at `path`.
public func permissions(_ path: String) -> Int {
    var status = stat()
    precondition(stat(path, &status) == 0, "no file at \(path)")
    return Int(status.st_mode & 0o777)
}

/// A clock a test moves by hand, for a manager's `clock:`.
public final class TestClock: Sendable {
    private let time: Lock<Date>

    /// A clock showing `start`.
    public init(_ start: Date) { time = Lock(start) }

    /// The time it shows.
    public var now: Date { time.withLock { $0 } }

    /// Moves it on by `seconds`.
    public func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }

    /// The function a manager reads the time with.
    public var function: @Sendable () -> Date { { self.now } }
}
