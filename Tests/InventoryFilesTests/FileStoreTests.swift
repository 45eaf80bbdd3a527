import Foundation
import InventoryModel
import InventoryTestSupport
import Testing

@testable import InventoryFiles

/// The photo store writes only files of its own, in a folder of its own, whatever the umask
/// and whatever someone placed there.
@Suite(.serialized) struct FileStoreTests {
    let folder = TemporaryFolder()

    var store: FileStore { FileStore(databasePath: folder.file("inventory.sqlite")) }

    @Test func storedFilesAndTheirFolderArePrivateWhateverTheUmask() throws {
        writePNG(at: folder.file("boat.png"), seed: "boat")
        let old = umask(0)
        defer { umask(old) }
        let (name, created) = try store.importPhoto(from: folder.file("boat.png"))
        #expect(created)
        #expect(permissions(store.directory) == 0o700)
        #expect(permissions(store.path(of: name)) == 0o600)
        #expect(store.holdsItsName(name))
    }

    @Test func aLinkPlacedWhereTheTemporaryFileGoesIsNotFollowed() throws {
        writePNG(at: folder.file("boat.png"), seed: "boat")
        // The name the picture is stored under, learnt from a store elsewhere.
        let other = TemporaryFolder()
        let name = try FileStore(databasePath: other.file("i.sqlite"))
            .importPhoto(from: folder.file("boat.png")).name
        try FileManager.default.createDirectory(
            atPath: store.directory, withIntermediateDirectories: false)
        let victim = folder.file("victim.txt")
        _ = FileManager.default.createFile(atPath: victim, contents: Data("keep me".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: store.path(of: name) + ".partial-\(getpid())", withDestinationPath: victim)
        let (stored, _) = try store.importPhoto(from: folder.file("boat.png"))
        #expect(stored == name)
        #expect(FileManager.default.contents(atPath: victim) == Data("keep me".utf8))
        #expect(store.holdsItsName(name))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == [name])
    }

    @Test func aPhotosFolderThatIsALinkIsRefused() throws {
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(
            atPath: elsewhere, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: store.directory, withDestinationPath: elsewhere)
        writePNG(at: folder.file("boat.png"), seed: "boat")
        #expect(throws: InventoryError.self) {
            try store.importPhoto(from: folder.file("boat.png"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}

@Suite struct StoredFileNameTests {
    @Test func theNamesExtensionsAreTheStoredKinds() {
        #expect(StoredFileName.extensions == Set(FileStore.Kind.allCases.map(\.rawValue)))
        let hash = String(repeating: "0123456789abcdef", count: 4)
        #expect(FileStore.isStoredName(hash + ".png"))
        for name in [hash, hash + ".exe", hash.uppercased() + ".png", "../" + hash + ".png", ""] {
            #expect(!FileStore.isStoredName(name), "\(name)")
        }
    }
}

/// Where each inventory keeps its photos, as earlier releases named the folder (with
/// Foundation's URL): a store that looked elsewhere would lose every photo.
@Suite struct FileStoreFolderTests {
    /// The rule of earlier releases, through URL and NSString.
    func folders(byURL path: String) -> (String, String?) {
        let database = URL(fileURLWithPath: path).standardizedFileURL
        let folder = database.deletingLastPathComponent()
        let shared = folder.appendingPathComponent("photos").path
        let name = database.lastPathComponent
        if name == "inventory.sqlite" { return (shared, nil) }
        let stem = (name as NSString).deletingPathExtension
        return (
            folder.appendingPathComponent((stem.isEmpty ? name : stem) + "-photos").path, shared
        )
    }

    @Test(arguments: [
        "/home/ann/inventory.sqlite", "/home/ann/house.sqlite", "/home/ann/house",
        "/home/ann/my.house.sqlite", "/home/ann/.hidden", "/home/ann/.hidden.sqlite",
        "/home//ann/./x/../house.sqlite", "/a/b/../../c.sqlite", "/../../top.sqlite",
        "/inventory.sqlite", "/x.db", "relative.sqlite", "./sub/../inventory.sqlite",
        "../up.sqlite", "sub/dir/name.with.dots.sqlite", "/home/ann/été 2026.sqlite",
        "/home/ann/trailing.", "/home/ann/a..b",
    ])
    func theFolderIsTheOneEarlierReleasesNamed(path: String) {
        let store = FileStore(databasePath: path)
        let expected = folders(byURL: path)
        #expect(store.directory == expected.0)
        #expect(store.sharedDirectory == expected.1)
    }
}
